import type { Queryable } from './queryable';
import type { OrderSideSums } from '#contract/rules/statistics';
import type { OrderRow } from './tasks';

/**
 * Order statistics: read-only queries over the orders the task engine writes
 * (`task_orders`, via `server/store/tasks.ts`). A user sees only the orders of their own tasks; an
 * order's currency is its task's `currency_type`, its API account `cparam.apiid`.
 *
 * no query here reads the orders' JSON or walks every order. They read an order's facts (user, task, time, kind,
 * API, side, filled notional, fee: columns of task_orders the engine writes, migration 24) through two covering
 * indexes: the sums walk `task_orders_stats` (task, time) over the user's tasks and the partial hours at the two ends
 * of a period, its whole hours read from `order_sums` (the sums kept per task, kind, API, side and hour, migration 22);
 * the lists and counts walk `task_orders_user` (user, id) newest first.
 * Only the rows of a page are read from `task_orders`. (tests/server/security-cost.test.ts checks the plans.)
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
  /** createtime < before (ms) */
  before?: number;
}

/** An order with what the statistic row needs from its task and API account. */
export interface OrderStatRow extends OrderRow {
  currency: string;
  api_name: string | null;
}

const CURRENCY = `json_extract(t.params, '$.currency_type')`;
const marks = (list: readonly unknown[]) => list.map(() => '?').join(',');

interface Sql {
  sql: string;
  args: (string | number)[];
}

/** The user's tasks a filter allows (by id and currency): conditions on task_tasks `t`, and the subquery of their ids. */
function tasksOf(filter: OrderFilter): Sql & { where: string } {
  const parts = ['t.user_id = ?'];
  const args: (string | number)[] = [filter.userId];
  if (filter.taskIds?.length) {
    parts.push(`t.id IN (${marks(filter.taskIds)})`);
    args.push(...filter.taskIds);
  }
  if (filter.currencies?.length) {
    parts.push(`${CURRENCY} IN (${marks(filter.currencies)})`);
    args.push(...filter.currencies);
  }
  const where = parts.join(' AND ');
  return { where, sql: `SELECT t.id FROM task_tasks t WHERE ${where}`, args };
}

/** The conditions on an order's facts `s` besides its user or tasks: API accounts and time. */
function narrowing(filter: OrderFilter): Sql {
  const parts: string[] = [];
  const args: (string | number)[] = [];
  if (filter.apiIds?.length) {
    parts.push(`s.api_id IN (${marks(filter.apiIds)})`);
    args.push(...filter.apiIds);
  }
  const time = (cond: string, value: number | undefined) => {
    if (value === undefined) return;
    parts.push(cond);
    args.push(value);
  };
  time('s.createtime >= ?', filter.from);
  time('s.createtime <= ?', filter.to);
  time('s.createtime < ?', filter.before);
  return { sql: parts.map((p) => ` AND ${p}`).join(''), args };
}

/** A filter over the user's index: the user, the tasks when they are narrowed, the API accounts and time. */
function byUser(filter: OrderFilter): Sql {
  const narrowed = filter.taskIds?.length || filter.currencies?.length;
  const tasks = narrowed ? tasksOf(filter) : undefined;
  const rest = narrowing(filter);
  return {
    sql: `s.user_id = ?${tasks ? ` AND s.task_id IN (${tasks.sql})` : ''}${rest.sql}`,
    args: [filter.userId, ...(tasks?.args ?? []), ...rest.args],
  };
}

/** The full rows of the given order ids, newest first. */
async function rowsOf(db: Queryable, ids: readonly number[]): Promise<OrderStatRow[]> {
  if (!ids.length) return [];
  return db.all<OrderStatRow>(
    `SELECT o.*, ${CURRENCY} AS currency, a.name AS api_name FROM task_orders o JOIN task_tasks t ON t.id = o.task_id
     LEFT JOIN api_accounts a ON a.id = json_extract(o.cparam, '$.apiid')
     WHERE o.id IN (${marks(ids)}) ORDER BY o.id DESC`,
    [...ids],
  );
}

/** The statement that counts a filter's orders (exported for its query plan). */
export function countSql(filter: OrderFilter): Sql {
  const w = byUser(filter);
  return { sql: `SELECT COUNT(*) AS n FROM task_orders s INDEXED BY task_orders_user WHERE ${w.sql}`, args: w.args };
}

/** Whether a filter is the user's and nothing else (all their orders). */
const userOnly = (f: OrderFilter) =>
  !f.taskIds?.length && !f.currencies?.length && !f.apiIds?.length && f.from === undefined && f.to === undefined && f.before === undefined;

/** The statement that reads the user's number of orders, kept by triggers (migration 21; exported for its query plan). */
export const userCountSql = 'SELECT n FROM order_counts WHERE user_id = ?';

/** How many orders a filter matches: all the user's from their kept count, a narrower filter counted on the user's index. */
export async function countOrders(db: Queryable, filter: OrderFilter): Promise<number> {
  if (userOnly(filter)) return Number((await db.get<{ n: number }>(userCountSql, [filter.userId]))?.n ?? 0);
  const { sql, args } = countSql(filter);
  return Number((await db.get<{ n: number }>(sql, args))?.n ?? 0);
}

export interface OrderPage {
  limit: number;
  offset?: number;
  /** ids below it (the next page) */
  before?: number;
  /** the `limit` ids just above it (the previous page), still answered newest first */
  after?: number;
  /** how many orders the filter matches, when known: a page in the older half is then found from the oldest end */
  total?: number;
}

/** An offset page in the older half of `total`, as a limit and offset from the oldest end (OFFSET steps over fewer entries). */
function fromOldest(page: OrderPage): { limit: number; offset: number } | undefined {
  const { total, offset = 0, limit } = page;
  if (total === undefined || page.before !== undefined || page.after !== undefined || offset <= total / 2) return undefined;
  return { limit: Math.max(0, Math.min(limit, total - offset)), offset: Math.max(0, total - offset - limit) };
}

/** Whether a filter names one task and nothing else: its page walks that task's own index. */
const oneTaskOnly = (f: OrderFilter): f is OrderFilter & { taskIds: [number] } =>
  f.taskIds?.length === 1 && !f.currencies?.length && !f.apiIds?.length && f.from === undefined && f.to === undefined && f.before === undefined;

/** The statement that finds the ids of a page (exported for its query plan). */
export function pageSql(filter: OrderFilter, page: OrderPage): Sql {
  let cursor = '';
  const cursorArgs: number[] = [];
  if (page.before !== undefined) {
    cursor = ' AND id < ?';
    cursorArgs.push(page.before);
  } else if (page.after !== undefined) {
    cursor = ' AND id > ?';
    cursorArgs.push(page.after);
  }
  const oldest = fromOldest(page);
  const order = `ORDER BY id ${page.after !== undefined || oldest ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`;
  const limits = oldest ? [oldest.limit, oldest.offset] : [page.limit, page.offset ?? 0];
  if (oneTaskOnly(filter)) {
    // the task detail's orders: (task_id, id) of task_orders, the task checked once to be the user's
    const sql = `SELECT id FROM task_orders INDEXED BY task_orders_task WHERE task_id = (SELECT id FROM task_tasks WHERE id = ? AND user_id = ?)${cursor} ${order}`;
    return { sql, args: [filter.taskIds[0], filter.userId, ...cursorArgs, ...limits] };
  }
  const w = byUser(filter);
  const sql = `SELECT id FROM task_orders s INDEXED BY task_orders_user WHERE ${w.sql}${cursor} ${order}`;
  return { sql, args: [...w.args, ...cursorArgs, ...limits] };
}

/**
 * Orders of a filter, newest first: `limit` of them after skipping `offset`; or, with `before` /
 * `after`, the ones with an id below / above it (the '-' rule of /web/get/order/newest: `after`
 * gives the `limit` orders just newer than the id, still newest first).
 * The ids are found first (the user's covering index), then only the page's rows are read.
 */
export async function listOrders(db: Queryable, filter: OrderFilter, page: OrderPage): Promise<OrderStatRow[]> {
  const { sql, args } = pageSql(filter, page);
  const ids = await db.all<{ id: number }>(sql, args);
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

/** Which keys the sums are grouped by besides the kind (false = summed over all of them). */
export interface SumBy {
  currency: boolean;
  api: boolean;
  task: boolean;
}

/** side = 2 × spot + buying (migrations.ts): futures buy 1, futures sell 0, spot buy 3, spot sell 2. */
const SIDES = { fu_buy: 1, fu_sell: 0, ss_buy: 3, ss_sell: 2 } as const;
const SUM_FIELDS = ['notional', 'fee', ...(Object.keys(SIDES) as (keyof typeof SIDES)[])] as const;

const HOUR_MS = 3_600_000;

/**
 * The whole hours of a filter's period, [first, end) in hours since the epoch (migration 22's `order_sums.hour`), when
 * there is one: every createtime (whole ms) of such an hour is inside the period.
 */
export function wholeHours(filter: OrderFilter): { first: number; end: number } | undefined {
  const first = filter.from === undefined ? 0 : Math.ceil(filter.from / HOUR_MS);
  const ends = [
    filter.to === undefined ? Infinity : Math.floor((filter.to + 1) / HOUR_MS),
    filter.before === undefined ? Infinity : Math.floor(filter.before / HOUR_MS),
  ];
  const end = Math.min(...ends);
  return Number.isFinite(end) && first < end ? { first, end } : undefined;
}

/**
 * The statement that sums a filter's orders per task, kind (and API account when `api`): the whole hours of its period
 * from the kept sums (`order_sums`, migration 22: each sum and its rounding error as two values) and the orders of the
 * partial hours at its two ends from `task_orders_stats`, each part the user's tasks the filter allows in id order
 * (`task_tasks_user`) joined to their ranges; SQLite's SUM over them all gives the orders' sums as summing every order
 * would, to the last digit (exported for its query plan).
 */
export function sumSql(filter: OrderFilter, api: boolean): Sql {
  const tasks = tasksOf(filter);
  const hours = wholeHours(filter);
  const apis = filter.apiIds?.length ? { sql: ` AND s.api_id IN (${marks(filter.apiIds)})`, args: [...filter.apiIds] } : { sql: '', args: [] };
  const parts: Sql[] = [];
  const orders = (range: OrderFilter) => {
    const rest = narrowing(range);
    parts.push({
      sql: `SELECT t.id AS task_id, s.manual, s.api_id, s.side, 1 AS orders, s.notional, s.fee FROM task_tasks t INDEXED BY task_tasks_user JOIN task_orders s INDEXED BY task_orders_stats ON s.task_id = t.id
        WHERE ${tasks.where} AND s.manual IN (0, 1)${rest.sql}`,
      args: [...tasks.args, ...rest.args],
    });
  };
  if (!hours) orders(filter);
  else {
    const { first, end } = hours;
    const kept = (notional: string, fee: string, orders: string) => ({
      sql: `SELECT t.id AS task_id, s.manual, NULLIF(s.api_id, X'') AS api_id, NULLIF(s.side, -1) AS side, ${orders} AS orders, s.${notional} AS notional, s.${fee} AS fee FROM task_tasks t INDEXED BY task_tasks_user JOIN order_sums s ON s.task_id = t.id
        WHERE ${tasks.where} AND s.manual IN (0, 1) AND s.hour >= ? AND s.hour < ?${apis.sql}`,
      args: [...tasks.args, first, end, ...apis.args],
    });
    if (filter.from !== undefined && filter.from < first * HOUR_MS) orders({ ...filter, to: undefined, before: first * HOUR_MS });
    parts.push(kept('notional', 'fee', 'orders'), kept('notional_err', 'fee_err', '0'));
    orders({ ...filter, from: end * HOUR_MS });
  }
  const sides = Object.entries(SIDES).map(([field, side]) => `SUM(CASE WHEN side = ${side} THEN notional ELSE 0 END) AS ${field}`);
  return {
    sql: `SELECT task_id, (SELECT ${CURRENCY} FROM task_tasks t WHERE t.id = task_id) AS currency, manual, ${api ? 'api_id' : 'NULL'} AS api_id, SUM(orders) AS orders,
        SUM(notional) AS notional, SUM(fee) AS fee, ${sides.join(', ')}
      FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) GROUP BY task_id, manual${api ? ', api_id' : ''}`,
    args: parts.flatMap((p) => p.args),
  };
}

type SumRow = Record<'task_id' | 'manual' | 'api_id' | 'orders' | (typeof SUM_FIELDS)[number], number | null> & { currency: string | null };

const nullsFirst = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/** The sums of a filter's orders per kind and the keys of `by`. Every number is a sum over the rows the order list shows. */
export async function sumOrders(db: Queryable, filter: OrderFilter, by: SumBy = { currency: true, api: false, task: false }): Promise<OrderSums[]> {
  const { sql, args } = sumSql(filter, by.api);
  const groups = new Map<string, OrderSums>();
  for (const r of await db.all<SumRow>(sql, args)) {
    const key: Omit<OrderSums, 'orders' | (typeof SUM_FIELDS)[number]> = {
      currency: by.currency && r.currency !== null ? String(r.currency) : null,
      kind: Number(r.manual) === 1 ? 'manual' : 'automatic',
      api_id: by.api && r.api_id !== null ? Number(r.api_id) : null,
      task_id: by.task ? Number(r.task_id) : null,
    };
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { ...key, orders: 0, notional: 0, fee: 0, fu_buy: 0, fu_sell: 0, ss_buy: 0, ss_sell: 0 };
    group.orders += Number(r.orders);
    for (const field of SUM_FIELDS) group[field] += Number(r[field] ?? 0);
    groups.set(id, group);
  }
  return [...groups.values()].sort(
    (a, b) => nullsFirst(a.currency, b.currency) || nullsFirst(a.kind, b.kind) || nullsFirst(a.api_id, b.api_id) || nullsFirst(a.task_id, b.task_id),
  );
}

/** The statement that counts the user's orders per API account (exported for its query plan). */
export const perApiSql = `SELECT s.api_id, COUNT(*) AS n FROM task_orders s INDEXED BY task_orders_user WHERE s.user_id = ? GROUP BY s.api_id`;

/** Orders per API account of the user (`cparam.apiid`), every own account listed (0 when none). */
export async function countPerApi(db: Queryable, userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const a of await db.all<{ id: number }>('SELECT id FROM api_accounts WHERE user_id = ? ORDER BY id', [userId])) counts[String(a.id)] = 0;
  for (const r of await db.all<{ api_id: number; n: number }>(perApiSql, [userId])) counts[String(r.api_id)] = Number(r.n);
  return counts;
}
