import type { Service } from '../api/endpoints';
import { INTERVALS, PAGING } from '../domain/constants';
import type {
  AssetFeedMessage,
  AssetFeedParams,
  DemandFeedMessage,
  MarketFeedMessage,
  MarketFeedParams,
  MarketTableConfig,
  Parsed,
  StatisticsFeedMessage,
  StatisticsFeedParams,
  StatisticsSubscription,
  TaskFeedMessage,
  TaskFeedParams,
  UnilateralFeedMessage,
  AlertFeedMessage,
} from './messages';
import { parseAlert, parseAsset, parseDemand, parseMarket, parseStatistics, parseTask, parseUnilateral } from './parse';

/**
 * Every socket of spec §7, declared as data. The feed manager (src/live/manager.ts) opens, beats,
 * reconnects and closes them; the reference server serves the same paths.
 *
 * P = one subscriber's params, S = what the socket is subscribed to (the merge of every P),
 * M = the typed message.
 */
export interface FeedDefinition<P = unknown, S = unknown, M = unknown> {
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
  /** every subscriber's params → the one subscription the shared socket sends. */
  mergeParams: (params: readonly (P | undefined)[]) => S | undefined;
  /** the part of a message one subscriber asked for; `undefined` = nothing for it. */
  pick: (message: M, params: P | undefined) => M | undefined;
}

/**
 * The subprotocol the console offers first on every socket, the session token second
 * (`new WebSocket(url, ['bearer', token])`): the token stays out of URLs and logs. The server answers `bearer`.
 */
export const BEARER_PROTOCOL = 'bearer';

/** Sorted union of id lists. */
export function unionIds(lists: readonly (readonly number[] | undefined)[]): number[] {
  return [...new Set(lists.flatMap((ids) => ids ?? []))].sort((a, b) => a - b);
}

const tableKey = (table: MarketTableConfig) => table.join('/');

/** Market: the union of the tables asked for; a subscriber without tables wants them all. */
export function mergeMarketParams(list: readonly MarketFeedParams[]): MarketFeedParams {
  if (list.some((tables) => tables === undefined)) return undefined;
  const byKey = new Map<string, MarketTableConfig>();
  list.forEach((tables) => {
    tables?.forEach((table) => {
      byKey.set(tableKey(table), table);
    });
  });
  return [...byKey.values()];
}

function pickMarket(message: MarketFeedMessage, tables: MarketFeedParams): MarketFeedMessage | undefined {
  if (tables === undefined) return message;
  const wanted = new Set(tables.map(tableKey));
  const data = message.data.filter((entry) => wanted.has(tableKey(entry.table)));
  return data.length ? { data } : undefined;
}

/** Statistics: the union of [currency, minutes] pairs and the largest order count. */
export function mergeStatisticsParams(all: readonly (StatisticsFeedParams | undefined)[]): StatisticsSubscription | undefined {
  const list = all.filter((params): params is StatisticsFeedParams => params !== undefined);
  if (list.length === 0) return undefined;
  const pairs = new Map<string, [string, number]>();
  list.forEach(({ currencies, minutes }) => {
    currencies.forEach((currency) => {
      pairs.set(`${currency}/${minutes}`, [currency, minutes]);
    });
  });
  return { pairs: [...pairs.values()], number: Math.max(...list.map((p) => p.number ?? PAGING.orderPageSize)) };
}

function pickStatistics(message: StatisticsFeedMessage, params: StatisticsFeedParams | undefined): StatisticsFeedMessage | undefined {
  if (!params) return message;
  const wanted = (group: { currency: string; minutes: number }) => group.minutes === params.minutes && params.currencies.includes(group.currency);
  const { automatic, manual, order } = message.data;
  return {
    data: {
      automatic: automatic.filter(wanted),
      manual: manual.filter(wanted),
      order: order.slice(0, params.number ?? PAGING.orderPageSize),
    },
  };
}

/** §7: `{currencys: [[currency, minutes]...], number: 18}`, no token. */
export function statisticsHeartbeat(subscription: StatisticsSubscription | undefined): string {
  const { pairs = [], number = PAGING.orderPageSize } = subscription ?? {};
  return JSON.stringify({ currencys: pairs, number });
}

/** §7: the demand feed sends "1" at every heartbeat and "0" on close. */
export const demandHeartbeat = (): string => '1';

const pickIds = <M>(ids: readonly number[] | undefined, keep: (wanted: Set<number>) => M | undefined, message: M) =>
  ids === undefined ? message : keep(new Set(ids));

const noParams = (): undefined => undefined;
const everything = <M>(message: M): M => message;

const definitions = {
  market: {
    service: 'main',
    path: '/get2',
    tokenInQuery: true,
    ignore: ['ok'],
    parse: parseMarket,
    mergeParams: mergeMarketParams,
    pick: pickMarket,
  } satisfies FeedDefinition<MarketFeedParams, MarketFeedParams, MarketFeedMessage>,
  asset: {
    service: 'main',
    path: '/asset/get',
    tokenInQuery: true,
    heartbeatMs: INTERVALS.assetPollMs,
    ignore: ['ok'],
    parse: parseAsset,
    mergeParams: unionIds,
    pick: (message, ids) => pickIds(ids, (wanted) => (wanted.has(message.data.apiId) ? message : undefined), message),
  } satisfies FeedDefinition<AssetFeedParams, number[], AssetFeedMessage>,
  task: {
    service: 'task',
    path: '/ts/websocket',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.taskSocketMs,
    ignore: ['ok'],
    parse: parseTask,
    mergeParams: unionIds,
    pick: (message, ids) =>
      pickIds(
        ids,
        (wanted) => {
          const data = message.data.filter((task) => wanted.has(task.id));
          return data.length ? { data } : undefined;
        },
        message,
      ),
  } satisfies FeedDefinition<TaskFeedParams, number[], TaskFeedMessage>,
  statistics: {
    service: 'order',
    path: '/web/get/order/total',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.statisticsSocketMs,
    heartbeat: statisticsHeartbeat,
    ignore: ['ok'],
    parse: parseStatistics,
    mergeParams: mergeStatisticsParams,
    pick: pickStatistics,
  } satisfies FeedDefinition<StatisticsFeedParams, StatisticsSubscription, StatisticsFeedMessage>,
  demand: {
    service: 'task',
    path: '/ts/req',
    tokenInQuery: false,
    heartbeatMs: INTERVALS.demandHeartbeatMs,
    heartbeat: demandHeartbeat,
    closeMessage: '0',
    ignore: ['ok'],
    parse: parseDemand,
    mergeParams: noParams,
    pick: everything,
  } satisfies FeedDefinition<undefined, undefined, DemandFeedMessage>,
  unilateral: {
    service: 'main',
    path: '/web/all/data',
    tokenInQuery: true,
    ignore: ['ok'],
    parse: parseUnilateral,
    mergeParams: noParams,
    pick: everything,
  } satisfies FeedDefinition<undefined, undefined, UnilateralFeedMessage>,
  // issue 24: the header bell's unread count and newest alerts (path assumed)
  alert: {
    service: 'main',
    path: '/alert/ws',
    tokenInQuery: true,
    inShell: false,
    ignore: ['ok'],
    parse: parseAlert,
    mergeParams: noParams,
    pick: everything,
  } satisfies FeedDefinition<undefined, undefined, AlertFeedMessage>,
};

/** Each feed's subscriber params and typed message. */
interface FeedTypes {
  market: { params: MarketFeedParams; message: MarketFeedMessage };
  asset: { params: AssetFeedParams; message: AssetFeedMessage };
  task: { params: TaskFeedParams; message: TaskFeedMessage };
  statistics: { params: StatisticsFeedParams; message: StatisticsFeedMessage };
  demand: { params: undefined; message: DemandFeedMessage };
  unilateral: { params: undefined; message: UnilateralFeedMessage };
  alert: { params: undefined; message: AlertFeedMessage };
}

export type FeedName = keyof typeof definitions & keyof FeedTypes;
/** One subscriber's params of feed N (`undefined` = everything the feed sends). */
export type FeedParams<N extends FeedName> = FeedTypes[N]['params'];
/** The typed message of feed N. */
export type FeedMessage<N extends FeedName> = FeedTypes[N]['message'];

/** Any feed's definition, as the manager and the server handle them. */
// biome-ignore lint/suspicious/noExplicitAny: one table of feeds of different params and messages: with unknown, a definition whose functions take its own params would not fit
export type AnyFeedDefinition = FeedDefinition<any, any, any>;

export const feeds: Readonly<Record<FeedName, AnyFeedDefinition>> & typeof definitions = definitions;

export const feedNames = Object.keys(feeds) as FeedName[];

export const isFeedName = (name: string): name is FeedName => Object.hasOwn(feeds, name);
