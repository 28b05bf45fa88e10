import type { Service } from './endpoints';
import { INTERVALS, PAGING } from './rules/constants';
import type {
  AssetFeedMessage,
  AssetFeedParams,
  DemandFeedMessage,
  MarketFeedMessage,
  MarketFeedParams,
  Parsed,
  StatisticsFeedMessage,
  StatisticsFeedParams,
  StatisticsSubscription,
  TaskFeedMessage,
  TaskFeedParams,
  UnilateralFeedMessage,
  AlertFeedMessage,
} from './types/feeds';
import { parseAlert, parseAsset, parseDemand, parseMarket, parseStatistics, parseTask, parseUnilateral } from './feed-parse';

/**
 * Every socket of spec §7, declared as data: where it is, how a client beats and subscribes, and what its
 * messages are. The reference server serves these paths; the console's feed manager (src/live/manager.ts)
 * opens, beats, reconnects and closes them, sharing one socket between subscribers (src/live/feeds.ts).
 *
 * S = what the socket is subscribed to, M = the typed message.
 */
export interface FeedProtocol<S = unknown, M = unknown> {
  service: Service;
  path: string;
  /**
   * spec §7 puts the token in this socket's query string (`?token=`): the server signs it in on connect and
   * refuses it without a token. The console sends the token in the handshake instead (BEARER_PROTOCOL).
   */
  tokenInQuery: boolean;
  /** how often the client sends its heartbeat / subscription; absent = send once on open. */
  heartbeatMs?: number;
  /**
   * the text sent on open, at every heartbeat and whenever the subscription changes;
   * absent = `JSON.stringify({ token, data: subscription })`.
   */
  heartbeat?: (subscription: S | undefined, token: string | undefined) => string;
  /** text sent just before the client closes the socket (demand feed sends "0"). */
  closeMessage?: string;
  /** false: the shell's live-data line leaves this feed out (its state shows elsewhere: the header bell). */
  inShell?: false;
  /** replies that carry no data and are dropped ('ok'). */
  ignore: readonly string[];
  /** decoded JSON → the typed message, or a clear error (the feed's status shows it; nothing crashes). */
  parse: (raw: unknown) => Parsed<M>;
}

/**
 * The subprotocol the console offers first on every socket, the session token second
 * (`new WebSocket(url, ['bearer', token])`): the token stays out of URLs and logs. The server answers `bearer`.
 */
export const BEARER_PROTOCOL = 'bearer';

/** §7: `{currencys: [[currency, minutes]...], number: 18}`, no token. */
export function statisticsHeartbeat(subscription: StatisticsSubscription | undefined): string {
  const { pairs = [], number = PAGING.orderPageSize } = subscription ?? {};
  return JSON.stringify({ currencys: pairs, number });
}

/** §7: the demand feed sends "1" at every heartbeat and "0" on close. */
export const demandHeartbeat = (): string => '1';

const definitions = {
  market: {
    service: 'main',
    path: '/get2',
    tokenInQuery: true,
    ignore: ['ok'],
    parse: parseMarket,
  } satisfies FeedProtocol<MarketFeedParams, MarketFeedMessage>,
  asset: {
    service: 'main',
    path: '/asset/get',
    tokenInQuery: true,
    heartbeatMs: INTERVALS.assetPollMs,
    ignore: ['ok'],
    parse: parseAsset,
  } satisfies FeedProtocol<number[], AssetFeedMessage>,
  task: {
    service: 'task',
    path: '/ts/websocket',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.taskSocketMs,
    ignore: ['ok'],
    parse: parseTask,
  } satisfies FeedProtocol<number[], TaskFeedMessage>,
  statistics: {
    service: 'order',
    path: '/web/get/order/total',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.statisticsSocketMs,
    heartbeat: statisticsHeartbeat,
    ignore: ['ok'],
    parse: parseStatistics,
  } satisfies FeedProtocol<StatisticsSubscription, StatisticsFeedMessage>,
  demand: {
    service: 'task',
    path: '/ts/req',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.demandHeartbeatMs,
    heartbeat: demandHeartbeat,
    closeMessage: '0',
    ignore: ['ok'],
    parse: parseDemand,
  } satisfies FeedProtocol<undefined, DemandFeedMessage>,
  unilateral: {
    service: 'main',
    path: '/web/all/data',
    tokenInQuery: true,
    ignore: ['ok'],
    parse: parseUnilateral,
  } satisfies FeedProtocol<undefined, UnilateralFeedMessage>,
  // the header bell's unread count and newest alerts (path assumed)
  alert: {
    service: 'main',
    path: '/alert/ws',
    tokenInQuery: true,
    inShell: false,
    ignore: ['ok'],
    parse: parseAlert,
  } satisfies FeedProtocol<undefined, AlertFeedMessage>,
};

/** Each feed's subscriber params, what its socket is subscribed to (the merge of every subscriber's) and its typed message. */
interface FeedTypes {
  market: { params: MarketFeedParams; subscription: MarketFeedParams; message: MarketFeedMessage };
  asset: { params: AssetFeedParams; subscription: number[]; message: AssetFeedMessage };
  task: { params: TaskFeedParams; subscription: number[]; message: TaskFeedMessage };
  statistics: { params: StatisticsFeedParams; subscription: StatisticsSubscription; message: StatisticsFeedMessage };
  demand: { params: undefined; subscription: undefined; message: DemandFeedMessage };
  unilateral: { params: undefined; subscription: undefined; message: UnilateralFeedMessage };
  alert: { params: undefined; subscription: undefined; message: AlertFeedMessage };
}

export type FeedName = keyof typeof definitions & keyof FeedTypes;
/** One subscriber's params of feed N (`undefined` = everything the feed sends). */
export type FeedParams<N extends FeedName> = FeedTypes[N]['params'];
/** What the socket of feed N is subscribed to: the merge of every subscriber's params. */
export type SocketSubscription<N extends FeedName> = FeedTypes[N]['subscription'];
/** The typed message of feed N. */
export type FeedMessage<N extends FeedName> = FeedTypes[N]['message'];

/** Any feed's protocol, as the server handles them. */
// biome-ignore lint/suspicious/noExplicitAny: one table of feeds of different params and messages: with unknown, a protocol whose functions take its own params would not fit
export type AnyFeedProtocol = FeedProtocol<any, any>;

export const feeds: Readonly<Record<FeedName, AnyFeedProtocol>> & typeof definitions = definitions;

export const feedNames = Object.keys(feeds) as FeedName[];

export const isFeedName = (name: string): name is FeedName => Object.hasOwn(feeds, name);
