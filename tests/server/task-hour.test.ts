// @vitest-environment node
/**
 * An hour of simulated trading THROUGH THE WIRED SERVER ("the numbers agree everywhere"):
 * a task with two children runs on the ManualClock; then the calls, the task socket and the stored
 * rows are compared — task position = Σ children's, realised = Σ closed trades − fees, the earnings
 * curve's last point = realised + unrealised at the current prices, socket = calls, prices = the
 * market board's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import type { TaskFeedMessage } from '#contract/types/feeds';
import { contractOf, legsOf, mid, unrealisedPnl, type PositionData } from '../../server/engine';
import { findTask, loadState, ordersOf, tradesOf } from '../../server/store/tasks';
import { addChildren, addTask, EAGER, run, setStatus, TASK_PARAMS } from './engine-tasks';
import { openFeed, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let trader: string;
let taskId: number;
let childIds: number[];

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
  // opens at once and closes at the next decision: an hour of round trips
  taskId = await addTask(t, admin, 'an hour', { ...TASK_PARAMS, dlt: EAGER, close_dlt: 0.05 });
  childIds = await addChildren(t, admin, taskId, [1, 2]);
  await setStatus(t, admin, taskId, 2);
  await run(t, 3_600_000);
  // then paused (it holds what it has) and a manual open, so a position is held at the end
  await setStatus(t, admin, taskId, 3);
  const cparam = JSON.stringify({ dlt: -0.01, count: 20, duration: 1, cid: childIds.join(','), change_type: 'open', direct: 'f' });
  expect((await t.call('manualTrade', { task_id: taskId, cparam }, { token: admin })).code).toBe(200);
  await run(t, 20_000);
}, 180_000);
afterAll(() => t.stop());

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);

/** The §3 position fields of a statistics reply or a socket entry. */
const positionOf = (p: PositionData) => ({ f: p.f, r: p.r, mt: p.mt, pro_count: p.pro_count, pro_rate: p.pro_rate });

async function socketEntry(token: string, ids: number[]): Promise<TaskFeedMessage> {
  const session = await openFeed(t.url, feeds.task.path);
  session.socket.send(JSON.stringify({ token, data: ids }));
  const parsed = feeds.task.parse(JSON.parse(await session.next()));
  session.socket.close();
  await session.closed;
  if (!parsed.ok) throw new Error(`the console's parser refused the reply: ${parsed.error}`);
  return parsed.message;
}

describe('an hour of a running task, through the calls and the socket', () => {
  it('traded: orders, fills and closed trades exist, the task is paused', async () => {
    expect((await t.call('taskStatusDetection', { taskId }, { token: admin })).data.status).toBe(3);
    const { db } = t.server.context;
    expect((await ordersOf(db, taskId)).length).toBeGreaterThan(20);
    expect((await tradesOf(db, taskId)).length).toBeGreaterThan(100);
  });

  it("trades at the market board's prices (the server's one market)", async () => {
    const { db, market } = t.server.context;
    const legs = legsOf(JSON.parse((await findTask(db, taskId))!.params));
    const orders = await ordersOf(db, taskId);
    for (const order of orders.slice(0, 40)) {
      const cparam = JSON.parse(order.cparam) as { price: number; otype: number | string };
      const leg = legs[order.client_id.endsWith('a') ? 0 : 1];
      const buy = cparam.otype === 'buy' || cparam.otype === 1 || cparam.otype === 4;
      const quote = market.prices.quote(leg.exchange as 1, leg.currency as 'btc', contractOf(leg.contractType) as 1, Number(order.createtime));
      expect(cparam.price, order.client_id).toBe(buy ? quote.ask : quote.bid);
    }
  });

  it("task position = Σ children's positions (statistics calls)", async () => {
    const task = (await t.call('taskPositionStatistics', { taskId }, { token: admin })).data;
    const children = await Promise.all(
      childIds.map(async (id) => (await t.call('taskChildrenPositionStatistics', { childrenTaskId: id }, { token: admin })).data),
    );
    for (const d of ['f', 'r'] as const) {
      for (const leg of [0, 1])
        close(
          task[d][leg][1],
          children.reduce((s, c) => s + c[d][leg][1], 0),
          9,
        );
    }
    close(task.mt[0], children[0].mt[0] + children[1].mt[0]);
    close(task.mt[1], children[0].mt[1] + children[1].mt[1]);
    close(task.pro_count, children[0].pro_count + children[1].pro_count);
    close(task.task_virtual_position.amount, children[0].task_virtual_position.amount + children[1].task_virtual_position.amount, 9);
    close(task.task_virtual_position.earnings_amount, children[0].task_virtual_position.earnings_amount + children[1].task_virtual_position.earnings_amount);
    close(task.task_virtual_earnings.earnings_amount, children[0].task_virtual_earnings.earnings_amount + children[1].task_virtual_earnings.earnings_amount);
  });

  it('realised P/L = Σ closed trades − fees; the curve ends at realised + unrealised at the current prices', async () => {
    const { db, market, clock } = t.server.context;
    const realised = (await tradesOf(db, taskId)).reduce((s, x) => s + x.pnl - x.fee, 0);
    const state = await loadState(db, (await findTask(db, taskId))!);
    const legs = legsOf(state.task.params);
    const marks = legs.map((leg) => {
      const q = market.prices.quote(leg.exchange as 1, leg.currency as 'btc', contractOf(leg.contractType) as 1, clock.now());
      return mid({ bid: q.bid, ask: q.ask, bidSize: 0, askSize: 0 });
    }) as [number, number];
    const unrealised = state.children.reduce((s, c) => s + unrealisedPnl(c.ledger, marks), 0);
    expect(Math.abs(unrealised)).toBeGreaterThan(0);

    const stats = (await t.call('taskPositionStatistics', { taskId }, { token: admin })).data;
    close(stats.task_virtual_earnings.earnings_amount, realised);
    close(stats.task_virtual_position.earnings_amount, unrealised);

    const curve = (await t.call('taskEarnings', { taskId }, { token: admin })).data as { dateTime: string; earningsVal: number }[];
    expect(curve.length).toBeGreaterThanOrEqual(60);
    close(curve.at(-1)!.earningsVal, realised + unrealised);
    const childCurves = await Promise.all(childIds.map(async (id) => (await t.call('taskChildrenEarnings', { childrenTaskId: id }, { token: admin })).data));
    close(
      childCurves.reduce((s, c) => s + c.at(-1).earningsVal, 0),
      realised + unrealised,
    );
  });

  it("the socket's reply passes the console's parser and shows the calls' numbers", async () => {
    const message = await socketEntry(admin, [taskId]);
    expect(message.data).toHaveLength(1);
    const live = message.data[0]!;
    const stats = (await t.call('taskPositionStatistics', { taskId }, { token: admin })).data;
    expect(live).toMatchObject({ id: taskId, status: 3, changeable: false });
    expect(positionOf(live.position as PositionData)).toEqual(positionOf(stats));
    const money = live.muldata as { realised: number; unrealised: number; earnings: number; children: { task_children_id: number }[] };
    expect(money.realised).toBe(stats.task_virtual_earnings.earnings_amount);
    expect(money.unrealised).toBe(stats.task_virtual_position.earnings_amount);
    const curve = (await t.call('taskEarnings', { taskId }, { token: admin })).data;
    expect(money.earnings).toBe(curve.at(-1).earningsVal);
    expect(money.children.map((c) => c.task_children_id)).toEqual(childIds);
    expect(Object.keys(live.analysis as object)).toEqual(['f', 'r']);
  });

  it("another user's task ids get nothing on the socket, and its calls are refused", async () => {
    expect((await socketEntry(trader, [taskId])).data).toEqual([]);
    for (const [name, payload] of [
      ['taskPositionStatistics', { taskId }],
      ['taskEarnings', { taskId }],
      ['taskChildrenPositionStatistics', { childrenTaskId: childIds[0] }],
      ['taskChildrenEarnings', { childrenTaskId: childIds[0] }],
      ['orderNewest', { taskId, number: 10 }],
      ['changeRecords', { task_id: taskId, bars: 10, page_num: 1 }],
    ] as const) {
      expect((await t.call(name, payload, { token: trader })).code, name).toBe(404);
    }
  });

  it("the detail's orders are the task's orders, paged by order id both ways", async () => {
    const all = (await ordersOf(t.server.context.db, taskId)).map((o) => Number(o.id)).reverse();
    const first = (await t.call('orderNewest', { taskId, number: 10 }, { token: admin })).data as { id: number; createtime: string }[];
    expect(first.map((o) => o.id)).toEqual(all.slice(0, 10));
    expect(first[0]!.createtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const second = (await t.call('orderNewest', { taskId, number: 10, orderId: String(first.at(-1)!.id) }, { token: admin })).data as { id: number }[];
    expect(second.map((o) => o.id)).toEqual(all.slice(10, 20));
    const back = (await t.call('orderNewest', { taskId, number: 10, orderId: `-${second[0]!.id}` }, { token: admin })).data as { id: number }[];
    expect(back.map((o) => o.id)).toEqual(all.slice(0, 10));
  });
});
