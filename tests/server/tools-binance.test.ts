// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AevoTradePage } from '#contract/types/aevo';
import type { BinanceAccount } from '#contract/types/binance';
import { LEVERAGE } from '#contract/rules/binance';
import { TRADER_COLUMNS } from '../../server/demo-accounts';
import { FILL_SLOT_MS, TAKER_FEE } from '../../server/aevo/fills';
import { PENDING_MS } from '../../server/seed/aevo';
import { parseSecond } from '../../server/clock/time';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let trader: string;

beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true } });
  admin = await t.login('admin', 'admin123');
  // the trader may open the three pages too (it owns no Binance account): what it sees of the admin's is asked below
  await t.server.context.db.run('UPDATE users SET columns = ? WHERE username = ?', [
    JSON.stringify([...TRADER_COLUMNS, '/binance/trading', '/binance/currency', '/aveo']),
    'trader',
  ]);
  trader = await t.login('trader', 'trader123');
});
afterAll(() => t.stop());

const accounts = async (token = admin) => (await t.call<BinanceAccount[]>('binanceAccounts', {}, { token })).data;

describe('/binance/accounts and /change/binance/leverage', () => {
  it("lists only the user's Binance accounts, at Binance's default leverage until changed; none for a user without one", async () => {
    const list = await accounts();
    expect(list.map((a) => a.name)).toEqual(['Binance-单边1', 'Binance-单边2', 'Binance-单边3', 'Binance-单边4', 'Binance-单边5']);
    expect(list.every((a) => a.leverage === LEVERAGE.initial)).toBe(true);
    expect(list.every((a) => a.follow !== null)).toBe(true);
    expect(await accounts(trader)).toEqual([]);
  });

  it('changes the leverage, reads it back, and the margin of the follow position follows it (notional ÷ leverage)', async () => {
    const [first] = await accounts();
    // give the account a position to put margin up for
    const adjust = await t.call('followAdjustPosition', { apiId: first!.apiId, position: 0.5 }, { token: admin });
    expect(adjust.code, adjust.info).toBe(200);
    const before = (await accounts()).find((a) => a.apiId === first!.apiId)!;
    expect(before.positions[0]).toMatchObject({ position: 0.5 });
    const { price, notional, margin } = before.positions[0]!;
    expect(notional).toBeCloseTo(0.5 * price, 2);
    expect(margin).toBeCloseTo(notional / LEVERAGE.initial, 2);

    const reply = await t.call('binanceLeverage', { apiId: first!.apiId, leverage: 5 }, { token: admin });
    expect(reply).toMatchObject({ code: 200, data: { apiId: first!.apiId, leverage: 5 } });
    const after = (await accounts()).find((a) => a.apiId === first!.apiId)!;
    expect(after.leverage).toBe(5);
    expect(after.positions[0]!.margin).toBeCloseTo(after.positions[0]!.notional / 5, 2);
    // the other accounts keep theirs
    expect((await accounts()).filter((a) => a.apiId !== first!.apiId).every((a) => a.leverage === LEVERAGE.initial)).toBe(true);
  });

  it.each([[0], [126], [2.5], [''], ['x']])('refuses the leverage %j with the form message and keeps the old one', async (leverage) => {
    const [first] = await accounts();
    const was = first!.leverage;
    const reply = await t.call('binanceLeverage', { apiId: first!.apiId, leverage }, { token: admin });
    expect(reply.code).toBe(400);
    expect(reply.info).toBe(leverage === '' ? '杠杆倍数不能为空!' : '杠杆倍数须为 1 到 125 的整数');
    expect((await accounts())[0]!.leverage).toBe(was);
  });

  it('takes both bounds, and refuses an account that is not on Binance or not the caller’s', async () => {
    const [first] = await accounts();
    for (const leverage of [1, 125]) expect((await t.call('binanceLeverage', { apiId: first!.apiId, leverage }, { token: admin })).code).toBe(200);
    const okex = (await t.call<{ id: number; bourse_id: number }[]>('apiList', {}, { token: admin })).data.find((a) => a.bourse_id === 1)!;
    expect((await t.call('binanceLeverage', { apiId: okex.id, leverage: 3 }, { token: admin })).code).toBe(404);
    expect((await t.call('binanceLeverage', { apiId: first!.apiId, leverage: 3 }, { token: trader })).code).toBe(404);
  });
});

describe('/binance/blacklist: one list per Binance account', () => {
  it('adds a known coin, refuses a duplicate and an unknown coin with clear messages, deletes, and keeps each account apart', async () => {
    const [a, b] = await accounts();
    const add = await t.call('binanceBlacklistSave', { apiId: a!.apiId, currency: 'ETH' }, { token: admin });
    expect(add).toMatchObject({ code: 200, data: { coins: ['eth'] } });
    const again = await t.call('binanceBlacklistSave', { apiId: a!.apiId, currency: 'eth' }, { token: admin, lang: 'en' });
    expect(again).toMatchObject({ code: 400, info: `ETH is already on the blacklist of ${a!.name}` });
    const unknown = await t.call('binanceBlacklistSave', { apiId: a!.apiId, currency: 'doge' }, { token: admin, lang: 'en' });
    expect(unknown).toMatchObject({ code: 400, info: 'unsupported currency: doge' });
    expect((await t.call('binanceBlacklistGet', { apiId: b!.apiId }, { token: admin })).data).toEqual({ coins: [] });
    expect((await t.call('binanceBlacklistSave', { apiId: b!.apiId, currency: 'eth' }, { token: admin })).code).toBe(200);
    const del = await t.call('binanceBlacklistDelete', { apiId: a!.apiId, currency: 'eth' }, { token: admin });
    expect(del).toMatchObject({ code: 200, data: { coins: [] } });
    expect((await t.call('binanceBlacklistGet', { apiId: b!.apiId }, { token: admin })).data).toEqual({ coins: ['eth'] });
    expect((await t.call('binanceBlacklistGet', { apiId: a!.apiId }, { token: trader })).code).toBe(404);
  });
});

describe('/aevo/trade/data and /aevo/trade/update', () => {
  const page = async (token: string, n = 1, pageSize = 20) => (await t.call<AevoTradePage>('aevoTradeData', { page: n, pageSize }, { token })).data;

  it('shows the seeded fills newest first, priced at the simulated index of their minute with the taker fee', async () => {
    const first = await page(admin);
    expect(first.total).toBeGreaterThan(100);
    expect(first.list).toHaveLength(20);
    expect(parseSecond(first.syncedAt)).toBe(Math.floor((t.clock.now() - PENDING_MS) / 1000) * 1000);
    const times = first.list.map((r) => parseSecond(r.time));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const sim = t.server.context.market.sim;
    for (const row of first.list) {
      const coin = row.instrument.split('-')[0]!.toLowerCase() as 'btc';
      expect(row.price).toBeCloseTo(sim.index(coin, parseSecond(row.time)), 4);
      expect(row.fee).toBeCloseTo(row.price * row.amount * TAKER_FEE, 4);
    }
    const second = await page(admin, 2);
    expect(second.list[0]!.id).not.toBe(first.list[0]!.id);
    expect(parseSecond(second.list[0]!.time)).toBeLessThanOrEqual(times.at(-1)!);
  });

  it('"sync now" pulls the fills since the last pull and says how many; pulling again at once adds none; time moving on adds more', async () => {
    const before = await page(admin);
    const sync = await t.call<{ added: number; syncedAt: string }>('aevoTradeUpdate', {}, { token: admin });
    expect(sync.code).toBe(200);
    // six hours of 10-minute slots, about half of them filled
    expect(sync.data.added).toBeGreaterThan(PENDING_MS / FILL_SLOT_MS / 4);
    expect(sync.data.added).toBeLessThanOrEqual(PENDING_MS / FILL_SLOT_MS);
    const after = await page(admin);
    expect(after.total).toBe(before.total + sync.data.added);
    expect(parseSecond(after.list[0]!.time)).toBeGreaterThan(parseSecond(before.list[0]!.time));
    expect((await t.call('aevoTradeUpdate', {}, { token: admin })).data.added).toBe(0);
    await t.advance(2 * 3_600_000);
    const later = (await t.call('aevoTradeUpdate', {}, { token: admin })).data.added;
    expect(later).toBeGreaterThan(0);
    expect((await page(admin)).total).toBe(after.total + later);
  });

  it("keeps each user's fills apart and checks the page size", async () => {
    const mine = await page(admin);
    const theirs = await page(trader);
    expect(theirs.list.map((r) => r.id)).not.toContain(mine.list[0]!.id);
    expect((await t.call('aevoTradeData', { page: 1, pageSize: 1000 }, { token: admin })).code).toBe(400);
  });
});
