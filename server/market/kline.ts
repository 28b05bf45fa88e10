/**
 * K-lines (`GET /web/get/kline/data {excheng, currencys, types, granularity, field, starttime, endtime}`)
 * generated on demand from the simulation, never stored.
 *
 * - One leg (`excheng=1&types=4`): candles of the instrument's last price (field `price`).
 * - Two legs (`excheng=1,2&types=4,1`): candles of the spread between them, field `positive`
 *   (A bid − B ask, the default) or `negative` (A ask − B bid), the same formulas as the market rows.
 * - Times: exchange 1 is shown and read in UTC+8, exchange 2 in UTC (§9: "times for exchange 1 are
 *   shifted 8 hours"); candles align to that zone's hours, days and weeks (Monday); `time` is the
 *   bucket start as 'YYYY-MM-DD HH:mm:ss' in that zone, `ts` the same instant in ms.
 * - A candle's open is the value at its start, close at its end (or now for the last one, so the
 *   last close is the live quote), high/low the extremes over a sample grid whose step divides the
 *   next finer frame's bucket (a 1H candle samples every minute, so its high ≥ each 1T close).
 */
import { MarketError } from './messages';
import { CURRENCY_MODEL, roundTo, type SimMarket } from './sim';
import { isContractCode, isCurrency, offers, type ContractCode, type Currency, type ExchangeId } from './instruments';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Earliest data: December 2018 (§9). */
export const EARLIEST = Date.UTC(2018, 11, 1);
/** §9: K-lines are offered for exchanges 1 and 2. */
export const KLINE_EXCHANGES: readonly ExchangeId[] = [1, 2];
/** Shift of each exchange's K-line times (§9): exchange 1 +8 h, exchange 2 none. */
export const KLINE_OFFSET_MS: Record<number, number> = { 1: 8 * HOUR_MS, 2: 0 };

interface Frame {
  bucketMs: number;
  sampleMs: number;
  /** the default window (§9 "K-line windows") */
  windowMs: number;
}

/** Every granularity of §9 (chart frames 1T 30T 1H 4H 1D 1W and the windows' 2H, D, W). */
export const GRANULARITIES: Record<string, Frame> = {
  '1T': { bucketMs: MINUTE_MS, sampleMs: 10_000, windowMs: DAY_MS },
  '30T': { bucketMs: 30 * MINUTE_MS, sampleMs: MINUTE_MS, windowMs: 3 * DAY_MS },
  '1H': { bucketMs: HOUR_MS, sampleMs: MINUTE_MS, windowMs: 6 * DAY_MS },
  '2H': { bucketMs: 2 * HOUR_MS, sampleMs: 2 * MINUTE_MS, windowMs: DAY_MS },
  '4H': { bucketMs: 4 * HOUR_MS, sampleMs: 4 * MINUTE_MS, windowMs: 24 * DAY_MS },
  '1D': { bucketMs: DAY_MS, sampleMs: 24 * MINUTE_MS, windowMs: 144 * DAY_MS },
  '1W': { bucketMs: 7 * DAY_MS, sampleMs: 2 * HOUR_MS, windowMs: 24 * 7 * DAY_MS },
};
const ALIASES: Record<string, string> = { D: '1D', W: '1W' };
export const DEFAULT_GRANULARITY = '1T';
/** The longest answer: a little over one day of 1T candles (the default 1T window plus the running minute). */
export const MAX_CANDLES = 1500;

export interface KlineQuery {
  legs: { exchange: ExchangeId; type: ContractCode }[];
  currency: Currency;
  granularity: string;
  field: KlineField;
  start: number;
  end: number;
}

export type { Candle, KlineField, KlineReply } from '#contract/types/market';
import type { Candle, DistanceDays, KlineField, KlineReply } from '#contract/types/market';

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const list = (v: unknown): string[] =>
  text(v) === ''
    ? []
    : text(v)
        .split(',')
        .map((s) => s.trim());

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone `offsetMs` ahead of UTC. */
export const formatInZone = (ms: number, offsetMs: number): string => new Date(ms + offsetMs).toISOString().slice(0, 19).replace('T', ' ');

const TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A time given as ms (or s) since 1970, or 'YYYY-MM-DD[ HH:mm[:ss]]' read in the zone `offsetMs`. */
export function parseTime(value: string, field: string, offsetMs: number): number {
  if (/^\d{10}$/.test(value)) return Number(value) * 1000;
  if (/^\d{12,14}$/.test(value)) return Number(value);
  const m = TIME_RE.exec(value);
  if (m) {
    const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
    const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
    const check = new Date(ms);
    if (check.getUTCMonth() === +mo - 1 && check.getUTCDate() === +d && +h < 24 && +mi < 60 && +s < 60) return ms - offsetMs;
  }
  throw new MarketError('err.kline.time', { field });
}

function parseLegs(payload: Record<string, unknown>): KlineQuery['legs'] {
  const exchanges = list(payload.excheng);
  const types = list(payload.types);
  if (exchanges.length < 1 || exchanges.length > 2 || exchanges.length !== types.length) throw new MarketError('err.kline.legs');
  return exchanges.map((e, i) => {
    const exchange = Number(e);
    const type = Number(types[i]);
    if (!KLINE_EXCHANGES.includes(exchange as ExchangeId)) throw new MarketError('err.kline.exchange', { exchange: e, supported: KLINE_EXCHANGES.join(', ') });
    if (!isContractCode(type) || !offers(exchange, type)) throw new MarketError('err.market.contractType', { exchange: e, type: types[i] });
    return { exchange: exchange as ExchangeId, type };
  });
}

/** Reads and checks a K-line query; a missing window is the granularity's default window up to now. */
export function parseKlineQuery(payload: Record<string, unknown>, now: number): KlineQuery {
  const legs = parseLegs(payload);
  const currency = text(payload.currencys).toLowerCase();
  if (!isCurrency(currency)) throw new MarketError('err.market.currency', { currency: text(payload.currencys) });
  const asked = text(payload.granularity).toUpperCase() || DEFAULT_GRANULARITY;
  const granularity = ALIASES[asked] ?? asked;
  const frame = GRANULARITIES[granularity];
  if (!frame) throw new MarketError('err.kline.granularity', { values: [...Object.keys(GRANULARITIES), 'D', 'W'].join(', ') });
  const fields: KlineField[] = legs.length === 1 ? ['price'] : ['positive', 'negative'];
  const field = (text(payload.field) || fields[0]) as KlineField;
  if (!fields.includes(field)) throw new MarketError('err.kline.field', { values: fields.join(', ') });

  const offset = KLINE_OFFSET_MS[legs[0].exchange];
  const endText = text(payload.endtime);
  const end = Math.min(endText ? parseTime(endText, 'endtime', offset) : now, now);
  const startText = text(payload.starttime);
  const start = startText ? parseTime(startText, 'starttime', offset) : Math.max(EARLIEST, end - frame.windowMs);
  if (start < EARLIEST) throw new MarketError('err.kline.earliest', { earliest: formatInZone(EARLIEST, offset) });
  if (start > now) throw new MarketError('err.kline.future');
  if (start >= end) throw new MarketError('err.kline.order');
  const count = Math.ceil((end - bucketStart(start, frame.bucketMs, offset)) / frame.bucketMs);
  if (count > MAX_CANDLES) throw new MarketError('err.kline.tooMany', { granularity, max: MAX_CANDLES });
  return { legs, currency, granularity, field, start, end };
}

/** Buckets align to the zone's clock; weeks start on Monday (1970-01-01 was a Thursday). */
function bucketStart(t: number, bucketMs: number, offsetMs: number): number {
  const shift = offsetMs + (bucketMs === 7 * DAY_MS ? 3 * DAY_MS : 0);
  return Math.floor((t + shift) / bucketMs) * bucketMs - shift;
}

/** The value a K-line follows at t: a leg's last price, or a spread of two legs' tops. */
function valueAt(market: SimMarket, q: KlineQuery): (t: number) => number {
  const tick = CURRENCY_MODEL[q.currency].tick;
  const [a, b] = q.legs;
  if (!b) return (t) => market.top(a.exchange, q.currency, a.type, t).last;
  return (t) => {
    const ta = market.top(a.exchange, q.currency, a.type, t);
    const tb = market.top(b.exchange, q.currency, b.type, t);
    return roundTo(q.field === 'positive' ? ta.bid - tb.ask : ta.ask - tb.bid, tick);
  };
}

/** The candles of a checked query at `now`. */
export function klines(market: SimMarket, q: KlineQuery, now: number): KlineReply {
  const frame = GRANULARITIES[q.granularity];
  const offset = KLINE_OFFSET_MS[q.legs[0].exchange];
  const value = valueAt(market, q);
  const candles: Candle[] = [];
  for (let from = bucketStart(q.start, frame.bucketMs, offset); from < q.end; from += frame.bucketMs) {
    const to = Math.min(from + frame.bucketMs, now);
    const open = value(from);
    const close = value(to);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    for (let t = from + frame.sampleMs; t < to; t += frame.sampleMs) {
      const v = value(t);
      if (v > high) high = v;
      if (v < low) low = v;
    }
    candles.push({ time: formatInZone(from, offset), ts: from, open, high, low, close });
  }
  return { granularity: q.granularity, field: q.field, timezone: offset ? 'UTC+8' : 'UTC', candles };
}

/** China time (UTC+8), the zone of every time the server shows. */
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/**
 * `GET /web/get/distance/days {startTime, distanceDays}`: the window of `distanceDays` days from
 * `startTime` (China time), clamped to [December 2018, now]; a negative distance reaches back.
 */
export function distanceDays(payload: Record<string, unknown>, now: number): DistanceDays {
  const days = Number(text(payload.distanceDays));
  if (text(payload.distanceDays) === '' || !Number.isInteger(days)) throw new MarketError('err.kline.distance');
  const startText = text(payload.startTime);
  const from = startText ? parseTime(startText, 'startTime', CHINA_OFFSET_MS) : now;
  const to = from + days * DAY_MS;
  const clamp = (t: number): number => Math.min(now, Math.max(EARLIEST, t));
  const [s, e] = [clamp(Math.min(from, to)), clamp(Math.max(from, to))];
  return { starttime: formatInZone(s, CHINA_OFFSET_MS), endtime: formatInZone(e, CHINA_OFFSET_MS) };
}
