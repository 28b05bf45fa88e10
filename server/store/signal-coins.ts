/**
 * The /signal and /coins settings the runner obeys, in the user's lists (u_lists): per follow task its
 * follow-signal switch (kept under the task owner's id, default on), per user the tradable coin range
 * (empty = every coin) and the currency blacklist, per Binance API account its own blacklist (/binance/currency). Also the strategies' latest signals for /signal.
 */
import type { Queryable } from './queryable';
import { readList, writeList, type FollowTaskRow, type TradeRecord } from './unilateral';

/** The two coin lists of /coins, by the name they are stored under. */
export const COIN_LISTS = { range: 'coin_range', blacklist: 'currency_blacklist' } as const;
export type CoinListName = (typeof COIN_LISTS)[keyof typeof COIN_LISTS];

const followSignalKey = (apiId: number) => `follow_signal:${apiId}`;

export const readFollowSignal = (db: Queryable, task: Pick<FollowTaskRow, 'user_id' | 'api_id'>) =>
  readList<0 | 1>(db, task.user_id, followSignalKey(task.api_id), 1);

export const writeFollowSignal = (db: Queryable, task: Pick<FollowTaskRow, 'user_id' | 'api_id'>, follow: 0 | 1) =>
  writeList(db, task.user_id, followSignalKey(task.api_id), follow);

export const readCoinList = (db: Queryable, userId: number, name: CoinListName) => readList<string[]>(db, userId, name, []);

export const writeCoinList = (db: Queryable, userId: number, name: CoinListName, coins: readonly string[]) => writeList(db, userId, name, coins);

/** A Binance account's own blacklist, in the user's lists under the API's id (other accounts have none). */
const binanceBlacklistName = (apiId: number) => `binance_blacklist:${apiId}`;

/** The coins the Binance account `apiId` of user `userId` keeps out of (for whatever trades on it). */
export const binanceBlacklistOf = (db: Queryable, userId: number, apiId: number) => readList<string[]>(db, userId, binanceBlacklistName(apiId), []);

export const writeBinanceBlacklist = (db: Queryable, userId: number, apiId: number, coins: readonly string[]) =>
  writeList(db, userId, binanceBlacklistName(apiId), coins);

/** What a follow task may do with its strategy's next signals. */
export interface FollowGate {
  /** the follow-signal switch: off, the task copies no signal (its stop-loss still applies). */
  follows: boolean;
  /** false when the coin is blacklisted (the user's list, or its Binance account's) or outside a non-empty coin range: no new position (closing stays allowed). */
  mayOpen: boolean;
}

export async function followGate(db: Queryable, task: Pick<FollowTaskRow, 'user_id' | 'api_id'>, coin: string): Promise<FollowGate> {
  const follow = await readFollowSignal(db, task);
  const range = await readCoinList(db, task.user_id, COIN_LISTS.range);
  const blacklist = [...(await readCoinList(db, task.user_id, COIN_LISTS.blacklist)), ...(await binanceBlacklistOf(db, task.user_id, task.api_id))];
  return { follows: follow === 1, mayOpen: !blacklist.includes(coin) && (range.length === 0 || range.includes(coin)) };
}

/** The newest `limit` trades (signals) of the given strategies, newest first. */
export function latestTrades(db: Queryable, strategyIds: readonly number[], limit: number): Promise<TradeRecord[]> {
  if (!strategyIds.length) return Promise.resolve([]);
  const marks = strategyIds.map(() => '?').join(', ');
  return db.all<TradeRecord>(`SELECT * FROM u_trades WHERE strategy_id IN (${marks}) ORDER BY at DESC, id DESC LIMIT ?`, [...strategyIds, limit]);
}
