/**
 * The delivery calendar (one for the console and the reference server's market and engine), pure date
 * arithmetic on the instant it is given, never the wall clock: weekly contracts expire every Friday 08:00 UTC; quarterly contracts on the
 * last Friday of March, June, September and December, 08:00 UTC.
 *
 * At any instant: this week (CW) is the first Friday expiry after now; next week (NW) the one after;
 * quarter (CQ) the first quarterly expiry later than NW (so it is never the same contract as a weekly
 * one: within two weeks of its delivery the quarter rolls on, as OKX and Huobi do); next quarter (NQ)
 * the quarterly expiry after CQ. An expiry at exactly `now` has already delivered.
 */
import type { TradeType } from './codes';

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
const EXPIRY_HOUR_UTC = 8;
const FRIDAY = 5;

export type DeliveryType = Extract<TradeType, 'CW' | 'NW' | 'CQ' | 'NQ'>;
export const DELIVERY_TYPES: readonly DeliveryType[] = ['CW', 'NW', 'CQ', 'NQ'];

/** The first Friday 08:00 UTC strictly after `now`. */
export function nextWeeklyExpiry(now: number): number {
  const d = new Date(now);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  let expiry = day + ((FRIDAY - d.getUTCDay() + 7) % 7) * DAY_MS + EXPIRY_HOUR_UTC * 3600 * 1000;
  while (expiry <= now) expiry += WEEK_MS;
  return expiry;
}

/** The last Friday 08:00 UTC of a month (month 0-11). */
function lastFridayOf(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const back = (lastDay.getUTCDay() - FRIDAY + 7) % 7;
  return Date.UTC(year, month, lastDay.getUTCDate() - back, EXPIRY_HOUR_UTC);
}

/** The first quarterly expiry strictly after `after`. */
export function nextQuarterlyExpiry(after: number): number {
  const d = new Date(after);
  let year = d.getUTCFullYear();
  let month = Math.floor(d.getUTCMonth() / 3) * 3 + 2;
  for (;;) {
    const expiry = lastFridayOf(year, month);
    if (expiry > after) return expiry;
    month += 3;
    if (month > 11) {
      month -= 12;
      year += 1;
    }
  }
}

export type Expiries = Record<DeliveryType, number>;

/** The expiry (ms, UTC) of each delivery type at `now`. */
export function expiries(now: number): Expiries {
  const CW = nextWeeklyExpiry(now);
  const NW = CW + WEEK_MS;
  const CQ = nextQuarterlyExpiry(NW);
  const NQ = nextQuarterlyExpiry(CQ);
  return { CW, NW, CQ, NQ };
}

/** When a contract of this trade type expires at `now`; spot (SS) and perpetual (CS) never do. */
export const deliveryExpiry = (tradeType: TradeType, now: number): number | null =>
  (DELIVERY_TYPES as readonly TradeType[]).includes(tradeType) ? expiries(now)[tradeType as DeliveryType] : null;

/** YYMMDD of an expiry, the suffix exchanges put on delivery instruments (BTC-USD-250328). */
export const deliveryCode = (expiry: number): string => new Date(expiry).toISOString().slice(2, 10).replaceAll('-', '');

export type DeliveryCodes = Record<DeliveryType, string>;

/** What `get_delivery_code` answers: the current code of this week, next week, quarter and next quarter. */
export function deliveryCodes(now: number): DeliveryCodes {
  const e = expiries(now);
  return { CW: deliveryCode(e.CW), NW: deliveryCode(e.NW), CQ: deliveryCode(e.CQ), NQ: deliveryCode(e.NQ) };
}
