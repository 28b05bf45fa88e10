/** Contract types of a task's legs; their expiries from the one delivery calendar (contract/rules/calendar.ts). */
import { DELIVERY_TYPES, deliveryCode, deliveryExpiry } from '#contract/rules/calendar';
import { contractType as contractTypeOf, tradeTypeOf as sharedTradeTypeOf, transactionType as transactionTypeOf } from '#contract/rules/codes';
import type { DeliveryType, ExpirySource, Leg, TaskParams, TradeType } from './types';

/** A task's transaction type → contract type and contract type → trade type: the one table in contract/rules/codes.ts (§3). */
export const contractOf = (transactionType: number): number => transactionTypeOf(transactionType)?.contract ?? transactionType;
// every step asks these of every leg: the tables are searched once per code
const tradeTypes = new Map<number, TradeType>();
export const tradeTypeOf = (contractType: number): TradeType => {
  let type = tradeTypes.get(contractType);
  if (type === undefined) {
    type = sharedTradeTypeOf(contractType) ?? 'SS';
    if (tradeTypes.size < 256) tradeTypes.set(contractType, type);
  }
  return type;
};
export const isDelivery = (t: TradeType): t is DeliveryType => (DELIVERY_TYPES as readonly TradeType[]).includes(t);

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

export { deliveryExpiry };
export const defaultExpiry: ExpirySource = (leg, now) => deliveryExpiry(tradeTypeOf(leg.contractType), now);

/** Delivery codes by expiry: a handful of expiries are in use at a time, and every order names one. */
const codes = new Map<number, string>();
const codeOf = (expiry: number): string => {
  let code = codes.get(expiry);
  if (code === undefined) {
    if (codes.size >= 64) codes.clear();
    code = deliveryCode(expiry);
    codes.set(expiry, code);
  }
  return code;
};

/** Instrument ids as the exchanges write them: BTC-USDT, BTC-USD-SWAP, BTC-USD-250926; USDT-margined BTC-USDT-SWAP, BTC-USDT-250926. */
export const instrumentId = (leg: Leg, expiry: number | null): string => {
  const coin = leg.currency.toUpperCase();
  const t = tradeTypeOf(leg.contractType);
  if (t === 'SS') return `${coin}-USDT`;
  const quote = contractTypeOf(leg.contractType)?.margin === 'usdt' ? 'USDT' : 'USD';
  if (t === 'CS' || expiry === null) return `${coin}-${quote}-SWAP`;
  return `${coin}-${quote}-${codeOf(expiry)}`;
};

/**
 * The instrument id as the leg's own exchange writes it (its ccxt market id), for orders sent there: OKX's (instrumentId);
 * Binance's BTCUSDT, BTCUSDT_250926 (USDⓈ-M), BTCUSD_PERP, BTCUSD_250926 (COIN-M), spot BTCUSDT; HTX's btcusdt (spot),
 * BTC-USD / BTC-USDT (swaps), BTC250926 (delivery).
 */
export const exchangeInstrumentId = (leg: Leg, expiry: number | null): string => {
  const coin = leg.currency.toUpperCase();
  const t = tradeTypeOf(leg.contractType);
  const quote = contractTypeOf(leg.contractType)?.margin === 'usdt' ? 'USDT' : 'USD';
  const delivery = t === 'SS' || t === 'CS' || expiry === null ? null : deliveryCode(expiry);
  if (leg.exchange === 3) {
    if (t === 'SS') return `${coin}USDT`;
    if (delivery) return `${coin}${quote}_${delivery}`;
    return quote === 'USDT' ? `${coin}USDT` : `${coin}USD_PERP`;
  }
  if (leg.exchange === 2) {
    if (t === 'SS') return `${leg.currency.toLowerCase()}usdt`;
    return delivery ? `${coin}${delivery}` : `${coin}-${quote}`;
  }
  return instrumentId(leg, expiry);
};
