/**
 * The simulated market: a pure function of (seed, instrument, time).
 *
 *   index(c, t)     = anchor_c · exp(σ_c · W_c(t))                    W: damped Brownian path (noise.ts)
 *   mid(e, c, k, t) = index · (1 + premium(k, t) + basis noise(e, c, k, t))
 *   premium         = carry_c(t) · years to delivery   (delivery types; carry ≈ 6–12 %/year)
 *                   = funding noise ≈ ±0.03 %          (perpetual)      = 0 (spot)
 *   basis noise     = Σ smooth noise over 5 min, 40 min, 4 h (mean-reverting, mean zero)
 *   bid/ask         = mid ∓ half-spread (exchange base × currency liquidity), rounded out to the tick
 *
 * Feeds stall now and then (an exchange × currency freezes for 2–6 s, ~3 % of minutes): the quote then
 * repeats its last value and `validity` counts the seconds it has been stale.
 */
import { brownian, hash32, hashString, smoothNoise, uniform } from './noise';
import { expiries } from '#contract/rules/calendar';
import { isDelivery, tradeType, type ContractCode, type Currency, type ExchangeId } from './instruments';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const MINUTE_MS = 60_000;
const BP = 1e-4;

interface CurrencyModel {
  anchor: number;
  /** annual volatility */
  vol: number;
  tick: number;
  /** half-spread multiplier: 1 for the most liquid */
  liquidity: number;
  /** typical size of one depth level, in coins */
  lot: number;
}

export const CURRENCY_MODEL: Record<Currency, CurrencyModel> = {
  btc: { anchor: 60_000, vol: 0.6, tick: 0.1, liquidity: 1, lot: 2 },
  eth: { anchor: 3_000, vol: 0.75, tick: 0.01, liquidity: 1.2, lot: 30 },
  bch: { anchor: 400, vol: 0.9, tick: 0.01, liquidity: 2, lot: 80 },
  eos: { anchor: 0.7, vol: 1, tick: 0.0001, liquidity: 3, lot: 20_000 },
  etc: { anchor: 25, vol: 0.95, tick: 0.001, liquidity: 2.5, lot: 800 },
  xrp: { anchor: 0.6, vol: 0.9, tick: 0.0001, liquidity: 2, lot: 50_000 },
  ltc: { anchor: 80, vol: 0.85, tick: 0.01, liquidity: 2, lot: 200 },
  trx: { anchor: 0.12, vol: 0.9, tick: 0.00001, liquidity: 3, lot: 200_000 },
  bsv: { anchor: 50, vol: 1.1, tick: 0.01, liquidity: 4, lot: 300 },
};

/** Base half-spread per exchange, in basis points. */
const HALF_SPREAD_BP: Record<ExchangeId, number> = { 1: 0.6, 2: 0.9, 3: 0.5 };
const DEPTH_LEVELS = 5;

export type Level = [price: number, size: number];

export interface Quote {
  exchange: ExchangeId;
  currency: Currency;
  type: ContractCode;
  /** best bid (买一) and best ask (卖一) */
  bid: number;
  ask: number;
  bidSize: number;
  askSize: number;
  /** the last price: the mid, on the tick */
  last: number;
  /** the currency's index (spot reference) */
  index: number;
  /** depth, best first */
  bids: Level[];
  asks: Level[];
  /** the instant the quote was taken at the exchange (earlier than now while a feed stalls) */
  time: number;
  /** whole seconds the quote is stale; 0 = fresh */
  validity: number;
  /** expiry (ms, UTC) of a delivery contract */
  expiry?: number;
  source: 'sim' | 'live';
  /** live mode: the exchange does not list this instrument, so the simulation stands in */
  fallback?: boolean;
}

/**
 * A quote from a book (best first) and its times, for the simulation and live tickers alike: the touch and
 * its sizes from the first levels, whole seconds stale at `now`, and a delivery contract's expiry as of
 * `expiryAt`.
 */
export function quoteOf(q: {
  exchange: ExchangeId;
  currency: Currency;
  type: ContractCode;
  bids: Level[];
  asks: Level[];
  last: number;
  index: number;
  time: number;
  now: number;
  expiryAt: number;
  source: Quote['source'];
}): Quote {
  const [bid, bidSize] = q.bids[0];
  const [ask, askSize] = q.asks[0];
  return {
    exchange: q.exchange,
    currency: q.currency,
    type: q.type,
    bid,
    ask,
    bidSize,
    askSize,
    last: q.last,
    index: q.index,
    bids: q.bids,
    asks: q.asks,
    time: q.time,
    validity: Math.max(0, Math.floor((q.now - q.time) / 1000)),
    ...(isDelivery(q.type) ? { expiry: expiries(q.expiryAt)[tradeType(q.type) as 'CW' | 'NW' | 'CQ' | 'NQ'] } : {}),
    source: q.source,
  };
}

export interface MarketSource {
  quote(exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): Quote;
}

/** Best bid, best ask and last price: what a quote shows on top, without the depth. */
export interface Top {
  bid: number;
  ask: number;
  last: number;
  /** the instant the exchange's feed last updated */
  time: number;
}

export interface SimMarket extends MarketSource {
  readonly seed: string;
  /** the top of the book at t, exactly as `quote(…, t)` shows it */
  top(exchange: ExchangeId, currency: Currency, type: ContractCode, t: number): Top;
  /** the currency's index at t */
  index(currency: Currency, t: number): number;
  /** the mid price of an instrument at t, not rounded */
  mid(exchange: ExchangeId, currency: Currency, type: ContractCode, t: number): number;
}

export const roundTo = (value: number, tick: number): number => Number((Math.round(value / tick) * tick).toFixed(8));
const floorTo = (value: number, tick: number): number => Number((Math.floor(value / tick + 1e-9) * tick).toFixed(8));
const ceilTo = (value: number, tick: number): number => Number((Math.ceil(value / tick - 1e-9) * tick).toFixed(8));

export function createSimMarket(seed = 'arbitrage'): SimMarket {
  const base = hashString(seed);
  const streams = new Map<string, number>();
  const stream = (name: string): number => {
    let s = streams.get(name);
    if (s === undefined) {
      s = hash32(base, hashString(name));
      streams.set(name, s);
    }
    return s;
  };

  const index = (currency: Currency, t: number): number => {
    const m = CURRENCY_MODEL[currency];
    return m.anchor * Math.exp(m.vol * brownian(stream(`index:${currency}`), t));
  };

  /** Annualised carry of delivery contracts: 6–12 %/year, drifting over days. */
  const carry = (currency: Currency, t: number): number => 0.09 + 0.03 * Math.tanh(smoothNoise(stream(`carry:${currency}`), t, 3 * 24 * 3600_000));

  const premium = (currency: Currency, type: ContractCode, t: number): number => {
    const tt = tradeType(type);
    if (tt === 'SS') return 0;
    if (tt === 'CS') return 3 * BP * smoothNoise(stream(`funding:${currency}:${type}`), t, 8 * 3600_000);
    const expiry = expiries(t)[tt as 'CW' | 'NW' | 'CQ' | 'NQ'];
    return carry(currency, t) * ((expiry - t) / YEAR_MS);
  };

  /** Mean-reverting basis noise of one leg, in fractions of the index. */
  const basisNoise = (exchange: ExchangeId, currency: Currency, type: ContractCode, t: number): number => {
    const s = stream(`basis:${exchange}:${currency}:${type}`);
    const scale = tradeType(type) === 'SS' ? 0.5 : isDelivery(type) ? 1.5 : 1;
    const liquidity = CURRENCY_MODEL[currency].liquidity;
    return (
      scale *
      Math.sqrt(liquidity) *
      (2 * BP * smoothNoise(s, t, 5 * MINUTE_MS) + 5 * BP * smoothNoise(s ^ 1, t, 40 * MINUTE_MS) + 8 * BP * smoothNoise(s ^ 2, t, 4 * 60 * MINUTE_MS))
    );
  };

  const mid = (exchange: ExchangeId, currency: Currency, type: ContractCode, t: number): number =>
    index(currency, t) * (1 + premium(currency, type, t) + basisNoise(exchange, currency, type, t));

  /** The instant the exchange's feed last updated: t itself unless a stall window covers t. */
  const feedTime = (exchange: ExchangeId, currency: Currency, t: number): number => {
    const minute = Math.floor(t / MINUTE_MS);
    const h = hash32(stream(`stall:${exchange}:${currency}`), minute >>> 0, Math.floor(minute / 4294967296));
    if (uniform(h) > 0.03) return t;
    const start = minute * MINUTE_MS + (hash32(h, 1) % 50) * 1000;
    const length = (2 + (hash32(h, 2) % 5)) * 1000;
    return t >= start && t < start + length ? start : t;
  };

  const halfSpread = (exchange: ExchangeId, currency: Currency, type: ContractCode, time: number): number =>
    HALF_SPREAD_BP[exchange] *
    CURRENCY_MODEL[currency].liquidity *
    BP *
    (1 + 0.5 * Math.abs(smoothNoise(stream(`book:${exchange}:${currency}:${type}`), time, 20_000)));

  const top = (exchange: ExchangeId, currency: Currency, type: ContractCode, t: number): Top => {
    const { tick } = CURRENCY_MODEL[currency];
    const time = feedTime(exchange, currency, t);
    const center = mid(exchange, currency, type, time);
    const half = halfSpread(exchange, currency, type, time);
    const bid = floorTo(center * (1 - half), tick);
    const ask = Math.max(ceilTo(center * (1 + half), tick), roundTo(bid + tick, tick));
    return { bid, ask, last: roundTo(center, tick), time };
  };

  const quote = (exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): Quote => {
    const m = CURRENCY_MODEL[currency];
    const { bid, ask, last, time } = top(exchange, currency, type, now);
    const second = Math.floor(time / 1000);
    const s = stream(`depth:${exchange}:${currency}:${type}`);
    const step = Math.max(m.tick, roundTo(last * 0.5 * BP * m.liquidity, m.tick));
    const size = (side: number, level: number): number =>
      Number((m.lot * (0.2 + 1.6 * uniform(hash32(s, second >>> 0, side, level))) * (1 + level * 0.6)).toFixed(4));
    const bids: Level[] = [];
    const asks: Level[] = [];
    for (let level = 0; level < DEPTH_LEVELS; level++) {
      bids.push([roundTo(bid - level * step, m.tick), size(0, level)]);
      asks.push([roundTo(ask + level * step, m.tick), size(1, level)]);
    }
    return quoteOf({ exchange, currency, type, bids, asks, last, index: roundTo(index(currency, time), m.tick), time, now, expiryAt: time, source: 'sim' });
  };

  return { seed, index, mid, top, quote };
}
