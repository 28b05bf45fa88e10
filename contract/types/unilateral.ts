/** The unilateral side (spec §3 Unilateral strategy, Indicators, Signal chart data; §7 Unilateral side): strategies, their statistics and monitoring. */

import type { FollowTask } from './follow-tasks';

export interface UnilateralPosition {
  coin_names: string;
  position: number;
  cost: number;
  ratio: number;
  type: number;
}
/** §3 Unilateral strategy. */
export interface UnilateralStrategy {
  id: number;
  names: string;
  /** 0 paused, 1 running. */
  status: 0 | 1;
  /** 1 shown, 0 hidden. */
  target: 0 | 1;
  total_eq: number;
  position: UnilateralPosition[];
  update_time: string;
  last_deal: string;
  task_ids: number[];
  /** JSON of the return series and dates. */
  chart_data: string;
}
/**
 * /get/page/data {sign, ids, types, number ±20}: the rows after (number +20) or before (−20) the row
 * with id `ids` (0 = the first page). The reply's shape is not in the spec: assumed `{list, total}`.
 * types 1: the strategy list (ascending ids); 2: the follow orders of API `apiId` (newest first);
 * 3: the trades of strategy `strategyId` (newest first).
 */
export interface UnilateralPage<Row = UnilateralStrategy> {
  list: Row[];
  total: number;
}
export type UnilateralPageRequest =
  | { sign: string; ids: number; number: number; types: 1 }
  | { sign: string; ids: number; number: number; types: 2; apiId: number }
  | { sign: string; ids: number; number: number; types: 3; strategyId: number };
/** /get_sign, /get_sign2: the signature token of the session (§3 Session), sent as `sign`. */
export interface SignReply {
  sign: string;
}
/** /get/all/data: the strategy list with every follow task the user sees (the socket's first shape). */
export interface UnilateralAllData {
  strategy: UnilateralStrategy[];
  task: FollowTask[];
}
/** /get/chart/data: each strategy's trend (chart_data as JSON text of `TrendData`). */
export interface UnilateralChart {
  id: number;
  chart_data: string;
}
/** /monitoring/detail {target 1 strategy | 2 API | 3 K-line}: one named dot (status 1 green, 2 red, 0 grey). */
export interface MonitoringEntry {
  id: number;
  name: string;
  status: 0 | 1 | 2;
  info: string;
  update_time: string;
}
/** A strategy's trade (§3 Trade rows); `type` the signal code, `win_lost` the realised P/L of a closing trade (0 when opening). */
export interface StrategyTrade {
  id?: number;
  create_time: string;
  price: number;
  trade_num: number;
  type: number;
  win_lost: number;
}
/** One equity row of a strategy (§3 Asset rows); pct_chg in percent against the row before. */
export interface StrategyAssetRow {
  id: number;
  capital: number;
  cash: number;
  equity: number;
  pct_chg: number;
  time: string;
}
/** A trade signal on the statistics chart. */
export interface SignalMark {
  createtime: string;
  price: number;
  type: number;
  trade_num: number;
}
/**
 * /transaction/identifier {strategyId, startTime, endTime, cycle}: §3 Signal chart data. `market` the
 * coin's price at each point of the cycle; `up_direction` the buys (1 long open, 2 short close),
 * `down_direction` the sells (-1 short open, -2 long close), every one in the window; `curve` the
 * strategy's position, earnings (equity − initial money) and drawdown (%) at each point.
 */
export interface SignalChart {
  cycle: string;
  market: { createtime: string; price: number }[];
  up_direction: SignalMark[];
  down_direction: SignalMark[];
  curve: { time: string; position: number; earnings: number; drawdown: number; price: number }[];
}
/** /reproduction/strategy {strategyId} returns names and target (§7). */
export interface UnilateralStrategyEdit {
  names: string;
  target: 0 | 1;
  /** the strategy dialog's priority 0~5 (§5); not among the fields §7 lists for /update/strategy: sent when the dialog has it. */
  priority?: number;
}
/** /add/strategy (assumed): a new strategy, paused, shown (contract/rules/unilateral.ts `newStrategyProblem`). */
export interface UnilateralStrategyNew {
  names: string;
  coin: string;
  initialMoney: number;
  barMinutes: number;
  fast: number;
  slow: number;
}
/** §3 Indicators. */
export interface Indicators {
  capital: number;
  cash: number;
  equity: number;
  initial_money: number;
  win_rate: number;
  win_lose_rate: number;
  accumulated_earnings: number;
  len_days: number;
  max_drawdown: number;
  return_volatility: number;
  last_trading_time: string;
}
/** §3 Strategy statistics data. */
export interface StrategyStatistics {
  assets: { id: number; capital: number; cash: number; equity: number; pct_chg: number; time: string }[];
  position: UnilateralPosition[];
  trade: { create_time: string; price: number; trade_num: number; type: number; win_lost: number }[];
  position_len: number;
  trade_len: number;
}

export interface SignPayload {
  sign: string;
}
