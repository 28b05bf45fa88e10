// @vitest-environment node
/**
 * §7 Orders and statistics against the reference server, after simulated trading through the task
 * engine's runner on the ManualClock: the numbers agree like a ledger.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '#contract/types/orders';
import type { GROUP_FIELDS } from '#contract/rules/statistics';
import { manualTradeCparam } from '../../src/domain/task';
import type { OrderStatisticRow, StatisticGroup } from '#contract/types/orders';
import { parseStatistics } from '#contract/feed-parse';
import { formatSecond } from '../../server/clock/time';
import { openFeed, signedInServer } from './helpers';
import { startTradingTask, tradingTaskParams, type DataCall } from './order-fixtures';

const s = signedInServer();

type Row = Required<Pick<OrderStatisticRow, 'task_id' | 'filled_notional' | 'fee' | 'types' | 'timestamp' | 'order_id'>> & OrderStatisticRow;
const n = (value: unknown) => Number(value);
const sum = (rows: readonly Row[], pick: (r: Row) => number) => rows.reduce((total, r) => total + pick(r), 0);
const sumGroups = (groups: readonly StatisticGroup[], field: (typeof GROUP_FIELDS)[number]) => groups.reduce((t, g) => t + g[field], 0);

/** The admin's calls, failing on another code than 200. */
const adminCall: DataCall = async (name, payload = {}) => {
  const reply = await s.t.call(name, payload, { token: s.admin });
  expect(reply.code, `${name}: ${reply.info}`).toBe(200);
  return reply.data;
};

/** A manual open for the task's children through /taskServer/manual, as the console sends it. */
async function manualOpen(taskId: number, cids: number[]): Promise<void> {
  await adminCall('manualTrade', {
    task_id: taskId,
    cparam: manualTradeCparam({ kind: 'open', dlt: -1, count: 20, duration: 5, childIds: cids, direct: 'r' }),
  });
}

/** Every order of the user through the paged list. */
async function allPaged(token: string): Promise<{ rows: Row[]; pages: number }> {
  const first = await s.t.call('orderPaging', { eachPageNumber: 18, pagingNumber: 1 }, { token });
  const rows: Row[] = [...first.data.data];
  for (let page = 2; page <= first.data.total_paging; page += 1)
    rows.push(...(await s.t.call('orderPaging', { eachPageNumber: 18, pagingNumber: page }, { token })).data.data);
  return { rows, pages: first.data.total_paging };
}

const tasks: { a: number; b: number; childrenA: number[] } = { a: 0, b: 0, childrenA: [] };
let startedAt = 0;

beforeAll(async () => {
  startedAt = s.t.clock.now();
  const a = await startTradingTask(adminCall, 'btc a', 'btc');
  const b = await startTradingTask(adminCall, 'eth b', 'eth');
  Object.assign(tasks, { a: a.taskId, b: b.taskId, childrenA: [a.childId] });
  await s.t.advance(40 * 60_000);
  await manualOpen(a.taskId, [a.childId]);
  await s.t.advance(20 * 60_000);
  await s.t.server.tasks.idle();
}, 180_000);

describe('order statistics after an hour of simulated trading', () => {
  it('the paged list holds every order, 18 a page, newest first; a page past the end is empty', async () => {
    const { rows, pages } = await allPaged(s.admin);
    expect(rows.length).toBeGreaterThan(40);
    expect(pages).toBe(Math.ceil(rows.length / 18));
    const ids = rows.map((r) => n(r.order_id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows[0]).toMatchObject({ api_name: expect.any(String), bourse: expect.any(String), instrument_id: expect.stringMatching(/^(BTC|ETH)-/) });
    for (const r of rows) expect(n(r.filled_notional)).toBeCloseTo(n(r.filled_amount) * n(r.filled_price), 6);
    expect((await s.t.call('orderPaging', { eachPageNumber: 18, pagingNumber: pages + 1 }, { token: s.admin })).data).toEqual({
      total_paging: pages,
      data: [],
    });
  });

  it('the totals of a period are the sums of that period’s orders in the paged list; automatic + manual = all', async () => {
    const { rows } = await allPaged(s.admin);
    const now = s.t.clock.now();
    for (const minutes of [60, 30, 5]) {
      const { data } = await s.t.call('orderTotalData', { number: minutes }, { token: s.admin });
      const inPeriod = rows.filter((r) => n(r.timestamp) >= now - minutes * 60_000);
      const manual = inPeriod.filter((r) => r.types === 'manual');
      expect(sumGroups(data.manual, 'pool')).toBeCloseTo(
        sum(manual, (r) => n(r.filled_notional)),
        6,
      );
      expect(sumGroups(data.automatic, 'pool') + sumGroups(data.manual, 'pool')).toBeCloseTo(
        sum(inPeriod, (r) => n(r.filled_notional)),
        6,
      );
      const fees = sum(inPeriod, (r) => n(r.fee));
      const accounted = sumGroups(data.automatic, 'pool_accounted') + sumGroups(data.manual, 'pool_accounted');
      expect(accounted).toBeCloseTo(sum(inPeriod, (r) => n(r.filled_notional)) - fees, 6);
      for (const g of [...data.automatic, ...data.manual] as StatisticGroup[]) {
        expect(g.minutes).toBe(minutes);
        expect(g.pool).toBeCloseTo(g.more + g.empty, 6);
        expect(g.more).toBeCloseTo(g.fu_more + g.ss_buy, 6);
        expect(g.empty).toBeCloseTo(g.fu_empty + g.ss_sell, 6);
        const own = inPeriod.filter((r) => String(r.instrument_id).toLowerCase().startsWith(g.currency) && (r.types === 'manual') === data.manual.includes(g));
        expect(g.pool).toBeCloseTo(
          sum(own, (r) => n(r.filled_notional)),
          6,
        );
      }
    }
    const all = await s.t.call('orderTotalData', { number: 120 }, { token: s.admin });
    expect(sumGroups(all.data.manual, 'pool')).toBeGreaterThan(0);
    expect(sumGroups(all.data.automatic, 'pool')).toBeGreaterThan(0);
    expect(all.data.automatic.map((g: StatisticGroup) => g.currency).sort()).toEqual(['btc', 'eth']);
  });

  it('the SDC query filters by task, API and currency; its sums are its orders’ sums, summed or individually', async () => {
    const day = (ms: number) => formatSecond(ms).slice(0, 10);
    const days = JSON.stringify([0, `${day(startedAt)} 00:00:00`, `${day(s.t.clock.now())} 23:59:59`]);
    const { rows } = await allPaged(s.admin);
    const byTask = await s.t.call('orderQuerySDC', { apis: '[0]', currencys: '[0]', tasks: JSON.stringify([0, tasks.a]), days }, { token: s.admin });
    expect(byTask.code).toBe(200);
    const ofA = rows.filter((r) => n(r.task_id) === tasks.a);
    expect(byTask.data.order.map((r: Row) => r.order_id)).toEqual(ofA.map((r) => r.order_id));
    expect(byTask.total).toBe(ofA.length);
    expect(byTask.data.automatic).toHaveLength(1);
    expect(byTask.data.automatic[0].currency).toBe('all');
    expect(sumGroups(byTask.data.automatic, 'pool') + sumGroups(byTask.data.manual, 'pool')).toBeCloseTo(
      sum(ofA, (r) => n(r.filled_notional)),
      6,
    );

    const eth = await s.t.call('orderQuerySDC', { apis: '[0]', currencys: '[0,"eth"]', tasks: '[0]', days }, { token: s.admin });
    expect(eth.data.order.every((r: Row) => n(r.task_id) === tasks.b)).toBe(true);
    expect(eth.total).toBe(rows.filter((r) => n(r.task_id) === tasks.b).length);

    const individual = await s.t.call('orderQuerySDC', { apis: '[1]', currencys: '[1]', tasks: '[1]', days }, { token: s.admin });
    const groups = [...individual.data.automatic, ...individual.data.manual];
    expect(new Set(groups.map((g: { task_id: number }) => g.task_id))).toEqual(new Set([tasks.a, tasks.b]));
    expect(groups.every((g: { api_name: string | null }) => typeof g.api_name === 'string')).toBe(true);
    expect(groups.reduce((t: number, g: StatisticGroup) => t + g.pool, 0)).toBeCloseTo(
      sum(rows, (r) => n(r.filled_notional)),
      6,
    );
    const apiId = (groups[0] as { api_id: number }).api_id;
    const oneApi = await s.t.call('orderQuerySDC', { apis: JSON.stringify([0, apiId]), currencys: '[0]', tasks: '[0]', days }, { token: s.admin });
    expect(oneApi.total).toBeGreaterThan(0);
    expect(oneApi.total).toBeLessThan(rows.length);

    // a day before any order: nothing
    const before = JSON.stringify([0, '2020-01-01 00:00:00', '2020-01-01 23:59:59']);
    const none = await s.t.call('orderQuerySDC', { apis: '[0]', currencys: '[0]', tasks: '[0]', days: before }, { token: s.admin });
    expect(none.data).toEqual({ automatic: [], manual: [], order: [] });
    expect((await s.t.call('orderQuerySDC', { apis: '[2]', currencys: '[0]', tasks: '[0]', days }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('orderQuerySDC', { apis: '[0]', currencys: '[0]', tasks: '[0]', days: '[0, "x", "y"]' }, { token: s.admin })).code).toBe(400);
  });

  it('the task detail’s orders (newest with taskId) are the statistics’ orders of that task, paged both ways with the ‘-’ rule, empty past either edge', async () => {
    const detailRows = (await adminCall('orderNewest', { taskId: tasks.a, number: 1000 })) as OrderRecord[];
    const { rows } = await allPaged(s.admin);
    expect(detailRows.map((o) => o.id)).toEqual(rows.filter((r) => n(r.task_id) === tasks.a).map((r) => n(r.order_id)));

    // /newest with taskId walks the same orders, 7 at a time
    const walked: OrderRecord[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = (await s.t.call('orderNewest', { number: 7, taskId: tasks.a, ...(cursor ? { orderId: cursor } : {}) }, { token: s.admin }))
        .data as OrderRecord[];
      if (!page.length) break;
      walked.push(...page);
      cursor = String(page.at(-1)!.id);
    }
    expect(walked).toEqual(detailRows);
    // '-' + the first id of page 2 gives page 1 back
    const page1 = (await s.t.call('orderNewest', { number: 7, taskId: tasks.a }, { token: s.admin })).data as OrderRecord[];
    const page2 = (await s.t.call('orderNewest', { number: 7, taskId: tasks.a, orderId: String(page1.at(-1)!.id) }, { token: s.admin })).data as OrderRecord[];
    expect(page2[0]!.id).toBeLessThan(page1.at(-1)!.id);
    expect((await s.t.call('orderNewest', { number: 7, taskId: tasks.a, orderId: `-${page2[0]!.id}` }, { token: s.admin })).data).toEqual(page1);
    // the edges: nothing newer than the newest order, nothing older than the oldest
    expect((await s.t.call('orderNewest', { number: 7, taskId: tasks.a, orderId: `-${page1[0]!.id}` }, { token: s.admin })).data).toEqual([]);
    expect((await s.t.call('orderNewest', { number: 7, taskId: tasks.a, orderId: String(walked.at(-1)!.id) }, { token: s.admin })).data).toEqual([]);
    // the '-' page before the last one is the 7 orders just newer than its first
    const lastStart = walked.length - (walked.length % 7 || 7);
    const beforeLast = (await s.t.call('orderNewest', { number: 7, taskId: tasks.a, orderId: `-${walked[lastStart]!.id}` }, { token: s.admin }))
      .data as OrderRecord[];
    expect(beforeLast).toEqual(walked.slice(lastStart - 7, lastStart));
    // another task's orders never show
    expect(walked.every((o) => o.task_id === tasks.a)).toBe(true);
  });

  it('counts orders per API account', async () => {
    const { rows } = await allPaged(s.admin);
    const { data } = await s.t.call('orderApiNumber', {}, { token: s.admin });
    const counts = Object.values(data as Record<string, number>);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('another user sees none of these orders', async () => {
    const token = s.trader;
    expect((await s.t.call('orderPaging', { eachPageNumber: 18, pagingNumber: 1 }, { token })).data).toEqual({ total_paging: 0, data: [] });
    expect((await s.t.call('orderNewest', { number: 18 }, { token })).data).toEqual([]);
    expect((await s.t.call('orderNewest', { number: 18, taskId: tasks.a }, { token })).code).toBe(404);
    expect(Object.values((await s.t.call('orderApiNumber', {}, { token })).data as Record<string, number>).every((c) => c === 0)).toBe(true);
    const total = await s.t.call('orderTotalData', { number: 2880 }, { token });
    expect(total.data).toEqual({ automatic: [], manual: [], order: [] });
  });

  it('the statistics socket answers the console’s message in the shape its parser reads, equal to totalData', async () => {
    const feed = await openFeed(s.t.url, '/web/get/order/total', { cookie: `token=${s.admin}` });
    feed.socket.send(
      JSON.stringify({
        currencys: [
          ['btc', 60],
          ['eth', 60],
          ['xrp', 60],
        ],
        number: 18,
      }),
    );
    const raw = JSON.parse(await feed.next());
    const parsed = parseStatistics(raw);
    if (!parsed.ok) throw new Error(parsed.error);
    const data = parsed.message.data as { automatic: StatisticGroup[]; manual: StatisticGroup[]; order: Row[] };
    expect(data.automatic.map((g) => [g.currency, g.minutes])).toEqual([
      ['btc', 60],
      ['eth', 60],
      ['xrp', 60],
    ]);
    expect(data.automatic[2]!.pool).toBe(0);
    const total = (await s.t.call('orderTotalData', { number: 60 }, { token: s.admin })).data;
    for (const kind of ['automatic', 'manual'] as const) {
      for (const g of total[kind] as StatisticGroup[]) expect(data[kind].find((x) => x.currency === g.currency)).toEqual(g);
    }
    const { rows } = await allPaged(s.admin);
    expect(data.order.map((r) => r.order_id)).toEqual(rows.slice(0, 18).map((r) => r.order_id));
    // pushed again when the engine writes orders ('orders.changed'): a manual open makes it place some,
    // the clock moved a tick at a time until the push is there
    await manualOpen(tasks.a, tasks.childrenA);
    for (let tick = 0; tick < 60 && feed.messages.length === 0; tick += 1) {
      await s.t.advance(1000);
      await s.t.server.tasks.idle();
    }
    expect(JSON.parse(await feed.next()).code).toBe(200);
    feed.messages.splice(0);
    feed.socket.send('not json');
    expect(JSON.parse(await feed.next()).code).toBe(400);
    feed.socket.close();
  });
});

/** SQLite's SUM() over REAL values (Kahan–Babuška–Neumaier): an order list's figure summed as the server sums it. */
const serverSum = (values: readonly number[]) => {
  let total = 0;
  let err = 0;
  for (const v of values) {
    const next = total + v;
    err += Math.abs(total) > Math.abs(v) ? total - next + v : v - next + total;
    total = next;
  }
  return total + err + 0; // + 0: no -0
};

describe('the sums kept per task, kind and hour (issue 35: a million orders)', () => {
  it('over several hours, from mid-hour to mid-hour, the socket’s figures are its orders’ sums to the last digit, through changed results, moved orders and a deleted task', async () => {
    const db = s.t.server.context.db;
    // ten more minutes of trading (orders made, then their results written as they fill), so now is mid-hour
    await s.t.advance(10 * 60_000);
    await s.t.server.tasks.idle();
    const now = s.t.clock.now();
    expect(now % 3_600_000).toBeGreaterThan(60_000);
    // earlier hours: the orders copied 97, 194 and 291 minutes back (hours of the engine's trading would cost seconds)
    await db.run(
      `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee)
       SELECT client_id || '-c' || k.value, task_id, task_children_id, cparam, result, pairing_id || '-c' || k.value, status_, createtime - k.value * 97 * 60000, user_id, manual, api_id, side, notional, fee
       FROM task_orders, json_each('[1,2,3]') k WHERE task_id IN (?, ?)`,
      [tasks.a, tasks.b],
    );
    // a later fill of an old order, an order moved an hour back, an order made manual (its kind changed)
    const copied = (k: number) =>
      db.get<{ id: number }>(`SELECT id FROM task_orders WHERE client_id LIKE '%-c${k}' AND json_extract(result, '$.deal_amount') > 0 ORDER BY id LIMIT 1`);
    const [filled, moved, kind] = [(await copied(1))!.id, (await copied(2))!.id, (await copied(3))!.id];
    await db.run(
      `UPDATE task_orders SET result = json_set(result, '$.deal_amount', json_extract(result, '$.deal_amount') * 3, '$.fee', 0.123456789), notional = notional * 3, fee = 0.123456789
       WHERE id = ?`,
      [filled],
    );
    await db.run('UPDATE task_orders SET createtime = createtime - 3600000 WHERE id = ?', [moved]);
    await db.run(`UPDATE task_orders SET cparam = json_set(cparam, '$.order_type', 'manual'), manual = 1 WHERE id = ?`, [kind]);
    // a task with orders, deleted by its user: its orders go, and so do their kept sums
    const strategies = (await adminCall('strategyHome')) as { id: number; name: string }[];
    const { id: gone } = (await adminCall('taskAdd', {
      name: 'gone',
      strategyId: strategies.find((x) => x.name === 'arbitrage 2')!.id,
      params: tradingTaskParams('btc'),
    })) as {
      id: number;
    };
    await db.run(
      `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee)
       SELECT client_id || '-gone', ?, task_children_id, cparam, result, pairing_id || '-gone', status_, createtime - 1800000, user_id, manual, api_id, side, notional, fee FROM task_orders WHERE task_id = ?`,
      [gone, tasks.a],
    );
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM order_sums WHERE task_id = ?', [gone]))!.n).toBeGreaterThan(0);
    await adminCall('taskDelete', { taskId: gone });
    expect(await db.get('SELECT * FROM order_sums WHERE task_id = ?', [gone])).toBeUndefined();

    // the kept sums are the orders' own, key by key
    const keys = "task_id, manual, createtime / 3600000, IFNULL(api_id, X''), IFNULL(side, -1)";
    const kept = await db.all(
      `SELECT task_id, manual, hour, api_id, side, orders, notional + notional_err AS notional, fee + fee_err AS fee FROM order_sums ORDER BY 1, 2, 3, 4, 5`,
    );
    const summed = await db.all(`SELECT ${keys}, COUNT(*), SUM(notional), SUM(fee) FROM task_orders GROUP BY ${keys} ORDER BY 1, 2, 3, 4, 5`);
    expect(kept.map((r) => Object.values(r as object))).toEqual(summed.map((r) => Object.values(r as object)));

    // the socket: three periods from mid-hour to now (mid-hour), with whole hours in each of their slices
    const periods = [100, 200, 2880];
    const feed = await openFeed(s.t.url, '/web/get/order/total', { cookie: `token=${s.admin}` });
    feed.socket.send(
      JSON.stringify({
        currencys: periods.flatMap((m) => [
          ['btc', m],
          ['eth', m],
        ]),
        number: 1,
      }),
    );
    const reply = JSON.parse(await feed.next()).data as { automatic: StatisticGroup[]; manual: StatisticGroup[] };
    feed.socket.close();

    // expected: as the server sums them, each slice between two periods' starts per task and kind, then the slices added
    const rows: Row[] = [];
    for (let page = 1; page === 1 || rows.length % 1000 === 0; page += 1) {
      const data = (await adminCall('orderPaging', { eachPageNumber: 1000, pagingNumber: page })).data as Row[];
      if (!data.length) break;
      rows.push(...data);
    }
    expect(rows.some((r) => n(r.timestamp) < now - 200 * 60_000)).toBe(true);
    const currencyOf = (r: Row) => String(r.instrument_id).split('-')[0]!.toLowerCase();
    const expected = new Map<string, { pool: number; pool_accounted: number }>();
    const totals = new Map<string, { notional: number; fee: number }>();
    let later = now + 1;
    for (const minutes of periods) {
      const from = now - minutes * 60_000;
      const slice = rows.filter((r) => n(r.timestamp) >= from && n(r.timestamp) < later);
      const taskIds = [...new Set(slice.map((r) => n(r.task_id)))].sort((x, y) => x - y);
      for (const taskId of taskIds)
        for (const kind of ['automatic', 'manual'] as const) {
          const own = slice.filter((r) => n(r.task_id) === taskId && (r.types === 'manual') === (kind === 'manual'));
          if (!own.length) continue;
          const key = `${kind}/${currencyOf(own[0]!)}`;
          const total = totals.get(key);
          const notional = serverSum(own.map((r) => n(r.filled_notional)));
          const fee = serverSum(own.map((r) => n(r.fee)));
          totals.set(key, total ? { notional: total.notional + notional, fee: total.fee + fee } : { notional, fee });
        }
      for (const [key, t] of totals) expected.set(`${key}/${minutes}`, { pool: t.notional, pool_accounted: t.notional - t.fee });
      later = from;
    }
    for (const kind of ['automatic', 'manual'] as const)
      for (const g of reply[kind]) {
        const want = expected.get(`${kind}/${g.currency}/${g.minutes}`) ?? { pool: 0, pool_accounted: 0 };
        expect({ kind, currency: g.currency, minutes: g.minutes, pool: g.pool, pool_accounted: g.pool_accounted }).toEqual({
          kind,
          currency: g.currency,
          minutes: g.minutes,
          ...want,
        });
        expect(g.more + g.empty).toBeCloseTo(g.pool, 6);
      }
    expect(reply.manual.filter((g) => g.pool > 0).length).toBeGreaterThanOrEqual(3);
  });
});
