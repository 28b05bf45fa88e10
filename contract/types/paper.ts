/** Paper runs: /simulate and the temporary strategy (tools-paper; shapes assumed). */

import type { ParamValue } from './tasks';

/** One open leg of a paper run: its side (1 long, −1 short), average entry, mark (mid) and P/L before fees. */
export interface PaperPositionLeg {
  leg: 0 | 1;
  direction: 'f' | 'r';
  instrument_id: string;
  side: 1 | -1;
  amount: number;
  price: number;
  mark: number;
  pnl: number;
}
/**
 * A paper run: a library strategy's parameters traded by the task engine on the server's market
 * without an exchange account. Ledger: equity = initial + pnl − fees + open_pnl.
 */
export interface PaperRun {
  id: number;
  name: string;
  strategy_id: number;
  strategy_name: string;
  params: Record<string, ParamValue>;
  /** a seeded demo run every user sees. */
  demo: boolean;
  running: boolean;
  started_at: string;
  /** the last instant stepped (the figures are of this instant). */
  stepped_at: string;
  ends_at: string;
  initial: number;
  equity: number;
  /** Σ closed trades' P/L before fees. */
  pnl: number;
  /** Σ every fill's fee. */
  fees: number;
  /** Σ open legs' P/L at the marks, before fees. */
  open_pnl: number;
  orders: number;
  position: PaperPositionLeg[];
  curve: { at: string; equity: number }[];
}
/** One order of a paper run (the engine's order record, flattened). */
export interface PaperOrder {
  client_id: string;
  pairing_id: string;
  createtime: string;
  leg: 0 | 1;
  instrument_id: string;
  bourse_name: string;
  direction: 'f' | 'r';
  action: 'open' | 'close';
  otype: number | string;
  order_type: string;
  status_: number;
  price: number;
  amount: number;
  deal_price: number;
  deal_amount: number;
  fee: number;
}
