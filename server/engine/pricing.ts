/** Execution prices (slippage and depth), fees, and the net spreads the decisions compare. */
import { takerFeeField } from '#contract/rules/net-spread';
import type { Direction, FeeConfig, Leg, Quote } from './types';

export type Side = 'buy' | 'sell';

/** The engine always takes liquidity, so it pays the taker (Eat) rate of the leg's account kind (the rule the board's net spreads use). */
export const takerFee = (fees: FeeConfig, leg: Leg): number => fees[takerFeeField(leg.contractType)];

/** How deep orders may go: `levels` book levels, each holding the touch depth; level k costs slippage + k × step more. */
export interface Book {
  levels: number;
  slippage: number;
  step: number;
}

export interface Execution {
  /** what the book can fill of the amount */
  filled: number;
  /** volume-weighted price of the filled part (the touch with slippage when nothing fills) */
  price: number;
  /** true when the amount is more than the levels hold */
  depthLimited: boolean;
}

/** The price of book level `k` on the side whose touch is `touch` (`sign` 1 buying, −1 selling). */
const levelPrice = (touch: number, sign: number, book: Book, k: number): number => touch * (1 + sign * (book.slippage + k * book.step));

/**
 * Walks `book.levels` levels of one side of the quote; the global slippage is paid on every level. (No function is
 * made per call: the server runs through tsx, whose esbuild names each one it makes, ~5 % of a tick at 10,000 tasks.)
 */
export const execute = (side: Side, quote: Quote, amount: number, book: Book): Execution => {
  const touch = side === 'buy' ? quote.ask : quote.bid;
  const perLevel = Math.max(0, side === 'buy' ? quote.askSize : quote.bidSize);
  const sign = side === 'buy' ? 1 : -1;
  const capacity = perLevel * book.levels;
  const filled = Math.min(amount, capacity);
  if (filled <= 0 || perLevel <= 0) return { filled: 0, price: levelPrice(touch, sign, book, 0), depthLimited: amount > 0 };
  let left = filled;
  let cost = 0;
  for (let k = 0; left > 1e-12 && k < book.levels; k++) {
    const take = Math.min(left, perLevel);
    cost += take * levelPrice(touch, sign, book, k);
    left -= take;
  }
  return { filled, price: cost / filled, depthLimited: amount > capacity + 1e-12 };
};

/** Leg sides of each direction: f is long A / short B, r is short A / long B. */
const BUY_SELL: readonly [Side, Side] = ['buy', 'sell'];
const SELL_BUY: readonly [Side, Side] = ['sell', 'buy'];
export const openSides = (d: Direction): readonly [Side, Side] => (d === 'f' ? BUY_SELL : SELL_BUY);
export const closeSides = (d: Direction): readonly [Side, Side] => (d === 'f' ? SELL_BUY : BUY_SELL);

/** A price with the fee folded in: what a buy costs or a sell brings per coin. */
export const withFee = (side: Side, price: number, fee: number): number => (side === 'buy' ? price * (1 + fee) : price * (1 - fee));

/**
 * The net premium of a pair of prices with fees folded in: f (B above A) = (B − A) / A,
 * r (A above B) = (A − B) / B. Opening uses the prices an open would get and opens at or above dlt;
 * closing uses the prices a close would get and closes once the premium is back to close_dlt or less.
 */
export const premium = (d: Direction, netA: number, netB: number): number => (d === 'f' ? (netB - netA) / netA : (netA - netB) / netB);

export const mid = (q: Quote): number => (q.bid + q.ask) / 2;
