// @vitest-environment node
/** Demo tasks of a first start (server/engine/seed.ts): a day of history made by the engine, whose numbers agree. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFill, emptyLedger, type Fill } from '../../server/engine';
import { findTask, fillsOf, loadState, tradesOf } from '../../server/store/tasks';
import { run } from './engine-tasks';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let trader: string;
beforeAll(async () => {
  t = await startTestServer({ settings: { demoTasks: true } });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
}, 60_000);
afterAll(() => t.stop());

type TaskItem = { id: number; status: number; name: string };
const tasksOf = async (token: string) => (await t.call('taskList', { pagesize: 10, page: 1 }, { token })).data.list as TaskItem[];

describe('demo tasks', () => {
  it('admin and trader each have running tasks with children and a day of history, and stopped ones', async () => {
    for (const token of [admin, trader]) {
      const list = await tasksOf(token);
      const running = list.filter((x) => x.status === 2);
      expect(running.length).toBeGreaterThanOrEqual(1);
      expect(list.some((x) => x.status === 4)).toBe(true);
      for (const task of running) {
        expect(((await t.call('taskChildrenList', { taskId: task.id }, { token })).data as unknown[]).length).toBeGreaterThanOrEqual(1);
        const orders = (await t.call('taskDetail', { taskId: task.id, number: 100 }, { token })).data as { createtime: string }[];
        expect(orders.length, task.name).toBeGreaterThan(0);
        const curve = (await t.call('taskEarnings', { taskId: task.id }, { token })).data as unknown[];
        expect(curve.length).toBeGreaterThan(1000); // a point a minute over the day
      }
    }
  });

  it("the history's numbers agree: positions = the fills replayed, realised = Σ trades − fees, the curve ends at realised + unrealised", async () => {
    const { db } = t.server.context;
    for (const task of await tasksOf(admin)) {
      const state = await loadState(db, (await findTask(db, task.id))!);
      const fills = await fillsOf(db, task.id);
      for (const child of state.children) {
        let ledger = emptyLedger();
        for (const fill of fills.filter((f) => Number(f.task_children_id) === child.child.task_children_id)) {
          ledger = applyFill(ledger, { ...fill, manual: Boolean(fill.manual) } as Fill).ledger;
        }
        for (const d of ['f', 'r'] as const) for (const leg of [0, 1] as const) expect(child.ledger.position[d][leg][1]).toBeCloseTo(ledger.position[d][leg][1], 9);
      }
      const realised = (await tradesOf(db, task.id)).reduce((s, x) => s + x.pnl - x.fee, 0);
      const stats = (await t.call('taskPositionStatistics', { taskId: task.id }, { token: admin })).data;
      expect(stats.task_virtual_earnings.earnings_amount).toBeCloseTo(realised, 6);
      const curve = (await t.call('taskEarnings', { taskId: task.id }, { token: admin })).data as { earningsVal: number }[];
      expect(curve.at(-1)!.earningsVal).toBeCloseTo(realised + stats.task_virtual_position.earnings_amount, 6);
    }
  });

  it('the closed task ended flat and stopped; the runner carries the running ones on', async () => {
    const closed = (await tasksOf(admin)).find((x) => x.name === 'BTC 当周/当周')!;
    expect(closed.status).toBe(4);
    const stats = (await t.call('taskPositionStatistics', { taskId: closed.id }, { token: admin })).data;
    expect(stats.task_virtual_position.amount).toBe(0);
    await run(t, 60_000);
    for (const task of (await tasksOf(admin)).filter((x) => x.name !== 'BTC 当周/当周' && x.name !== 'EOS 现货/季度')) expect(task.status).toBe(2);
  });
});
