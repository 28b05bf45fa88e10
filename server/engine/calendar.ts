/** Contract types of a task's legs and the delivery calendar. */
import { contractType as contractTypeOf, tradeTypeOf as sharedTradeTypeOf, transactionType as transactionTypeOf } from '../../src/domain/codes';
import type { DeliveryType, ExpirySource, Leg, TaskParams, TradeType } from './types';

/** A task's transaction type → contract type and contract type → trade type: the one table in src/domain/codes.ts (§3). */
export const contractOf = (transactionType: number): number => transactionTypeOf(transactionType)?.contract ?? transactionType;
export const tradeTypeOf = (contractType: number): TradeType => sharedTradeTypeOf(contractType) ?? 'SS';
export const isDelivery = (t: TradeType): t is DeliveryType => t === 'CW' || t === 'NW' || t === 'CQ' || t === 'NQ';

export const legsOf = (p: TaskParams): [Leg, Leg] => [
  { exchange: p.a_bourse, currency: p.currency_type, contractType: contractOf(p.a_transaction_type) },
  { exchange: p.b_bourse, currency: p.currency_type, contractType: contractOf(p.b_transaction_type) },
];

/** The farther delivery type keys dlt and m (the spread order of §9: CQ, NW, CW, …); no delivery leg → CQ. */
const KEY_ORDER: readonly DeliveryType[] = ['NQ', 'CQ', 'NW', 'CW'];
export const deliveryKeyOf = (legs: readonly Leg[]): DeliveryType => {
  const types = legs.map((l) => tradeTypeOf(l.contractType));
  return KEY_ORDER.find((k) => types.includes(k)) ?? 'CQ';
};

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Deliveries settle on Fridays at 08:00 UTC (16:00 China time). */
const SETTLE_HOUR_MS = 8 * 3_600_000;

/** The first Friday 08:00 UTC strictly after `now`. */
const nextFriday = (now: number): number => {
  const day0 = Math.floor(now / DAY) * DAY;
  const weekday = new Date(day0).getUTCDay(); // 5 = Friday
  let t = day0 + ((5 - weekday + 7) % 7) * DAY + SETTLE_HOUR_MS;
  if (t <= now) t += WEEK;
  return t;
};

/** The last Friday 08:00 UTC of the quarter that ends after `t`'s quarter start, for quarter index q (year*4+quarter). */
const lastFridayOfQuarter = (q: number): number => {
  const year = Math.floor(q / 4);
  const endMonth = (q % 4) * 3 + 3; // first month of the next quarter
  const end = Date.UTC(year, endMonth, 1); // start of next quarter
  const lastDay = end - DAY;
  const weekday = new Date(lastDay).getUTCDay();
  return lastDay - ((weekday - 5 + 7) % 7) * DAY + SETTLE_HOUR_MS;
};

/**
 * When each delivery type expires: CW the next Friday, NW the one after, CQ the last Friday of the
 * first quarter that ends after NW, NQ the quarter after CQ. Spot and perpetual never expire.
 */
export const deliveryExpiry = (tradeType: TradeType, now: number): number | null => {
  const cw = nextFriday(now);
  if (tradeType === 'CW') return cw;
  if (tradeType === 'NW') return cw + WEEK;
  if (tradeType !== 'CQ' && tradeType !== 'NQ') return null;
  const d = new Date(now);
  let q = d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3);
  while (lastFridayOfQuarter(q) <= cw + WEEK) q += 1;
  return lastFridayOfQuarter(tradeType === 'CQ' ? q : q + 1);
};

export const defaultExpiry: ExpirySource = (leg, now) => deliveryExpiry(tradeTypeOf(leg.contractType), now);

const yymmdd = (ms: number): string => new Date(ms).toISOString().slice(2, 10).replaceAll('-', '');

/** Instrument ids as the exchanges write them: BTC-USDT, BTC-USD-SWAP, BTC-USD-250926; USDT-margined BTC-USDT-SWAP, BTC-USDT-250926. */
export const instrumentId = (leg: Leg, expiry: number | null): string => {
  const coin = leg.currency.toUpperCase();
  const t = tradeTypeOf(leg.contractType);
  if (t === 'SS') return `${coin}-USDT`;
  const quote = contractTypeOf(leg.contractType)?.margin === 'usdt' ? 'USDT' : 'USD';
  if (t === 'CS' || expiry === null) return `${coin}-${quote}-SWAP`;
  return `${coin}-${quote}-${yymmdd(expiry)}`;
};

/** Contract face value in USD (the §9 position unit divisor: 100 for BTC, 10 otherwise). */
export const faceValue = (currency: string): number => (currency.toLowerCase() === 'btc' ? 100 : 10);
