// @vitest-environment node
/**
 * The exchange order gateway (server/gateway/exchange.ts) against the loopback OKX through a real ccxt pro
 * client: what reaches the exchange, what comes back through onUpdate, the §4 status mapping, and that no
 * order is ever sent twice (a held reply, a restart). The server's clock is a ManualClock: the gateway's own
 * send timeout, polls and reconnects run when the test ticks it.
 */
import type { pro } from 'ccxt';
import ccxt from '../../server/ccxt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '#contract/rules/order-status';
import { ManualClock } from '../../server/clock/clock';
import {
  exchangeClientId,
  exchangeGateway,
  exchangeGateways,
  ourClientId,
  type ExchangeGateway,
  type ExchangeGatewayOptions,
} from '../../server/gateway/exchange';
import type { OrderRequest, OrderUpdate } from '../../server/gateway/gateway';
import { orderStatusOf } from '../../server/gateway/status';
import { loadCatalog } from '../../server/http/messages';
import type { ApiRow } from '../../server/store/api-accounts';
import { openDb } from '../../server/store/db';
import { insertOutbox, outboxRow, unsettledAccounts } from '../../server/store/outbox';
import type { Db } from '../../server/store/queryable';
import { startLoopbackOkx, type LoopbackOkx } from '../loopback-exchange/okx';
import { TEST_START } from './helpers';

type ProOkx = InstanceType<typeof pro.okx>;

const SWAP = 'BTC-USDT-SWAP';
const POLL_MS = 2000;
const RECONNECT_MS = 1000;
const SEND_TIMEOUT_MS = 5000;

let okx: LoopbackOkx;
let db: Db;
let dir: string;
const clients: ProOkx[] = [];
const gateways: ExchangeGateway[] = [];
let keys = 0;

beforeAll(async () => {
  okx = await startLoopbackOkx({ now: () => TEST_START, accounts: [] });
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
  db = await openDb(dir);
});

afterEach(async () => {
  okx.control.refuseSockets(false);
  for (const gateway of gateways.splice(0)) gateway.close();
  for (const client of clients.splice(0)) await client.close();
});

afterAll(async () => {
  await okx.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new key on the loopback OKX and its API account row (id = the key's number). */
function newAccount(advanced: Record<string, unknown> = {}, extra: Partial<ApiRow> & Record<string, unknown> = {}) {
  keys += 1;
  const key = { apiKey: `gw-key-${keys}`, secret: `gw-secret-${keys}`, passphrase: `Gw-${keys}` };
  okx.state.addAccount(key);
  const account: ApiRow = {
    id: 100 + keys,
    user_id: 1,
    name: `okx ${keys}`,
    bourse_id: 1,
    bourse_name: 'OKEx',
    api_key: key.apiKey,
    api_secret: '',
    api_token: '',
    status: 1,
    margin_mode: 'cross',
    leverage: 10,
    fees: '{}',
    advanced: JSON.stringify({ max_order_notional: 0, ...advanced }),
    asset_template: 10000,
    mode: 'testnet',
    key_check: '{}',
    exchange_down: 0,
    live_since: null,
    ...extra,
  } as ApiRow;
  return { key, account };
}

async function connect(key: { apiKey: string; secret: string; passphrase: string }): Promise<ProOkx> {
  const client = new ccxt.pro.okx({
    apiKey: key.apiKey,
    secret: key.secret,
    password: key.passphrase,
    enableRateLimit: false,
    timeout: 3000,
    urls: okx.urls,
    options: { ws: { backoff: { base: 0 } } },
  });
  await client.loadHttpProxyAgent();
  clients.push(client);
  return client;
}

/** A gateway over a fresh loopback key (or the key given), on the shared store. */
async function gatewayFor(
  setup: ReturnType<typeof newAccount>,
  options: Partial<ExchangeGatewayOptions> = {},
): Promise<{ gateway: ExchangeGateway; clock: ManualClock; updates: OrderUpdate[]; next(match?: (u: OrderUpdate) => boolean): Promise<OrderUpdate> }> {
  const clock = new ManualClock(TEST_START);
  const client = await connect(setup.key);
  const gateway = exchangeGateway({
    client: client as unknown as ExchangeGatewayOptions['client'],
    account: setup.account,
    store: db,
    clock,
    sendTimeoutMs: SEND_TIMEOUT_MS,
    pollMs: POLL_MS,
    reconnectMs: RECONNECT_MS,
    priceOf: (order) => okx.state.markPx(SWAP) || order.limit || undefined,
    ...options,
  });
  gateways.push(gateway);
  const updates: OrderUpdate[] = [];
  const waiting: { match: (u: OrderUpdate) => boolean; resolve(u: OrderUpdate): void }[] = [];
  gateway.onUpdate((update) => {
    updates.push(update);
    const waiter = waiting.find((w) => w.match(update));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(update);
    }
  });
  const next = (match: (u: OrderUpdate) => boolean = () => true) => new Promise<OrderUpdate>((resolve) => waiting.push({ match, resolve }));
  return { gateway, clock, updates, next };
}

const order = (account: ApiRow, clientId: string, fields: Partial<OrderRequest> = {}): OrderRequest => ({
  clientId,
  account,
  leg: { exchange: 1, currency: 'btc', contractType: 14 }, // BTC-USDT perpetual
  side: 'buy',
  amount: 0.05,
  limit: null,
  reduceOnly: false,
  at: TEST_START,
  ...fields,
});

/** REST requests a key made, by path. */
const restOf = (apiKey: string, pathname?: string) =>
  okx.requests.filter((r) => r.transport === 'rest' && r.apiKey === apiKey && (!pathname || r.path === pathname));
const placements = (apiKey: string) => restOf(apiKey, '/api/v5/trade/batch-orders');

describe('the §4 status of an exchange order', () => {
  it.each([
    ['sent, not acknowledged', ORDER_STATUS.create, undefined, 0, 5],
    ['open, nothing filled', ORDER_STATUS.executing, 'open', 0, 5],
    ['open, part filled', ORDER_STATUS.executing, 'open', 2, 5],
    ['closed, all filled', ORDER_STATUS.completed, 'closed', 5, 5],
    ['cancelled, nothing filled', ORDER_STATUS.abnormalEnd, 'canceled', 0, 5],
    ['expired, nothing filled', ORDER_STATUS.abnormalEnd, 'expired', 0, 5],
    ['cancelled after a part filled', ORDER_STATUS.partialCancelled, 'canceled', 2, 5],
    ['closed with a part filled', ORDER_STATUS.partialCancelled, 'closed', 2, 5],
    ['cancelled once all had filled', ORDER_STATUS.completed, 'canceled', 5, 5],
    ['rejected by the exchange', ORDER_STATUS.abnormal, 'rejected', 0, 5],
  ])('%s → %i', (_label, expected, status, filled, amount) => {
    expect(orderStatusOf({ status, filled, amount })).toBe(expected);
  });
});

describe('client order ids', () => {
  it('maps our ids to OKX’s alphanumeric ≤ 32 form, the same every time, and back', () => {
    const ids = ['12-3-4a', '12-3-4ah', 'manual-7-1762045200000', 'Task_9.1'];
    for (const id of ids) {
      const sent = exchangeClientId(id);
      expect(sent).toMatch(/^[A-Za-z0-9]{1,32}$/);
      expect(exchangeClientId(id)).toBe(sent);
      expect(ourClientId(sent)).toBe(id);
    }
    expect(exchangeClientId('12-3-4a')).toBe('12Z3Z4a');
    const long = `${'9'.repeat(20)}-${'8'.repeat(20)}`;
    expect(exchangeClientId(long)).toMatch(/^X[0-9a-f]{31}$/);
    expect(exchangeClientId(long)).not.toBe(exchangeClientId(`${long}b`));
  });
});

describe('exchange gateway: orders on the loopback OKX', () => {
  it('sends the instrument, side, posSide, cross margin and client id; the fill comes back with the exchange’s price and fee', async () => {
    const setup = newAccount();
    const { gateway, next } = await gatewayFor(setup);
    const filled = next((u) => u.clientId === '12-3-4a' && u.state === 'filled');
    const placed = await gateway.place(order(setup.account, '12-3-4a'));
    expect(placed).toMatchObject({ clientId: '12-3-4a', state: 'open', status: ORDER_STATUS.executing });
    expect(placements(setup.key.apiKey)).toHaveLength(1);
    const sent = okx.state.order('12Z3Z4a')!;
    expect(sent).toMatchObject({ instId: SWAP, side: 'buy', posSide: 'long', tdMode: 'cross', clOrdId: '12Z3Z4a', sz: 5, ordType: 'market' });
    const [exchangeFill] = sent.fills;
    const update = await filled;
    expect(update).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed, fill: { amount: 0.05, instrumentId: SWAP } });
    if (update.state !== 'filled') throw new Error('not filled');
    expect(update.fill.price).toBeCloseTo(exchangeFill!.fillPx, 9);
    expect(update.fill.fee).toBeCloseTo(-exchangeFill!.fee, 9); // OKX prints a charge negative
    expect(await outboxRow(db, '12-3-4a')).toMatchObject({ state: 'done', status: ORDER_STATUS.completed, exchange_client_id: '12Z3Z4a' });

    // closing the long: a sell on posSide long, which in OKX's long/short mode only reduces
    await gateway.place(order(setup.account, '12-3-5a', { side: 'sell', reduceOnly: true }));
    expect(okx.state.order('12Z3Z5a')).toMatchObject({ side: 'sell', posSide: 'long', tdMode: 'cross', state: 'filled' });
    expect(await gateway.lookup('12-3-5a')).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed, fill: { amount: 0.05 } });
  });

  it('reports a partial fill while open, then 7 once the rest is cancelled', async () => {
    const setup = newAccount();
    const { gateway, next } = await gatewayFor(setup);
    const ask = okx.state.books.get(SWAP)!.asks[0]![0];
    okx.control.partialFillNext(0.4);
    const part = next((u) => u.clientId === 'p-1a' && u.state === 'filled');
    await gateway.place(order(setup.account, 'p-1a', { limit: ask }));
    expect(await part).toMatchObject({ state: 'filled', status: ORDER_STATUS.executing, fill: { amount: 0.02, price: ask } });
    const ended = next((u) => u.clientId === 'p-1a' && u.state === 'cancelled');
    expect(await gateway.cancel('p-1a')).toMatchObject({ state: 'filled', status: ORDER_STATUS.partialCancelled, fill: { amount: 0.02 } });
    expect(await ended).toMatchObject({ status: ORDER_STATUS.partialCancelled });
    expect(okx.state.order('pZ1a')?.state).toBe('canceled');
    expect(await gateway.cancel('nosuch')).toBeUndefined();
  });

  it('answers a rejection with 8 and the exchange’s refusal, and does not send it again', async () => {
    const setup = newAccount();
    const { gateway } = await gatewayFor(setup);
    okx.control.rejectNext({ sCode: '51008', sMsg: 'Order failed. Insufficient USDT margin in account' }, SWAP);
    const answer = await gateway.place(order(setup.account, 'r-1a'));
    expect(answer).toEqual({
      clientId: 'r-1a',
      state: 'rejected',
      status: ORDER_STATUS.abnormal,
      refusal: { key: 'err.exchangeRefused', params: { reason: '51008 Order failed. Insufficient USDT margin in account' } },
    });
    expect(await outboxRow(db, 'r-1a')).toMatchObject({ state: 'done', status: ORDER_STATUS.abnormal });
    expect(await gateway.place(order(setup.account, 'r-1a'))).toMatchObject({ state: 'rejected', status: ORDER_STATUS.abnormal });
    expect(placements(setup.key.apiKey)).toHaveLength(1);
  });

  it('refuses an order above the account’s max_order_notional without any request to the exchange', async () => {
    const setup = newAccount({ max_order_notional: 1000 });
    const { gateway } = await gatewayFor(setup);
    const before = restOf(setup.key.apiKey).length;
    const answer = await gateway.place(order(setup.account, 'n-1a', { amount: 0.05 })); // ≈ 3 250 USDT
    expect(answer).toMatchObject({ state: 'rejected', status: ORDER_STATUS.abnormal, refusal: { key: 'err.maxNotional', params: { limit: 1000 } } });
    expect(
      restOf(setup.key.apiKey)
        .slice(before)
        .filter((r) => r.method === 'POST'),
    ).toEqual([]);
    expect(placements(setup.key.apiKey)).toEqual([]);
    expect(await outboxRow(db, 'n-1a')).toBeUndefined();
    const catalog = loadCatalog(path.resolve('contract/locales'));
    if (answer.state !== 'rejected') throw new Error('not rejected');
    for (const lang of ['zh-CN', 'en', 'zh-TW']) expect(catalog.message(lang, answer.refusal.key, answer.refusal.params)).toContain('1000');
    // under the limit it goes
    expect(await gateway.place(order(setup.account, 'n-2a', { amount: 0.01 }))).toMatchObject({ state: 'open' });
    expect(placements(setup.key.apiKey)).toHaveLength(1);
  });

  it('sends nothing while the account is marked exchange_down', async () => {
    const setup = newAccount({}, { exchange_down: 1 });
    const { gateway } = await gatewayFor(setup);
    expect(await gateway.place(order(setup.account, 'd-1a'))).toMatchObject({ state: 'rejected', refusal: { key: 'err.exchange.down' } });
    const flagged = newAccount();
    let down = true;
    const second = await gatewayFor(flagged, { isDown: () => down });
    expect(await second.gateway.place(order(flagged.account, 'd-2a'))).toMatchObject({ state: 'rejected', refusal: { key: 'err.exchange.down' } });
    expect([...placements(setup.key.apiKey), ...placements(flagged.key.apiKey)]).toEqual([]);
    down = false;
    expect(await second.gateway.place(order(flagged.account, 'd-3a'))).toMatchObject({ state: 'open' });
  });
});

describe('exchange gateway: never twice', () => {
  it('a send that times out is looked up by its client id and found: one placement, whatever the retries', async () => {
    const setup = newAccount();
    const { gateway, clock, next } = await gatewayFor(setup);
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' });
    const filled = next((u) => u.clientId === 'h-1a' && u.state === 'filled');
    const placing = gateway.place(order(setup.account, 'h-1a'));
    await hold.arrived;
    expect(await outboxRow(db, 'h-1a')).toMatchObject({ state: 'sending', status: ORDER_STATUS.create });
    clock.tick(SEND_TIMEOUT_MS); // no reply in time: the gateway asks the exchange before anything else
    expect(await placing).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed });
    expect(await filled).toMatchObject({ fill: { amount: 0.05 } });
    expect(restOf(setup.key.apiKey, '/api/v5/trade/order').at(-1)?.query).toMatchObject({ clOrdId: 'hZ1a', instId: SWAP });
    expect(await gateway.place(order(setup.account, 'h-1a'))).toMatchObject({ state: 'filled' }); // the caller retries
    hold.release();
    expect(placements(setup.key.apiKey)).toHaveLength(1);
    expect(okx.state.orders.filter((o) => o.clOrdId === 'hZ1a')).toHaveLength(1);
  });

  it('a send that times out and is not on the exchange is sent again, once', async () => {
    const setup = newAccount();
    const { gateway, clock } = await gatewayFor(setup);
    okx.control.rejectNext({ sCode: '50001', sMsg: 'Service temporarily unavailable' }); // refused, so not placed…
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' }); // …and its reply never comes in time
    const placing = gateway.place(order(setup.account, 'h-2a'));
    await hold.arrived;
    const resent = okx.control.nextRequest({ path: '/api/v5/trade/batch-orders' });
    clock.tick(SEND_TIMEOUT_MS);
    await resent;
    expect(await placing).toMatchObject({ state: 'open' });
    hold.release();
    expect(placements(setup.key.apiKey)).toHaveLength(2);
    expect(okx.state.orders.filter((o) => o.clOrdId === 'hZ2a')).toHaveLength(1);
  });

  it('a restart settles what was in flight from the outbox: finds the order sent, ends the one never sent, places nothing', async () => {
    const setup = newAccount();
    const first = await gatewayFor(setup);
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' });
    void first.gateway.place(order(setup.account, 'k-1a')).catch(() => undefined);
    await hold.arrived; // the order is on the exchange; the server dies before the reply
    first.gateway.close();
    await insertOutbox(db, {
      client_id: 'k-2a',
      exchange_client_id: exchangeClientId('k-2a'),
      api_id: setup.account.id,
      symbol: 'BTC/USDT:USDT',
      request: '{}',
      status: ORDER_STATUS.create,
      created_at: TEST_START,
    }); // written, and the server died before sending it

    expect(await unsettledAccounts(db)).toContain(setup.account.id);
    const second = await gatewayFor(setup);
    const answers = await second.gateway.recover();
    expect(await unsettledAccounts(db)).not.toContain(setup.account.id);
    expect(answers).toEqual([
      expect.objectContaining({ clientId: 'k-1a', state: 'filled', status: ORDER_STATUS.completed }),
      { clientId: 'k-2a', state: 'cancelled', status: ORDER_STATUS.abnormalEnd },
    ]);
    expect(second.updates).toEqual([
      expect.objectContaining({ clientId: 'k-1a', state: 'filled', fill: expect.objectContaining({ amount: 0.05 }) }),
      { clientId: 'k-2a', state: 'cancelled', status: ORDER_STATUS.abnormalEnd },
    ]);
    expect(await outboxRow(db, 'k-1a')).toMatchObject({ state: 'done', status: ORDER_STATUS.completed });
    expect(await outboxRow(db, 'k-2a')).toMatchObject({ state: 'done', status: ORDER_STATUS.abnormalEnd });
    expect(await second.gateway.place(order(setup.account, 'k-1a'))).toMatchObject({ state: 'filled' });
    expect(await second.gateway.recover()).toEqual([]);
    hold.release();
    expect(placements(setup.key.apiKey)).toHaveLength(1);
    expect(okx.state.order('kZ2a')).toBeUndefined();
  });
});

describe('exchange gateway: an order whose intent its maker wrote', () => {
  it('is sent once its transaction committed, with no write of its own first; a rolled-back intent leaves no row; an id with a row is looked up, never sent', async () => {
    const setup = newAccount();
    const { gateway } = await gatewayFor(setup);
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' });
    expect(await db.transaction((tx) => gateway.intend(tx, order(setup.account, 'i-1a')))).toBe(true);
    const placing = gateway.place(order(setup.account, 'i-1a'), true);
    await hold.arrived;
    expect(await outboxRow(db, 'i-1a')).toMatchObject({ state: 'sending', status: ORDER_STATUS.create, exchange_client_id: 'iZ1a', symbol: 'BTC/USDT:USDT' });
    hold.release();
    expect(await placing).toMatchObject({ state: 'open', status: ORDER_STATUS.executing });
    expect(await gateway.place(order(setup.account, 'i-1a'), true)).toMatchObject({ clientId: 'i-1a' }); // told twice: still one order
    expect(okx.state.orders.filter((o) => o.clOrdId === 'iZ1a')).toHaveLength(1);

    // the step that made it rolled back: no row, and it is not sent
    await expect(
      db.transaction(async (tx) => {
        await gateway.intend(tx, order(setup.account, 'i-2a'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outboxRow(db, 'i-2a')).toBeUndefined();

    // a row an earlier run wrote (sent or not): this run cannot claim it; placing it looks it up first
    await insertOutbox(db, {
      client_id: 'i-3a',
      exchange_client_id: exchangeClientId('i-3a'),
      api_id: setup.account.id,
      symbol: 'BTC/USDT:USDT',
      request: '{}',
      status: ORDER_STATUS.create,
      created_at: TEST_START,
    });
    expect(await db.transaction((tx) => gateway.intend(tx, order(setup.account, 'i-3a')))).toBe(false);
    expect(await gateway.place(order(setup.account, 'i-3a'), false)).toMatchObject({ state: 'cancelled', status: ORDER_STATUS.abnormalEnd });
    expect(okx.state.order('iZ3a')).toBeUndefined();
    expect(placements(setup.key.apiKey)).toHaveLength(1);
  });

  it('an intended order refused before it is sent ends its row with the refusal', async () => {
    const setup = newAccount({ max_order_notional: 1000 });
    const { gateway } = await gatewayFor(setup);
    await db.transaction((tx) => gateway.intend(tx, order(setup.account, 'i-4a')));
    expect(await gateway.place(order(setup.account, 'i-4a'), true)).toMatchObject({ state: 'rejected', refusal: { key: 'err.maxNotional' } });
    expect(await outboxRow(db, 'i-4a')).toMatchObject({ state: 'done', status: ORDER_STATUS.abnormal });
    expect(placements(setup.key.apiKey)).toEqual([]);
  });
});

describe('exchange gateway: updates', () => {
  it('follows an order over the private socket; with the socket dropped, by REST polls; the socket again once it is back', async () => {
    const setup = newAccount();
    // this key's subscription (an earlier test's client may still be subscribing as it closes)
    const ordersSubscribe = (r: { method: string; apiKey?: string; body: unknown }) =>
      r.method === 'subscribe' && r.apiKey === setup.key.apiKey && JSON.stringify(r.body).includes('"orders"');
    const subscribed = okx.control.nextRequest(ordersSubscribe);
    const { gateway, clock, next } = await gatewayFor(setup);
    await subscribed;
    const limit = okx.state.books.get(SWAP)!.bids[0]![0] - 100;
    /** places a resting buy and lets the gateway's one read after the acknowledgement pass, so what follows is pushed or polled */
    const rest = async (clientId: string) => {
      const read = okx.control.nextRequest({ path: '/api/v5/trade/order' });
      expect(await gateway.place(order(setup.account, clientId, { limit }))).toMatchObject({ state: 'open' });
      await read;
    };
    const reads = () => restOf(setup.key.apiKey, '/api/v5/trade/order').length;

    // socket up: a fill pushed on `orders` arrives with no read
    await rest('s-1a');
    let before = reads();
    const pushed = next((u) => u.clientId === 's-1a');
    okx.control.fillOrder('sZ1a');
    expect(await pushed).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed, fill: { price: limit } });
    expect(reads()).toBe(before);

    // socket dropped: nothing is pushed until it is dialled again (reconnectMs on the server's clock); a poll finds the fill
    await rest('s-2a');
    const wentDown = new Promise<boolean>((resolve) => gateway.onSocket(resolve));
    okx.control.dropSockets();
    expect(await wentDown).toBe(false);
    okx.control.fillOrder('sZ2a');
    before = reads();
    const polled = next((u) => u.clientId === 's-2a');
    const resubscribed = okx.control.nextRequest(ordersSubscribe);
    clock.tick(POLL_MS);
    expect(await polled).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed, fill: { amount: 0.05, price: limit } });
    expect(reads()).toBe(before + 1);

    // back: dialled at reconnectMs, up once it has held through a poll interval; then pushes carry the updates again
    await resubscribed;
    const cameBack = new Promise<boolean>((resolve) => gateway.onSocket(resolve));
    clock.tick(POLL_MS);
    clock.tick(POLL_MS);
    expect(await cameBack).toBe(true);
    expect(gateway.socketUp()).toBe(true);
    await rest('s-3a');
    before = reads();
    const again = next((u) => u.clientId === 's-3a');
    okx.control.fillOrder('sZ3a');
    expect(await again).toMatchObject({ state: 'filled', status: ORDER_STATUS.completed });
    expect(reads()).toBe(before);
  });
});

describe('exchange gateways per account', () => {
  it('makes one gateway per account and client, settles the account’s outbox when it makes it, and a new one for a new client', async () => {
    const setup = newAccount();
    await insertOutbox(db, {
      client_id: 'g-1a',
      exchange_client_id: exchangeClientId('g-1a'),
      api_id: setup.account.id,
      symbol: 'BTC/USDT:USDT',
      request: '{}',
      status: ORDER_STATUS.create,
      created_at: TEST_START,
    });
    let client = await connect(setup.key);
    const settled = new Promise<OrderUpdate>((resolve) => {
      const registry = exchangeGateways(() => client as unknown as ExchangeGatewayOptions['client'], {
        store: db,
        clock: new ManualClock(TEST_START),
        listen: (_api, gateway) => {
          gateways.push(gateway);
          gateway.onUpdate(resolve);
        },
      });
      const first = registry.of(setup.account);
      expect(registry.of(setup.account)).toBe(first);
      void connect(setup.key).then((fresh) => {
        client = fresh;
        expect(registry.of(setup.account)).not.toBe(first);
        registry.close();
      });
    });
    expect(await settled).toEqual({ clientId: 'g-1a', state: 'cancelled', status: ORDER_STATUS.abnormalEnd });
    expect(await outboxRow(db, 'g-1a')).toMatchObject({ state: 'done' });
    expect(placements(setup.key.apiKey)).toEqual([]);
  });
});
