/** Market (spec §3 Market table config, Market row; §7 Market; §9 K-lines): exchanges, contract types, tables, rows and candles. */

export interface Bourse {
  id: number;
  name: string;
}
export interface TransactionType {
  id: number;
  name: string;
}

export interface KlineRequest {
  excheng: number;
  currencys: string;
  types: number;
  granularity: string;
  field: string;
  starttime: string;
  endtime: string;
}

/** §3 "Market table config": [exchange A, exchange B, type A, type B]. */
export type MarketTable = [exchangeA: number, exchangeB: number, typeA: number, typeB: number];

/** §3 "Market row": strings split by '/'. Meanings in docs/spec-coverage.md (§3 Market row). */
export interface MarketRow {
  currency_type: string;
  /** leg A's best bid 'price/size' */
  a_buy: string;
  /** leg B's best ask 'price/size' */
  b_sell: string;
  /** seconds leg A's quote is stale; ≥ 1 is shown red */
  a_validity: number;
  b_validity: number;
  /** A bid − B ask: 'difference/percent%' */
  positive: string;
  /** A ask − B bid: 'difference/percent%' */
  negative: string;
  a_source?: 'live' | 'sim';
  b_source?: 'live' | 'sim';
}
export type KlineField = 'price' | 'positive' | 'negative';

/** A candle of /web/get/kline/data; `time` is shown in the exchange's zone (§9: exchange 1 +8 h). */
export interface Candle {
  time: string;
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
export interface KlineReply {
  granularity: string;
  field: KlineField;
  timezone: string;
  candles: Candle[];
}

/** The window of `GET /web/get/distance/days`. */
export interface DistanceDays {
  starttime: string;
  endtime: string;
}
