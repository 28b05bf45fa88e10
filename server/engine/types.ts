/**
 * The task engine's inputs and outputs, in the spec's own field names (§3 Task, Task params when
 * adding, Child task, Position data, Order record, Position statistics, API fee config; §4 codes).
 * The engine is pure: these are plain data the caller loads from and writes back to its store.
 */
import type { ApiFees } from '#contract/types/api-accounts';
import type { GlobalConfig } from '#contract/rules/global-config-rules';
import type { TaskStatus, ChildStatus } from '#contract/rules/task-status';
import type { OrderStatus, Otype } from '#contract/rules/order-status';
import type { DeliveryType } from '#contract/rules/calendar';
import type { Quote as MarketQuote } from '../market';

// ── Market ─────────────────────────────────────────────────────────────────────────
/** One side of a task: an exchange, a currency and a contract type (1 spot, 2 CW, 3 NW, 4 CQ, 5 CS, 10 NQ). */
export interface Leg {
  exchange: number;
  currency: string;
  contractType: number;
}
/**
 * The touch of a leg's book: best bid/ask and the quantity (coin) resting at each — the part of the market's quote the
 * engine reads; `lot`: the smallest amount step (coins) the leg's exchange takes, where its orders go to one (none: any amount).
 */
export type Quote = Pick<MarketQuote, 'bid' | 'ask' | 'bidSize' | 'askSize'> & { lot?: number };
/** Where prices come from (the market engine's `quote`, or a scripted fake in tests). */
export type PriceSource = (leg: Leg, now: number) => Quote;
/** When a delivery leg expires (ms), or null for spot and perpetual. */
export type ExpirySource = (leg: Leg, now: number) => number | null;

/** Trade-type abbreviations (§3, contract/rules/codes.ts): the delivery ones key the 'arbitrage 2' dlt and m objects. */
export type { TradeType } from '#contract/rules/codes';
export type { DeliveryType } from '#contract/rules/calendar';

// ── §4 codes ───────────────────────────────────────────────────────────────────────
// The task, child and order status tables and otype are contract/rules/task-status.ts and order-status.ts.
export { TASK_STATUS, CHILD_STATUS, type TaskStatus, type ChildStatus } from '#contract/rules/task-status';
export { ORDER_STATUS, FINAL_ORDER_STATUSES, OTYPE, type OrderStatus, type Otype } from '#contract/rules/order-status';
/** Manual open direction: f positive premium (B above A), r negative premium (A above B). */
export type Direction = 'f' | 'r';

// ── Configuration the engine reads ─────────────────────────────────────────────────
/** §3 API fee config: spot (ss), delivery futures (fu), perpetual (cs); Hang maker, Eat taker. */
export type FeeConfig = Pick<ApiFees, 'ssHangCharges' | 'ssEatCharges' | 'fuHangCharges' | 'fuEatCharges' | 'csHangCharges' | 'csEatCharges'>;
/** §3 Global config: the fields the engine uses. tradingIntervalTime is in seconds. */
export type EngineGlobalConfig = Pick<GlobalConfig, 'depthMarket' | 'priceSlippage' | 'tradingIntervalTime'>;

/** A threshold or limit: one number, or (for 'arbitrage 2') one per delivery type. */
export type PerDelivery = number | Partial<Record<DeliveryType, number>>;

/** §3 Task params (as added and stored). Strategy params ride along (dlt, m, close_dlt, open_count…). */
export interface TaskParams {
  currency_type: string;
  a_bourse: number;
  a_transaction_type: number;
  b_bourse: number;
  b_transaction_type: number;
  /** '50%' of virtual_initial_capital, or an amount in USDT. */
  fund_occupy: string | number;
  virtual_initial_capital: number;
  is_borrow: boolean;
  /** book levels the task may take (capped by the global depthMarket). */
  depth?: number;
  /** the extra price fraction each deeper book level costs. */
  slip?: number;
  /** 'no', or the highest price leg A may be bought at / lowest it may be sold at. */
  price_limit?: number | string;
  /** open threshold: the net spread (a fraction) that opens a position. */
  dlt: PerDelivery;
  /** position limit: notional of leg A ≤ m × the child's capital. */
  m: PerDelivery;
  /** close threshold (fraction); default 0.001. */
  close_dlt?: number;
  /** contracts per automatic open step; default 20. */
  open_count?: number;
  [key: string]: unknown;
}

/** §3 Task. */
export interface Task {
  id: number;
  name: string;
  strategy_name: string;
  status: TaskStatus;
  createtime: number;
  params: TaskParams;
}

/** §3 Child task: one API account per exchange (link_api_id [A, B]) and a weight. */
export interface ChildTask {
  task_children_id: number;
  /** the main task's id */
  id: number;
  status: ChildStatus;
  weight: number;
  link_api_id: [number, number];
  task_children_info: [{ name: string }, { name: string }];
}

// ── Ledger ─────────────────────────────────────────────────────────────────────────
/** [average price, quantity in coin]; quantity ≥ 0, the side is the direction's. */
export type LegPosition = [number, number];
/**
 * §3 Position data per child. f: long A, short B. r: short A, long B. mt: margins of legs A and B.
 * pro_count: contracts open (leg A); pro_rate: share of the position limit in use (0..1).
 */
export interface PositionData {
  f: [LegPosition, LegPosition];
  r: [LegPosition, LegPosition];
  mt: [number, number];
  pro_count: number;
  pro_rate: number;
}

/** The books behind a child's position data: what opening fills paid in fees but not yet closed. */
export interface ChildLedger {
  position: PositionData;
  /** open fees of the quantity still open, per direction and leg (they move to a trade when closed). */
  open_fee: { f: [number, number]; r: [number, number] };
  /** since when (ms) the legs have been unbalanced (contract/rules/leg-health.ts); absent or null while hedged */
  unbalanced_since?: number | null;
}

/** One execution of an order. Every fill belongs to exactly one order (client_id). */
export interface Fill {
  fill_id: string;
  client_id: string;
  task_id: number;
  task_children_id: number;
  direction: Direction;
  leg: 0 | 1;
  /** open adds to the direction's leg, close reduces it */
  action: 'open' | 'close';
  price: number;
  amount: number;
  fee: number;
  time: number;
  manual: boolean;
}

/** A closed trade: the part of a leg a closing fill took off, with its P/L and fees. */
export interface ClosedTrade {
  client_id: string;
  task_id: number;
  task_children_id: number;
  direction: Direction;
  leg: 0 | 1;
  amount: number;
  open_price: number;
  close_price: number;
  /** gross P/L in USDT */
  pnl: number;
  /** the closing fill's fee plus the opening fees of the closed amount */
  fee: number;
  time: number;
}

// ── Orders ─────────────────────────────────────────────────────────────────────────
/** §3 Order record cparam. */
export interface OrderParam {
  apiid: number;
  bourse_name: string;
  acc_type: 'spot' | 'futures' | 'swap';
  otype: Otype;
  /** the expected execution price (touch with slippage) */
  match_price: number;
  instrument_id: string;
  /** the threshold the decision used */
  dlt: number;
  /** the touch price when the order was made */
  price: number;
  amount: number;
  /** the net spread the decision saw */
  spread: number;
  /** the paired leg's touch price */
  price1: number;
  /** 'auto' from the strategy, 'manual' from a manual open/close, 'delivery' before expiry, 'close' on close position, 'hedge' the re-hedge of an unbalanced child's short leg */
  order_type: 'auto' | 'manual' | 'delivery' | 'close' | 'hedge';
}
export interface OrderResult {
  deal_price: number;
  deal_amount: number;
  fee: number;
}
/** §3 Order record (id is the store's). */
export interface OrderRecord {
  client_id: string;
  task_id: number;
  task_children_id: number;
  cparam: OrderParam;
  result: OrderResult;
  pairing_id: string;
  status_: OrderStatus;
  createtime: number;
  /** engine-internal: the leg, direction and action, and the final status and fill it will reach */
  leg: 0 | 1;
  direction: Direction;
  action: 'open' | 'close';
  planned: Planned;
}
/** What the venue expects an order to end as: its final status, the coins it fills and their price. */
export interface Planned {
  status_: OrderStatus;
  amount: number;
  price: number;
}

// ── Manual trading (§5, §7 /taskServer/manual) ─────────────────────────────────────
export interface ManualRequest {
  change_type: 'open' | 'close';
  /** open: the open price difference (net spread fraction); close: the profit point in percent */
  dlt: number;
  /** contracts per child */
  count: number;
  /** minutes the request stays active */
  duration: number;
  cids: number[];
  /** open only */
  direct?: Direction;
  /** when it was received (ms) */
  start: number;
  /** contracts still to do, per child id */
  remaining?: Record<number, number>;
}

// ── Engine state per task ──────────────────────────────────────────────────────────
export interface ChildState {
  child: ChildTask;
  ledger: ChildLedger;
  /** when the child last placed orders (ms), for tradingIntervalTime */
  last_trade: number;
}
export interface TaskState {
  task: Task;
  children: ChildState[];
  /** orders not yet final */
  open_orders: OrderRecord[];
  manual: ManualRequest | null;
  /** a requested status that takes effect at `at` */
  pending_status: { target: TaskStatus; at: number } | null;
  /** next sequence number for client and pairing ids */
  seq: number;
}

/** What stepTask reads besides the state. */
export interface EngineInputs {
  global: EngineGlobalConfig;
  /** fee config per API account id */
  fees: Record<number, FeeConfig>;
  /** exchange names by id, for cparam.bourse_name */
  bourses?: Record<number, string>;
  expiry?: ExpirySource;
  settings?: Partial<EngineSettings>;
}
export interface EngineSettings {
  /** positions with a delivery leg are closed this long before it expires */
  closeBeforeExpiryMs: number;
  /** leverage of futures legs for margins (API init sets 10x) */
  leverage: number;
  /** chance per order pair of an abnormal outcome (half 8 abnormal, half 4 abnormal end) */
  abnormalRate: number;
  /** chance per order pair that the exchange cancels part of it (status 7) */
  cancelRate: number;
  /** chance per order pair that one leg is rejected (status 8, nothing filled) while the other fills */
  legRejectRate: number;
  /** chance per order pair that one leg fills a smaller fraction than the other (status 7 on it) */
  legPartialRate: number;
  /** chance per order pair that one leg fills at the previous tick's touch when that is worse */
  stalePriceRate: number;
  /** an unbalanced child re-hedges its short leg after this long (ms); it opens nothing meanwhile */
  rehedgeAfterMs: number;
}

export interface StepResult {
  state: TaskState;
  /** every order created or changed in this step, in its new state */
  orders: OrderRecord[];
  fills: Fill[];
  trades: ClosedTrade[];
}
