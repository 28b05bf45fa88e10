/** The /signal and /coins tool pages: the newest signals, the tradable coin range and the blacklists. */

import type { Signal } from '../rules/unilateral';

/** The user's unilateral lists (coin_range, currency/blacklist, binance/blacklist, is/follow/signal). */
export interface CoinList {
  coins: string[];
}
/** /coins: one coin added to or removed from a list (tools-signal-coins; assumed shape). */
export interface CoinListChange {
  coin: string;
  op: 'add' | 'remove';
}
/** /signal/list (tools-signal-coins; assumed): one signal (a trade) of a unilateral strategy. */
export interface SignalRow {
  id: number;
  strategyId: number;
  names: string;
  coin: string;
  /** §3 signal code: 1 long open, 2 short close, −1 short open, −2 long close. */
  type: Signal;
  price: number;
  qty: number;
  createtime: string;
}
