/** Assets (spec §3 Asset statistics, §7 Assets): the asset feed's records, the charts' points and what the asset calls answer. */
import type { RatioRangeKey } from '../rules/assets';

/** /asset/manual/snapshot/get: the API's assets at the moment asked (assumed shape: the asset feed's asset_info and a time). */
export interface ManualSnapshot {
  /** the account it was taken of */
  apiId: number;
  time: string;
  statistics: Record<string, number | string>;
  list: Record<string, number | string | null>[];
  /** our addition (issue 33): a testnet or live account's figures are its exchange's, read at `exchange.readAt` */
  exchange?: ExchangeReading;
}

/**
 * What of a testnet or live account's assets its exchange is read for besides its trading balance
 * (server/exchange/holdings.ts): `futures` its futures accounts where they are apart, `wallet` its funding account,
 * `positions`, `ledger` its bills, `transfers`, `borrow` its borrowing interest.
 */
export type HoldingPart = 'futures' | 'wallet' | 'positions' | 'ledger' | 'transfers' | 'borrow';
export const HOLDING_PARTS: readonly HoldingPart[] = ['futures', 'wallet', 'positions', 'ledger', 'transfers', 'borrow'];

/**
 * Our addition (issue 33): where the figures of a testnet or live account come from — its exchange, read on a schedule
 * (contract/rules/exchange-trading.ts HOLDINGS_READ_MS). A paper account's messages have none.
 */
export interface ExchangeReading {
  /** ms of the last successful read; null: not read yet (the message's asset_info is then empty, not zeros) */
  readAt: number | null;
  /** the figures are older than HOLDINGS_STALE_MS, or the exchange is marked down: they are the last ones read, not now's */
  stale: boolean;
  /** what ccxt or the exchange does not give for this account: not shown, rather than made up */
  unavailable: HoldingPart[];
  /** why the last read failed (in the caller's language where the server refused to send it); null when it did not */
  error: string | null;
}

/** A row of /asset/trade/records/get (assumed shape, docs/spec-coverage.md): a fill of the task engine. */
export interface AssetTradeRecord {
  id?: string | number;
  time?: string;
  instrument_id?: string;
  type?: string | number;
  price?: number | string;
  amount?: number | string;
  fee?: number | string;
}
/** A point of /get/currency/information (assumed: the currency's price over time). */
export interface CurrencyPoint {
  dateTime: string;
  price: number;
}

/** §3 asset statistics: total_equity(USDT), principal/surplus(USDT), … keyed as the server names them. */
export type AssetStatistics = Record<string, number | string>;

/** One row of the per-currency table (§2 assets page columns). */
export type AssetRow = Record<string, number | string | null>;

/** One message of the asset socket (/asset/get), per API id. */
export interface AssetFeedData {
  /** the API account these numbers are about (one message per API id of the subscription). */
  apiId: number;
  /** empty (no statistics, no rows) for a testnet or live account whose exchange has not been read yet: `exchange.readAt` null */
  asset_info: { statistics: AssetStatistics; list: AssetRow[] };
  ledger: unknown[];
  borrow: unknown[];
  /** our addition (issue 33): a testnet or live account's figures come from its exchange, read at `exchange.readAt` */
  exchange?: ExchangeReading;
}

/** /asset/changing/rate/get, per account: its equity now and its change over each ratio range (a fraction). */
export interface AccountChange {
  apiId: number;
  name: string;
  equity_usdt: number;
  rates: Partial<Record<RatioRangeKey, number>>;
}

/** /asset/imaging/get: the chart series of one API. */
export interface ApiChartPoint {
  dateTime: string;
  equity_usdt: number;
  rate_usdt: number;
  equity: number;
  equity_rate_usdt: number;
}
