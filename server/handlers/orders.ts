import type { OrderRecord } from '#contract/types/orders';
import { PAGING } from '#contract/rules/constants';
import { emptyTotals, groupFields } from '#contract/rules/statistics';
import type { QueryGroup, StatisticsReply } from '#contract/types/orders';
import type { OrderStatisticRow } from '#contract/types/orders';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import type { Queryable } from '../store/queryable';
import { CODE, fail, invalid } from '../http/envelope';
import { listApis } from '../store/api-accounts';
import { countOrders, countPerApi, listOrders, sumOrders, type OrderFilter, type OrderStatRow, type OrderSums, type SumBy } from '../store/orders';
import { findOwnTask, type OrderRow } from '../store/tasks';
import { formatSecond, MINUTE_MS, parseSecond } from '../clock/time';
import { jsonList, num, optNum, type Payload } from '../http/validate';
import { breather } from '../http/lanes';

/**
 * §7 Orders and statistics over the orders the task engine wrote. A user sees only the
 * orders of their own tasks. Reply shapes: docs/spec-coverage.md "Assets and statistics: choices".
 */

/**
 * What one order call may cost: every list and period below is bounded, the sums and lists are
 * read from the orders' fact indexes (store/orders.ts), and a call runs in its user's lane (http/lanes.ts).
 */
export const ORDER_LIMITS = {
  /** the most orders /web/query/order/SDC returns with its sums (the newest; the sums and `total` cover all) */
  sdcOrders: 1000,
  /** values in each of SDC's apis, currencys and tasks lists */
  sdcValues: 100,
  /** page sizes (newest's number, paging's eachPageNumber): a larger one is served at this size */
  page: 1000,
  /** the longest period of totalData and the statistics socket: 30 days */
  periodMinutes: 30 * 1440,
} as const;

const parsed = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** An order as the task detail lists it (§3 Order record; cparam and result as stored JSON text). */
export const orderRecord = (o: OrderRow): OrderRecord => ({
  id: Number(o.id),
  client_id: o.client_id,
  task_id: Number(o.task_id),
  task_children_id: Number(o.task_children_id),
  cparam: o.cparam,
  result: o.result,
  pairing_id: o.pairing_id,
  status_: Number(o.status_),
  createtime: formatSecond(Number(o.createtime)),
});

/**
 * §3 Order statistic row of an order: price and amount as ordered, the fill from `result`, filled
 * notional = filled amount × filled price; type = cparam.otype, types = cparam.order_type; timestamp =
 * createtime (ms), trading_time = createtime shown in UTC+8; state = status_; order_id = the order's id.
 */
export function statisticRow(o: OrderStatRow): OrderStatisticRow {
  const c = parsed(o.cparam);
  const r = parsed(o.result);
  const filledAmount = Number(r.deal_amount ?? 0);
  const filledPrice = Number(r.deal_price ?? 0);
  return {
    client_id: o.client_id,
    api_name: o.api_name ?? String(c.apiid ?? ''),
    bourse: String(c.bourse_name ?? ''),
    task_id: Number(o.task_id),
    instrument_id: String(c.instrument_id ?? ''),
    price: Number(c.price ?? 0),
    amount: Number(c.amount ?? 0),
    type: c.otype as string | number,
    filled_amount: filledAmount,
    filled_price: filledPrice,
    filled_notional: filledAmount * filledPrice,
    types: String(c.order_type ?? ''),
    fee: Number(r.fee ?? 0),
    timestamp: Number(o.createtime),
    trading_time: formatSecond(Number(o.createtime)),
    state: Number(o.status_),
    order_id: Number(o.id),
  };
}

/** A group of §3 fields from a row of sums, keyed by what it is about. */
const groupOf = (s: OrderSums | undefined, key: Omit<QueryGroup, keyof ReturnType<typeof emptyTotals>>): QueryGroup => ({
  ...key,
  ...(s ? groupFields(s) : emptyTotals()),
});

const byKind = (sums: readonly OrderSums[], kind: OrderSums['kind']) => sums.filter((s) => s.kind === kind);

// ── The statistics of periods: the socket and totalData ──────────────────────────────

/**
 * Groups for [currency, minutes] pairs ending now (zeros where a currency has no orders), automatic and
 * manual apart, and the user's `number` newest orders: the socket's reply. The periods are nested (they
 * all end now), so the orders are summed once, over the slices between one period's start and the next
 * shorter one's: the longest period's orders are read once, however many periods are asked for.
 */
export async function periodStatistics(
  db: Queryable,
  userId: number,
  pairs: readonly (readonly [string, number])[],
  number: number,
  now: number,
): Promise<StatisticsReply> {
  const reply: StatisticsReply = { automatic: [], manual: [], order: [] };
  const currencies = [...new Set(pairs.map(([c]) => c))];
  const totals = new Map<string, OrderSums>(); // per kind and currency, over the periods summed so far
  const periods = new Map<number, Map<string, OrderSums>>();
  let later: number | undefined; // the start of the shorter period before this one
  for (const minutes of [...new Set(pairs.map(([, m]) => m))].sort((a, b) => a - b)) {
    const from = now - minutes * MINUTE_MS;
    const slice = later === undefined ? { from, to: now } : { from, before: later };
    for (const s of currencies.length ? await sumOrders(db, { userId, currencies, ...slice }) : []) {
      const key = `${s.kind}/${s.currency}`;
      totals.set(key, addSums(totals.get(key), s));
    }
    periods.set(minutes, new Map(totals));
    later = from;
  }
  const uniquePairs = new Map(pairs.map(([c, m]) => [`${c}/${m}`, [c, m] as const]));
  for (const minutes of [...new Set(pairs.map(([, m]) => m))]) {
    const sums = periods.get(minutes)!;
    for (const kind of ['automatic', 'manual'] as const) {
      for (const [currency, m] of uniquePairs.values()) if (m === minutes) reply[kind].push(groupOf(sums.get(`${kind}/${currency}`), { currency, minutes }));
    }
  }
  reply.order = (await listOrders(db, { userId }, { limit: number })).map(statisticRow);
  return reply;
}

const addSums = (a: OrderSums | undefined, b: OrderSums): OrderSums =>
  a
    ? {
        ...a,
        orders: a.orders + b.orders,
        notional: a.notional + b.notional,
        fee: a.fee + b.fee,
        fu_buy: a.fu_buy + b.fu_buy,
        fu_sell: a.fu_sell + b.fu_sell,
        ss_buy: a.ss_buy + b.ss_buy,
        ss_sell: a.ss_sell + b.ss_sell,
      }
    : b;

/** /web/get/order/totalData {number: minutes}: per currency with orders in the period, and its newest 18 orders. */
async function totalData(call: CallContext) {
  const userId = signedIn(call).id;
  const minutes = num(call.payload, 'number', { integer: true, min: 1, max: ORDER_LIMITS.periodMinutes });
  const now = call.app.clock.now();
  const filter: OrderFilter = { userId, from: now - minutes * MINUTE_MS, to: now };
  const sums = await sumOrders(call.app.db, filter);
  const groups = (kind: OrderSums['kind']) => byKind(sums, kind).map((s) => groupOf(s, { currency: s.currency ?? '', minutes }));
  const order = (await listOrders(call.app.db, filter, { limit: PAGING.orderPageSize })).map(statisticRow);
  return call.ok({ automatic: groups('automatic'), manual: groups('manual'), order } satisfies StatisticsReply);
}

// ── /web/query/order/SDC ─────────────────────────────────────────────────────────────

/** A §7 SDC list: `[mode, ...values]`, mode 0 = summed over the values, 1 = each one apart; at most ORDER_LIMITS.sdcValues values. */
function modeList(payload: Payload, field: string): { individual: boolean; values: unknown[] } {
  const [mode, ...values] = jsonList(payload, field, ORDER_LIMITS.sdcValues + 1);
  if (mode !== 0 && mode !== 1) throw invalid('err.jsonList', { field });
  return { individual: mode === 1, values };
}

const ids = (values: unknown[], field: string): number[] =>
  values.map((v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) throw invalid('err.jsonList', { field });
    return n;
  });

/** Currency names as the tasks store them (lower case); a name longer than any currency is refused. */
const currencyNames = (values: unknown[]): string[] =>
  values.map((c) => {
    const name = String(c).toLowerCase();
    if (name.length > 16) throw invalid('err.tooLong', { field: 'currencys', max: 16 });
    return name;
  });

/** days `[0, start, end]` ('YYYY-MM-DD HH:mm:ss', UTC+8): from the start to the end second, both included. */
function dayRange(payload: Payload): { from: number; to: number } {
  const [, start, end] = jsonList(payload, 'days');
  const from = parseSecond(String(start ?? ''));
  const to = parseSecond(String(end ?? ''));
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) throw invalid('err.jsonList', { field: 'days' });
  return { from, to: to + 999 };
}

async function querySDC(call: CallContext) {
  const userId = signedIn(call).id;
  const apis = modeList(call.payload, 'apis');
  const currencies = modeList(call.payload, 'currencys');
  const tasks = modeList(call.payload, 'tasks');
  const { from, to } = dayRange(call.payload);
  const filter: OrderFilter = {
    userId,
    apiIds: ids(apis.values, 'apis'),
    taskIds: ids(tasks.values, 'tasks'),
    currencies: currencyNames(currencies.values),
    from,
    to,
  };
  const by: SumBy = { currency: currencies.individual, api: apis.individual, task: tasks.individual };
  const sums = await sumOrders(call.app.db, filter, by);
  await breather(); // the sums and the list are the call's two long pieces: others are served between them
  const names = new Map((await listApis(call.app.db, userId)).map((a) => [Number(a.id), a.name]));
  const minutes = Math.round((to - from) / MINUTE_MS);
  const summed = filter.currencies?.join(',') || 'all';
  const groups = (kind: OrderSums['kind']) =>
    byKind(sums, kind).map((s) =>
      groupOf(s, {
        currency: s.currency ?? summed,
        minutes,
        ...(by.api ? { api_id: s.api_id, api_name: names.get(s.api_id ?? 0) ?? null } : {}),
        ...(by.task ? { task_id: s.task_id } : {}),
      }),
    );
  const order = (await listOrders(call.app.db, filter, { limit: ORDER_LIMITS.sdcOrders })).map(statisticRow);
  return call.ok({ automatic: groups('automatic'), manual: groups('manual'), order } satisfies StatisticsReply, undefined, {
    total: await countOrders(call.app.db, filter),
  });
}

// ── Lists ────────────────────────────────────────────────────────────────────────────

/** A page size: a whole number from 1; §9 lets the user choose it (orderNum), so a larger one is served at the limit. */
const pageSize = (payload: Payload, field: string): number => Math.min(num(payload, field, { integer: true, min: 1 }), ORDER_LIMITS.page);

/**
 * /web/get/order/newest {number, orderId?, taskId?}: the newest `number` orders (at most
 * ORDER_LIMITS.page); with orderId N the ones just older than N (the next page), with '-N' the ones just
 * newer (the previous page), newest first either way. taskId narrows to one own task (another user's: 404).
 */
async function newest(call: CallContext) {
  const userId = signedIn(call).id;
  const limit = pageSize(call.payload, 'number');
  const taskId = optNum(call.payload, 'taskId', { integer: true, positive: true });
  if (taskId !== undefined && !(await findOwnTask(call.app.db, taskId, userId))) throw fail(CODE.notFound, 'err.taskNotFound');
  const cursor = String(call.payload.orderId ?? '').trim();
  if (cursor && !/^-?\d{1,16}$/.test(cursor)) throw invalid('err.integer', { field: 'orderId' });
  const page = !cursor ? { limit } : cursor.startsWith('-') ? { limit, after: Number(cursor.slice(1)) } : { limit, before: Number(cursor) };
  const rows = await listOrders(call.app.db, { userId, taskIds: taskId === undefined ? undefined : [taskId] }, page);
  return call.ok(rows.map(orderRecord));
}

/**
 * /web/get/order/paging {eachPageNumber, pagingNumber}: `{total_paging: pages, data: rows}` (at most
 * ORDER_LIMITS.page rows a page); a page past the end is empty, and is not looked for.
 */
async function paging(call: CallContext) {
  const userId = signedIn(call).id;
  const size = pageSize(call.payload, 'eachPageNumber');
  const page = num(call.payload, 'pagingNumber', { integer: true, min: 1 });
  const total = await countOrders(call.app.db, { userId });
  const pages = Math.ceil(total / size);
  const rows = page > pages ? [] : await listOrders(call.app.db, { userId }, { limit: size, offset: (page - 1) * size, total });
  return call.ok({ total_paging: pages, data: rows.map(statisticRow) });
}

export const orderHandlers: HandlerMap = {
  orderApiNumber: async (call) => call.ok(await countPerApi(call.app.db, signedIn(call).id)),
  orderNewest: newest,
  orderQuerySDC: querySDC,
  orderTotalData: totalData,
  orderPaging: paging,
};
