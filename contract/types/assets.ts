/** Assets (spec §3 Asset statistics, §7 Assets): the asset feed's records, the charts' points and what the asset calls answer. */
import type { RatioRangeKey } from '../rules/assets';

/** /asset/manual/snapshot/get: the API's assets at the moment asked (assumed shape: the asset feed's asset_info and a time). */
export interface ManualSnapshot {
  /** the account it was taken of */
  apiId: number;
  time: string;
  statistics: Record<string, number | string>;
  list: Record<string, number | string | null>[];
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
  asset_info: { statistics: AssetStatistics; list: AssetRow[] };
  ledger: unknown[];
  borrow: unknown[];
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
