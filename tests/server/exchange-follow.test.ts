// @vitest-environment node
/**
 * Follow tasks and manual orders on a testnet account (issue 33), against the loopback OKX through the server's
 * own trading clients and order gateways: what reaches the exchange (instrument, side, client order id), what the
 * records say afterwards (the exchange's fill, price and fee, not the simulation's), a refusal, an exchange marked
 * down, a restart with an order in flight, and a resting manual order that fills later. The server's clock is a
 * ManualClock; every wait is for an event of the server's bus.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowOrder } from '#contract/types/follow-tasks';
import { FOLLOW_ORDER_STATE } from '#contract/rules/unilateral';
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { ServerEvent } from '../../server/bus';
import { exchangeClientId } from '../../server/gateway/exchange';
import { FOLLOW_ORDER_MAX_AGE_MS } from '../../server/unilateral/venue';
import { findFollowTask, followOrdersOf, insertUStrategy, type FollowOrderRecord } from '../../server/store/unilateral';
import { findManualOrder } from '../../server/store/manual-orders';
import { startLoopbackOkx, type LoopbackOkx, type OkxAccountOptions } from '../loopback-exchange/okx';
import { startTestServer, type TestServer } from './helpers';

const FOLLOWER: OkxAccountOptions = { apiKey: 'follow-key', secret: 'follow-secret-0123', passphrase: 'Follow-pass-1' };
const MANUAL: OkxAccountOptions = { apiKey: 'manual-key', secret: 'manual-secret-0123', passphrase: 'Manual-pass-1' };
const SWAP = 'BTC-USDT-SWAP';
const SETTINGS = { initDelayMs: 0, exchangeRateLimit: false, exchangeTimeoutMs: 5_000 };
const MONEY = 5000;
const DAY = 86_400_000;

let okx: LoopbackOkx;
let t: TestServer;
let restarted: TestServer | undefined;
let admin: string;
let followApi: number;
let strategyId: number;

/** Resolves with `read()` once it answers something, read again after each `event` on the server's bus (no polling). */
async function until<T>(server: TestServer, event: ServerEvent, read: () => Promise<T | undefined | false>): Promise<T> {
  for (;;) {
    const next = new Promise<void>((resolve) => {
      const off = server.server.context.bus.on(event, () => {
        off();
        resolve();
      });
    });
    const now = await read();
    if (now) return now;
    await next;
  }
}

const lastOrder = async (server: TestServer = t): Promise<FollowOrderRecord> => (await followOrdersOf(server.server.context.db, followApi)).at(-1)!;
const ended = (order: FollowOrderRecord) => order.state !== FOLLOW_ORDER_STATE.open && order.state !== FOLLOW_ORDER_STATE.partlyFilled;
/** the task's last order once it has ended */
const lastEnded = (server: TestServer = t) =>
  until(server, 'unilateral.changed', async () => ((order) => (ended(order) ? order : undefined))(await lastOrder(server)));
const adjust = (position: number) => t.call('followAdjustPosition', { apiId: followApi, position }, { token: admin });
const placements = (clOrdId: string) =>
  okx.requests.filter((r) => r.path === '/api/v5/trade/batch-orders' && (r.body as { clOrdId?: string }[])[0]?.clOrdId === clOrdId);

async function addTestnet(name: string, account: OkxAccountOptions, status: number): Promise<number> {
  const reply = await t.call(
    'apiAdd',
    { name, bourseId: 1, status, mode: 'testnet', apiKey: account.apiKey, apiSecret: account.secret, apiToken: account.passphrase },
    { token: admin },
  );
  expect(reply.code, reply.info).toBe(200);
  return reply.data.id;
}

beforeAll(async () => {
  let now = () => 0;
  okx = await startLoopbackOkx({ now: () => now(), accounts: [FOLLOWER, MANUAL] });
  t = await startTestServer({ settings: { ...SETTINGS, exchangeUrls: { 1: okx.urls.api } } });
  now = () => t.clock.now();
  admin = await t.login('admin', 'admin123');
  strategyId = await insertUStrategy(t.server.context.db, {
    names: 'follow on testnet',
    status: 0,
    target: 1,
    coin: 'btc',
    bar_ms: 300_000,
    fast: 3,
    slow: 12,
    initial_money: 10_000,
    cash: 10_000,
    qty: 0,
    entry: 0,
    last_bar: t.clock.now(),
    last_equity: 10_000,
    update_time: t.clock.now(),
  });
  followApi = await addTestnet('okx follower', FOLLOWER, 4);
  const form = { strategyId, apiId: followApi, priority: 3, stopLoss: 0, positiveLeverage: 1, negativeLeverage: 1, isBuy: 1, isSell: 1, initialCost: MONEY };
  expect((await t.call('followTaskAdd', form, { token: admin })).code).toBe(200);
});

afterAll(async () => {
  await restarted?.stop();
  await t?.stop();
  await okx?.close();
});

describe('a follow task on a testnet account', () => {
  it('places its order at the exchange with its client id, and records the exchange’s fill, price and fee', async () => {
    const reply = await adjust(0.05);
    expect(reply).toMatchObject({ code: 200, data: { size: 0.05, state: FOLLOW_ORDER_STATE.open } });
    const order = await lastEnded();
    const sent = okx.state.order(exchangeClientId(`follow-${order.id}`))!;
    expect(sent).toMatchObject({ instId: SWAP, side: 'buy', posSide: 'long', tdMode: 'cross', ordType: 'market', sz: 5 });
    const [fill] = sent.fills;
    const fee = -fill!.fee; // OKX prints a charge negative
    expect(fee).toBeGreaterThan(0);
    expect(order).toMatchObject({ state: FOLLOW_ORDER_STATE.filled, size: 0.05, filled_qty: 0.05 });
    expect(order.price_avg).toBeCloseTo(fill!.fillPx, 9);
    expect(order.fee).toBeCloseTo(fee, 9);
    // the simulation's price is what it was decided on; the exchange's is what it filled at
    expect(order.price_avg).not.toBeCloseTo(order.price, 0);

    const [shown] = (await t.call('followOrderDetail', { api_ids: [followApi], recordId: 0, number: 1 }, { token: admin })).data as FollowOrder[];
    expect(shown).toMatchObject({ state: FOLLOW_ORDER_STATE.filled, size: 0.05, filled_qty: 0.05, price_avg: order.price_avg, instrument_id: SWAP });
    // the task holds what the exchange filled, bought at its price and fee
    const task = (await findFollowTask(t.server.context.db, followApi))!;
    expect(task).toMatchObject({ qty: 0.05, entry: order.price_avg });
    expect(task.cash).toBeCloseTo(MONEY - 0.05 * order.price_avg - fee, 6);
  });

  it('a refused order is recorded failed, and the task keeps its position', async () => {
    const before = (await findFollowTask(t.server.context.db, followApi))!;
    okx.control.rejectNext({ sCode: '51008', sMsg: 'Order failed. Insufficient USDT margin in account' }, SWAP);
    expect((await adjust(0)).code).toBe(200);
    const order = await lastEnded();
    expect(placements(exchangeClientId(`follow-${order.id}`))).toHaveLength(1);
    expect(order).toMatchObject({ state: FOLLOW_ORDER_STATE.failed, size: 0.05, filled_qty: 0, fee: 0 });
    const task = (await findFollowTask(t.server.context.db, followApi))!;
    expect(task).toMatchObject({ qty: before.qty, entry: before.entry });
    expect(task.cash).toBeCloseTo(before.cash, 6);
  });

  it('sends nothing while its exchange is marked down: the order is failed', async () => {
    const { db } = t.server.context;
    await db.run('UPDATE api_accounts SET exchange_down = 1 WHERE id = ?', [followApi]);
    try {
      expect((await adjust(0)).code).toBe(200);
      const order = await lastEnded();
      expect(order).toMatchObject({ state: FOLLOW_ORDER_STATE.failed, filled_qty: 0 });
      expect(placements(exchangeClientId(`follow-${order.id}`))).toEqual([]);
      expect((await findFollowTask(db, followApi))!.qty).toBe(0.05);
    } finally {
      await db.run('UPDATE api_accounts SET exchange_down = 0 WHERE id = ?', [followApi]);
    }
  });
});

describe('a manual order on a testnet account', () => {
  it('a resting limit order that fills later, in two parts, shows filled with the exchange’s price and fee', async () => {
    const apiId = await addTestnet('okx manual', MANUAL, 1);
    const bid = okx.state.books.get(SWAP)!.bids[0]![0];
    const price = bid - 100;
    const subscribed = okx.control.nextRequest({ method: 'subscribe' }); // the account's private socket: its order updates
    const reply = await t.call('manualTrading', { apiId, symbol: 'btc', type: 14, direction: 1, way: 0, price, amount: 0.05 }, { token: admin });
    expect(reply.code, reply.info).toBe(200);
    const id = reply.data.id as number;
    const { db } = t.server.context;
    expect(await findManualOrder(db, id)).toMatchObject({ status: ORDER_STATUS.executing, filled: null, client_id: `manual-${id}` });
    await subscribed;
    const clOrdId = exchangeClientId(`manual-${id}`);
    expect(okx.state.order(clOrdId)).toMatchObject({ side: 'buy', posSide: 'long', ordType: 'limit', px: price, sz: 5, state: 'live' });

    okx.control.fillOrder(clOrdId, { sz: 2 });
    const part = await until(t, 'orders.changed', async () => ((row) => (row?.filled ? row : undefined))(await findManualOrder(db, id)));
    expect(part).toMatchObject({ status: ORDER_STATUS.executing, filled: 0.02 });
    expect(part.deal_price).toBeCloseTo(price, 6);
    okx.control.fillOrder(clOrdId);
    const done = await until(t, 'orders.changed', async () =>
      ((row) => (row?.status === ORDER_STATUS.completed ? row : undefined))(await findManualOrder(db, id)),
    );
    const fee = -okx.state.order(clOrdId)!.fills.reduce((sum, f) => sum + f.fee, 0);
    expect(done).toMatchObject({ filled: 0.05, instrument_id: SWAP });
    expect(done.deal_price).toBeCloseTo(price, 6);
    expect(done.fee).toBeCloseTo(fee, 9);
    expect(fee).toBeGreaterThan(0);

    const records = (await t.call('assetTradeRecords', { apiId }, { token: admin })).data as { id: string; price: number; amount: number; fee: number }[];
    expect(records).toEqual([expect.objectContaining({ id: `manual-${id}`, amount: 0.05 })]);
    expect(records[0]!.price).toBeCloseTo(price, 6);
    expect(records[0]!.fee).toBeCloseTo(fee, 9);
  });
});

describe('a restart', () => {
  it('with a follow order in flight does not send it again: it is looked up by its client id and its fill recorded', async () => {
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' });
    expect((await adjust(0)).code).toBe(200);
    const sent = await hold.arrived;
    const clOrdId = (sent.body as { clOrdId: string }[])[0]!.clOrdId;
    // the server dies here, its order on the exchange and the reply not come: its data folder as it is now
    const copy = mkdtempSync(path.join(tmpdir(), 'console-server-'));
    await t.server.context.db.run(`VACUUM INTO '${path.join(copy, 'console.db')}'`);
    copyFileSync(path.join(t.dataDir, 'secret.key'), path.join(copy, 'secret.key'));
    hold.release();
    await lastEnded();

    const from = okx.requests.length;
    restarted = await startTestServer({ dataDir: copy, start: t.clock.now(), settings: { ...SETTINGS, exchangeUrls: { 1: okx.urls.api } } });
    const order = await lastEnded(restarted);
    expect(exchangeClientId(`follow-${order.id}`)).toBe(clOrdId);
    expect(placements(clOrdId)).toHaveLength(1);
    expect(okx.requests.slice(from).some((r) => r.path === '/api/v5/trade/order' && r.query.clOrdId === clOrdId)).toBe(true);
    const [fill] = okx.state.order(clOrdId)!.fills;
    expect(order).toMatchObject({ state: FOLLOW_ORDER_STATE.filled, filled_qty: 0.05 });
    expect(order.price_avg).toBeCloseTo(fill!.fillPx, 9);
    expect((await findFollowTask(restarted.server.context.db, followApi))!.qty).toBe(0);
  });
});

describe('the one-sided runner on a testnet account', () => {
  it(`sends none of the orders of bars caught up after ${FOLLOW_ORDER_MAX_AGE_MS / 1000} s: they end failed`, async () => {
    const { db } = t.server.context;
    const before = (await followOrdersOf(db, followApi)).length;
    expect((await t.call('unilateralStrategyState', { strategyIds: [strategyId], state: 1 }, { token: admin })).code).toBe(200);
    expect((await t.call('followTaskState', { apis: [followApi], state: 1 }, { token: admin })).code).toBe(200);
    const requests = okx.requests.length;
    t.clock.tick(DAY);
    await t.server.unilateral.idle();
    const now = t.clock.now();
    const caughtUp = (await followOrdersOf(db, followApi)).slice(before);
    const stale = caughtUp.filter((o) => now - o.at > FOLLOW_ORDER_MAX_AGE_MS);
    expect(stale.length).toBeGreaterThan(5);
    expect(stale.every((o) => o.state === FOLLOW_ORDER_STATE.failed && o.filled_qty === 0)).toBe(true);
    const sent = okx.requests.slice(requests).filter((r) => r.path === '/api/v5/trade/batch-orders');
    expect(sent.length).toBe(caughtUp.length - stale.length);
    expect(caughtUp.length - stale.length).toBeLessThanOrEqual(2);
  });
});
