// @vitest-environment node
/**
 * A hedge across two exchanges (issue 33): leg A on the loopback OKX, leg B on the loopback Binance (USDⓈ-M), both on
 * testnet accounts, reached by the server's own ccxt clients through settings.exchangeUrls (EXCHANGE_URLS). What is
 * checked is what each exchange received and what the server booked from their fills. The server's clock is a
 * ManualClock; what travels over the sockets is awaited as requests arriving at the loopbacks and as the accounts'
 * gateways' updates, never as time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { ApiAccount, AuditEntry } from '#contract/types/api-accounts';
import { exchangeClientId } from '../../server/gateway/exchange';
import type { OrderUpdate } from '../../server/gateway/gateway';
import { findApi } from '../../server/store/api-accounts';
import { outboxRow } from '../../server/store/outbox';
import { fillsOf, listChildren, ordersOf } from '../../server/store/tasks';
import type { RecordedRequest } from '../loopback-exchange/harness';
import { startLoopbackBinance, type LoopbackBinance } from '../loopback-exchange/binance';
import { startLoopbackOkx, type LoopbackOkx } from '../loopback-exchange/okx';
import { SWAP_A, SWAP_B, bookAround } from '../loopback-exchange/book';
import { addTask, TASK_PARAMS } from './engine-tasks';
import { startTestServer, TEST_START, type TestServer } from './helpers';

const OKX_KEY = { apiKey: 'two-okx-key', secret: 'two-okx-secret', passphrase: 'Two-okx-1', demo: true };
/** in hedge mode (LONG/SHORT), as the server's orders need it */
const BINANCE_KEY = { apiKey: 'two-binance-key', secret: 'two-binance-secret', dualSidePosition: true };
/** in one-way mode, as Binance opens accounts: /api/init puts it in hedge mode */
const ONE_WAY_KEY = { apiKey: 'two-oneway-key', secret: 'two-oneway-secret' };
/** in one-way mode with an open order: Binance refuses to change its position mode (-4068) */
const BUSY_KEY = { apiKey: 'two-busy-key', secret: 'two-busy-secret' };

const okxBook = (mid: number) => bookAround(mid, 50);
const binanceBook = (mid: number) => bookAround(mid, 0.5);
const NARROW = 10_000;
const WIDE = 10_300;

/**
 * Leg A OKX's USDT perpetual, leg B Binance's; opens at a 1 % net premium and never closes. m = 0.5: one open uses a
 * child's whole position limit, so each child opens once.
 */
const PARAMS = {
  ...TASK_PARAMS,
  a_bourse: 1,
  a_transaction_type: 14,
  b_bourse: 3,
  b_transaction_type: 14,
  dlt: { CW: 0.01, NW: 0.01, CQ: 0.01, NQ: 0.01 },
  m: { CW: 0.5, NW: 0.5, CQ: 0.5, NQ: 0.5 },
  close_dlt: -1,
};

let okx: LoopbackOkx;
let binance: LoopbackBinance;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  let now = () => TEST_START;
  okx = await startLoopbackOkx({ now: () => now(), accounts: [OKX_KEY], books: { [SWAP_A]: okxBook(NARROW) } });
  binance = await startLoopbackBinance({ now: () => now(), accounts: [BINANCE_KEY, ONE_WAY_KEY, BUSY_KEY], books: { [SWAP_B]: binanceBook(NARROW) } });
  t = await startTestServer({
    settings: { initDelayMs: 0, exchangeUrls: { 1: okx.urls.api, 3: binance.urls.api }, exchangeRateLimit: false, exchangeTimeoutMs: 5_000 },
  });
  now = () => t.clock.now();
  admin = await t.login('admin', 'admin123');
});

afterAll(async () => {
  await t?.stop();
  await okx?.close();
  await binance?.close();
});

async function addTestnet(name: string, bourseId: number, key: { apiKey: string; secret: string; passphrase?: string }): Promise<number> {
  const reply = await t.call(
    'apiAdd',
    { name, bourseId, status: 1, mode: 'testnet', apiKey: key.apiKey, apiSecret: key.secret, apiToken: key.passphrase },
    { token: admin, lang: 'en' },
  );
  expect(reply.code, reply.info).toBe(200);
  return reply.data.id as number;
}

/** Resolves once `n` requests matching `match` have arrived at a loopback (each wait is for the next one to arrive). */
async function arrived(
  loopback: { requests: RecordedRequest[]; control: { nextRequest(match: (r: RecordedRequest) => boolean): Promise<RecordedRequest> } },
  match: (r: RecordedRequest) => boolean,
  n: number,
): Promise<RecordedRequest[]> {
  while (loopback.requests.filter(match).length < n) await loopback.control.nextRequest(match);
  return loopback.requests.filter(match);
}

/** A second of the server's clock, every tick written. */
async function second(): Promise<void> {
  await t.advance(1000);
  await t.server.tasks.idle();
}

let binanceApi = 0;

/** The account's audit log rows of one ccxt method, oldest first. */
async function auditOf(apiId: number, method: string): Promise<AuditEntry[]> {
  await t.server.context.exchanges.settled();
  const page = await t.call('auditLog', { apiId, pageSize: 100 }, { token: admin });
  return [...(page.data.list as AuditEntry[])].reverse().filter((row) => row.method === method);
}

describe('a testnet Binance account on the loopback Binance', () => {
  it('is checked on its USDⓈ-M futures balance when it is saved, and /api/init sets cross margin and 10x there (cross already set is no failure)', async () => {
    const from = binance.requests.length;
    binanceApi = await addTestnet('binance demo', 3, BINANCE_KEY);
    const list = (await t.call('apiList', {}, { token: admin, lang: 'en' })).data as ApiAccount[];
    expect(list.find((api) => api.id === binanceApi)).toMatchObject({
      mode: 'testnet',
      key_check: { valid: true, canTrade: null, canWithdraw: null, error: null },
      status_info: expect.stringMatching(/^key valid; the exchange does not report its permissions/),
    });
    const signed = binance.requests.slice(from).filter((r) => r.apiKey === BINANCE_KEY.apiKey);
    expect(signed.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /fapi/v3/account']);

    const init = await t.call('apiInit', { apiId: binanceApi }, { token: admin, lang: 'en' });
    expect(init).toMatchObject({ code: 200, info: 'initialised', data: { marginMode: 'cross', leverage: 10 } });
    expect(init.data.instruments).toEqual([
      { instrument: 'BTCUSDT', ok: true },
      { instrument: 'ETHUSDT', ok: true },
    ]);
    const account = binance.state.account(BINANCE_KEY.apiKey);
    expect(binance.state.leverageOf(account, SWAP_B)).toBe(10);
    expect(binance.requests.filter((r) => r.path === '/fapi/v1/marginType').map((r) => (r.body as Record<string, string>).marginType)).toEqual([
      'CROSSED',
      'CROSSED',
    ]);
    // hedge mode asked for first; "no need to change" (-4059: it is in hedge mode already) is no failure
    const modes = await auditOf(binanceApi, 'setPositionMode');
    expect(modes.map((row) => [row.ok, row.reply])).toEqual([[false, expect.stringContaining('-4059')]]);
    expect(binance.state.account(BINANCE_KEY.apiKey).dualSidePosition).toBe(true);
  });

  it('/api/init puts an account in one-way mode in hedge mode (dual-side positions), audited, before margin and leverage', async () => {
    const apiId = await addTestnet('binance one-way', 3, ONE_WAY_KEY);
    expect(binance.state.account(ONE_WAY_KEY.apiKey).dualSidePosition).toBe(false);
    const init = await t.call('apiInit', { apiId }, { token: admin, lang: 'en' });
    expect(init).toMatchObject({ code: 200, info: 'initialised' });
    expect(binance.state.account(ONE_WAY_KEY.apiKey).dualSidePosition).toBe(true);
    const sent = binance.requests.filter((r) => r.apiKey === ONE_WAY_KEY.apiKey && r.method === 'POST').map((r) => r.path);
    expect(sent[0]).toBe('/fapi/v1/positionSide/dual');
    expect(sent.filter((path) => path === '/fapi/v1/leverage')).toHaveLength(2);
    const modes = await auditOf(apiId, 'setPositionMode');
    expect(modes).toEqual([expect.objectContaining({ ok: true, request: expect.stringContaining('"dualSidePosition":"true"') })]);
  });

  it('/api/init fails with a clear message when Binance refuses hedge mode (an open order: -4068), and sets nothing else', async () => {
    const apiId = await addTestnet('binance busy', 3, BUSY_KEY);
    const account = binance.state.account(BUSY_KEY.apiKey);
    const resting = binance.state.place(account, {
      symbol: SWAP_B,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.02',
      price: '9000',
      newClientOrderId: 'resting',
    });
    expect(resting).toMatchObject({ status: 'NEW' });
    const replies = await Promise.all(['en', 'zh-CN', 'zh-TW'].map((lang) => t.call('apiInit', { apiId }, { token: admin, lang })));
    expect(replies.map((r) => r.code)).toEqual([400, 400, 400]);
    expect(replies[0]!.info).toMatch(/^Binance refused hedge mode \(long and short positions side by side\).*not initialised: .*-4068/);
    expect(replies[1]!.info).toMatch(/^Binance 拒绝切换到双向持仓模式.*-4068/);
    expect(replies[2]!.info).toMatch(/^Binance 拒絕切換到雙向持倉模式.*-4068/);
    expect(account.dualSidePosition).toBe(false);
    const sent = binance.requests.filter((r) => r.apiKey === BUSY_KEY.apiKey && r.method === 'POST').map((r) => r.path);
    expect(new Set(sent)).toEqual(new Set(['/fapi/v1/positionSide/dual']));
  });
});

describe('a hedging task with leg A on OKX and leg B on Binance', () => {
  it('opens on both exchanges when the books part, books each leg from its exchange’s fills, and the exchanges hold the children’s sum', async () => {
    const okxApi = await addTestnet('okx demo', 1, OKX_KEY);
    const taskId = await addTask(t, admin, 'okx / binance', PARAMS);
    const children: number[] = [];
    for (const weight of [1, 1]) {
      const added = await t.call('taskChildrenAdd', { taskId, linkApiId: [okxApi, binanceApi], weight }, { token: admin });
      expect(added.code, added.info).toBe(200);
      children.push(added.data.task_children_id);
      await t.call('taskChildrenStatusUpdate', { taskChildrenId: added.data.task_children_id, settingStatus: 2 }, { token: admin });
    }
    expect((await t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token: admin })).code).toBe(200);
    for (let s = 0; s < 4; s++) await second();
    expect(okx.requests.some((r) => r.path === '/api/v5/trade/batch-orders')).toBe(false);

    // every update the accounts' gateways send the runner, heard here too
    const { db } = t.server.context;
    const updates: OrderUpdate[] = [];
    const waiting: { ids: Set<string>; resolve(): void }[] = [];
    for (const apiId of [okxApi, binanceApi])
      t.server.context.gateway(db, (await findApi(db, apiId))!).onUpdate((update) => {
        updates.push(update);
        for (const w of waiting) if (update.state === 'filled' && update.status === 3) w.ids.delete(update.clientId);
        for (const w of waiting.filter((x) => x.ids.size === 0)) w.resolve();
      });
    const completed = (ids: string[]) =>
      new Promise<void>((resolve) => {
        const left = new Set(ids.filter((id) => !updates.some((u) => u.clientId === id && u.state === 'filled' && u.status === 3)));
        if (left.size === 0) resolve();
        else waiting.push({ ids: left, resolve });
      });

    // leg B's book moves 3 % above leg A's: both children open on those updates, the clock still
    okx.control.setBook(SWAP_A, okxBook(NARROW + 0.5));
    binance.control.setBook(SWAP_B, binanceBook(WIDE));
    const [placedA, placedB] = await Promise.all([
      arrived(okx, (r) => r.path === '/api/v5/trade/batch-orders', 2),
      arrived(binance, (r) => r.method === 'POST' && r.path === '/fapi/v1/order', 2),
    ]);
    const orders = await ordersOf(db, taskId);
    expect(orders).toHaveLength(4);
    const ids = orders.map((o) => o.client_id);
    await completed(ids);
    await second();

    // what each exchange received: the instrument, the side, the position side, cross margin and our client id
    const apiOf = (o: (typeof orders)[number]) => Number(JSON.parse(String(o.cparam)).apiid);
    const legA = orders.filter((o) => apiOf(o) === okxApi);
    const legB = orders.filter((o) => apiOf(o) === binanceApi);
    expect([legA.length, legB.length]).toEqual([2, 2]);
    expect(placedA.map((r) => (r.body as Record<string, string>[])[0])).toEqual(
      legA.map((o) => expect.objectContaining({ instId: SWAP_A, side: 'buy', posSide: 'long', tdMode: 'cross', clOrdId: exchangeClientId(o.client_id) })),
    );
    expect(placedB.map((r) => r.body)).toEqual(
      legB.map((o) =>
        expect.objectContaining({ symbol: SWAP_B, side: 'SELL', positionSide: 'SHORT', type: 'LIMIT', newClientOrderId: exchangeClientId(o.client_id) }),
      ),
    );

    // each leg's orders name its own exchange's instrument, in the records and the account's trade records
    expect(legA.map((o) => JSON.parse(String(o.cparam)).instrument_id)).toEqual([SWAP_A, SWAP_A]);
    expect(legB.map((o) => JSON.parse(String(o.cparam)).instrument_id)).toEqual([SWAP_B, SWAP_B]);
    const records = (await t.call('assetTradeRecords', { apiId: String(binanceApi) }, { token: admin })).data as { instrument_id: string }[];
    expect(records.map((r) => r.instrument_id)).toEqual([SWAP_B, SWAP_B]);
    const audited = await auditOf(binanceApi, 'createOrder');
    expect(audited.map((row) => (JSON.parse(row.request) as { params: { symbol: string } }).params.symbol)).toEqual([SWAP_B, SWAP_B]);
    expect(JSON.stringify(audited)).not.toContain(SWAP_A);

    // both legs of a pair trade the same coins, in whole lots of the coarser exchange (Binance's 0.001 BTC over OKX's 0.0001)
    for (const child of children) {
      const [a, b] = [legA, legB].map((leg) => leg.find((o) => Number(o.task_children_id) === child)!);
      const amount = JSON.parse(String(a!.cparam)).amount as number;
      expect(JSON.parse(String(b!.cparam)).amount).toBe(amount);
      expect(Math.abs(amount / 0.001 - Math.round(amount / 0.001))).toBeLessThan(1e-6);
      expect(okx.state.order(exchangeClientId(a!.client_id))!.accFillSz * 0.01).toBeCloseTo(
        binance.state.order(exchangeClientId(b!.client_id))!.executedQty,
        12,
      );
    }

    // each order is booked from its exchange's fills: price, amount (coins) and fee
    const fromOkx = legA.map((o) => okx.state.order(exchangeClientId(o.client_id))!);
    const fromBinance = legB.map((o) => binance.state.order(exchangeClientId(o.client_id))!);
    const booked = (await ordersOf(db, taskId)).map((o) => ({ id: o.client_id, status: Number(o.status_), result: JSON.parse(String(o.result)) }));
    const exchangeFills = [
      ...fromOkx.map((o, i) => ({ id: legA[i]!.client_id, price: o.avgPx!, amount: o.accFillSz * 0.01, fee: -o.fee })),
      ...fromBinance.map((o, i) => ({
        id: legB[i]!.client_id,
        price: o.cumQuote / o.executedQty,
        amount: o.executedQty,
        fee: o.trades.reduce((sum, trade) => sum + trade.commission, 0),
      })),
    ];
    for (const fill of exchangeFills) {
      const row = booked.find((b) => b.id === fill.id)!;
      expect(row.status).toBe(3);
      expect(row.result.deal_price).toBeCloseTo(fill.price, 6);
      expect(row.result.deal_amount).toBeCloseTo(fill.amount, 9);
      expect(row.result.fee).toBeCloseTo(fill.fee, 9);
      expect(fill.fee).toBeGreaterThan(0);
    }
    expect((await fillsOf(db, taskId)).map((f) => f.client_id).sort()).toEqual([...ids].sort());

    // each child's position is its two fills; the exchanges hold the children's sum
    const ledgers = (await listChildren(db, taskId)).map((c) => ({ id: Number(c.id), ledger: JSON.parse(c.ledger) }));
    expect(ledgers.map((c) => c.id).sort()).toEqual([...children].sort());
    for (const { id, ledger } of ledgers) {
      const mine = (leg: number) =>
        exchangeFills.find((f) => (leg === 0 ? legA : legB).some((o) => o.client_id === f.id && Number(o.task_children_id) === id))!;
      expect(ledger.position.f[0][0]).toBeCloseTo(mine(0).price, 6);
      expect(ledger.position.f[0][1]).toBeCloseTo(mine(0).amount, 9);
      expect(ledger.position.f[1][0]).toBeCloseTo(mine(1).price, 6);
      expect(ledger.position.f[1][1]).toBeCloseTo(mine(1).amount, 9);
      expect(ledger.unbalanced_since).toBeUndefined();
    }
    const sum = (leg: 0 | 1) => ledgers.reduce((total, c) => total + c.ledger.position.f[leg][1], 0);
    const [okxLong] = okx.state.openPositions(okx.state.account(OKX_KEY.apiKey));
    expect(okxLong).toMatchObject({ instId: SWAP_A, posSide: 'long', mgnMode: 'cross' });
    expect(okxLong!.pos * 0.01).toBeCloseTo(sum(0), 9);
    const [binanceShort] = binance.state.openPositions(binance.state.account(BINANCE_KEY.apiKey));
    expect(binanceShort).toMatchObject({ symbol: SWAP_B, positionSide: 'SHORT' });
    expect(-binanceShort!.amt).toBeCloseTo(sum(1), 9);
    expect(okxLong!.pos * 0.01).toBeCloseTo(-binanceShort!.amt, 12); // no naked remainder
    // Binance's orders were followed over its user-data stream (USDⓈ-M's listenKey), not polled
    expect(binance.requests.some((r) => r.method === 'POST' && r.path === '/fapi/v1/listenKey')).toBe(true);
  });
});

describe('a duplicate client order id on Binance (-4116)', () => {
  it('is the order already on the exchange: looked up by its client id and booked as the exchange has it, never as refused, nor sent twice', async () => {
    const { db } = t.server.context;
    const api = (await findApi(db, binanceApi))!;
    const clientId = 'dup-1';
    const account = binance.state.account(BINANCE_KEY.apiKey);
    // the first send landed; its reply was lost with the server's run, and the outbox forgot it
    const first = binance.state.place(account, {
      symbol: SWAP_B,
      side: 'BUY',
      positionSide: 'LONG',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.02',
      price: '9000',
      newClientOrderId: exchangeClientId(clientId),
    });
    expect(first).toMatchObject({ status: 'NEW' });
    const answer = await t.server.context.gateway(db, api).place({
      clientId,
      account: api,
      leg: { exchange: 3, currency: 'btc', contractType: 14 },
      side: 'buy',
      amount: 0.02,
      limit: 9000,
      reduceOnly: false,
      at: t.clock.now(),
    });
    expect(answer).toEqual({ clientId, state: 'open', status: ORDER_STATUS.executing });
    expect(await outboxRow(db, clientId)).toMatchObject({
      state: 'open',
      status: ORDER_STATUS.executing,
      order_id: String((first as { orderId: number }).orderId),
    });
    expect(binance.state.orders.filter((o) => o.clientOrderId === exchangeClientId(clientId))).toHaveLength(1);
  });
});
