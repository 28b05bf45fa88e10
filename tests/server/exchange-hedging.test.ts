// @vitest-environment node
/**
 * Hedging tasks on testnet/live accounts (issue 33): the task runner (server/hedging/runner.ts) with an exchange
 * side whose order gateway and books are scripted here — the gateway answers and reports what each test says,
 * the books arrive when a test pushes them — on the injected clock. What is checked is what the exchange would
 * see (the requests, when they leave) and what the console shows (orders, fills, positions, alerts, replies).
 */
import path from 'node:path';
import ccxt from '../../server/ccxt';
import Database from 'libsql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOK_MAX_AGE_MS } from '#contract/rules/exchange-trading';
import type { AlertItem } from '#contract/rules/alerts';
import { enginePrices } from '../../server/engine/prices';
import type { OrderGateway, OrderRequest, OrderUpdate } from '../../server/gateway/gateway';
import { legBalanceSource, startTaskRunner, type TaskRunner } from '../../server/hedging/runner';
import { isFresh, orderBooks, type BookClient } from '../../server/hedging/books';
import { ManualClock } from '../../server/clock/clock';
import { OKX_TEST_ACCOUNT, startLoopbackOkx } from '../loopback-exchange/okx';
import { liveSymbol } from '../../server/market';
import { fillsOf, findTask, listChildren, ordersOf } from '../../server/store/tasks';
import { addChildren, addTask, TASK_PARAMS } from './engine-tasks';
import { settle, startTestServer, type TestServer } from './helpers';

// ── The scripted exchange ──────────────────────────────────────────────────────────

type Answer = (order: OrderRequest) => OrderUpdate;
const open: Answer = (order) => ({ clientId: order.clientId, state: 'open' });

/** An order gateway that answers `answer`, reports what a test emits, and notes whether each order's row was committed when it was sent. */
function scriptedGateway(dbFile: string) {
  const placed: (OrderRequest & { committed: boolean; intended: boolean })[] = [];
  /** client ids whose outbox row a step's transaction wrote (intend), with whether its order record was in it too */
  const intents: { clientId: string; withRecord: boolean }[] = [];
  const cancels: string[] = [];
  const states = new Map<string, OrderUpdate>();
  const listeners = new Set<(update: OrderUpdate) => void>();
  // a second connection sees only what was committed
  const reader = new Database(dbFile, { readonly: true });
  const committed = (clientId: string) => reader.prepare('SELECT 1 FROM task_orders WHERE client_id = ?').get(clientId) !== undefined;
  const script = { answer: open, failIntents: 0 };
  const gateway: OrderGateway = {
    async intend(tx, order) {
      if (script.failIntents > 0) {
        script.failIntents -= 1;
        throw new Error('disk I/O error');
      }
      intents.push({ clientId: order.clientId, withRecord: (await tx.get('SELECT 1 FROM task_orders WHERE client_id = ?', [order.clientId])) !== undefined });
      return true;
    },
    async place(order, intended = false) {
      placed.push({ ...order, committed: committed(order.clientId), intended });
      const update = script.answer(order);
      states.set(order.clientId, update);
      return update;
    },
    async cancel(clientId) {
      cancels.push(clientId);
      const was = states.get(clientId);
      if (was?.state !== 'open') return was;
      const update: OrderUpdate = { clientId, state: 'cancelled' };
      states.set(clientId, update);
      return update;
    },
    lookup: async (clientId) => states.get(clientId),
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    gateway,
    placed,
    intents,
    cancels,
    script,
    /** the exchange reports: the order's fill so far */
    fill(clientId: string, price: number, amount: number, fee: number) {
      const update: OrderUpdate = { clientId, state: 'filled', fill: { price, amount, fee, instrumentId: 'x' } };
      states.set(clientId, update);
      for (const listener of listeners) listener(update);
    },
    close: () => reader.close(),
  };
}

type Ob = { bids: [number, number][]; asks: [number, number][] };
/** A book around `mid`: the touch `half` away, five levels of `size` coins a tick apart. */
const bookAt = (mid: number, half = 1, size = 5): Ob => ({
  bids: [0, 1, 2, 3, 4].map((k) => [mid - half - k, size]),
  asks: [0, 1, 2, 3, 4].map((k) => [mid + half + k, size]),
});

/** ccxt pro's watchOrderBook, scripted: each read resolves with the next book pushed for its symbol. */
function scriptedBooks() {
  const waiting = new Map<string, ((ob: Ob) => void)[]>();
  const client: BookClient = {
    watchOrderBook: (symbol) => new Promise((resolve) => waiting.set(symbol, [...(waiting.get(symbol) ?? []), resolve])),
  };
  return {
    client,
    push(symbol: string, ob: Ob) {
      const readers = waiting.get(symbol) ?? [];
      waiting.set(symbol, []);
      for (const resolve of readers) resolve(ob);
    },
  };
}

// ── A server whose runner trades on the scripted exchange ──────────────────────────

const REHEDGE_MS = 5000;
/** opens at a 1 % net premium and never closes: what a step does is what the books say */
const PARAMS = { ...TASK_PARAMS, dlt: { CW: 0.01, NW: 0.01, CQ: 0.01, NQ: 0.01 }, close_dlt: -1 };
const NARROW = 10_000;
const WIDE = 10_300;

interface Desk {
  t: TestServer;
  admin: string;
  runner: TaskRunner;
  exchange: ReturnType<typeof scriptedGateway>;
  books: ReturnType<typeof scriptedBooks>;
  /** admin's accounts on exchanges 1 and 2 */
  apis: number[];
  /** pushes both legs' books (leg B around `b`) and lets the runner act on them, the clock still */
  push(b?: number): Promise<void>;
  /** a second: the books pushed fresh (unless `books` is false), then the clock moved and every tick written */
  second(b?: number | false): Promise<void>;
  stop(): Promise<void>;
}

async function setMode(t: TestServer, apiIds: readonly number[], mode: string): Promise<void> {
  const { db } = t.server.context;
  for (const id of apiIds) await db.run('UPDATE api_accounts SET mode = ? WHERE id = ?', [mode, id]);
}

async function exchangeServer(): Promise<Desk> {
  let runner: TaskRunner | undefined;
  const t = await startTestServer({
    settings: { engine: { rehedgeAfterMs: REHEDGE_MS } },
    // the alerts read the runner started below
    alerts: { legHealth: (ids, now) => legBalanceSource(runner!, enginePrices(t.server.context.market.prices).prices)(ids, now) },
  });
  const admin = await t.login('admin', 'admin123');
  const apis = ((await t.call('apiList', {}, { token: admin })).data as { id: number; bourse_id: number }[])
    .filter((a) => [1, 2].includes(a.bourse_id))
    .sort((x, y) => x.bourse_id - y.bourse_id)
    .map((a) => a.id);
  await setMode(t, apis, 'testnet');
  // the server's own runner has no exchange side: this one has the scripted one
  t.server.tasks.stop();
  await t.server.tasks.idle();
  const exchange = scriptedGateway(path.join(t.dataDir, 'console.db'));
  const books = scriptedBooks();
  runner = startTaskRunner(t.server.context, { gatewayFor: () => exchange.gateway, bookClientFor: () => books.client });
  const push = async (b = NARROW) => {
    const now = t.clock.now();
    books.push(liveSymbol('btc', 1, now), bookAt(NARROW));
    books.push(liveSymbol('btc', 4, now), bookAt(b));
    await settle();
    await runner!.idle();
    await settle();
  };
  return {
    t,
    admin,
    runner,
    exchange,
    books,
    apis,
    push,
    async second(b = NARROW) {
      if (b !== false) await push(b);
      await t.advance(1000);
      await runner!.idle();
      await t.server.alerts.idle();
    },
    async stop() {
      runner!.stop();
      await runner!.idle();
      exchange.close();
      await t.stop();
    },
  };
}

/** A running task of one child on admin's testnet accounts, its books fresh and narrow: nothing sent yet. */
async function runningTask(d: Desk): Promise<{ taskId: number; childId: number }> {
  const taskId = await addTask(d.t, d.admin, 'on testnet', PARAMS);
  const [childId] = await addChildren(d.t, d.admin, taskId, [1]);
  expect((await d.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token: d.admin })).code).toBe(200);
  for (let s = 0; s < 4; s++) await d.second();
  expect(Number((await findTask(d.t.server.context.db, taskId))!.status)).toBe(2);
  expect(d.exchange.placed).toEqual([]);
  return { taskId, childId: childId! };
}

const ordersNow = async (d: Desk, taskId: number) =>
  (await ordersOf(d.t.server.context.db, taskId)).map((o) => ({ ...o, cparam: JSON.parse(String(o.cparam)), result: JSON.parse(String(o.result)) }));
const ledgerOf = async (d: Desk, taskId: number) => JSON.parse((await listChildren(d.t.server.context.db, taskId))[0]!.ledger);

let desk: Desk | undefined;
const started = async (): Promise<Desk> => {
  desk = await exchangeServer();
  return desk;
};
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

// ── The tests ──────────────────────────────────────────────────────────────────────

describe('a hedging task on testnet accounts', () => {
  it('sends its orders through the gateway once the step is committed, on the book update that opens the spread, and books the exchange’s fills', async () => {
    const d = await started();
    const { taskId } = await runningTask(d);

    // leg B's book moves 3 % above A: the task decides on that update, the clock still
    const at = d.t.clock.now();
    await d.push(WIDE);
    expect(d.t.clock.now()).toBe(at);
    const [a, b] = d.exchange.placed;
    expect(d.exchange.placed).toHaveLength(2);
    const orders = await ordersNow(d, taskId);
    expect(orders.map((o) => o.client_id)).toEqual([a!.clientId, b!.clientId]);
    // every order's row was committed before it left
    expect(d.exchange.placed.map((o) => o.committed)).toEqual([true, true]);
    // f: buy A at its ask, sell B at its bid, each limited to the touch with the slippage and the depth the task may take
    const worst = 0.001 + 4 * Number(TASK_PARAMS.slip);
    expect(a).toMatchObject({ account: expect.objectContaining({ id: d.apis[0] }), side: 'buy', reduceOnly: false, at });
    expect(b).toMatchObject({ account: expect.objectContaining({ id: d.apis[1] }), side: 'sell', reduceOnly: false, at });
    expect(a!.limit).toBeCloseTo((NARROW + 1) * (1 + worst), 6);
    expect(b!.limit).toBeCloseTo((WIDE - 1) * (1 - worst), 6);
    expect(a!.leg).toEqual({ exchange: 1, currency: 'btc', contractType: 1 });
    expect(a!.amount).toBeGreaterThan(0);
    expect(b!.amount).toBe(a!.amount);
    expect(orders.map((o) => [o.status_, o.cparam.amount])).toEqual([
      [1, a!.amount],
      [1, b!.amount],
    ]);

    // the exchange says open, then reports the fills (its prices and fees, not the simulation's)
    await d.second(WIDE);
    expect((await ordersNow(d, taskId)).map((o) => o.status_)).toEqual([2, 2]);
    d.exchange.fill(a!.clientId, 10_002.5, a!.amount, 0.61);
    d.exchange.fill(b!.clientId, 10_297.5, b!.amount, 0.42);
    await d.second(WIDE);
    // (the spread is still wide: the child may open again, on orders of its own)
    const done = (await ordersNow(d, taskId)).slice(0, 2);
    expect(done.map((o) => [o.status_, o.result])).toEqual([
      [3, { deal_price: 10_002.5, deal_amount: a!.amount, fee: 0.61 }],
      [3, { deal_price: 10_297.5, deal_amount: b!.amount, fee: 0.42 }],
    ]);
    const fills = await fillsOf(d.t.server.context.db, taskId);
    expect(fills).toHaveLength(2);
    expect(fills.map((f) => [f.client_id, Number(f.price), Number(f.amount), Number(f.fee)])).toEqual([
      [a!.clientId, 10_002.5, a!.amount, 0.61],
      [b!.clientId, 10_297.5, b!.amount, 0.42],
    ]);
    // the child's position is the exchange's fills
    const { position } = await ledgerOf(d, taskId);
    expect(position.f).toEqual([
      [10_002.5, a!.amount],
      [10_297.5, b!.amount],
    ]);
  });

  it('writes each order’s intent in the step’s transaction; a step whose transaction fails sends nothing, and the next one sends each order once', async () => {
    const d = await started();
    const { taskId } = await runningTask(d);
    d.exchange.script.failIntents = 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await d.push(WIDE); // the step decides, its transaction fails: nothing of it was written, nothing leaves
    expect(errors).toHaveBeenCalledWith('[server] task engine:', expect.objectContaining({ message: 'disk I/O error' }));
    errors.mockRestore();
    expect(d.exchange.placed).toEqual([]);
    expect(await ordersNow(d, taskId)).toEqual([]);

    await d.second(WIDE); // decided again on the next step: one pair, each order sent once
    const orders = await ordersNow(d, taskId);
    expect(orders).toHaveLength(2);
    expect(d.exchange.placed.map((o) => o.clientId)).toEqual(orders.map((o) => o.client_id));
    expect(d.exchange.intents).toEqual(orders.map((o) => ({ clientId: o.client_id, withRecord: true })));
    expect(d.exchange.placed.map((o) => [o.committed, o.intended])).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('a rejected leg leaves the child unbalanced: the unbalanced alert fires and the re-hedge goes through the gateway', async () => {
    const d = await started();
    expect((await d.t.call('alertRuleSave', { kind: 'unbalanced', seconds: 2, cooldownSeconds: 600 }, { token: d.admin })).code).toBe(200);
    const { taskId } = await runningTask(d);
    d.exchange.script.answer = (order) =>
      order.clientId.endsWith('b')
        ? { clientId: order.clientId, state: 'rejected', refusal: { key: 'err.limitNotReachable', params: { price: 1 } } }
        : open(order);
    await d.push(WIDE);
    const [a, b] = d.exchange.placed;
    d.exchange.fill(a!.clientId, 10_002, a!.amount, 0.5);
    await d.second(WIDE);
    const orders = await ordersNow(d, taskId);
    expect(orders.map((o) => [o.client_id, o.status_, o.result.deal_amount])).toEqual([
      [a!.clientId, 3, a!.amount],
      [b!.clientId, 8, 0],
    ]);
    expect((await ledgerOf(d, taskId)).unbalanced_since).toBe(d.t.clock.now());

    // unbalanced for longer than the rule's 2 s: the alert names the task; nothing new opens meanwhile
    for (let s = 0; s < 3; s++) await d.second(WIDE);
    const alerts = (await d.t.call<{ list: AlertItem[] }>('alertList', { size: 100 }, { token: d.admin })).data.list.filter((x) => x.kind === 'unbalanced');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ link: { task: taskId }, params: { task: taskId } });
    expect(Number(alerts[0]!.params.exposure)).toBeGreaterThan(0);
    expect(d.exchange.placed).toHaveLength(2);

    // rehedgeAfterMs after the legs came apart, ONE order on leg B for what A filled, through the gateway
    d.exchange.script.answer = open;
    for (let s = 0; s < 3 && d.exchange.placed.length === 2; s++) await d.second(WIDE);
    const hedge = d.exchange.placed[2]!;
    expect(d.exchange.placed).toHaveLength(3);
    expect(hedge).toMatchObject({ clientId: expect.stringMatching(/bh$/), side: 'sell', amount: a!.amount });
    d.exchange.fill(hedge.clientId, 10_296, hedge.amount, 0.4);
    await d.second(WIDE);
    const ledger = await ledgerOf(d, taskId);
    expect(ledger.position.f[1]).toEqual([10_296, a!.amount]);
    expect(ledger.unbalanced_since).toBeUndefined();
  });

  it('a leg the exchange leaves open is cancelled after ORDER_TIMEOUT_MS: what it filled stands (7) and the child is re-hedged', async () => {
    const d = await started();
    const { taskId } = await runningTask(d);
    await d.push(WIDE);
    const [a, b] = d.exchange.placed;
    d.exchange.fill(a!.clientId, 10_002, a!.amount, 0.5);
    d.exchange.fill(b!.clientId, 10_298, b!.amount / 2, 0.2);
    for (let s = 0; s < 10 && !d.exchange.cancels.length; s++) await d.second(WIDE);
    expect(d.exchange.cancels).toEqual([b!.clientId]);
    await d.second(WIDE);
    const orders = await ordersNow(d, taskId);
    expect(orders.slice(0, 2).map((o) => [o.status_, o.result.deal_amount])).toEqual([
      [3, a!.amount],
      [7, b!.amount / 2],
    ]);
    const ledger = await ledgerOf(d, taskId);
    expect(ledger.position.f).toEqual([
      [10_002, a!.amount],
      [10_298, b!.amount / 2],
    ]);
    // the legs have been apart since A filled, longer than rehedgeAfterMs: leg B's rest is re-hedged at once
    expect(ledger.unbalanced_since).toBeLessThan(d.t.clock.now() - REHEDGE_MS);
    expect(orders.slice(2).map((o) => [o.cparam.order_type, o.cparam.amount])).toEqual([['hedge', a!.amount - b!.amount / 2]]);
    expect(d.exchange.placed.slice(2)).toMatchObject([{ clientId: orders[2]!.client_id, side: 'sell', amount: a!.amount - b!.amount / 2 }]);
  });

  it(`never opens on a book older than ${BOOK_MAX_AGE_MS} ms; a fresh book opens it at once`, async () => {
    const d = await started();
    const { taskId } = await runningTask(d);
    // paused, the wide book arrives and opens nothing; the task is started again while no book comes
    expect((await d.t.call('taskStatusUpdate', { taskId, settingStatus: 3 }, { token: d.admin })).code).toBe(200);
    for (let s = 0; s < 3; s++) await d.second();
    await d.second(WIDE);
    expect(d.exchange.placed).toEqual([]);
    expect((await d.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token: d.admin })).code).toBe(200);
    for (let s = 0; s < 4; s++) await d.second(false);
    expect(Number((await findTask(d.t.server.context.db, taskId))!.status)).toBe(2);
    expect(d.exchange.placed).toEqual([]);
    expect(await ordersNow(d, taskId)).toEqual([]);
    await d.push(WIDE);
    expect(d.exchange.placed).toHaveLength(2);
  });
});

describe('accounts in different modes', () => {
  it('a child pairing a paper account with a testnet one is refused, and so is starting a task whose accounts came apart', async () => {
    const d = await started();
    const { t, admin } = d;
    const added = await t.call('apiAdd', { name: 'paper-huobi', bourseId: 2, apiKey: 'k', apiSecret: 's', status: 1 }, { token: admin });
    expect(added.code, added.info).toBe(200);
    const paper = ((await t.call('apiList', {}, { token: admin })).data as { id: number; name: string }[]).find((a) => a.name === 'paper-huobi')!.id;
    const taskId = await addTask(t, admin, 'mixed', PARAMS);
    const pair = { taskId, linkApiId: [d.apis[0], paper], weight: 1 };
    expect(await t.call('taskChildrenAdd', pair, { token: admin })).toMatchObject({
      code: 400,
      info: expect.stringMatching(/^模拟盘、测试网和实盘账户不能在同一任务中配对：OKEx-主账户 \(测试网\), paper-huobi \(模拟盘\)。/),
    });
    expect(await t.call('taskChildrenAdd', pair, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: expect.stringMatching(/^paper, testnet and live accounts cannot be paired in one task: OKEx-主账户 \(testnet\), paper-huobi \(paper\)\./),
    });
    expect(await listChildren(t.server.context.db, taskId)).toEqual([]);

    // both testnet: added; then one account goes back to paper: the task does not start
    expect((await t.call('taskChildrenAdd', { taskId, linkApiId: d.apis, weight: 1 }, { token: admin })).code).toBe(200);
    await setMode(t, [d.apis[1]!], 'paper');
    const status = Number((await findTask(t.server.context.db, taskId))!.status);
    const start = await t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token: admin, lang: 'zh-TW' });
    expect(start).toMatchObject({
      code: 400,
      info: expect.stringMatching(/^模擬盤、測試網和實盤帳戶不能在同一任務中配對：OKEx-主账户 \(測試網\), Huobi-对冲 \(模擬盤\)/),
    });
    await d.second();
    const row = (await findTask(t.server.context.db, taskId))!;
    expect([Number(row.status), JSON.parse(row.engine).pending_status ?? null]).toEqual([status, null]);
  });
});

describe('the kill switch', () => {
  it("stops the caller's tasks on exchanges and cancels their open orders; another user's switch touches none of them", async () => {
    const d = await started();
    const { t, admin } = d;
    const { taskId } = await runningTask(d);
    await d.push(WIDE);
    await d.second(WIDE);
    const sent = d.exchange.placed.map((o) => o.clientId);
    expect((await ordersNow(d, taskId)).map((o) => o.status_)).toEqual([2, 2]);

    // the trader's switch: its own accounts only; admin's account by id is not found
    const trader = await t.login('trader', 'trader123');
    expect(await t.call('killSwitch', { apiId: d.apis[0] }, { token: trader })).toMatchObject({ code: 404 });
    const theirs = await t.call('killSwitch', {}, { token: trader });
    expect(theirs).toMatchObject({ code: 200, data: { stoppedTasks: 0, cancelledOrders: 0 } });
    expect(theirs.data.accounts).not.toContain(d.apis[0]);
    expect(Number((await findTask(t.server.context.db, taskId))!.status)).toBe(2);
    expect(d.exchange.cancels).toEqual([]);

    const killed = await t.call('killSwitch', { apiId: d.apis[1] }, { token: admin });
    expect(killed).toMatchObject({
      code: 200,
      info: '紧急停止已执行：交易所上的任务已停止，挂单已撤销',
      data: { accounts: [d.apis[1]], stoppedTasks: 1, cancelledOrders: 2 },
    });
    expect(d.exchange.cancels).toEqual(sent);
    expect(Number((await findTask(t.server.context.db, taskId))!.status)).toBe(4);

    // the cancelled orders end with nothing filled, and the stopped task sends nothing more on any book
    for (let s = 0; s < 5; s++) await d.second(WIDE);
    expect((await ordersNow(d, taskId)).map((o) => [o.status_, o.result.deal_amount])).toEqual([
      [4, 0],
      [4, 0],
    ]);
    expect(d.exchange.placed.map((o) => o.clientId)).toEqual(sent);
  });
});

describe('manual trading on a task whose accounts are testnet', () => {
  it('manual opens, close position, and a manual close after the kill switch stopped the task all leave through the gateway', async () => {
    const d = await started();
    const { t, admin } = d;
    const { taskId, childId } = await runningTask(d);
    /** the orders sent since `from` (waiting up to 5 s for two), then filled by the exchange */
    const pairSince = async (from: number) => {
      for (let s = 0; s < 5 && d.exchange.placed.length < from + 2; s++) await d.second();
      const pair = d.exchange.placed.slice(from);
      for (const order of pair) d.exchange.fill(order.clientId, order.side === 'buy' ? 10_001 : 9_999, order.amount, 0.1);
      await d.second();
      return pair.map((o) => [o.side, o.reduceOnly]);
    };
    const manualOpen = JSON.stringify({ dlt: -1, count: 1, duration: 1, cid: String(childId), change_type: 'open', direct: 'f' });
    const opened = [
      ['buy', false],
      ['sell', false],
    ];
    // leg A is spot: a close of it reduces nothing
    const closed = [
      ['sell', false],
      ['buy', true],
    ];

    // a manual open at any premium: one pair, sent once its step is committed
    expect((await t.call('manualTrade', { task_id: taskId, cparam: manualOpen }, { token: admin })).code).toBe(200);
    expect(await pairSince(0)).toEqual(opened);
    expect(d.exchange.placed.every((o) => o.committed)).toBe(true);
    expect((await ordersNow(d, taskId)).map((o) => [o.status_, o.cparam.order_type])).toEqual([
      [3, 'manual'],
      [3, 'manual'],
    ]);
    // close position (status 1): the child's close, then the task stops by itself
    expect((await t.call('taskStatusUpdate', { taskId, settingStatus: 1 }, { token: admin })).code).toBe(200);
    expect(await pairSince(2)).toEqual(closed);
    await d.second();
    expect(Number((await findTask(t.server.context.db, taskId))!.status)).toBe(4);

    // opened by hand on the stopped task, then the kill switch; the owner closes what the child holds: that close still leaves
    expect((await t.call('manualTrade', { task_id: taskId, cparam: manualOpen }, { token: admin })).code).toBe(200);
    expect(await pairSince(4)).toEqual(opened);
    expect((await t.call('killSwitch', {}, { token: admin })).code).toBe(200);
    expect((await t.call('manualClosePosition', { task_id: taskId, cids: String(childId) }, { token: admin })).code).toBe(200);
    expect(await pairSince(6)).toEqual(closed);
    expect((await ledgerOf(d, taskId)).position.f).toEqual([
      [0, 0],
      [0, 0],
    ]);
    // and nothing automatic follows on the stopped task
    for (let s = 0; s < 3; s++) await d.second(WIDE);
    expect(d.exchange.placed).toHaveLength(8);
  });
});

describe('order books over ccxt pro (the loopback OKX)', () => {
  it('reads depthMarket levels by watchOrderBook, in coins, stamped with the server clock: stale after BOOK_MAX_AGE_MS until the next update', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 10, 7, 59));
    const okx = await startLoopbackOkx({ now: () => clock.now(), accounts: [OKX_TEST_ACCOUNT] });
    const client = new ccxt.pro.okx({
      apiKey: OKX_TEST_ACCOUNT.apiKey,
      secret: OKX_TEST_ACCOUNT.secret,
      password: OKX_TEST_ACCOUNT.passphrase,
      enableRateLimit: false,
      timeout: 3000,
      urls: okx.urls,
      options: { ws: { backoff: { base: 0 } } },
    });
    await client.loadHttpProxyAgent();
    const books = orderBooks({ clock, depth: () => 5 });
    try {
      const SWAP = 'BTC/USDT:USDT';
      const next = () =>
        new Promise<void>((resolve) => {
          const off = books.onUpdate(() => {
            off();
            resolve();
          });
        });
      const first = next();
      books.watch('testnet:1', SWAP, () => client);
      await first;
      const wire = okx.state.books.get('BTC-USDT-SWAP')!;
      // five levels of contracts of 0.01 BTC: the mean size of the five, in coins
      const mean = (side: readonly (readonly number[])[]) => (side.slice(0, 5).reduce((sum, level) => sum + level[1]!, 0) / 5) * 0.01;
      const book = books.book('testnet:1', SWAP)!;
      expect(book.at).toBe(clock.now());
      expect(book.quote.bid).toBe(wire.bids[0]![0]);
      expect(book.quote.ask).toBe(wire.asks[0]![0]);
      expect(book.quote.bidSize).toBeCloseTo(mean(wire.bids), 12);
      expect(book.quote.askSize).toBeCloseTo(mean(wire.asks), 12);
      expect(okx.requests.find((r) => r.method === 'subscribe')?.body).toMatchObject({ args: [{ channel: 'books5', instId: 'BTC-USDT-SWAP' }] });

      clock.tick(BOOK_MAX_AGE_MS);
      expect(isFresh(books.book('testnet:1', SWAP), clock.now())).toBe(true);
      clock.tick(1);
      expect(isFresh(books.book('testnet:1', SWAP), clock.now())).toBe(false);
      const moved = next();
      okx.control.setBook('BTC-USDT-SWAP', { bids: [[64_990, 10]], asks: [[65_010, 30]] });
      await moved;
      // with the market's lot in coins: OKX's 0.01 contracts of 0.01 BTC
      expect(books.book('testnet:1', SWAP)).toEqual({
        quote: { bid: 64_990, ask: 65_010, bidSize: 0.1, askSize: 0.3, lot: expect.closeTo(0.0001, 12) },
        at: clock.now(),
      });
      expect(books.book('live:1', SWAP)).toBeUndefined();
    } finally {
      books.close();
      await client.close();
      await okx.close();
    }
  });
});
