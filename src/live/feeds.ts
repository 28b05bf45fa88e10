import type { Service } from '../api/endpoints';
import { INTERVALS } from '../domain/constants';

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
  /** text sent just before the client closes the socket (demand feed sends "0"). */
  closeMessage?: string;
  /** replies that carry no data and are dropped ('ok'). */
  ignore: readonly string[];
}

export const feeds = {
  market: { service: 'main', path: '/get2', tokenInQuery: true, ignore: ['ok'] },
  asset: { service: 'main', path: '/asset/get', tokenInQuery: true, heartbeatMs: INTERVALS.assetPollMs, ignore: ['ok'] },
  task: { service: 'task', path: '/ts/websocket', tokenInQuery: false, heartbeatMs: INTERVALS.taskSocketMs, ignore: ['ok'] },
  statistics: { service: 'order', path: '/web/get/order/total', tokenInQuery: false, heartbeatMs: INTERVALS.statisticsSocketMs, ignore: ['ok'] },
  demand: { service: 'task', path: '/ts/req', tokenInQuery: false, heartbeatMs: INTERVALS.demandHeartbeatMs, closeMessage: '0', ignore: ['ok'] },
  unilateral: { service: 'main', path: '/web/all/data', tokenInQuery: true, ignore: ['ok'] },
} as const satisfies Record<string, FeedDefinition>;

export type FeedName = keyof typeof feeds;
