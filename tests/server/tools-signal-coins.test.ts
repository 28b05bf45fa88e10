// @vitest-environment node
// /signal and /coins against the reference server: the latest signals, the follow-signal
// switch, the two coin lists with their refusals, and what the unilateral runner does with them after
// simulated trading on the injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalRow } from '#contract/types/signal-coins';
import { isOpening, isSignal } from '#contract/rules/unilateral';
import { followOrdersOf, insertUStrategy, tradesOf } from '../../server/store/unilateral';
import { startTestServer, type TestServer } from './helpers';

const DAY = 86_400_000;
const BAR = 5 * 60_000;
const INITIAL = 10_000;

let t: TestServer;
let admin: string;
let follower: string;

beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true } });
  admin = await t.login('admin', 'admin123');
  follower = await t.loginUnilateral('follower', 'follower123');
});
afterAll(() => t.stop());

const db = () => t.server.context.db;

/** A running strategy on `coin` (MA 3/12 on 5-minute bars: it trades many times a day), flat, from now. */
function newStrategy(names: string, coin: string, target = 1): Promise<number> {
  const now = t.clock.now();
  return insertUStrategy(db(), {
    names,
    status: 1,
    target,
    coin,
    bar_ms: BAR,
    fast: 3,
    slow: 12,
    initial_money: INITIAL,
    cash: INITIAL,
    qty: 0,
    entry: 0,
    last_bar: Math.floor(now / BAR) * BAR,
    last_equity: INITIAL,
    update_time: now,
  });
}

/** An own one-sided API of the admin with a follow task on `strategyId`, started (state 1). */
async function followingApi(name: string, strategyId: number): Promise<number> {
  const api = await t.call('apiAdd', { name, bourseId: 3, apiKey: 'k'.repeat(16), apiSecret: 's'.repeat(24), apiToken: '', status: 4 }, { token: admin });
  expect(api.code, api.info).toBe(200);
  const form = { apiId: api.data.id, strategyId, priority: 0, stopLoss: 0, positiveLeverage: 1, negativeLeverage: 1, isBuy: 1, isSell: 1, initialCost: 5000 };
  expect((await t.call('followTaskAdd', form, { token: admin })).code).toBe(200);
  return api.data.id;
}

async function start(apiId: number) {
  expect((await t.call('followTaskState', { apis: [apiId], state: 1 }, { token: admin })).code).toBe(200);
}

/** Moves the clock (the runner trades meanwhile); the admin signs in again, as sessions last 2 days. */
async function run(ms: number) {
  await t.advance(ms);
  await t.server.unilateral.idle();
  admin = await t.login('admin', 'admin123');
}

const ordersAfter = async (apiId: number, at: number) => (await followOrdersOf(db(), apiId)).filter((o) => o.at > at);

describe('coin range and currency blacklist', () => {
  it('start empty, add one coin at a time, refuse a duplicate and an unknown coin with their message, remove idempotently', async () => {
    for (const [get, save, listed] of [
      ['coinRangeGet', 'coinRangeSave', '已在可交易币种中'],
      ['currencyBlacklistGet', 'currencyBlacklistSave', '已在币种黑名单中'],
    ] as const) {
      expect((await t.call(get, {}, { token: follower })).data).toEqual({ coins: [] });
      expect((await t.call(save, { coin: 'BTC', op: 'add' }, { token: follower })).data).toEqual({ coins: ['btc'] });
      expect((await t.call(save, { coin: 'eth', op: 'add' }, { token: follower })).data).toEqual({ coins: ['btc', 'eth'] });
      const twice = await t.call(save, { coin: 'btc', op: 'add' }, { token: follower });
      expect(twice).toMatchObject({ code: 400, info: `BTC ${listed}` });
      const unknown = await t.call(save, { coin: 'doge', op: 'add' }, { token: follower });
      expect(unknown).toMatchObject({ code: 400, info: '不支持的币种：DOGE' });
      expect((await t.call(save, { coin: 'btc', op: 'flip' }, { token: follower })).code).toBe(400);
      expect((await t.call(save, { coin: 'btc', op: 'remove' }, { token: follower })).data).toEqual({ coins: ['eth'] });
      const again = await t.call(save, { coin: 'btc', op: 'remove' }, { token: follower });
      expect(again).toMatchObject({ code: 200, data: { coins: ['eth'] } });
      expect((await t.call(get, {}, { token: follower })).data).toEqual({ coins: ['eth'] });
      // the lists are the user's own
      expect((await t.call(get, {}, { token: admin })).data).toEqual({ coins: [] });
      await t.call(save, { coin: 'eth', op: 'remove' }, { token: follower });
    }
    const english = await t.call('currencyBlacklistSave', { coin: 'doge', op: 'add' }, { token: follower, lang: 'en' });
    expect(english.info).toBe('unsupported coin: DOGE');
  });
});

describe('latest signals', () => {
  it('lists the newest signals of the strategies, newest first, with their §3 codes', async () => {
    const all = (await t.call('signalList', {}, { token: admin })).data as SignalRow[];
    expect(all.length).toBe(50);
    for (const row of all) expect(isSignal(row.type)).toBe(true);
    const times = all.map((row) => row.createtime);
    expect([...times].sort().reverse()).toEqual(times);
    // the list is the /signal page's: the follower (no /signal column) is refused
    expect((await t.call('signalList', {}, { token: follower })).code).toBe(403);
  });
});

describe('simulated trading on the injected clock', () => {
  it('a follow task with its follow-signal switch off copies none of its strategy’s new signals; switched on, it follows again', async () => {
    const strategyId = await newStrategy('signal switch test', 'btc');
    const on = await followingApi('switch on', strategyId);
    const off = await followingApi('switch off', strategyId);
    expect((await t.call('followSignalGet', { apiId: off }, { token: admin })).data).toEqual({ apiId: off, follow: 1 });
    expect((await t.call('followSignalSave', { apiId: off, follow: 0 }, { token: admin })).data).toEqual({ apiId: off, follow: 0 });
    expect((await t.call('followSignalGet', { apiId: off }, { token: admin })).data).toEqual({ apiId: off, follow: 0 });
    expect((await t.call('followSignalSave', { apiId: off, follow: 2 }, { token: admin })).code).toBe(400);
    await start(on);
    await start(off);
    const from = t.clock.now();
    await run(DAY);

    expect((await tradesOf(db(), strategyId, from)).length).toBeGreaterThan(5);
    expect((await ordersAfter(on, from)).length).toBeGreaterThan(5);
    expect(await ordersAfter(off, from)).toEqual([]);

    await t.call('followSignalSave', { apiId: off, follow: 1 }, { token: admin });
    const back = t.clock.now();
    await run(DAY / 2);
    expect((await ordersAfter(off, back)).length).toBeGreaterThan(0);
  });

  it('opens no new position in a blacklisted coin nor outside a non-empty coin range; closing stays allowed', async () => {
    const strategyId = await newStrategy('coin lists test', 'eth');
    const apiId = await followingApi('coin lists', strategyId);
    await start(apiId);
    // trade until the task holds a position
    for (let i = 0; i < 48 && (await t.call('apiData', { apiId }, { token: admin })).data.position.length === 0; i += 1) await run(BAR * 6);
    expect((await t.call('apiData', { apiId }, { token: admin })).data.position).toHaveLength(1);

    expect((await t.call('currencyBlacklistSave', { coin: 'eth', op: 'add' }, { token: admin })).code).toBe(200);
    const blacklisted = t.clock.now();
    await run(DAY);
    const opensOf = (rows: { type: number }[]) => rows.filter((r) => isOpening(r.type));
    expect(opensOf(await tradesOf(db(), strategyId, blacklisted + 1)).length).toBeGreaterThan(0);
    const duringBlacklist = await ordersAfter(apiId, blacklisted);
    // the position it held was closed on the strategy's next signal; nothing was opened
    expect(duringBlacklist.length).toBe(1);
    expect(opensOf(duringBlacklist)).toEqual([]);
    expect((await t.call('apiData', { apiId }, { token: admin })).data.position).toEqual([]);

    // out of the blacklist, but a coin range without eth
    await t.call('currencyBlacklistSave', { coin: 'eth', op: 'remove' }, { token: admin });
    await t.call('coinRangeSave', { coin: 'btc', op: 'add' }, { token: admin });
    const ranged = t.clock.now();
    await run(DAY);
    expect(opensOf(await tradesOf(db(), strategyId, ranged + 1)).length).toBeGreaterThan(0);
    expect(await ordersAfter(apiId, ranged)).toEqual([]);

    // eth in the range: it opens again
    await t.call('coinRangeSave', { coin: 'eth', op: 'add' }, { token: admin });
    const allowed = t.clock.now();
    await run(DAY);
    expect(opensOf(await ordersAfter(apiId, allowed)).length).toBeGreaterThan(0);
  });

  it('a Binance account opens no new position in a coin of its own blacklist (/binance/currency); its twin does', async () => {
    const strategyId = await newStrategy('binance blacklist test', 'eth');
    const listed = await followingApi('binance listed', strategyId);
    const free = await followingApi('binance free', strategyId);
    expect((await t.call('binanceBlacklistSave', { apiId: listed, currency: 'eth' }, { token: admin })).code).toBe(200);
    await start(listed);
    await start(free);
    const from = t.clock.now();
    await run(DAY);
    const opensOf = (rows: { type: number }[]) => rows.filter((r) => isOpening(r.type));
    expect(opensOf(await ordersAfter(free, from)).length).toBeGreaterThan(0);
    expect(opensOf(await ordersAfter(listed, from))).toEqual([]);
  });
});
