/**
 * Payloads and replies (the `data` of the envelope) of the calls, as the console and the
 * reference server both read them. Field names are the spec's (§3, §7); the token is added by
 * the client and is not listed here.
 */

import type { ParamValue, Task, TaskParams } from '../domain/task';
import type { OrderStatisticRow } from '../domain/statistics';
import type { Signal } from '#contract/rules/unilateral';

// the records the domain's rules read are defined there (src/domain) and imported from there; the contract's replies carry them

// ── Account and session ────────────────────────────────────────────────────────────
export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  success: number;
  new_captcha: boolean;
  user_id: string;
  /** leading zero bits of the slider's proof of work (contract/rules/captcha.ts); absent = 0. */
  difficulty?: number;
}
/** The captcha fields sent with a login, once the slider is completed. */
export interface CaptchaAnswer {
  geetest_challenge: string;
  geetest_validate: string;
  geetest_seccode: string;
}
export interface LoginRequest extends CaptchaAnswer {
  userId: string;
  username: string;
  password: string;
}
export interface LoginReply {
  token: string;
  is_super: 0 | 1;
  userName: string;
  level: number;
}
export interface UnilateralLoginRequest {
  userName: string;
  userPassword: string;
}
/** The spec shows token and pes beside code; the reference server also puts them in data. */
export interface UnilateralLoginReply {
  token: string;
  pes: number;
}
export interface RegisterRequest {
  username: string;
  password: string;
  telPhone: string;
}
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
}
/** A password change ends every other session; the one that made it carries on with this fresh token. */
export interface ChangePasswordReply {
  token: string;
}
/** /display/permission/data: column paths the user may open, and strategy_* action keys (§6). */
export interface PermissionData {
  columns: string[];
  strategy: string[];
  userName: string;
  is_super: 0 | 1;
  level: number;
  /** the level a unilateral login returns; 1 = the unilateral side's admin (docs/spec-coverage.md §6). */
  pes?: number;
}

// ── Exchanges ──────────────────────────────────────────────────────────────────────
export interface Bourse {
  id: number;
  name: string;
}
export interface TransactionType {
  id: number;
  name: string;
}

// ── API accounts ───────────────────────────────────────────────────────────────────
/** 1 = hedging, 4 = one-sided. */
export type StrategyType = 1 | 4;
export interface ApiAccount {
  id: number;
  name: string;
  bourse_id: number;
  bourse_name: string;
  status_info: string;
  apiKey: string;
  /** never the secret itself: the server sends a mask ('' when none is stored). */
  apiSecret: string;
  apiToken?: string;
  status: StrategyType;
}
export interface ApiAccountSave {
  apiId?: number;
  name: string;
  bourseId: number;
  apiKey: string;
  /** omitted on update when the user did not type a new one. */
  apiSecret?: string;
  apiToken?: string;
  status: StrategyType;
}
export interface ApiName {
  id: number;
  name: string;
}
export interface ApiFees {
  ssHangCharges: number;
  ssEatCharges: number;
  fuHangCharges: number;
  fuEatCharges: number;
  csHangCharges: number;
  csEatCharges: number;
  maxLoss: number;
}
export interface ApiAdvanced {
  is_borrow: boolean;
  is_auto_repayment: boolean;
  lever_risk_rate: number;
  total_deposit_multiple: number;
  proportion_ratio_spot: number;
  proportion_ratio_deposit: number;
}
export interface AssetTemplate {
  assetTemplate: number;
}
/** /manual/trading. direction: spot buy 1 / sell 2; futures open long 1, open short 2, close long 3, close short 4. */
export interface ManualOrder {
  apiId: number;
  symbol: string;
  /** contract type code (§3). */
  type: number;
  price?: number;
  amount: number;
  direction: 1 | 2 | 3 | 4;
  /** 1 market, 0 limit. */
  way: 0 | 1;
}

// ── Strategies (arbitrage) ─────────────────────────────────────────────────────────
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

// ── Global config ──────────────────────────────────────────────────────────────────

// ── Tasks (spec §3 Task, Child task, position and order data; §7 Tasks) ──────────────
/** /task/list {pagesize, page}. The reply's shape is not in the spec: assumed `{list, total}` (docs/spec-coverage.md). */
export interface TaskPage {
  list: Task[];
  total: number;
}
export interface TaskAdd {
  name: string;
  strategyId: number;
  params: TaskParams;
}
/** One leg of a child task (§3 task_children_info: a list of two with name). */
export interface ChildTaskLeg {
  name: string;
  [field: string]: unknown;
}
/** §3 Child task: task_children_id is the key its calls send (as taskChildrenId or childrenTaskId). */
export interface ChildTask {
  task_children_id: number;
  id: number;
  status: number;
  weight: number;
  task_children_info: ChildTaskLeg[];
  [field: string]: unknown;
}
export interface ChildTaskAdd {
  taskId: number;
  /** one API account per exchange: [leg A's, leg B's] (one id serves both legs on one exchange). */
  linkApiId: [number, number];
  weight: number;
}
/** [price, quantity] of one leg. */
export type PositionLeg = [number, number];
/** §3 Position data per child: f or r as two legs, mt two margins. */
export interface ChildPosition {
  f?: [PositionLeg, PositionLeg];
  r?: [PositionLeg, PositionLeg];
  mt: [number, number];
  pro_count: number;
  pro_rate: number;
}
export interface VirtualFigures {
  price: number;
  amount: number;
  earnings_amount: number;
  earnings: number;
}
/** §3 Position statistics. */
export interface PositionStatistics {
  task_virtual_position: VirtualFigures;
  task_virtual_earnings: VirtualFigures;
}
/** §3 Earnings curve point. */
export interface EarningsPoint {
  dateTime: string;
  earningsVal: number;
}
export interface TaskStatus {
  status: number;
}
export interface TaskBatchStatus {
  updateStatusAccomplishing: boolean;
}
/** /changeServer/changerecords: data.datas and data.pages (§7). */
export interface ChangeRecordPage {
  datas: Record<string, unknown>[];
  pages: number;
}

// ── Orders and statistics ──────────────────────────────────────────────────────────
/** §3 Order record (cparam and result are JSON text). */
export interface OrderRecord {
  id: number;
  client_id: string;
  task_id: number;
  task_children_id: number;
  cparam: string;
  result: string;
  pairing_id: string;
  status_: number;
  createtime: string;
}
/** /web/get/order/paging {eachPageNumber, pagingNumber} → {total_paging, data} (§7). */
export interface OrderPage {
  total_paging: number;
  data: OrderStatisticRow[];
}

// ── Unilateral side ────────────────────────────────────────────────────────────────
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
/** §3 Order detail: one follow order; `type` is its signal code, `state` 2 filled. */
export interface FollowOrder {
  id: number;
  createtime: string;
  strategy_name: string;
  instrument_id: string;
  order_id: string;
  bourse: string;
  size: number;
  filled_qty: number;
  price: number;
  price_avg: number;
  type: number;
  state: number;
}
/** /get_records {api_ids, recordId, number ±20}: the follow orders after (or before) row `recordId`, newest first. */
export interface FollowOrderRequest {
  /** the API ids (JSON list or comma-joined); the orders of all of them. */
  api_ids: number[] | string;
  recordId: number;
  number: number;
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
/** A follow task's summary (/get/api/data {apiId}). */
export interface FollowTaskData {
  apiId: number;
  strategy_id: number;
  status: number;
  equity: number;
  initial_cost: number;
  earnings: number;
  position: UnilateralPosition[];
}
/** A point of a follow task's asset-rate chart ({apiId, layout}). */
export interface FollowRatePoint {
  dateTime: string;
  equity: number;
  rate: number;
}
/** The user's unilateral lists (coin_range, currency/blacklist, binance/blacklist, is/follow/signal). */
export interface CoinList {
  coins: string[];
}
/** /coins: one coin added to or removed from a list (issue 20, tools-signal-coins; assumed shape). */
export interface CoinListChange {
  coin: string;
  op: 'add' | 'remove';
}
export interface FollowSignalSetting {
  apiId: number;
  follow: 0 | 1;
}
/** /reproduction/strategy {strategyId} returns names and target (§7). */
export interface UnilateralStrategyEdit {
  names: string;
  target: 0 | 1;
  /** the strategy dialog's priority 0~5 (§5); not among the fields §7 lists for /update/strategy: sent when the dialog has it. */
  priority?: number;
}
/** §3 Follow task (API item). One per API account: `id` is the API's id (apiId in calls). */
export interface FollowTask {
  id: number;
  /** the followed strategy's names (as on the strategy row); `name` is the API account's name. */
  names: string;
  user: string;
  bourse: string;
  ratio: number;
  strategy_ratio: number;
  qty: number;
  createtime: string;
  status: number;
  strategy_id: number;
  name: string;
  username: string;
}
/** §7 follow task create and update (the §5 ranges: priority 0~5, stop-loss 0~100). */
export interface FollowTaskSave {
  apiId: number;
  strategyId: number;
  priority: number;
  stopLoss: number;
  archiveCurrency: string;
  positiveLeverage: number;
  negativeLeverage: number;
  isBuy: 0 | 1;
  isSell: 0 | 1;
  calculateCost: number;
  initialCost: number;
  /** on add only; default usd. */
  unit?: string;
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

/** /asset/manual/snapshot/get: the API's assets at the moment asked (assumed shape: the asset feed's asset_info and a time). */
export interface ManualSnapshot {
  time: string;
  statistics: Record<string, number | string>;
  list: Record<string, number | string | null>[];
}

/** /signal/list (issue 20, tools-signal-coins; assumed): one signal (a trade) of a unilateral strategy. */
export interface SignalRow {
  id: number;
  strategyId: number;
  names: string;
  coin: string;
  /** §3 signal code: 1 long open, 2 short close, −1 short open, −2 long close. */
  type: Signal;
  price: number;
  qty: number;
  createtime: string;
}

// ── Tool pages /binance/trading and /aveo (docs/spec-coverage.md "Tool pages: Binance trading, Binance currency, Aevo") ──
/** A follow position of a Binance account with what its leverage puts up: margin = |position| × price ÷ leverage. */
export interface BinancePosition extends UnilateralPosition {
  price: number;
  notional: number;
  margin: number;
}
/** /binance/accounts: one of the user's API accounts on Binance (exchange 3). */
export interface BinanceAccount {
  apiId: number;
  name: string;
  leverage: number;
  /** its follow task (adjust and trigger act on it); null when the API follows no strategy. */
  follow: { strategyId: number; strategyName: string; status: number; equity: number } | null;
  positions: BinancePosition[];
}
export interface AevoTrade {
  id: number;
  time: string;
  instrument: string;
  side: 'buy' | 'sell';
  price: number;
  amount: number;
  fee: number;
}
export interface AevoTradePage {
  list: AevoTrade[];
  total: number;
  /** when the fills were last pulled ('' never). */
  syncedAt: string;
}
export interface AevoSync {
  added: number;
  syncedAt: string;
}
// ── Paper runs: /simulate and the temporary strategy (issue 20, tools-paper; shapes assumed) ──
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
