import { PAGING } from '#contract/rules/constants';
import { tableKey } from '#contract/rules/market';
import { feedNames, feeds, type FeedMessage, type FeedName, type FeedParams, type FeedProtocol, type SocketSubscription } from '#contract/feeds';
import type {
  MarketFeedMessage,
  MarketFeedParams,
  MarketTableConfig,
  StatisticsFeedMessage,
  StatisticsFeedParams,
  StatisticsSubscription,
} from '#contract/types/feeds';

/**
 * The console's side of every feed: the protocol of contract/feeds.ts, and how one socket is shared by
 * every subscriber. The feed manager (src/live/manager.ts) subscribes the socket to the `mergeParams` of
 * every subscriber's params and hands each subscriber the part of a message it asked for (`pick`).
 *
 * P = one subscriber's params, S = what the socket is subscribed to (the merge of every P),
 * M = the typed message.
 */
export interface FeedDefinition<P = unknown, S = unknown, M = unknown> extends FeedProtocol<S, M> {
  /** every subscriber's params → the one subscription the shared socket sends. */
  mergeParams: (params: readonly (P | undefined)[]) => S | undefined;
  /** the part of a message one subscriber asked for; `undefined` = nothing for it. */
  pick: (message: M, params: P | undefined) => M | undefined;
}

/** How one feed's socket is shared. */
type Sharing<N extends FeedName> = Pick<FeedDefinition<FeedParams<N>, SocketSubscription<N>, FeedMessage<N>>, 'mergeParams' | 'pick'>;

/** Sorted union of id lists. */
export function unionIds(lists: readonly (readonly number[] | undefined)[]): number[] {
  return [...new Set(lists.flatMap((ids) => ids ?? []))].sort((a, b) => a - b);
}

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

const pickIds = <M>(ids: readonly number[] | undefined, keep: (wanted: Set<number>) => M | undefined, message: M) =>
  ids === undefined ? message : keep(new Set(ids));

const noParams = (): undefined => undefined;
const everything = <M>(message: M): M => message;

const sharing: { [N in FeedName]: Sharing<N> } = {
  market: { mergeParams: mergeMarketParams, pick: pickMarket },
  asset: {
    mergeParams: unionIds,
    pick: (message, ids) => pickIds(ids, (wanted) => (wanted.has(message.data.apiId) ? message : undefined), message),
  },
  task: {
    mergeParams: unionIds,
    pick: (message, ids) =>
      pickIds(
        ids,
        (wanted) => {
          const data = message.data.filter((task) => wanted.has(task.id));
          const { counter } = message;
          if (counter) return { data, counter };
          return data.length ? { data } : undefined;
        },
        message,
      ),
  },
  statistics: { mergeParams: mergeStatisticsParams, pick: pickStatistics },
  demand: { mergeParams: noParams, pick: everything },
  unilateral: { mergeParams: noParams, pick: everything },
  alert: { mergeParams: noParams, pick: everything },
};

/** Any feed's definition, as the manager handles them. */
// biome-ignore lint/suspicious/noExplicitAny: one table of feeds of different params and messages: with unknown, a definition whose functions take its own params would not fit
export type AnyFeedDefinition = FeedDefinition<any, any, any>;

/** One feed of the contract with its sharing. */
const definition = <N extends FeedName>(name: N): AnyFeedDefinition => ({ ...feeds[name], ...sharing[name] });

/** Every feed of the contract with its sharing: the manager's table. */
export const feedDefinitions = Object.fromEntries(feedNames.map((name) => [name, definition(name)])) as Readonly<Record<FeedName, AnyFeedDefinition>>;
