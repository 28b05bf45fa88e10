// @vitest-environment node
/**
 * Leg health through the wired server: a task trades on the injected clock with the leg
 * failure modes frequent; then its figures (legHealthOfTasks, and the task socket's `leg_health`) are
 * checked against the stored rows: per leg the held quantity = Σ fills, imbalance = Σ leg-A fills −
 * Σ leg-B fills in contracts, exposure in USDT, the task's = Σ children's, abnormal orders of the last
 * hour. And a single rejected leg, step by step: unbalanced, no new open, a re-hedge that restores balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { legsOf, mid, paperVenue, stepTask } from '../../server/engine';
import { enginePrices } from '../../server/engine/prices';
import { execute } from '../../server/engine/pricing';
import { legHealthOfTasks } from '../../server/ledger/leg-health';
import { fillsOf, findTask, ordersOf } from '../../server/store/tasks';
import { childLegHealth, taskLegHealth, type TaskLegHealth } from '#contract/rules/leg-health';
import { addChildren, addTask, EAGER, run, setStatus, TASK_PARAMS } from './engine-tasks';
import { T0, child, inputs, premiumSource, scriptedRng, state } from './engine-fixtures';
import { openFeed, startTestServer, type TestServer } from './helpers';

const HOUR = 3_600_000;
const FAILING = { legRejectRate: 0.1, legPartialRate: 0.1, stalePriceRate: 0.1, abnormalRate: 0.05, rehedgeAfterMs: 60_000 };

describe('leg health after simulated trading on the injected clock', () => {
  let t: TestServer;
  let admin: string;
  let taskId: number;
  let childIds: number[];

  beforeAll(async () => {
    t = await startTestServer({ settings: { engine: FAILING } });
    admin = await t.login('admin', 'admin123');
    taskId = await addTask(t, admin, 'legs', { ...TASK_PARAMS, dlt: EAGER, close_dlt: 0.05 });
    childIds = await addChildren(t, admin, taskId, [1, 2]);
    await setStatus(t, admin, taskId, 2);
    await run(t, 10 * 60_000);
  }, 120_000);
  afterAll(() => t.stop());

  /** the figures at `later` ms after the clock's now (the abnormal count's window moves with it) */
  const figures = async (later = 0) => {
    const { db, clock, market } = t.server.context;
    const now = clock.now() + later;
    const { prices } = enginePrices(market.prices);
    const health = (await legHealthOfTasks(db, [taskId], now, prices)).get(taskId)!;
    const params = JSON.parse((await findTask(db, taskId))!.params);
    return { health, now, midA: mid(prices(legsOf(params)[0], now)) };
  };

  it('per child: held per leg = Σ fills, imbalance = Σ A − Σ B in contracts, exposure = |A − B| × leg A mid; the task = Σ children', async () => {
    const { health, midA } = await figures();
    const fills = await fillsOf(t.server.context.db, taskId);
    const held = (childId: number | null, leg: 0 | 1) =>
      fills
        .filter((f) => (childId === null || Number(f.task_children_id) === childId) && Number(f.leg) === leg)
        .reduce((s, f) => s + (f.action === 'open' ? f.amount : -f.amount), 0);
    for (const id of childIds) {
      const h = health.children[id];
      expect(h.filled[0]).toBeCloseTo(held(id, 0), 9);
      expect(h.filled[1]).toBeCloseTo(held(id, 1), 9);
      // BTC: a contract is 100 USD of face value
      expect(h.imbalance).toBeCloseTo(((held(id, 0) - held(id, 1)) * midA) / 100, 6);
      expect(h.exposure).toBeCloseTo(Math.abs(held(id, 0) - held(id, 1)) * midA, 6);
      const last = (leg: 0 | 1) => Math.max(...fills.filter((f) => Number(f.task_children_id) === id && Number(f.leg) === leg).map((f) => Number(f.time)));
      expect(h.lastFill).toEqual([last(0), last(1)]);
    }
    expect(health.imbalance).toBeCloseTo(((held(null, 0) - held(null, 1)) * midA) / 100, 6);
    expect(health.exposure).toBeCloseTo(
      childIds.reduce((s, id) => s + health.children[id].exposure, 0),
      9,
    );
    expect(health.filled[0]).toBeCloseTo(held(null, 0), 9);
    expect(health).toEqual(taskLegHealth(health.children));
  });

  it('counts the abnormal orders (status_ 4 and 8) created in the last hour, not the older ones', async () => {
    expect((await figures()).health.abnormal).toBe((await ordersOf(t.server.context.db, taskId)).filter((o) => [4, 8].includes(Number(o.status_))).length);
    // 55 minutes on, only the last 5 minutes of the 10 traded are in the hour
    const { health, now } = await figures(55 * 60_000);
    const orders = await ordersOf(t.server.context.db, taskId);
    const abnormal = orders.filter((o) => [4, 8].includes(Number(o.status_)));
    const recent = abnormal.filter((o) => Number(o.createtime) > now - HOUR);
    expect(recent.length).toBeGreaterThan(0);
    expect(abnormal.length).toBeGreaterThan(recent.length);
    expect(health.abnormal).toBe(recent.length);
    for (const id of childIds) expect(health.children[id].abnormal).toBe(recent.filter((o) => Number(o.task_children_id) === id).length);
    expect(health.state).toBe('abnormal');
  });

  it('re-hedged: hedge orders were placed on one leg each', async () => {
    const orders = await ordersOf(t.server.context.db, taskId);
    const hedges = orders.filter((o) => JSON.parse(o.cparam).order_type === 'hedge');
    expect(hedges.length).toBeGreaterThan(0);
    for (const h of hedges) expect(orders.filter((o) => o.pairing_id === h.pairing_id)).toHaveLength(1);
  });

  it("the task socket carries the same figures as leg_health (the console's own addition)", async () => {
    const session = await openFeed(t.url, feeds.task.path);
    session.socket.send(JSON.stringify({ token: admin, data: [taskId] }));
    const parsed = feeds.task.parse(JSON.parse(await session.next()));
    session.socket.close();
    await session.closed;
    if (!parsed.ok) throw new Error(parsed.error);
    const { health } = await figures();
    expect(parsed.message.data[0].leg_health as TaskLegHealth).toEqual(JSON.parse(JSON.stringify(health)));
  });
});

describe('one leg rejected, step by step (engine on the injected clock)', () => {
  // leg B of the first pair is rejected (the third draw falls in the first half of legRejectRate)
  const settings = { legRejectRate: 0.01, legPartialRate: 0, stalePriceRate: 0, rehedgeAfterMs: 60_000 };
  const source = premiumSource(() => 0.012);
  const steps = (seconds: number) => {
    let s = state(undefined, [child(1, 1)]);
    const venue = paperVenue(scriptedRng([0.5, 0.5, 0.001]));
    const orders = [];
    const healths = [];
    for (let i = 0; i < seconds; i++) {
      const now = T0 + i * 1000;
      const out = stepTask(s, inputs({ settings }), source, now, venue);
      s = out.state;
      orders.push(...out.orders);
      healths.push(childLegHealth(s.children[0].ledger.position, 'btc', mid(source(legsOf(s.task.params)[0], now)), [null, null], 0));
    }
    return { s, orders, healths };
  };

  it('is unbalanced with leg A held and B empty, opens nothing for rehedgeAfterMs, then re-hedges leg B and is balanced again', () => {
    const { s, orders, healths } = steps(70);
    const first = orders.filter((o) => o.pairing_id.endsWith('-p1'));
    expect(first.at(-1)!.status_).toBe(8);
    expect(first.find((o) => o.leg === 1 && o.status_ === 8)!.result.deal_amount).toBe(0);
    // the pair was placed at t0 and filled at t0 + 2 s: unbalanced from then on
    expect(healths[2].state).toBe('unbalanced');
    expect(healths[2].filled[1]).toBe(0);
    expect(healths[2].imbalance).toBeGreaterThan(0.5);
    expect(healths[2].exposure).toBeCloseTo(healths[2].filled[0] * 10000, 6);
    const created = orders.filter((o) => o.status_ === 1);
    // no order between the failed pair and the hedge, which comes rehedgeAfterMs after the imbalance began
    expect(created.map((o) => [o.createtime - T0, o.cparam.order_type, o.leg])).toEqual([
      [0, 'auto', 0],
      [0, 'auto', 1],
      [62_000, 'hedge', 1],
      ...created.slice(3).map((o) => [o.createtime - T0, o.cparam.order_type, o.leg]),
    ]);
    expect(healths[63].state).toBe('unbalanced');
    expect(healths[64].state).toBe('balanced');
    expect(healths[64].filled[1]).toBeCloseTo(healths[64].filled[0], 9);
    expect(s.children[0].ledger.unbalanced_since ?? null).toBeNull();
  });
});

describe('one leg at a stale price', () => {
  it("fills leg B at the touch one tick earlier when that is worse (a sale at the lower bid), leg A at the tick's", () => {
    // B is 1.0 % over A a second before the decision, 1.2 % at it: an f open sells B, so the old bid is worse
    const source = premiumSource((now) => (now < T0 ? 0.01 : 0.012));
    const settings = { legRejectRate: 0, legPartialRate: 0, stalePriceRate: 0.01 };
    const venue = paperVenue(scriptedRng([0.5, 0.5, 0.001]));
    let s = state(undefined, [child(1, 1)]);
    const fills = [];
    for (let i = 0; i < 3; i++) {
      const out = stepTask(s, inputs({ settings }), source, T0 + i * 1000, venue);
      s = out.state;
      fills.push(...out.fills);
    }
    const [a, b] = [fills.find((f) => f.leg === 0)!, fills.find((f) => f.leg === 1)!];
    expect(a.amount).toBeCloseTo(b.amount, 12); // still hedged: only the price is stale
    const book = { levels: 5, slippage: 0.001, step: 0.0005 };
    const legs = legsOf(s.task.params);
    expect(b.price).toBeCloseTo(execute('sell', source(legs[1], T0 - 1000), b.amount, book).price, 9);
    expect(b.price).toBeLessThan(execute('sell', source(legs[1], T0), b.amount, book).price);
    expect(a.price).toBeCloseTo(execute('buy', source(legs[0], T0), a.amount, book).price, 9);
  });
});
