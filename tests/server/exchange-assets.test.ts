// @vitest-environment node
/**
 * The assets of a testnet account read from its exchange (issue 33), against the loopback OKX: after a fill and a
 * transfer, the per-currency rows and the summary are the exchange's own figures; the schedule reads them again as
 * the server's clock moves; an exchange that stops answering leaves the last figures, shown stale, never zeros.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTIC_KEYS } from '#contract/rules/assets';
import { HOLDINGS_READ_MS, HOLDINGS_RECORDS_READ_MS, HOLDINGS_STALE_MS } from '#contract/rules/exchange-trading';
import type { AuditEntry } from '#contract/types/api-accounts';
import type { ApiChartPoint, AssetFeedData, ManualSnapshot } from '#contract/types/assets';
import { feeds } from '#contract/feeds';
import { HOLDINGS_SLOTS, nextRead } from '../../server/exchange/holdings';
import { startLoopbackOkx, type LoopbackOkx, type OkxAccountOptions } from '../loopback-exchange/okx';
import { balanceWire } from '../loopback-exchange/okx-wire';
import { openFeed, startTestServer, TEST_START, type FeedSession, type TestServer } from './helpers';

const KEY: OkxAccountOptions = {
  apiKey: 'assets-key',
  secret: 'assets-secret-0123',
  passphrase: 'Assets-pass-1',
  balances: { USDT: 20_000, BTC: 1, ETH: 10 },
  funding: { USDT: 500 },
};
const SLOT_MS = HOLDINGS_READ_MS / HOLDINGS_SLOTS;

let okx: LoopbackOkx;
let t: TestServer;
let trader: string;
let apiId: number;
let session: FeedSession;

const balanceReads = () => okx.requests.filter((r) => r.path === '/api/v5/account/balance' && r.apiKey === KEY.apiKey).length;
const billReads = () => okx.requests.filter((r) => r.path === '/api/v5/account/bills' && r.apiKey === KEY.apiKey).length;
const row = (data: AssetFeedData, currency: string) => data.asset_info.list.find((r) => r.currency === currency)!;
const statistic = (data: AssetFeedData, key: keyof typeof STATISTIC_KEYS) => data.asset_info.statistics[STATISTIC_KEYS[key]];

/** The asset socket's message for the account (the console asks every 3 s; each ask is answered), after the pushes already received. */
async function ask(): Promise<AssetFeedData> {
  session.messages.length = 0;
  session.socket.send(JSON.stringify({ token: trader, data: [apiId] }));
  return (JSON.parse(await session.next()) as { data: AssetFeedData }).data;
}

/** Moves the clock by `ms` and waits for the reads (and the exchange's probes) it started. */
async function advance(ms: number) {
  await t.advance(ms);
  await t.server.context.holdings.idle();
  await t.server.context.exchanges.idle();
}

beforeAll(async () => {
  let now = () => TEST_START;
  okx = await startLoopbackOkx({ now: () => now(), accounts: [KEY] });
  t = await startTestServer({ settings: { exchangeUrls: { 1: okx.urls.api }, exchangeRateLimit: false, exchangeTimeoutMs: 5_000 } });
  now = () => t.clock.now();
  trader = await t.login('trader', 'trader123');
  const add = await t.call(
    'apiAdd',
    { name: 'okx testnet', bourseId: 1, status: 1, mode: 'testnet', apiKey: KEY.apiKey, apiSecret: KEY.secret, apiToken: KEY.passphrase },
    { token: trader },
  );
  apiId = add.data.id;
  session = await openFeed(t.url, `${feeds.asset.path}?token=${trader}`);
});

afterAll(async () => {
  session?.socket.close();
  await t?.stop();
  await okx?.close();
});

describe('the assets of a testnet account come from its exchange', () => {
  it('after a fill and a transfer, each row is the exchange’s currency and the summary is the sum of the exchange’s rows', async () => {
    okx.control.transfer(KEY.apiKey, 'USDT', 200, 'in');
    const order = await t.call('manualTrading', { apiId, symbol: 'BTC', type: 14, amount: 0.02, direction: 1, way: 1 }, { token: trader });
    expect(order.code, order.info).toBe(200);
    expect(balanceReads()).toBe(1); // the key check: nothing read before someone looks

    // the first look starts the first read: not read yet (no figures, not zeros), then pushed once read
    const first = await ask();
    expect(first.exchange).toEqual({ readAt: null, stale: false, unavailable: [], error: null });
    expect(first.asset_info).toEqual({ statistics: {}, list: [] });
    const read = (JSON.parse(await session.next()) as { data: AssetFeedData }).data;
    expect(read.exchange).toEqual({ readAt: t.clock.now(), stale: false, unavailable: [], error: null });

    const account = okx.state.account(KEY.apiKey);
    const trading = balanceWire(okx.state, account).details as { ccy: string; eq: string }[];
    const price = (ccy: string) => okx.state.usdPrice(ccy);
    expect(read.asset_info.list.map((r) => r.currency)).toEqual(['usdt', 'btc', 'eth']);
    for (const { ccy, eq } of trading) {
      const wallet = account.funding.get(ccy) ?? 0;
      expect(row(read, ccy.toLowerCase())).toMatchObject({ wallet, price: price(ccy) });
      expect(Number(row(read, ccy.toLowerCase()).spot)).toBeCloseTo(Number(eq), 8);
      expect(Number(row(read, ccy.toLowerCase()).self_worth)).toBeCloseTo((Number(eq) + wallet) * price(ccy), 6);
    }
    // the summary: the exchange's total equity (its trading account) and the funding account, nothing of the simulation's
    const exchangeTotal = trading.reduce((sum, { ccy, eq }) => sum + (Number(eq) + (account.funding.get(ccy) ?? 0)) * price(ccy), 0);
    expect(Number(statistic(read, 'totalEquity'))).toBeCloseTo(exchangeTotal, 4);
    expect(Number(statistic(read, 'totalEquity'))).toBeCloseTo(Number(balanceWire(okx.state, account).totalEq) + 300, 4);
    expect(statistic(read, 'principal')).toMatch(/^10000\//);

    // the position after the fill: 2 contracts of 0.01 BTC, long, in the perpetual column; its floating P/L in BTC
    const [position] = okx.state.openPositions(account);
    const mark = okx.state.markPx('BTC-USDT-SWAP');
    expect(row(read, 'btc')).toMatchObject({ P_CS: 0.02, P_CQ: 0 });
    expect(Number(row(read, 'btc').F_CS)).toBeCloseTo(okx.state.upl(position!) / mark, 8);
    expect(Number(statistic(read, 'totalPosition'))).toBeCloseTo(0.02 * mark, 4);

    // the transfer in, and the trade's bill, are the exchange's records
    expect(row(read, 'usdt').transfer).toBe(200);
    expect(read.ledger).toEqual(
      expect.arrayContaining([
        { currency: 'usdt', amount: 200, type: 'transferIn', time: '2026-11-02 09:00:00' },
        expect.objectContaining({ currency: 'usdt', type: 'trade' }),
      ]),
    );
    expect(read.borrow).toEqual([]);

    // every request of the read is in the audit log, as the server's own (user 0)
    await t.server.context.exchanges.settled();
    const log = (await t.call('auditLog', { apiId, pageSize: 100 }, { token: trader })).data.list as AuditEntry[];
    const reads = log.filter((entry) => entry.userId === 0 && entry.at === read.exchange!.readAt).map((entry) => entry.method);
    expect(reads).toEqual(expect.arrayContaining(['fetchBalance', 'fetchPositions', 'fetchTickers', 'fetchLedger', 'fetchTransfers', 'fetchBorrowInterest']));
  });

  it('reads again on the schedule, each account in its own slot of the period', async () => {
    const before = balanceReads();
    const readAt = (await ask()).exchange!.readAt!;
    const due = nextRead(apiId, readAt);
    expect(due - readAt).toBeGreaterThanOrEqual(HOLDINGS_READ_MS / 2);
    await advance(due - SLOT_MS - t.clock.now());
    expect(balanceReads()).toBe(before);

    okx.control.setBalance(KEY.apiKey, 'ETH', 12.5);
    await advance(SLOT_MS);
    expect(balanceReads()).toBe(before + 1);
    const again = await ask();
    expect(again.exchange).toMatchObject({ readAt: due, stale: false });
    expect(row(again, 'eth').spot).toBe(12.5);
    // the records are read again every HOLDINGS_RECORDS_READ_MS only (each request is an audit row), at one read in
    // ten; a read at a time (a read waits on the exchange while the test's clock would run past the next ones)
    const readsPerRecords = HOLDINGS_RECORDS_READ_MS / HOLDINGS_READ_MS;
    let bills = billReads();
    for (let read = 0; read < readsPerRecords && billReads() === bills; read++) await advance(HOLDINGS_READ_MS);
    bills = billReads();
    for (let read = 1; read < readsPerRecords; read++) await advance(HOLDINGS_READ_MS);
    expect(billReads()).toBe(bills);
    await advance(HOLDINGS_READ_MS);
    expect(billReads()).toBeGreaterThan(bills);
    // twelve accounts, twelve slots of the period
    const slots = new Set(Array.from({ length: HOLDINGS_SLOTS }, (_, i) => nextRead(i + 1, TEST_START) % HOLDINGS_READ_MS));
    expect(slots.size).toBe(HOLDINGS_SLOTS);
  });

  it('the ratio curves and the asset board are the equity the exchange reported, a point a read, not the server’s own book', async () => {
    const curve = async (name: 'assetImaging' | 'assetStatistics') =>
      (await t.call(name, { apiId: String(apiId), layout: 1 }, { token: trader })).data as ApiChartPoint[];
    const reported = async () => Number(statistic(await ask(), 'totalEquity'));
    const before = await reported();
    expect((await curve('assetImaging')).at(-1)!.equity_usdt).toBeCloseTo(before, 2);

    okx.control.setBalance(KEY.apiKey, 'ETH', 20);
    await advance(HOLDINGS_READ_MS);
    const after = await reported();
    expect(after).toBeGreaterThan(before);
    const account = await curve('assetImaging');
    expect(account.at(-1)!.equity_usdt).toBeCloseTo(after, 2);
    expect(account.at(-2)!.equity_usdt).toBeCloseTo(before, 2);
    // the API statistics tab sums the same points, and the asset board's equity is the same figure
    expect((await curve('assetStatistics')).at(-1)!.equity_usdt).toBeCloseTo(after, 2);
    const board = (await t.call('assetChangingRate', {}, { token: trader })).data as { apiId: number; equity_usdt: number }[];
    expect(board.find((a) => a.apiId === apiId)!.equity_usdt).toBeCloseTo(after, 2);
  });

  it('an exchange that stops answering: the last figures stay, shown stale with the error, never zeros; they are fresh again once it answers', async () => {
    const good = await ask();
    okx.control.failRest(503);
    await advance(good.exchange!.readAt! + HOLDINGS_READ_MS - t.clock.now());
    const failing = await ask();
    expect(failing.asset_info).toEqual(good.asset_info);
    expect(failing.exchange).toMatchObject({ readAt: good.exchange!.readAt, stale: false, error: expect.stringContaining('Service Unavailable') });

    await advance(HOLDINGS_STALE_MS);
    const stale = await ask();
    expect(t.clock.now() - stale.exchange!.readAt!).toBeGreaterThan(HOLDINGS_STALE_MS);
    expect(stale.exchange!.stale).toBe(true);
    expect(stale.asset_info).toEqual(good.asset_info);
    expect(Number(statistic(stale, 'totalEquity'))).toBeGreaterThan(0);
    // a snapshot reads the exchange now; it does not answer, so the snapshot is of the last figures, said stale
    const snapshot = (await t.call('assetManualSnapshot', { apiId }, { token: trader, lang: 'en' })).data as ManualSnapshot;
    expect(snapshot).toMatchObject({ statistics: good.asset_info.statistics, list: good.asset_info.list, exchange: { stale: true } });

    // three reads unanswered: the exchange is marked down and nothing is sent until its probe is answered
    expect(t.server.context.exchanges.isDown(1)).toBe(true);
    okx.control.failRest();
    await advance(t.server.context.settings.exchangeProbeMs);
    const fresh = await t.call('assetManualSnapshot', { apiId }, { token: trader, lang: 'en' });
    expect(fresh.data.exchange).toEqual({ readAt: t.clock.now(), stale: false, unavailable: [], error: null });
  });
});
