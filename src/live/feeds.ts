import type { Service } from '../api/endpoints';
import { INTERVALS, PAGING } from '../domain/constants';

/**
 * Every socket of spec §7, declared as data. The feed manager (src/live/manager.ts) opens, beats,
 * reconnects and closes them; the reference server serves the same paths.
 */
export interface FeedDefinition {
  service: Service;
  path: string;
  /** the token travels in the query string (`?token=`). */
  tokenInQuery: boolean;
  /** how often the client sends its heartbeat / subscription; absent = send once on open. */
  heartbeatMs?: number;
  /**
   * the text sent on open, at every heartbeat and whenever the params change;
   * absent = `JSON.stringify({ token, data: params })`.
   */
  heartbeat?: (params: unknown, token: string | undefined) => string;
  /** text sent just before the client closes the socket (demand feed sends "0"). */
  closeMessage?: string;
  /** replies that carry no data and are dropped ('ok'). */
  ignore: readonly string[];
}

/** Params of the statistics feed: the currencies, one period in minutes (§9: 60, 1440, 2880). */
export interface StatisticsFeedParams {
  currencies: readonly string[];
  minutes: number;
  /** how many newest orders the reply carries; default 18 (§7). */
  number?: number;
}

/** §7: `{currencys: [[currency, minutes]...], number: 18}`, no token. */
export function statisticsHeartbeat(params: unknown): string {
  const { currencies = [], minutes = 0, number = PAGING.orderPageSize } = (params ?? {}) as Partial<StatisticsFeedParams>;
  return JSON.stringify({ currencys: currencies.map((currency) => [currency, minutes]), number });
}

/** §7: the demand feed sends "1" at every heartbeat and "0" on close. */
export const demandHeartbeat = (): string => '1';

export const feeds = {
  market: { service: 'main', path: '/get2', tokenInQuery: true, ignore: ['ok'] },
  asset: { service: 'main', path: '/asset/get', tokenInQuery: true, heartbeatMs: INTERVALS.assetPollMs, ignore: ['ok'] },
  task: { service: 'task', path: '/ts/websocket', tokenInQuery: false, heartbeatMs: INTERVALS.taskSocketMs, ignore: ['ok'] },
  statistics: {
    service: 'order',
    path: '/web/get/order/total',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.statisticsSocketMs,
    heartbeat: statisticsHeartbeat,
    ignore: ['ok'],
  },
  demand: {
    service: 'task',
    path: '/ts/req',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.demandHeartbeatMs,
    heartbeat: demandHeartbeat,
    closeMessage: '0',
    ignore: ['ok'],
  },
  unilateral: { service: 'main', path: '/web/all/data', tokenInQuery: true, ignore: ['ok'] },
} as const satisfies Record<string, FeedDefinition>;

export type FeedName = keyof typeof feeds;

export const feedNames = Object.keys(feeds) as FeedName[];

export const isFeedName = (name: string): name is FeedName => Object.prototype.hasOwnProperty.call(feeds, name);
