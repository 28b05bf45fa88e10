/**
 * The typed messages and subscription params of every feed of spec §7, with the field names of §3.
 * Where §7 is silent about a reply's shape, the choice is written down in docs/spec-coverage.md
 * ("Live feeds") and the reference server sends exactly this.
 */

/** What `parse` gives back: the typed message, or a clear error for a malformed one. */
export type Parsed<M> = { ok: true; message: M } | { ok: false; error: string };

// ---- market (get2) ------------------------------------------------------------------------------

/** §3 market table config: [exchange A, exchange B, type A, type B]. */
export type MarketTableConfig = readonly [number, number, number, number];

/** §3 market row; the spread fields are strings split by '/'. */
export interface MarketRow {
  currency_type: string;
  a_buy: string;
  b_sell: string;
  a_validity: string;
  b_validity: string;
  positive: string;
  negative: string;
}

export interface MarketTableData {
  table: MarketTableConfig;
  rows: MarketRow[];
}

/** `{data: [{table, rows}]}`: one entry per market table the user configured (PUT /market/put2). */
export interface MarketFeedMessage {
  data: MarketTableData[];
}

/** The tables a subscriber shows; absent = every table. */
export type MarketFeedParams = readonly MarketTableConfig[] | undefined;

// ---- asset (/asset/get) -------------------------------------------------------------------------

/** §3 asset statistics: total_equity(USDT), principal/surplus(USDT), … keyed as the server names them. */
export type AssetStatistics = Record<string, number | string>;

/** One row of the per-currency table (§2 assets page columns). */
export type AssetRow = Record<string, number | string | null>;

export interface AssetFeedData {
  /** the API account these numbers are about (one message per API id of the subscription). */
  apiId: number;
  asset_info: { statistics: AssetStatistics; list: AssetRow[] };
  ledger: unknown[];
  borrow: unknown[];
}

export interface AssetFeedMessage {
  data: AssetFeedData;
}

/** The API ids a subscriber shows. */
export type AssetFeedParams = readonly number[];

// ---- task (/ts/websocket) -----------------------------------------------------------------------

/** The live part of one task: §7 "position, muldata, changeable, analysis, status". */
export interface TaskLive {
  id: number;
  status?: number;
  position?: unknown;
  muldata?: unknown;
  changeable?: unknown;
  analysis?: unknown;
}

/** `{data: [TaskLive…]}`: one entry per task id of the subscription that changed. */
export interface TaskFeedMessage {
  data: TaskLive[];
}

/** The task ids a subscriber shows. */
export type TaskFeedParams = readonly number[];

// ---- statistics (/web/get/order/total) ----------------------------------------------------------

/** §3 statistic group fields, for one currency and period. */
export interface StatisticGroup {
  currency: string;
  /** the period in minutes (§9: 60, 1440, 2880). */
  minutes: number;
  pool: number;
  pool_accounted: number;
  more: number;
  empty: number;
  fu_more: number;
  fu_empty: number;
  ss_buy: number;
  ss_sell: number;
}

/** §3 order statistic row. */
export interface OrderStatisticRow {
  client_id?: string | number;
  api_name?: string;
  bourse?: string | number;
  task_id?: string | number;
  instrument_id?: string;
  price?: string | number;
  amount?: string | number;
  type?: string | number;
  filled_amount?: string | number;
  filled_price?: string | number;
  filled_notional?: string | number;
  types?: string | number;
  fee?: string | number;
  timestamp?: string | number;
  trading_time?: string | number;
  state?: string | number;
  order_id?: string | number;
}

export interface StatisticsFeedMessage {
  data: { automatic: StatisticGroup[]; manual: StatisticGroup[]; order: OrderStatisticRow[] };
}

/** Params of one subscriber: the currencies, one period in minutes, how many newest orders (default 18). */
export interface StatisticsFeedParams {
  currencies: readonly string[];
  minutes: number;
  number?: number;
}

/** What the statistics socket is sent: the union of every subscriber's [currency, minutes] pairs. */
export interface StatisticsSubscription {
  pairs: Array<[string, number]>;
  number: number;
}

// ---- demand (/ts/req) ---------------------------------------------------------------------------

/** One line of the funding-demand table: per API and currency (§2), other columns as sent. */
export interface DemandRow {
  currency: string;
  api_name?: string;
  [column: string]: string | number | undefined;
}

export type DemandFeedMessage = DemandRow[];

// ---- unilateral (/web/all/data) -----------------------------------------------------------------

/** §3 unilateral strategy as the feed carries it; only `id` is always there. */
export interface UnilateralStrategyLive {
  id: number;
  names?: string;
  status?: number;
  target?: number;
  total_eq?: number | string;
  position?: unknown;
  update_time?: string;
  last_deal?: string;
  task_ids?: unknown;
  chart_data?: unknown;
}

/**
 * Both reply shapes of §7, normalised: `{code, data: {strategy}, task}` and
 * `{strategy: {strategy, monitoring: {strategy, api, kline}}, api}`.
 */
export interface UnilateralFeedMessage {
  strategy: UnilateralStrategyLive[];
  task?: unknown;
  monitoring?: { strategy?: unknown; api?: unknown; kline?: unknown };
  api?: unknown;
}
