/**
 * Payloads and replies (the `data` of the envelope) of the calls, as the console and the
 * reference server both read them. Field names are the spec's (§3, §7); the token is added by
 * the client and is not listed here.
 */

import type { ParamValue, Task, TaskParams } from '../domain/task';
import type { OrderStatisticRow } from '../domain/statistics';

// the records the domain's rules read are defined there (src/domain) and imported from there; the contract's replies carry them

// ── Account and session ────────────────────────────────────────────────────────────
export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  success: number;
  new_captcha: boolean;
  user_id: string;
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
 * with id `ids`. The reply's shape is not in the spec: assumed `{list, total}`.
 */
export interface UnilateralPage {
  list: UnilateralStrategy[];
  total: number;
}
export interface UnilateralPageRequest {
  sign: string;
  /** the id of the edge row the page starts after (or ends before); 0 for the first page. */
  ids: number;
  /** 1 strategy, 2 API, 3 K-line. */
  types: 1 | 2 | 3;
  /** +20 the next page, −20 the previous one. */
  number: number;
}
/** /reproduction/strategy {strategyId} returns names and target (§7). */
export interface UnilateralStrategyEdit {
  names: string;
  target: 0 | 1;
}
/** §3 Follow task (API item). */
export interface FollowTask {
  id: number;
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
