/** Strategies (arbitrage; spec §7 Strategies): the strategy library and parameter sections. */

import type { ParamValue } from './tasks';

export interface ArbitrageStrategy {
  id: number;
  strategy_sole_id: string;
  name: string;
  initial_money: number;
  updatetime: string;
  /** JSON text of the default parameters. */
  default_params: string;
  main_file: string;
  rely_on_files: string[];
}
/** /strategy/params/get: the grouped sections of a strategy's (or task's) parameters. */
export interface ParamSections {
  taskBaseParams: Record<string, ParamValue>;
  debitCreditParams: Record<string, ParamValue>;
  strategyParams: Record<string, ParamValue>;
}

/** POST /save_strategy_files as multipart: the client turns this into form fields and files. */
export interface StrategyFilesSave {
  defaultParams: string;
  strategySoleId: string;
  strategyName: string;
  initialMoney: number;
  relyOnFiles?: File[];
  file?: File;
}
export interface StrategyUpdate {
  strategyId: number;
  strategyName: string;
  initialMoney: number;
  defaultParams: string;
}
