/**
 * Market tables (spec §3 Market table config, §9 spreads): which tables the exchanges offer, the spread
 * order of their legs, a table's key, and the widths a table may take (§2); the reference server's market
 * engine and the console's table editor read the same rules.
 */
import { contractTypesFor, type TradeType, contractType } from './codes';
import type { MarketTable } from '../types/market';

/** The exchanges that offer market data (ids of /bourse/get). */
export const MARKET_EXCHANGES = [1, 2, 3] as const;

/** The contract type codes an exchange offers (§3: exchange 2 only 1–4). */
export const marketTypesOf = (exchange: number): number[] =>
  (MARKET_EXCHANGES as readonly number[]).includes(exchange) ? contractTypesFor(exchange).map((c) => c.code) : [];

/**
 * The spread order of §9 (CQ, NW, CW, CS, SS), longest-dated first; next quarter (NQ), which §9 does
 * not name, goes before CQ. A table's leg A never comes after its leg B, so a spread reads "far − near".
 * USDT-margined types rank as their abbreviation.
 */
export const SPREAD_ORDER: readonly TradeType[] = ['NQ', 'CQ', 'NW', 'CW', 'CS', 'SS'];

/** Position of a contract type in the spread order; -1 for an unknown code. */
export const spreadRank = (type: number): number => {
  const known = contractType(type);
  return known ? SPREAD_ORDER.indexOf(known.tradeType) : -1;
};

/** The leg-B types allowed once exchange A, exchange B and type A are chosen. */
export const typesForB = (exchangeA: number, exchangeB: number, typeA: number): number[] =>
  marketTypesOf(exchangeA).includes(typeA) ? marketTypesOf(exchangeB).filter((b) => !(exchangeA === exchangeB && typeA === b)) : [];

/** The leg-A types of exchange A that leave at least one leg-B type on exchange B. */
export const typesForA = (exchangeA: number, exchangeB: number): number[] =>
  marketTypesOf(exchangeA).filter((a) => typesForB(exchangeA, exchangeB, a).length > 0);

/** Whether a table is one the exchanges offer, with its legs in spread order. */
export const isValidTable = ([exchangeA, exchangeB, typeA, typeB]: readonly number[]): boolean => typesForB(exchangeA, exchangeB, typeA).includes(typeB);

/** Every table the console may offer. */
export function validTables(): MarketTable[] {
  return MARKET_EXCHANGES.flatMap((ea) =>
    MARKET_EXCHANGES.flatMap((eb) => marketTypesOf(ea).flatMap((a) => typesForB(ea, eb, a).map((b): MarketTable => [ea, eb, a, b]))),
  );
}

export const tableKey = (table: readonly number[]): string => table.join('-');

/** The parts of a '/'-split field. */
export const splitField = (value: unknown): string[] =>
  typeof value === 'string' ? value.split('/') : value === undefined || value === null ? [] : [String(value)];

export type TableSpan = 8 | 12 | 24;
export const TABLE_SPANS: readonly TableSpan[] = [8, 12, 24];
export type SpanChoice = 'auto' | TableSpan;
