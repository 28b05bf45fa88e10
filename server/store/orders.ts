import type { Queryable } from './queryable';
import type { OrderSideSums } from '../../src/domain/statistics';
import type { OrderRow } from './tasks';

/**
 * Order statistics (issue 10): read-only queries over the orders the task engine writes
 * (`task_orders`, via `server/store/tasks.ts`). A user sees only the orders of their own tasks; an
 * order's currency is its task's `currency_type`, its API account `cparam.apiid`.
 */

/** Which orders: always one user's; the other fields narrow (absent or empty = all). */
export interface OrderFilter {
  userId: number;
  taskIds?: readonly number[];
  apiIds?: readonly number[];
  currencies?: readonly string[];
  /** createtime ≥ from (ms) */
  from?: number;
  /** createtime ≤ to (ms) */
  to?: number;
}

/** An order with what the statistic row needs from its task and API account. */
export interface OrderStatRow extends OrderRow {
  currency: string;
  api_name: string | null;
}

const CURRENCY = `json_extract(t.params, '$.currency_type')`;
const API_ID = `json_extract(o.cparam, '$.apiid')`;
const FROM = `FROM task_orders o JOIN task_tasks t ON t.id = o.task_id`;
/**
 * The same join for lists newest first: '+' keeps SQLite from taking the (task_id, id) index and
 * sorting every order of the user; it walks `task_orders_id_task` (migration 6) from the newest id and
 * stops after the page. With tasks named, the (task_id, id) index is the right one.
 */
const fromNewest = (filter: OrderFilter) => (filter.taskIds?.length ? FROM : `FROM task_orders o JOIN task_tasks t ON t.id = +o.task_id`);

const marks = (list: readonly unknown[]) => list.map(() => '?').join(',');

/** The WHERE clause of a filter and its arguments. */
function where(filter: OrderFilter): { sql: string; args: (string | number)[] } {
  const parts = ['t.user_id = ?'];
  const args: (string | number)[] = [filter.userId];
  const list = (expr: string, values: readonly (string | number)[] | undefined) => {
    if (!values?.length) return;
    parts.push(`${expr} IN (${marks(values)})`);
    args.push(...values);
  };
  list('o.task_id', filter.taskIds);
  list(API_ID, filter.apiIds);
  list(CURRENCY, filter.currencies);
  if (filter.from !== undefined) {
    parts.push('o.createtime >= ?');
    args.push(filter.from);
  }
  if (filter.to !== undefined) {
    parts.push('o.createtime <= ?');
    args.push(filter.to);
  }
  return { sql: parts.join(' AND '), args };
}

/** The full rows of the given order ids, newest first. */
async function rowsOf(db: Queryable, ids: readonly number[]): Promise<OrderStatRow[]> {
  if (!ids.length) return [];
  return db.all<OrderStatRow>(
    `SELECT o.*, ${CURRENCY} AS currency, a.name AS api_name ${FROM}
     LEFT JOIN api_accounts a ON a.id = ${API_ID}
     WHERE o.id IN (${marks(ids)}) ORDER BY o.id DESC`,
    [...ids],
  );
}

/** How many orders a filter matches. */
export async function countOrders(db: Queryable, filter: OrderFilter): Promise<number> {
  const w = where(filter);
  const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n ${FROM} WHERE ${w.sql}`, w.args);
  return Number(row?.n ?? 0);
}

/**
 * Orders of a filter, newest first: `limit` of them after skipping `offset`; or, with `before` /
 * `after`, the ones with an id below / above it (the '-' rule of /web/get/order/newest: `after`
 * gives the `limit` orders just newer than the id, still newest first).
 * The ids are found first (a covering index), then only the page's rows are read.
 */
export async function listOrders(
  db: Queryable,
  filter: OrderFilter,
  page: { limit: number; offset?: number; before?: number; after?: number },
): Promise<OrderStatRow[]> {
  const w = where(filter);
  const args = [...w.args];
  let cursor = '';
  if (page.before !== undefined) {
    cursor = ' AND o.id < ?';
    args.push(page.before);
  } else if (page.after !== undefined) {
    cursor = ' AND o.id > ?';
    args.push(page.after);
  }
  const order = page.after !== undefined ? 'ASC' : 'DESC';
  const ids = await db.all<{ id: number }>(
    `SELECT o.id ${fromNewest(filter)} WHERE ${w.sql}${cursor} ORDER BY o.id ${order} LIMIT ? OFFSET ?`,
    [...args, page.limit, page.offset ?? 0],
  );
  return rowsOf(
    db,
    ids.map((r) => Number(r.id)),
  );
}

/** Sums of one group of orders (USDT of the filled notional, fees), grouped as `SumBy` says. */
export interface OrderSums extends OrderSideSums {
  /** null when summed over the currencies */
  currency: string | null;
  /** 'manual' for cparam.order_type manual, else 'automatic' (auto, delivery, close position) */
  kind: 'automatic' | 'manual';
  api_id: number | null;
  task_id: number | null;
  orders: number;
}

const NOTIONAL = `(COALESCE(json_extract(o.result, '$.deal_amount'), 0) * COALESCE(json_extract(o.result, '$.deal_price'), 0))`;
const OTYPE = `json_extract(o.cparam, '$.otype')`;
const SPOT = `json_extract(o.cparam, '$.acc_type') = 'spot'`;
/** buying: spot buy, futures open long (1) or close short (4) */
const BUYS = `${OTYPE} IN (1, 4, 'buy')`;
const sumIf = (cond: string) => `SUM(CASE WHEN ${cond} THEN ${NOTIONAL} ELSE 0 END)`;

/** Which keys the sums are grouped by besides the kind (false = summed over all of them). */
export interface SumBy {
  currency: boolean;
  api: boolean;
  task: boolean;
}

/** The sums of a filter's orders per kind and the keys of `by`. Every number is a sum over the rows the order list shows. */
export async function sumOrders(db: Queryable, filter: OrderFilter, by: SumBy = { currency: true, api: false, task: false }): Promise<OrderSums[]> {
  const w = where(filter);
  const kind = `CASE WHEN json_extract(o.cparam, '$.order_type') = 'manual' THEN 'manual' ELSE 'automatic' END`;
  const currency = by.currency ? CURRENCY : 'NULL';
  const api = by.api ? API_ID : 'NULL';
  const task = by.task ? 'o.task_id' : 'NULL';
  const rows = await db.all<OrderSums>(
    `SELECT ${currency} AS currency, ${kind} AS kind, ${api} AS api_id, ${task} AS task_id,
       COUNT(*) AS orders,
       SUM(${NOTIONAL}) AS notional,
       SUM(COALESCE(json_extract(o.result, '$.fee'), 0)) AS fee,
       ${sumIf(`NOT ${SPOT} AND ${BUYS}`)} AS fu_buy,
       ${sumIf(`NOT ${SPOT} AND NOT ${BUYS}`)} AS fu_sell,
       ${sumIf(`${SPOT} AND ${BUYS}`)} AS ss_buy,
       ${sumIf(`${SPOT} AND NOT ${BUYS}`)} AS ss_sell
     ${FROM} WHERE ${w.sql} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    w.args,
  );
  const orNull = (value: unknown) => (value === null ? null : Number(value));
  return rows.map((r) => ({
    currency: r.currency === null ? null : String(r.currency),
    kind: r.kind,
    api_id: orNull(r.api_id),
    task_id: orNull(r.task_id),
    orders: Number(r.orders),
    notional: Number(r.notional),
    fee: Number(r.fee),
    fu_buy: Number(r.fu_buy),
    fu_sell: Number(r.fu_sell),
    ss_buy: Number(r.ss_buy),
    ss_sell: Number(r.ss_sell),
  }));
}

/** Orders per API account of the user (`cparam.apiid`), every own account listed (0 when none). */
export async function countPerApi(db: Queryable, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const a of await db.all<{ id: number }>('SELECT id FROM api_accounts WHERE user_id = ? ORDER BY id', [userId])) counts[String(a.id)] = 0;
  const rows = await db.all<{ api_id: number; n: number }>(`SELECT ${API_ID} AS api_id, COUNT(*) AS n ${FROM} WHERE t.user_id = ? GROUP BY api_id`, [userId]);
  for (const r of rows) counts[String(r.api_id)] = Number(r.n);
  return counts;
}
