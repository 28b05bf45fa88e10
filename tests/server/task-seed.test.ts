// @vitest-environment node
/**
 * Demo tasks of a first start (server/seed/tasks.ts): a day of history made by the engine, whose
 * numbers agree, and running tasks that trade on any date. The demo is seeded at dates where the
 * delivery calendar changes what the quarter leg's basis does (it shrinks towards delivery and jumps
 * at a roll): the thresholds come from the simulated spread, so each date gives trades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFill, emptyLedger, type Fill } from '../../server/engine';
import { findTask, fillsOf, loadState, tradesOf } from '../../server/store/tasks';
import { run } from './engine-tasks';
import { startTestServer, type TestServer } from './helpers';

/** Seeding times (UTC); weekly contracts deliver on Fridays 08:00, quarterly ones on the quarter's last Friday. */
const DATES = {
  'a weekly delivery Friday in the last two weeks of a quarter, a minute before delivery': '2026-12-18T07:59:00Z',
  'a weekly delivery Friday in the last two weeks of a quarter, a minute after delivery': '2026-12-18T08:01:00Z',
  'the quarter leg 15 days from delivery, the day before it rolls (its smallest basis)': '2026-12-10T12:00:00Z',
  'the day the quarter rolled, 4 h after (the quarter leg jumped to the next quarter within the day)': '2026-12-11T12:00:00Z',
};

type TaskItem = { id: number; status: number; name: string };

describe.each(Object.entries(DATES))('demo tasks seeded on %s (%s)', (_, date) => {
  let t: TestServer;
  let admin: string;
  let trader: string;
  beforeAll(async () => {
    t = await startTestServer({ settings: { demoTasks: true }, start: Date.parse(date) });
    admin = await t.login('admin', 'admin123');
    trader = await t.login('trader', 'trader123');
  }, 60_000);
  afterAll(() => t.stop());

  const tasksOf = async (token: string) => (await t.call('taskList', { pagesize: 10, page: 1 }, { token })).data.list as TaskItem[];

  it('admin and trader each have running tasks with children and a day of history, with orders, fills and closed trades, and stopped ones', async () => {
    for (const token of [admin, trader]) {
      const list = await tasksOf(token);
      const running = list.filter((x) => x.status === 2);
      expect(running.length).toBeGreaterThanOrEqual(1);
      expect(list.some((x) => x.status === 4)).toBe(true);
      for (const task of running) {
        expect(((await t.call('taskChildrenList', { taskId: task.id }, { token })).data as unknown[]).length).toBeGreaterThanOrEqual(1);
        const orders = (await t.call('orderNewest', { taskId: task.id, number: 100 }, { token })).data as { createtime: string }[];
        expect(orders.length, task.name).toBeGreaterThan(0);
        expect((await fillsOf(t.server.context.db, task.id)).length, task.name).toBeGreaterThan(0);
        expect((await tradesOf(t.server.context.db, task.id)).length, task.name).toBeGreaterThan(0);
        const curve = (await t.call('taskEarnings', { taskId: task.id }, { token })).data as unknown[];
        expect(curve.length).toBeGreaterThan(1000); // a point a minute over the day
      }
    }
  });

  it("the history's numbers agree: positions = the fills replayed, realised = Σ trades − fees, the curve ends at realised + unrealised", async () => {
    const { db } = t.server.context;
    for (const [token, user] of [
      [admin, 'admin'],
      [trader, 'trader'],
    ] as const) {
      for (const task of await tasksOf(token)) {
        const state = await loadState(db, (await findTask(db, task.id))!);
        const fills = await fillsOf(db, task.id);
        for (const child of state.children) {
          let ledger = emptyLedger();
          for (const fill of fills.filter((f) => Number(f.task_children_id) === child.child.task_children_id)) {
            ledger = applyFill(ledger, { ...fill, manual: Boolean(fill.manual) } as Fill).ledger;
          }
          for (const d of ['f', 'r'] as const)
            for (const leg of [0, 1] as const) expect(child.ledger.position[d][leg][1]).toBeCloseTo(ledger.position[d][leg][1], 9);
        }
        const realised = (await tradesOf(db, task.id)).reduce((s, x) => s + x.pnl - x.fee, 0);
        const stats = (await t.call('taskPositionStatistics', { taskId: task.id }, { token })).data;
        expect(stats.task_virtual_earnings.earnings_amount, `${user} ${task.name}`).toBeCloseTo(realised, 6);
        const curve = (await t.call('taskEarnings', { taskId: task.id }, { token })).data as { earningsVal: number }[];
        if (curve.length) expect(curve.at(-1)!.earningsVal).toBeCloseTo(realised + stats.task_virtual_position.earnings_amount, 6);
      }
    }
  });

  it('the day shows the leg failure modes: abnormal orders (4/8), a pair filled unevenly or on one leg, and a re-hedge of the short leg', async () => {
    const orders = await t.server.context.db.all<{ pairing_id: string; status_: number; type: string; filled: number; amount: number }>(
      `SELECT pairing_id, status_, json_extract(cparam, '$.order_type') AS type, json_extract(result, '$.deal_amount') AS filled, json_extract(cparam, '$.amount') AS amount FROM task_orders`,
    );
    expect(orders.filter((o) => [4, 8].includes(Number(o.status_))).length).toBeGreaterThan(0);
    const hedges = orders.filter((o) => o.type === 'hedge');
    expect(hedges.length).toBeGreaterThan(0);
    // each hedge repairs a pair whose legs filled different fractions
    const pairs = new Map<string, { filled: number; amount: number }[]>();
    for (const o of orders) if (o.type !== 'hedge') pairs.set(o.pairing_id, [...(pairs.get(o.pairing_id) ?? []), o]);
    const uneven = [...pairs.values()].filter(([a, b]) => b && Math.abs(a.filled / a.amount - b.filled / b.amount) > 1e-6);
    expect(uneven.length).toBeGreaterThanOrEqual(1);
  });

  it('the closed task ended flat and stopped; the runner carries the running ones on', async () => {
    const closed = (await tasksOf(admin)).find((x) => x.name === 'BTC 当周/当周')!;
    expect(closed.status).toBe(4);
    expect((await tradesOf(t.server.context.db, closed.id)).length).toBeGreaterThan(0);
    const stats = (await t.call('taskPositionStatistics', { taskId: closed.id }, { token: admin })).data;
    expect(stats.task_virtual_position.amount).toBe(0);
    await run(t, 60_000);
    for (const task of (await tasksOf(admin)).filter((x) => x.name !== 'BTC 当周/当周' && x.name !== 'EOS 现货/季度')) expect(task.status).toBe(2);
  });
});
