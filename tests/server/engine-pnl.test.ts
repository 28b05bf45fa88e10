// @vitest-environment node
/**
 * P/L once (`taskPnl`): after simulated trading, the task card (socket), the earnings chart (the runner's
 * stored minute point and the call's last point) and the position statistics say the same P/L, and it is
 * what the fills and fees made (the ledger: cash of every fill, the open quantity at the mid prices, less
 * every fee).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { legsOf, mid } from '../../server/engine';
import { legSign } from '../../server/engine/ledger';
import { enginePrices } from '../../server/engine/prices';
import { earningsOf, findTask } from '../../server/store/tasks';
import { addChildren, addTask, EAGER, run, setStatus, TASK_PARAMS } from './engine-tasks';
import { openFeed, startTestServer, type TestServer } from './helpers';

/** A round minute: the engine ticks on whole seconds from here, so its minute points fall on `now`. */
const START = Date.UTC(2026, 0, 6, 3, 0, 0);
const MINUTE = 60_000;

let t: TestServer;
let admin: string;
let taskId: number;
let childIds: number[];

beforeAll(async () => {
  t = await startTestServer({ start: START });
  admin = await t.login('admin', 'admin123');
  // opens at once and closes at the next decision: round trips, so there are closed trades and open positions
  taskId = await addTask(t, admin, 'pnl', { ...TASK_PARAMS, dlt: EAGER, close_dlt: 0.05 });
  childIds = await addChildren(t, admin, taskId, [1, 2]);
  await setStatus(t, admin, taskId, 2);
  await run(t, 12 * MINUTE - (t.clock.now() - START));
  expect(t.clock.now() % MINUTE).toBe(0);
}, 120_000);
afterAll(() => t.stop());

/** P/L from the fills alone, per child id (0 = the task), at the mid prices now. */
async function pnlFromFills(): Promise<Map<number, number>> {
  const { db, market } = t.server.context;
  const legs = legsOf(JSON.parse((await findTask(db, taskId))!.params));
  const now = t.clock.now();
  const { prices } = enginePrices(market.prices);
  const marks = [mid(prices(legs[0], now)), mid(prices(legs[1], now))];
  const fills = await db.all<{
    task_children_id: number;
    direction: 'f' | 'r';
    leg: 0 | 1;
    action: 'open' | 'close';
    price: number;
    amount: number;
    fee: number;
  }>('SELECT task_children_id, direction, leg, action, price, amount, fee FROM task_fills WHERE task_id = ?', [taskId]);
  const pnl = new Map<number, number>();
  const add = (child: number, value: number) => {
    pnl.set(child, (pnl.get(child) ?? 0) + value);
    pnl.set(0, (pnl.get(0) ?? 0) + value);
  };
  for (const f of fills) {
    const sign = legSign(f.direction, f.leg);
    const opens = f.action === 'open' ? 1 : -1;
    // an open pays the price and holds the amount at the mark; a close takes both back at its price
    add(Number(f.task_children_id), sign * opens * f.amount * (marks[f.leg]! - f.price) - f.fee);
  }
  return pnl;
}

describe('P/L once, after twelve minutes of simulated trading', () => {
  it('the card, the curve (stored minute point and last point) and the statistics agree with the fills', async () => {
    const { db } = t.server.context;
    const now = t.clock.now();
    const fills = await pnlFromFills();
    expect(fills.size).toBe(3); // both children traded

    const session = await openFeed(t.url, feeds.task.path);
    session.socket.send(JSON.stringify({ token: admin, data: [taskId] }));
    const card = JSON.parse(await session.next()).data[0].muldata as {
      realised: number;
      unrealised: number;
      earnings: number;
      children: { task_children_id: number; realised: number; unrealised: number }[];
    };
    session.socket.close();
    await session.closed;

    const curve = (await t.call('taskEarnings', { taskId }, { token: admin })).data as { earningsVal: number }[];
    const stored = (await earningsOf(db, taskId, 0)).find((p) => Number(p.at) === now);
    const statistics = (await t.call('taskPositionStatistics', { taskId }, { token: admin })).data;

    expect(card.realised).not.toBe(0);
    expect(card.unrealised).not.toBe(0);
    expect(card.earnings).toBeCloseTo(card.realised + card.unrealised, 9);
    expect(curve.at(-1)!.earningsVal).toBeCloseTo(card.earnings, 9);
    expect(stored!.value).toBeCloseTo(card.earnings, 9);
    expect(statistics.task_virtual_earnings.earnings_amount).toBeCloseTo(card.realised, 9);
    expect(statistics.task_virtual_position.earnings_amount).toBeCloseTo(card.unrealised, 9);
    expect(card.earnings).toBeCloseTo(fills.get(0)!, 6);

    for (const childId of childIds) {
      const child = card.children.find((c) => c.task_children_id === childId)!;
      const childCurve = (await t.call('taskChildrenEarnings', { childrenTaskId: childId }, { token: admin })).data as { earningsVal: number }[];
      const childStored = (await earningsOf(db, taskId, childId)).find((p) => Number(p.at) === now);
      const childStatistics = (await t.call('taskChildrenPositionStatistics', { childrenTaskId: childId }, { token: admin })).data;
      expect(childCurve.at(-1)!.earningsVal).toBeCloseTo(child.realised + child.unrealised, 9);
      expect(childStored!.value).toBeCloseTo(child.realised + child.unrealised, 9);
      expect(childStatistics.task_virtual_earnings.earnings_amount + childStatistics.task_virtual_position.earnings_amount).toBeCloseTo(
        child.realised + child.unrealised,
        9,
      );
      expect(child.realised + child.unrealised).toBeCloseTo(fills.get(childId)!, 6);
    }
  });
});
