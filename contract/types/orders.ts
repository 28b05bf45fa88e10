/** Orders and statistics (spec §3 Order record, Order statistic row, Statistic group fields; §7 Orders and statistics). */

/** §3 Order record (cparam and result are JSON text). */
export interface OrderRecord {
  id: number;
  client_id: string;
  task_id: number;
  task_children_id: number;
  cparam: string;
  result: string;
  pairing_id: string;
  status_: number;
  createtime: string;
}
/** /web/get/order/paging {eachPageNumber, pagingNumber} → {total_paging, data} (§7). */
export interface OrderPage {
  total_paging: number;
  data: OrderStatisticRow[];
}

/** /web/query/order/SDC: JSON arrays whose first element is 0 (sum) or 1 (individual). */
export interface OrderQuery {
  apis: string;
  days: string;
  currencys: string;
  tasks: string;
}

/** §3 statistic group fields, for one currency and period. */
export interface StatisticGroup {
  currency: string;
  /** the period in minutes (§9: 60, 1440, 2880). */
  minutes: number;
  pool: number;
  pool_accounted: number;
  more: number;
  empty: number;
  fu_more: number;
  fu_empty: number;
  ss_buy: number;
  ss_sell: number;
}
/**
 * §3 order statistic row: one type for the statistics socket's `order` list and the rows of
 * /web/get/order/paging and /web/query/order/SDC (the reference server writes all three with one
 * function); every field optional and a value may come as text, as a real server may send it.
 */
export interface OrderStatisticRow {
  client_id?: string | number;
  api_name?: string;
  bourse?: string | number;
  task_id?: string | number;
  instrument_id?: string;
  price?: string | number;
  amount?: string | number;
  type?: string | number;
  filled_amount?: string | number;
  filled_price?: string | number;
  filled_notional?: string | number;
  types?: string | number;
  fee?: string | number;
  timestamp?: string | number;
  trading_time?: string | number;
  state?: string | number;
  order_id?: string | number;
}
/** The query panel's groups may name the API account and task they are about (individual mode). */
export type QueryGroup = StatisticGroup & { api_id?: number | null; api_name?: string | null; task_id?: number | null };
/** What /web/query/order/SDC, /web/get/order/totalData and the statistics socket answer. */
export interface StatisticsReply {
  automatic: QueryGroup[];
  manual: QueryGroup[];
  order: OrderStatisticRow[];
}
