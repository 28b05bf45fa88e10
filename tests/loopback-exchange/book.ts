/**
 * Order books and the arithmetic every loopback exchange shares: a book per instrument (bids best first,
 * asks best first), taking liquidity from it, the levels that changed between two books, decimal
 * formatting as exchanges print numbers (strings, no float noise) and OKX's CRC32 book checksum.
 */
import { crc32 } from 'node:zlib';

/** [price, size] */
export type Level = [number, number];

export interface Book {
  bids: Level[];
  asks: Level[];
}

/** Levels as a test writes them: numbers or the exchange's strings. */
export interface BookInput {
  bids?: readonly (readonly [number | string, number | string])[];
  asks?: readonly (readonly [number | string, number | string])[];
}

/** Decimals of a step such as 0.001 (3) or 1 (0). */
export function decimalsOf(step: number): number {
  const text = step.toExponential();
  const [mantissa, exponent] = text.split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** A number as exchanges print it: fixed decimals (at most 12), no trailing zeros, never exponent notation. */
export function fmt(value: number, step?: number): string {
  const decimals = step === undefined ? 12 : Math.min(12, decimalsOf(step));
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/** Rounds to a step's decimals (float noise off); `down` floors to a multiple of the step. */
export function roundTo(value: number, step: number, down = false): number {
  const decimals = Math.min(12, decimalsOf(step));
  const steps = value / step;
  const whole = down ? Math.floor(steps + 1e-9) : Math.round(steps);
  return Number((whole * step).toFixed(decimals));
}

function side(levels: BookInput['bids'], descending: boolean): Level[] {
  const byPrice = new Map<number, number>();
  for (const [p, s] of levels ?? []) {
    const price = Number(p);
    const size = Number(s);
    if (!(size > 0)) continue;
    byPrice.set(price, (byPrice.get(price) ?? 0) + size);
  }
  return [...byPrice].sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]));
}

export function normalizeBook(input: BookInput): Book {
  return { bids: side(input.bids, true), asks: side(input.asks, false) };
}

export const cloneBook = (book: Book): Book => ({
  bids: book.bids.map(([p, s]) => [p, s]),
  asks: book.asks.map(([p, s]) => [p, s]),
});

export const midPrice = (book: Book): number | undefined => {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid !== undefined && ask !== undefined) return (bid + ask) / 2;
  return bid ?? ask;
};

/**
 * What an order taking liquidity would get: it walks the opposite side, best first, as far as its limit
 * price allows (none for a market order), up to `size`. The book is not changed (see `take`).
 */
export function walk(book: Book, orderSide: 'buy' | 'sell', size: number, step: number, limit?: number): Level[] {
  const levels = orderSide === 'buy' ? book.asks : book.bids;
  const fills: Level[] = [];
  let left = size;
  for (const [price, available] of levels) {
    if (left <= 0) break;
    if (limit !== undefined && (orderSide === 'buy' ? price > limit : price < limit)) break;
    const size = roundTo(Math.min(available, left), step, true);
    if (size <= 0) break;
    fills.push([price, size]);
    left = roundTo(left - size, step);
  }
  return fills;
}

/** Removes what fills took from the side they took it from. */
export function take(book: Book, orderSide: 'buy' | 'sell', fills: Level[], step: number): void {
  const levels = orderSide === 'buy' ? book.asks : book.bids;
  for (const [price, size] of fills) {
    const level = levels.find((l) => l[0] === price);
    if (!level) continue;
    level[1] = roundTo(level[1] - size, step);
    if (level[1] <= 0) levels.splice(levels.indexOf(level), 1);
  }
}

/** The levels of `next` that differ from `prev`, and a zero size for each level that went away. */
export function diffSide(prev: Level[], next: Level[]): Level[] {
  const before = new Map(prev);
  const after = new Map(next);
  const changed: Level[] = [];
  for (const [price, size] of next) if (before.get(price) !== size) changed.push([price, size]);
  for (const [price] of prev) if (!after.has(price)) changed.push([price, 0]);
  return changed;
}

/**
 * OKX's order book checksum: the best 25 bids and asks as printed, interleaved
 * `bid:bidSize:ask:askSize:…` (a side that has run out is skipped), CRC-32 (IEEE) as a signed 32-bit integer.
 */
export function okxChecksum(bids: [string, string][], asks: [string, string][]): number {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    if (bids[i]) parts.push(`${bids[i][0]}:${bids[i][1]}`);
    if (asks[i]) parts.push(`${asks[i][0]}:${asks[i][1]}`);
  }
  return crc32(parts.join(':')) | 0;
}

/** The instruments of a hedge across the two loopbacks: OKX's BTC USDT swap (leg A) and Binance's BTCUSDT perpetual (leg B). */
export const SWAP_A = 'BTC-USDT-SWAP';
export const SWAP_B = 'BTCUSDT';
/** five levels a tick apart from `touch` outward */
export const levels = (touch: number, step: number, size: number): Level[] => [0, 1, 2, 3, 4].map((k) => [touch + k * step, size]);
/** A book one dollar either side of `mid`, `size` at each level (OKX's sizes are contracts of 0.01 BTC, Binance's BTC). */
export const bookAround = (mid: number, size: number): BookInput => ({ bids: levels(mid - 1, -1, size), asks: levels(mid + 1, 1, size) });
