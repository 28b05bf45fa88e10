// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperOrder, PaperRun } from '#contract/types/paper';
import { MAX_RUNNING } from '../../server/handlers/tools-paper';
import { seedPaperRuns } from '../../server/seed/paper';
import { startTestServer, type TestServer } from './helpers';

const START = Date.UTC(2026, 10, 25, 2, 0);
const MINUTE = 60_000;

let t: TestServer;
let admin: string;
let trader: string;
let strategyId: number;

const run = async (token: string, runId: number): Promise<PaperRun> => {
  const reply = await t.call('simulatedData', { runId }, { token });
  expect(reply.code, reply.info).toBe(200);
  return reply.data.list[0] as PaperRun;
};

/** every order of a run, all pages */
async function allOrders(token: string, runId: number): Promise<PaperOrder[]> {
  const orders: PaperOrder[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await t.call('simulatedOrderDetail', { runId, page, pageSize: 100 }, { token });
    orders.push(...(data.list as PaperOrder[]));
    if (orders.length >= data.total) return orders;
  }
}

beforeAll(async () => {
  t = await startTestServer({ start: START });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
  const { data } = await t.call('strategyHome', {}, { token: admin });
  strategyId = data.find((s: { name: string }) => s.name === 'arbitrage 2').id;
});
afterAll(() => t.stop());

describe('demo paper runs (seeded on a first start)', () => {
  it('are finished runs everyone with the page sees, traded by the engine, their ledgers agreeing', async () => {
    await seedPaperRuns(t.server.context, START);
    const { data } = await t.call('simulatedData', {}, { token: admin });
    const demos = (data.list as PaperRun[]).filter((r) => r.demo);
    expect(demos.map((r) => r.name).sort()).toEqual(['arbitrage 1 basic · demo', 'arbitrage 2 · demo']);
    for (const r of demos) {
      expect(r).toMatchObject({ running: false, stepped_at: '2026-11-25 10:00:00', started_at: '2026-11-25 09:30:00' });
      expect(r.orders).toBeGreaterThan(0);
      expect(r.equity).toBeCloseTo(r.initial + r.pnl - r.fees + r.open_pnl, 6);
      expect(r.curve).toHaveLength(181);
    }
    // the demo runs are not anyone's to stop
    expect((await t.call('paperStop', { runId: demos[0]!.id }, { token: admin })).code).toBe(404);
  });
});

describe('paper runs (temporary strategy, /simulate)', () => {
  let runId: number;

  it('starts a run of a library strategy with a changed parameter, from its capital', async () => {
    // close_dlt above the closing premium of these legs: every position closes again, so trades are realised
    const reply = await t.call('paperStart', { strategyId, params: JSON.stringify({ close_dlt: 0.013, open_count: 10 }), name: 'try' }, { token: admin });
    expect(reply.code, reply.info).toBe(200);
    const started = reply.data as PaperRun;
    runId = started.id;
    expect(started).toMatchObject({ name: 'try', running: true, initial: 10_000, equity: 10_000, orders: 0, pnl: 0, fees: 0 });
    expect(started.params).toMatchObject({ close_dlt: 0.013, open_count: 10, currency_type: 'btc', m: { CW: 1, NW: 1, CQ: 2, NQ: 2 } });
  });

  it('trades on the injected clock, and its numbers agree like a ledger', async () => {
    await t.advance(10 * MINUTE);
    const r = await run(admin, runId);
    expect(r.stepped_at).toBe('2026-11-25 10:10:00');
    const orders = await allOrders(admin, runId);
    expect(orders.length).toBe(r.orders);
    expect(orders.some((o) => o.action === 'close' && o.deal_amount > 0)).toBe(true);
    expect(r.fees).toBeGreaterThan(0);
    expect(r.pnl).not.toBe(0);
    // fees: the sum of every order's fee; open P/L: the open legs at their marks
    expect(r.fees).toBeCloseTo(
      orders.reduce((sum, o) => sum + o.fee, 0),
      6,
    );
    expect(r.open_pnl).toBeCloseTo(
      r.position.reduce((sum, p) => sum + p.side * p.amount * (p.mark - p.price), 0),
      6,
    );
    // final equity = initial + realised P/L − fees + open P/L (the engine's taskPnl computes it another way)
    expect(r.equity).toBeCloseTo(r.initial + r.pnl - r.fees + r.open_pnl, 6);
    // the curve: a point every 10 s from the start, the last one the equity now
    expect(r.curve).toHaveLength(61);
    expect(r.curve.at(-1)).toEqual({ at: r.stepped_at, equity: Number(r.equity.toFixed(4)) });
  });

  it('pages the orders newest first', async () => {
    const first = (await t.call('simulatedOrderDetail', { runId, page: 1, pageSize: 5 }, { token: admin })).data;
    const second = (await t.call('simulatedOrderDetail', { runId, page: 2, pageSize: 5 }, { token: admin })).data;
    expect(first.list).toHaveLength(5);
    expect(first.list[0].createtime >= second.list[0].createtime).toBe(true);
    expect(first.list.map((o: PaperOrder) => o.client_id)).not.toContain(second.list[0].client_id);
  });

  it('stops like a task: no new decisions, the orders under way finish, then the clock no longer moves it', async () => {
    const stopping = await t.call('paperStop', { runId }, { token: admin });
    expect(stopping.code).toBe(200);
    await t.advance(5_000);
    const stopped = await run(admin, runId);
    expect(stopped.running).toBe(false);
    const orders = await allOrders(admin, runId);
    expect(orders.every((o) => [3, 4, 5, 6, 7, 8].includes(o.status_))).toBe(true);
    await t.advance(5 * MINUTE);
    const later = await run(admin, runId);
    expect(later).toMatchObject({ running: false, stepped_at: stopped.stepped_at, equity: stopped.equity, orders: stopped.orders });
    expect(later.equity).toBeCloseTo(later.initial + later.pnl - later.fees + later.open_pnl, 6);
  });

  it('is refused to a user without the tools pages (trader): no list, no stop', async () => {
    expect((await t.call('simulatedData', { runId }, { token: trader })).code).toBe(403);
    expect((await t.call('simulatedOrderDetail', { runId }, { token: trader })).code).toBe(403);
    expect((await t.call('paperStop', { runId }, { token: trader })).code).toBe(403);
    expect((await t.call('paperStart', { strategyId, params: '{}' }, { token: trader })).code).toBe(403);
  });

  it('refuses parameters the engine cannot trade', async () => {
    const noCapital = await t.call('paperStart', { strategyId, params: JSON.stringify({ virtual_initial_capital: 0 }) }, { token: admin });
    expect(noCapital.code).toBe(400);
    const noParams = await t.call('paperStart', { strategyId, params: 'not json' }, { token: admin });
    expect(noParams.code).toBe(400);
    expect((await t.call('paperStart', { strategyId: 999, params: '{}' }, { token: admin })).code).toBe(404);
  });

  it(`runs at most ${MAX_RUNNING} at a time per user`, async () => {
    for (let i = 0; i < MAX_RUNNING; i += 1) expect((await t.call('paperStart', { strategyId, params: '{}' }, { token: admin })).code).toBe(200);
    const refused = await t.call('paperStart', { strategyId, params: '{}' }, { token: admin });
    expect(refused.code).toBe(400);
    const list = (await t.call('simulatedData', { page: 1, pageSize: 2 }, { token: admin })).data;
    expect(list.total).toBe(MAX_RUNNING + 3);
    expect(list.list).toHaveLength(2);
  });
});
