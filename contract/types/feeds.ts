/**
 * The typed messages and subscription params of every feed of spec §7, with the field names of §3.
 * Where §7 is silent about a reply's shape, the choice is written down in docs/spec-coverage.md
 * ("Live feeds") and the reference server sends exactly this.
 */

import type { AssetFeedData } from './assets';
import type { MarketRow, MarketTable } from './market';
import type { OrderStatisticRow, StatisticGroup } from './orders';
import type { AlertFeedData } from '../rules/alerts';
import type { TaskCounter } from './tasks';

/** What `parse` gives back: the typed message, or a clear error for a malformed one. */
export type Parsed<M> = { ok: true; message: M } | { ok: false; error: string };

// ---- market (get2) ------------------------------------------------------------------------------

/** §3 market table config, as a feed names it. */
export type MarketTableConfig = Readonly<MarketTable>;

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
  /** the console's own addition: the task's leg health and its children's (contract/rules/leg-health.ts), read with `legHealthOf` */
  leg_health?: unknown;
}

/**
 * `{data: [TaskLive…]}`: one entry per task id of the subscription whose figures changed since the last
 * reply to that socket (the first reply after subscribing to an id has it). Our addition: `counter`, the
 * user's running/total over every task, in each reply, so the task page's counter stays true.
 */
export interface TaskFeedMessage {
  data: TaskLive[];
  counter?: TaskCounter;
}

/** The task ids a subscriber shows (the cards on screen, not every task: our reading of §7's "all task ids"). */
export type TaskFeedParams = readonly number[];

// ---- statistics (/web/get/order/total) ----------------------------------------------------------

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
  /** Our addition: in a partial message, the trend's points after those sent before (chart_data keeps its last 180). */
  chart_append?: unknown;
}

/**
 * Both reply shapes of §7, normalised: `{code, data: {strategy}, task}` and
 * `{strategy: {strategy, monitoring: {strategy, api, kline}}, api}`.
 */
export interface UnilateralFeedMessage {
  /**
   * Our addition: the lists carry only what changed since the socket's previous message: strategies as
   * patches (id and changed fields), follow tasks and monitoring entries whole, by id. Absent: everything.
   */
  partial?: true;
  strategy: UnilateralStrategyLive[];
  task?: unknown;
  monitoring?: { strategy?: unknown; api?: unknown; kline?: unknown };
  api?: unknown;
}

// ---- alert (/alert/ws) ---------------------------------------------------------------

/** The unread count and the newest alerts of the signed-in user, pushed when one of their rules fires. */
export interface AlertFeedMessage {
  data: AlertFeedData;
}
