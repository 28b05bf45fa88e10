/**
 * Market tables (§3 "Market table config": [exchange A, exchange B, type A, type B]) and their rows
 * (§3 "Market row"). Field meanings and formulas: see README.md "Market rows".
 */
import { typesForB as sharedTypesForB, validTables as sharedValidTables } from '#contract/rules/market';
import { MarketError } from './messages';
import { CURRENCY_MODEL, roundTo, type MarketSource } from './sim';
import { CURRENCIES, isContractCode, isExchange, offers, type ContractCode, type Currency, type ExchangeId } from './instruments';

export type MarketTable = [exchangeA: ExchangeId, exchangeB: ExchangeId, typeA: ContractCode, typeB: ContractCode];

/** §3 Market row: one type for console and server (fields and formulas in server/market/README.md). */
export type { MarketRow } from '#contract/types/market';
import type { MarketRow } from '#contract/types/market';

/**
 * Checks one table: both exchanges exist and offer their type, and the two legs differ (the same type
 * across two exchanges is fine). Any order of the legs is accepted — the task page's pairs are
 * spot/this week, spot/quarter… — and every spread reads leg A − leg B.
 */
export function checkTable(value: unknown): MarketTable {
  if (!Array.isArray(value) || value.length !== 4) throw new MarketError('err.market.table');
  const [ea, eb, ta, tb] = value.map(Number);
  for (const e of [ea, eb]) if (!isExchange(e)) throw new MarketError('err.market.exchange', { exchange: String(e) });
  for (const [e, t] of [
    [ea, ta],
    [eb, tb],
  ]) {
    if (!isContractCode(t) || !offers(e, t)) throw new MarketError('err.market.contractType', { exchange: e, type: String(t) });
  }
  if (ea === eb && ta === tb) throw new MarketError('err.market.sameLeg');
  return [ea as ExchangeId, eb as ExchangeId, ta as ContractCode, tb as ContractCode];
}

/** Every table the console may offer: all combinations `checkTable` accepts (rule in contract/rules/market.ts). */
export const validTables = (): MarketTable[] => sharedValidTables() as MarketTable[];

/** The leg-B types the console may offer once exchange A, exchange B and type A are chosen. */
export const typesForB = (ea: ExchangeId, eb: ExchangeId, a: ContractCode): ContractCode[] => sharedTypesForB(ea, eb, a) as ContractCode[];

/** `GET /currencyType/get {aTransactionType, bTransactionType}`: currencies listed on both types (all nine). */
export function currencyTypes(aType: number, bType: number): Currency[] {
  for (const t of [aType, bType]) if (!isContractCode(t)) throw new MarketError('err.market.contractType', { exchange: '-', type: String(t) });
  return [...CURRENCIES];
}

const fixed = (value: number, decimals: number): string => value.toFixed(decimals);
/** §9: prices and amounts show 4 decimals; finer ticks (TRX) keep theirs. */
const priceDecimals = (currency: Currency): number => Math.max(4, Math.round(-Math.log10(CURRENCY_MODEL[currency].tick)));
const PERCENT_DECIMALS = 4;

const spread = (difference: number, reference: number, currency: Currency): string =>
  `${fixed(roundTo(difference, CURRENCY_MODEL[currency].tick), priceDecimals(currency))}/${fixed((difference / reference) * 100, PERCENT_DECIMALS)}%`;

/** One row of a table for one currency at `now`. */
export function marketRow(market: MarketSource, table: MarketTable, currency: Currency, now: number): MarketRow {
  const [ea, eb, ta, tb] = table;
  const a = market.quote(ea, currency, ta, now);
  const b = market.quote(eb, currency, tb, now);
  const d = priceDecimals(currency);
  return {
    currency_type: currency,
    a_buy: `${fixed(a.bid, d)}/${fixed(a.bidSize, 4)}`,
    b_sell: `${fixed(b.ask, d)}/${fixed(b.askSize, 4)}`,
    a_validity: a.validity,
    b_validity: b.validity,
    positive: spread(a.bid - b.ask, b.ask, currency),
    negative: spread(a.ask - b.bid, b.bid, currency),
    a_source: a.source,
    b_source: b.source,
  };
}

/** The rows of one table: one per currency, in the order of §9's currency list. */
export const marketRows = (market: MarketSource, table: MarketTable, now: number): MarketRow[] =>
  CURRENCIES.map((currency) => marketRow(market, table, currency, now));
