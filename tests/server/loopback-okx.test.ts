// @vitest-environment node
/**
 * The loopback OKX (tests/loopback-exchange/okx.ts) against the real ccxt: what a trading server will do
 * through `ccxt.okx` / `ccxt.pro.okx` works against it, and every scripted failure reaches ccxt as the
 * typed error a real OKX reply would raise.
 */
import type { Order, pro } from 'ccxt';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { OKX_TEST_ACCOUNT, startLoopbackOkx, type LoopbackOkx, type OkxAccountOptions } from '../loopback-exchange/okx';
import ccxt from '../../server/ccxt';

const { AuthenticationError, ExchangeNotAvailable, InsufficientFunds, InvalidOrder, NetworkError, OrderNotFound, RateLimitExceeded, RequestTimeout } = ccxt;

type ProOkx = InstanceType<typeof pro.okx>;

const NOW = Date.UTC(2025, 0, 10, 7, 59); // CW 250110, NW 250117, CQ 250328, NQ 250627
const SWAP = 'BTC/USDT:USDT';
const WITHDRAW_KEY: OkxAccountOptions = {
  apiKey: 'withdraw-key',
  secret: 'withdraw-secret',
  passphrase: 'Withdraw-1',
  perm: ['read_only', 'trade', 'withdraw'],
};
const READ_ONLY_KEY: OkxAccountOptions = { apiKey: 'read-key', secret: 'read-secret', passphrase: 'Read-1', perm: ['read_only'] };
const DEMO_KEY: OkxAccountOptions = { apiKey: 'demo-key', secret: 'demo-secret', passphrase: 'Demo-1', demo: true };
const LIVE_KEY: OkxAccountOptions = { apiKey: 'live-key', secret: 'live-secret', passphrase: 'Live-1', demo: false };

let okx: LoopbackOkx;
let client: ProOkx;
const clients: ProOkx[] = [];

async function connect(account: Pick<OkxAccountOptions, 'apiKey' | 'secret' | 'passphrase'> = OKX_TEST_ACCOUNT, extra: object = {}): Promise<ProOkx> {
  const c = new ccxt.pro.okx({
    apiKey: account.apiKey,
    secret: account.secret,
    password: account.passphrase,
    enableRateLimit: false,
    timeout: 3000,
    urls: okx.urls,
    options: { ws: { backoff: { base: 0 } } }, // ccxt waits ~1 s before dialling a socket again; the tests need not
    ...extra,
  });
  await c.loadHttpProxyAgent(); // ccxt pro refuses ws:// until this has run
  clients.push(c);
  return c;
}

const hedged = (clOrdId: string) => ({ clientOrderId: clOrdId, hedged: true });
/** [price, size] of each level (ccxt adds OKX's fourth field, the order count) */
const levels = (side: readonly (readonly (number | undefined)[])[]) => side.map(([price, size]) => [price, size]);
/** an order's id as ccxt parsed it (always set for OKX's orders) */
const idOf = (order: Order): string => order.id ?? '';

beforeAll(async () => {
  okx = await startLoopbackOkx({ now: () => NOW, accounts: [OKX_TEST_ACCOUNT, WITHDRAW_KEY, READ_ONLY_KEY, DEMO_KEY, LIVE_KEY] });
  client = await connect();
  await client.loadMarkets();
});

afterEach(() => {
  okx.control.failRest();
  okx.control.resumeAnswering();
  okx.control.refuseSockets(false);
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await okx.close();
});

describe('loopback OKX: markets and account through ccxt', () => {
  it('loads spot, swap and futures markets, the private currencies and empty option chains', () => {
    const markets = client.markets ?? {};
    expect(markets['BTC/USDT']).toMatchObject({ id: 'BTC-USDT', spot: true });
    expect(markets[SWAP]).toMatchObject({ id: 'BTC-USDT-SWAP', swap: true, linear: true, contractSize: 0.01 });
    expect(markets['BTC/USD:BTC']).toMatchObject({ id: 'BTC-USD-SWAP', inverse: true, contractSize: 100 });
    expect(markets['BTC/USD:BTC-250328']).toMatchObject({ id: 'BTC-USD-250328', future: true });
    expect(markets['BTC/USDT:USDT-250328']).toMatchObject({ id: 'BTC-USDT-250328', future: true });
    expect(client.currencies.USDT?.networks).toHaveProperty('TRC20');
    const paths = okx.requests.map((r) => `${r.path}?${new URLSearchParams(r.query)}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v5/public/instruments?instType=SPOT',
        '/api/v5/public/instruments?instType=SWAP',
        '/api/v5/public/instruments?instType=FUTURES',
        '/api/v5/public/instruments?instType=OPTION&uly=BTC-USD',
        '/api/v5/asset/currencies?',
      ]),
    );
  });

  it('answers the book and ticker it holds, and follows control.setBook', async () => {
    okx.control.setBook('BTC-USDT', { bids: [[64000, 1]], asks: [[64001, 2]] });
    const book = await client.fetchOrderBook('BTC/USDT');
    expect(levels(book.bids)).toEqual([[64000, 1]]);
    expect(levels(book.asks)).toEqual([[64001, 2]]);
    const ticker = await client.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ bid: 64000, ask: 64001 });
  });

  it('answers balances and the time', async () => {
    const balance = await client.fetchBalance();
    expect(balance.USDT).toMatchObject({ total: 100_000, free: 100_000 });
    expect(balance.BTC?.total).toBe(10);
    expect(await client.fetchTime()).toBe(NOW);
  });

  it('sets leverage and cross margin per instrument, as ccxt sends them', async () => {
    await client.setLeverage(10, SWAP, { marginMode: 'cross' });
    await client.setMarginMode('cross', 'BTC/USDT:USDT-250328', { lever: 10 });
    const account = okx.state.account(OKX_TEST_ACCOUNT.apiKey);
    expect(okx.state.leverOf(account, 'BTC-USDT-SWAP', 'cross')).toBe(10);
    expect(okx.state.leverOf(account, 'BTC-USDT-250328', 'cross')).toBe(10);
    expect(account.marginMode.get('BTC-USDT-SWAP')).toBe('cross');
    const sent = okx.requests.filter((r) => r.path === '/api/v5/account/set-leverage').map((r) => r.body);
    expect(sent).toEqual([
      { lever: 10, mgnMode: 'cross', instId: 'BTC-USDT-SWAP' },
      { lever: 10, mgnMode: 'cross', instId: 'BTC-USDT-250328' },
    ]);
    const leverage = await client.fetchLeverage(SWAP, { marginMode: 'cross' });
    expect(leverage).toMatchObject({ marginMode: 'cross', longLeverage: 10 });
  });

  it('shows a key’s permissions in account/config (fetchAccounts), withdraw included', async () => {
    const withdrawing = await connect(WITHDRAW_KEY);
    const [account] = await withdrawing.fetchAccounts();
    expect(account.info.perm).toBe('read_only,trade,withdraw');
    const [plain] = await client.fetchAccounts();
    expect(plain.info.perm).toBe('read_only,trade');
  });
});

describe('loopback OKX: orders through ccxt', () => {
  it('fills a market order from its book: the order in state has the instrument, side, posSide, tdMode and clOrdId sent', async () => {
    const ask = okx.state.books.get('BTC-USDT-SWAP')!.asks[0];
    const order = await client.createOrder(SWAP, 'market', 'buy', 2, undefined, hedged('mkt1'));
    expect(order).toMatchObject({ clientOrderId: 'mkt1', status: undefined });
    expect(okx.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v5/trade/batch-orders', apiKey: OKX_TEST_ACCOUNT.apiKey });
    expect(okx.state.order('mkt1')).toMatchObject({ instId: 'BTC-USDT-SWAP', side: 'buy', posSide: 'long', tdMode: 'cross', clOrdId: 'mkt1', state: 'filled' });
    const fetched = await client.fetchOrder('', SWAP, { clientOrderId: 'mkt1' });
    expect(fetched).toMatchObject({ id: order.id, status: 'closed', filled: 2, amount: 2, average: ask[0], side: 'buy', type: 'market' });
    expect((await client.fetchOrder(idOf(order), SWAP)).clientOrderId).toBe('mkt1');
    const [position] = await client.fetchPositions([SWAP]);
    expect(position).toMatchObject({ side: 'long', contracts: 2, entryPrice: ask[0], marginMode: 'cross', leverage: 10 });
    const trades = await client.fetchOrderTrades(idOf(order), SWAP);
    expect(trades.map((t) => [t.price, t.amount, t.takerOrMaker])).toEqual([[ask[0], 2, 'taker']]);
    const [mine] = await client.fetchMyTrades(SWAP);
    expect(mine).toMatchObject({ order: order.id, side: 'buy', price: ask[0], amount: 2, fee: { currency: 'USDT' } });
    expect(mine.fee?.cost).toBeCloseTo(ask[0] * 2 * 0.01 * 0.0005, 9); // 2 contracts of 0.01 BTC, the taker rate
  });

  it('rests a limit order that does not cross, and cancels it', async () => {
    const order = await client.createOrder(SWAP, 'limit', 'sell', 1, 70_000, hedged('lmt1'));
    expect(okx.state.order('lmt1')).toMatchObject({ ordType: 'limit', px: 70_000, posSide: 'short', state: 'live' });
    const open = await client.fetchOpenOrders(SWAP);
    expect(open.map((o) => o.clientOrderId)).toContain('lmt1');
    await client.cancelOrder(idOf(order), SWAP);
    expect(await client.fetchOrder(idOf(order), SWAP)).toMatchObject({ status: 'canceled', filled: 0 });
    await expect(client.cancelOrder(idOf(order), SWAP)).rejects.toBeInstanceOf(OrderNotFound);
    await expect(client.fetchOrder('', SWAP, { clientOrderId: 'nosuch' })).rejects.toBeInstanceOf(OrderNotFound);
  });

  it('refuses a clOrdId already used (51016) with ccxt’s InvalidOrder; fetchOrder by that client id finds the first', async () => {
    const first = await client.createOrder(SWAP, 'limit', 'buy', 1, 60_000, hedged('dup1'));
    const again = client.createOrder(SWAP, 'limit', 'buy', 2, 60_500, hedged('dup1'));
    await expect(again).rejects.toBeInstanceOf(InvalidOrder);
    await expect(again).rejects.toThrow(/51016/);
    expect(okx.state.orders.filter((o) => o.clOrdId === 'dup1')).toHaveLength(1);
    expect(await client.fetchOrder('', SWAP, { clientOrderId: 'dup1' })).toMatchObject({ id: first.id, amount: 1, price: 60_000, status: 'open' });
  });

  it('rejects on command with the sCode given, which ccxt types', async () => {
    okx.control.rejectNext({ sCode: '51008', sMsg: 'Order failed. Insufficient USDT margin in account' }, 'BTC-USDT-SWAP');
    await expect(client.createOrder(SWAP, 'market', 'buy', 1, undefined, hedged('rej1'))).rejects.toBeInstanceOf(InsufficientFunds);
    okx.control.rejectNext({ sCode: '51121', sMsg: 'Order quantity must be a multiple of the lot size.' });
    await expect(client.createOrder(SWAP, 'market', 'buy', 1, undefined, hedged('rej2'))).rejects.toBeInstanceOf(InvalidOrder);
    expect(okx.state.order('rej1')).toBeUndefined();
    // the next one goes through: a rejection is used once, and a rejected clOrdId is not taken
    await client.createOrder(SWAP, 'market', 'buy', 1, undefined, hedged('rej1'));
    expect(okx.state.order('rej1')?.state).toBe('filled');
  });

  it('refuses what the account cannot pay for (51008), too big a market order (51202), a contract order without posSide in long/short mode', async () => {
    await expect(client.createOrder(SWAP, 'limit', 'buy', 50_000, 60_000, hedged('big1'))).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(client.createOrder(SWAP, 'market', 'buy', 1_000_000, undefined, hedged('big3'))).rejects.toBeInstanceOf(InvalidOrder);
    await expect(client.createOrder('BTC/USDT', 'limit', 'buy', 10, 64_000, { clientOrderId: 'big2' })).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(client.createOrder(SWAP, 'market', 'buy', 1, undefined, { clientOrderId: 'nopos' })).rejects.toThrow(/posSide/);
  });

  it('fills only part of the next order on command: open, filled < amount', async () => {
    okx.control.partialFillNext(0.4);
    const ask = okx.state.books.get('BTC-USDT-SWAP')!.asks[0][0];
    const order = await client.createOrder(SWAP, 'limit', 'buy', 2, ask, hedged('part1'));
    const fetched = await client.fetchOrder(idOf(order), SWAP);
    expect(fetched).toMatchObject({ status: 'open', filled: 0.8, remaining: 1.2 });
    expect(okx.state.order('part1')?.state).toBe('partially_filled');
    okx.control.fillOrder('part1');
    expect(await client.fetchOrder(idOf(order), SWAP)).toMatchObject({ status: 'closed', filled: 2 });
    okx.control.partialFillNext(0.5, { rest: 'canceled' }); // a market order's unfilled rest, as OKX cancels it
    const market = await client.createOrder(SWAP, 'market', 'buy', 2, undefined, hedged('part2'));
    expect(await client.fetchOrder(idOf(market), SWAP)).toMatchObject({ status: 'canceled', filled: 1, remaining: 1 });
  });

  it('delays a reply until the test releases it: the order is placed before its reply arrives', async () => {
    const hold = okx.control.holdNext({ path: '/api/v5/trade/batch-orders' });
    const placing = client.createOrder(SWAP, 'market', 'sell', 1, undefined, { clientOrderId: 'held1', positionSide: 'long' });
    const request = await hold.arrived;
    expect(request.body).toEqual([expect.objectContaining({ clOrdId: 'held1', posSide: 'long', side: 'sell' })]);
    expect(okx.state.order('held1')?.state).toBe('filled');
    hold.release();
    expect((await placing).clientOrderId).toBe('held1');
  });
});

describe('loopback OKX: failures ccxt sees', () => {
  it('answers a wrong key, passphrase or secret with OKX’s codes, which ccxt raises as AuthenticationError', async () => {
    const wrongKey = await connect({ ...OKX_TEST_ACCOUNT, apiKey: 'nobody' });
    await expect(wrongKey.fetchBalance()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(wrongKey.fetchBalance()).rejects.toThrow(/50111/);
    const wrongPass = await connect({ ...OKX_TEST_ACCOUNT, passphrase: 'nope' });
    await expect(wrongPass.fetchBalance()).rejects.toThrow(/50105/);
    const wrongSecret = await connect({ ...OKX_TEST_ACCOUNT, secret: 'nope' });
    await expect(wrongSecret.fetchBalance()).rejects.toThrow(/50113/);
  });

  it('refuses a trade from a read-only key (50120)', async () => {
    const reader = await connect(READ_ONLY_KEY);
    reader.has.fetchCurrencies = false;
    await reader.loadMarkets();
    await expect(reader.createOrder(SWAP, 'market', 'buy', 1, undefined, hedged('ro1'))).rejects.toThrow(/50120/);
    expect((await reader.fetchBalance()).USDT?.total).toBe(100_000);
  });

  it('takes demo trading (sandbox mode: x-simulated-trading) for a demo key and refuses it for a live key (50101)', async () => {
    const demo = await connect(DEMO_KEY);
    demo.setSandboxMode(true);
    expect((await demo.fetchBalance()).USDT?.total).toBe(100_000);
    const live = await connect(LIVE_KEY);
    live.setSandboxMode(true);
    await expect(live.fetchBalance()).rejects.toThrow(/50101/);
    const demoLive = await connect(DEMO_KEY);
    await expect(demoLive.fetchBalance()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('fails every REST call with the status given until cleared', async () => {
    okx.control.failRest(503);
    await expect(client.fetchBalance()).rejects.toBeInstanceOf(ExchangeNotAvailable);
    okx.control.failRest(429);
    await expect(client.fetchTicker('BTC/USDT')).rejects.toBeInstanceOf(RateLimitExceeded);
    okx.control.failRest();
    expect((await client.fetchTicker('BTC/USDT')).symbol).toBe('BTC/USDT');
  });

  it('accepts and never answers when told to stop: ccxt times out', async () => {
    const impatient = await connect(OKX_TEST_ACCOUNT, { timeout: 20 }); // ccxt's own timer: the one wait in this file
    okx.control.stopAnswering();
    await expect(impatient.fetchTime()).rejects.toBeInstanceOf(RequestTimeout);
    expect(okx.requests.at(-1)).toMatchObject({ path: '/api/v5/public/time', answered: false });
  });
});

/** A plain socket to the loopback OKX and the messages it receives, one at a time, in order. */
async function rawSocket(path: string): Promise<{ send(message: unknown): void; next(): Promise<Record<string, unknown>>; close(): void }> {
  const socket = new WebSocket(`${okx.wsUrl}${path}`);
  const queue: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => socket.terminate(),
  };
}

/** OKX's documented book checksum, computed here from the levels a client holds: best 25 a side, bid:size:ask:size…, CRC-32 signed. */
function checksumOfHeld(bids: Map<string, string>, asks: Map<string, string>): number {
  const sorted = (side: Map<string, string>, descending: boolean) =>
    [...side].sort(([a], [b]) => (descending ? Number(b) - Number(a) : Number(a) - Number(b))).slice(0, 25);
  const [b, a] = [sorted(bids, true), sorted(asks, false)];
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    if (b[i]) parts.push(`${b[i][0]}:${b[i][1]}`);
    if (a[i]) parts.push(`${a[i][0]}:${a[i][1]}`);
  }
  return crc32(parts.join(':')) | 0;
}

describe('loopback OKX: the books channel on the wire', () => {
  it('sends a snapshot, then changes whose seqId follows and whose checksum matches the book a client holds', async () => {
    const socket = await rawSocket('/public');
    try {
      socket.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'ETH-USD-SWAP' }] });
      expect(await socket.next()).toMatchObject({ event: 'subscribe', arg: { channel: 'books', instId: 'ETH-USD-SWAP' } });
      const bids = new Map<string, string>();
      const asks = new Map<string, string>();
      const apply = (message: Record<string, unknown>) => {
        const [data] = message.data as { bids: string[][]; asks: string[][]; checksum: number; seqId: number; prevSeqId: number }[];
        for (const [side, levels] of [[bids, data.bids] as const, [asks, data.asks] as const])
          for (const [px, sz] of levels)
            if (sz === '0') side.delete(px);
            else side.set(px, sz);
        return data;
      };
      const snapshot = apply(await socket.next());
      expect(snapshot).toMatchObject({ prevSeqId: -1 });
      expect(snapshot.checksum).toBe(checksumOfHeld(bids, asks));
      okx.control.setBook('ETH-USD-SWAP', {
        bids: [
          [3199.99, 7],
          [3199.5, 2],
        ],
        asks: [[3200.01, 9]],
      });
      const update = apply(await socket.next());
      expect(update.prevSeqId).toBe(snapshot.seqId);
      expect(Object.fromEntries(bids)).toEqual({ '3199.99': '7', '3199.5': '2' });
      expect(Object.fromEntries(asks)).toEqual({ '3200.01': '9' });
      expect(update.checksum).toBe(checksumOfHeld(bids, asks));
    } finally {
      socket.close();
    }
  });
});

describe('loopback OKX: websockets through ccxt pro', () => {
  it('pushes a books snapshot, then the changes control.setBook makes', async () => {
    const first = await client.watchOrderBook(SWAP);
    expect(levels(first.bids)[0]).toEqual(okx.state.books.get('BTC-USDT-SWAP')!.bids[0]);
    const next = client.watchOrderBook(SWAP);
    okx.control.setBook('BTC-USDT-SWAP', { bids: [[64990, 10]], asks: [[65010, 10]] });
    const moved = await next;
    expect(levels(moved.bids)).toEqual([[64990, 10]]);
    expect(levels(moved.asks)).toEqual([[65010, 10]]);
    const shifted = client.watchOrderBook(SWAP);
    okx.control.shiftBook('BTC-USDT-SWAP', 5);
    expect(levels((await shifted).bids)).toEqual([[64995, 10]]);
  });

  it('follows books5 too', async () => {
    const book = await client.watchOrderBook('ETH/USDT:USDT', 5);
    expect(book.asks).toHaveLength(5);
    const next = client.watchOrderBook('ETH/USDT:USDT', 5);
    okx.control.setBook('ETH-USDT-SWAP', { bids: [[3100, 3]], asks: [[3101, 4]] });
    expect(levels((await next).asks)).toEqual([[3101, 4]]);
  });

  it('logs in and pushes an order’s updates on the orders channel (watchOrders)', async () => {
    const subscribed = okx.control.nextRequest((r) => r.method === 'subscribe' && JSON.stringify(r.body).includes('"orders"'));
    const watching = client.watchOrders(SWAP);
    const request = await subscribed;
    expect(okx.requests.find((r) => r.method === 'login')).toMatchObject({ transport: 'ws', path: '/ws/v5/private', apiKey: OKX_TEST_ACCOUNT.apiKey });
    expect(request.body).toEqual({ op: 'subscribe', args: [{ channel: 'orders', instId: 'BTC-USDT-SWAP', instType: 'SWAP' }] });
    await client.createOrder(SWAP, 'limit', 'buy', 3, 61_000, hedged('ws1'));
    const [created] = await watching;
    expect(created).toMatchObject({ clientOrderId: 'ws1', status: 'open', filled: 0 });
    const partly = client.watchOrders(SWAP);
    okx.control.setBook('BTC-USDT-SWAP', { bids: [[59_990, 10]], asks: [[60_500, 1]] }); // a maker fill of 1 at the order's price
    const seen: Order[] = await partly;
    expect(seen.map((o) => [o.clientOrderId, o.status, o.filled, o.average])).toEqual([['ws1', 'open', 1, 61_000]]);
    const rest = client.watchOrders(SWAP);
    okx.control.fillOrder('ws1'); // and the other 2
    expect((await rest).map((o) => [o.clientOrderId, o.status, o.filled])).toEqual([['ws1', 'closed', 3]]);
  });

  it('drops every socket on command: a pending watch rejects as ccxt does, the next one reconnects', async () => {
    const INVERSE = 'BTC/USD:BTC';
    await client.watchOrderBook(INVERSE); // a first watch answers with the snapshot; the next waits for a change
    const pending = client.watchOrderBook(INVERSE);
    okx.control.dropSockets();
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
    const again = await client.watchOrderBook(INVERSE);
    expect(levels(again.bids)[0]).toEqual(okx.state.books.get('BTC-USD-SWAP')!.bids[0]);
  });

  it('refuses sockets on command while REST still answers', async () => {
    const fresh = await connect();
    await fresh.loadMarkets();
    okx.control.refuseSockets();
    await expect(fresh.watchOrderBook(SWAP)).rejects.toBeInstanceOf(NetworkError);
    expect((await fresh.fetchOrderBook(SWAP)).bids.length).toBeGreaterThan(0);
  });

  it('refuses a websocket login with a wrong key (AuthenticationError)', async () => {
    const stranger = await connect({ ...OKX_TEST_ACCOUNT, apiKey: 'nobody' });
    stranger.has.fetchCurrencies = false;
    await stranger.loadMarkets();
    await expect(stranger.watchOrders(SWAP)).rejects.toBeInstanceOf(AuthenticationError);
  });
});
