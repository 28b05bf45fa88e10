// Book update → order sent (bench/budget.json "exchangeLatency", issue 33): the reference server with TASKS running
// hedging tasks on testnet accounts, leg A on the loopback OKX's BTC USDT swap and leg B on the loopback Binance's
// BTCUSDT perpetual (tests/loopback-exchange/, in a thread of their own: loopback-worker.ts), the server's own ccxt
// clients pointed at them (settings.exchangeUrls). Each task opens at its own threshold (1.00 %, 1.02 %, … net premium)
// once; leg B's book is then moved up a dollar at a time, so each update opens at most one task while every task reads it.
// A warm-up round first: TASKS other tasks open the same way on the same accounts and then stop (their orders make each
// account's order gateway and open its user-data stream, and V8 optimises the path as it would in a server that has
// run a while); their figures are printed apart, not budgeted.
// Measured inside the server process, at its two seams: the moment a depth update reaches the server's ccxt client
// (its handleMessage, the socket's JSON parsed) and the moment an order leaves it (ccxt's fetch of the order request,
// signed, handed to the HTTP stack). The figure is the p99 of (an order's send − the arrival of the update that opened
// it) over the orders of the TASKS measured tasks. The server's clock (a ManualClock) stands still, so only the updates
// move the tasks.
// Run: npx tsx bench/exchange-latency.ts   (TASKS=… to vary; exit 1 when over budget). Under flock /tmp/heavy.lock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { findApi, insertApi } from '../server/store/api-accounts';
import { DEFAULT_ADVANCED, DEFAULT_FEES } from '../server/store/defaults';
import { insertChild, insertTask } from '../server/store/tasks';
import { params as taskParams } from '../tests/server/engine-fixtures';
import { SWAP_A, SWAP_B, bookAround } from '../tests/loopback-exchange/book';
import type { LoopbackCommand, LoopbackSetup } from './loopback-worker';
import { machine } from './running-tasks';

const budget = (
  JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as { exchangeLatency: { tasks: number; accounts: number; p99Ms: number } }
).exchangeLatency;
const TASKS = Number(process.env.TASKS ?? budget.tasks);
const ACCOUNTS = budget.accounts;
/** deep enough that every task's legs fill at the touch: OKX's sizes are contracts of 0.01 BTC, Binance's BTC */
const okxBook = (mid: number) => bookAround(mid, 100_000);
const binanceBook = (mid: number) => bookAround(mid, 1_000);
const MID = 10_000;

const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
const okxKeys = Array.from({ length: ACCOUNTS }, (_, i) => ({
  apiKey: `bench-okx-${i}`,
  secret: `bench-okx-secret-${i}`,
  passphrase: `Bench-okx-${i}`,
  demo: true,
}));
const binanceKeys = Array.from({ length: ACCOUNTS }, (_, i) => ({ apiKey: `bench-binance-${i}`, secret: `bench-binance-secret-${i}`, dualSidePosition: true }));
const rich = { USDT: 100_000_000 };
const setup: LoopbackSetup = {
  start: clock.now(),
  okx: { accounts: okxKeys.map((k) => ({ ...k, balances: rich })), books: { [SWAP_A]: okxBook(MID) } },
  binance: { accounts: binanceKeys.map((k) => ({ ...k, balances: rich })), books: { [SWAP_B]: binanceBook(MID) } },
};
// the exchanges in a thread of their own (loopback-worker.ts), which does not inherit tsx's loader: it registers it first
const entry = new URL('./loopback-worker.ts', import.meta.url).href;
const exchanges = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
  eval: true,
  workerData: setup,
});
type Urls = Record<string, string | Record<string, string>>;
const urls = await new Promise<{ okx: Urls; binance: Urls }>((resolve, reject) => {
  exchanges.once('message', resolve);
  exchanges.once('error', reject);
});
let commands = 0;
/** a command to the exchanges' thread, answered once done */
const loopback = <T = null>(command: LoopbackCommand): Promise<T> => {
  const id = ++commands;
  return new Promise<T>((resolve) => {
    const answered = (message: { id?: number; reply: T }) => {
      if (message.id !== id) return;
      exchanges.off('message', answered);
      resolve(message.reply);
    };
    exchanges.on('message', answered);
    exchanges.postMessage({ ...command, id });
  });
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-exchange-'));
const server = await startServer({
  port: 0,
  dataDir,
  staticDir: null,
  clock,
  settings: { marketPushHz: 0, demoTasks: false, unilateralDemo: false, exchangeUrls: { 1: urls.okx, 3: urls.binance }, exchangeRateLimit: false },
});
const ctx = server.context;
const now = clock.now();

// the accounts (testnet, as a key check would have stored them) and the tasks: one child each, leg A on OKX, leg B on Binance
const apiIds: { okx: number[]; binance: number[] } = { okx: [], binance: [] };
const newApi = (name: string, bourseId: number, key: { apiKey: string; secret: string; passphrase?: string }) =>
  insertApi(ctx.db, ctx.secrets, {
    userId: 1,
    name,
    bourseId,
    apiKey: key.apiKey,
    apiSecret: key.secret,
    apiToken: key.passphrase ?? '',
    status: 1,
    fees: DEFAULT_FEES,
    advanced: DEFAULT_ADVANCED,
    assetTemplate: 10_000,
    createdAt: now,
    mode: 'testnet',
    keyCheck: { valid: true, canTrade: true, canWithdraw: false, checkedAt: now, error: null },
  });
for (let i = 0; i < ACCOUNTS; i++) {
  apiIds.okx.push(await newApi(`okx-${i}`, 1, okxKeys[i]!));
  apiIds.binance.push(await newApi(`binance-${i}`, 3, binanceKeys[i]!));
}
// twice TASKS: the first TASKS open in the warm-up round, then stop; the figure is over the other TASKS
const taskIds: number[] = [];
await ctx.db.transaction(async (tx) => {
  for (let i = 0; i < 2 * TASKS; i++) {
    const dlt = 0.01 + i * 0.0002;
    const params = taskParams({
      a_bourse: 1,
      a_transaction_type: 14,
      b_bourse: 3,
      b_transaction_type: 14,
      dlt: { CW: dlt, NW: dlt, CQ: dlt, NQ: dlt },
      // one open uses the child's position limit: each task opens once
      m: { CW: 0.2, NW: 0.2, CQ: 0.2, NQ: 0.2 },
      open_count: 10,
      close_dlt: -1,
    });
    const taskId = await insertTask(tx, { userId: 1, strategyId: 1, strategyName: 'arbitrage 2', name: `latency-${i}`, params, createdAt: now });
    taskIds.push(taskId);
    await insertChild(tx, { taskId, weight: 1, apiA: apiIds.okx[i % ACCOUNTS]!, apiB: apiIds.binance[i % ACCOUNTS]!, createdAt: now });
  }
  await tx.run('UPDATE task_children SET status = 2');
  await tx.run('UPDATE task_tasks SET status = 2, active = 1');
});

// the seams, on the server's own clients (each account's, as the runner gets them): a depth update's arrival, an order's send
const arrivals: number[] = [];
const sends: { at: number; exchange: 'okx' | 'binance' }[] = [];
type Hooked = Record<string, (...args: unknown[]) => unknown>;
// the durable commits (SQLite's COMMIT with its WAL fsync, from the end of a transaction's work to its promise settled): the
// share of an order's time the server waits on the disk, shown beside the figure
const commits: { from: number; to: number }[] = [];
const transaction = ctx.db.transaction.bind(ctx.db);
ctx.db.transaction = (work, options) => {
  let from = 0;
  const done = transaction(async (tx) => {
    const result = await work(tx);
    from = performance.now();
    return result;
  }, options);
  if (options?.durable ?? true)
    void done.then(
      () => commits.push({ from, to: performance.now() }),
      () => undefined,
    );
  return done;
};
/** how many books each exchange's clients have answered the server's reader with (watchOrderBook resolved) */
const booksRead = { okx: 0, binance: 0 };
const readers: { exchange: 'okx' | 'binance'; count: number; resolve(): void }[] = [];
for (const [exchange, ids] of [
  ['okx', apiIds.okx],
  ['binance', apiIds.binance],
] as const) {
  for (const id of ids) {
    const client = ctx.exchanges.clientFor((await findApi(ctx.db, id))!) as unknown as Hooked;
    const proto = Object.getPrototypeOf(client) as Hooked;
    const fetch = proto.fetch!;
    const handleMessage = proto.handleMessage!;
    const watchOrderBook = proto.watchOrderBook!;
    client.fetch = function (this: unknown, ...args: unknown[]) {
      const [url, method] = args as [string, string];
      if (method === 'POST' && (url.endsWith('/fapi/v1/order') || url.endsWith('/api/v5/trade/batch-orders'))) sends.push({ at: performance.now(), exchange });
      return fetch.apply(this, args);
    };
    client.handleMessage = function (this: unknown, ...args: unknown[]) {
      const message = args[1] as { e?: string } | undefined;
      if (exchange === 'binance' && message?.e === 'depthUpdate') arrivals.push(performance.now());
      return handleMessage.apply(this, args);
    };
    client.watchOrderBook = async function (this: unknown, ...args: unknown[]) {
      const book = await watchOrderBook.apply(this, args);
      booksRead[exchange] += 1;
      for (const reader of readers.filter((r) => r.exchange === exchange && booksRead[exchange] >= r.count)) {
        readers.splice(readers.indexOf(reader), 1);
        reader.resolve();
      }
      return book;
    };
  }
}

/** Resolves once `exchange` has answered `count` books in all, the runner has taken the last in and is done with it. */
const booksIn = async (exchange: 'okx' | 'binance', count: number) => {
  if (booksRead[exchange] < count) await new Promise<void>((resolve) => readers.push({ exchange, count, resolve }));
  await new Promise((resolve) => setImmediate(resolve)); // the book's reader hands it to the runner
  await server.tasks.idle();
};

// the runner's first tick reads the tasks and asks both exchanges for their books; they arrive over the sockets
ctx.bus.emit('task.changed', { userId: 1, taskId: 1 });
clock.tick(1000);
await loopback({ type: 'tick', ms: 1000 });
await server.tasks.idle();
await Promise.all([booksIn('okx', 1), booksIn('binance', 1)]);

// leg B's book up a dollar at a time (0.01 %), each update once it has been taken in, until every task has opened
const started = performance.now();
const latencies: number[] = [];
/** per order: the time its path spent in durable commits */
const waits: number[] = [];
let updates = 0;
let step = 0;
let warmUpUpdates = 0;
while (sends.length < 4 * TASKS && step < 2_000) {
  step += 1;
  const before = sends.length;
  const at = arrivals.length;
  const read = booksIn('binance', booksRead.binance + 1); // the book may be in before the exchanges' thread answers
  await loopback({ type: 'setBook', symbol: SWAP_B, book: binanceBook(MID + step) });
  updates += 1;
  await read;
  const arrival = arrivals[at]!;
  for (const send of sends.slice(before)) {
    latencies.push(send.at - arrival);
    waits.push(commits.filter((c) => c.from >= arrival && c.to <= send.at).reduce((sum, c) => sum + c.to - c.from, 0));
  }
  if (before < 2 * TASKS && sends.length >= 2 * TASKS) {
    // the warm-up round's tasks have opened: they stop running, so TASKS run while the figure is taken
    warmUpUpdates = updates;
    const warmUp = taskIds.slice(0, TASKS);
    await ctx.db.run(`UPDATE task_tasks SET active = 0, status = 4 WHERE id IN (${warmUp.join(', ')})`);
    for (const taskId of warmUp) ctx.bus.emit('task.changed', { userId: 1, taskId });
  }
}
const wallMs = performance.now() - started;
const placed = await loopback<{ okx: number; binance: number }>({ type: 'placed' });
await server.close();
await loopback({ type: 'close' });
await exchanges.terminate();
rmSync(dataDir, { recursive: true, force: true });

// the warm-up round: the first task of each account pair (its orders make the account's order gateway and open its
// user-data stream, once per account and server run), then the others while V8 optimises the path; the figure is over
// the measured tasks' orders
const cold = latencies.slice(0, 2 * ACCOUNTS);
const warmUp = latencies.slice(2 * ACCOUNTS, 2 * TASKS);
const warm = latencies.slice(2 * TASKS);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const p99 = quantile(warm, 0.99);
const warmWaits = waits.slice(2 * TASKS);
const withoutCommits = warm.map((ms, i) => ms - warmWaits[i]!);
console.log(`machine: ${machine}`);
console.log(
  `${TASKS} running hedging tasks on testnet accounts (${ACCOUNTS} OKX + ${ACCOUNTS} Binance, loopbacks), ${updates} depth updates of leg B in ${wallMs.toFixed(0)} ms: ${latencies.length} orders sent (OKX placed ${placed.okx}, Binance ${placed.binance})`,
);
console.log(
  `first order of each account pair (${cold.length}, the account's gateway made): p50 ${quantile(cold, 0.5).toFixed(2)} ms, max ${quantile(cold, 1).toFixed(2)} ms`,
);
console.log(
  `the warm-up round's other orders (${warmUp.length}, ${warmUpUpdates} updates; the server's code not yet optimised): p50 ${quantile(warmUp, 0.5).toFixed(2)} ms, ` +
    `p99 ${quantile(warmUp, 0.99).toFixed(2)} ms, max ${quantile(warmUp, 1).toFixed(2)} ms (reported, not budgeted)`,
);
console.log(
  `book update at the server → order sent (${warm.length} orders): p50 ${quantile(warm, 0.5).toFixed(2)} ms, p90 ${quantile(warm, 0.9).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${quantile(warm, 1).toFixed(2)} ms; budget p99 ≤ ${budget.p99Ms} ms`,
);
console.log(
  `  of which the step's durable commit (its WAL write and fsync, the order's record on disk before it leaves): p50 ${quantile(warmWaits, 0.5).toFixed(2)} ms, ` +
    `p99 ${quantile(warmWaits, 0.99).toFixed(2)} ms, max ${quantile(warmWaits, 1).toFixed(2)} ms; the path less it: p50 ${quantile(withoutCommits, 0.5).toFixed(2)} ms, ` +
    `p99 ${quantile(withoutCommits, 0.99).toFixed(2)} ms (reported, not budgeted)`,
);
if (latencies.length < 4 * TASKS || placed.okx < 2 * TASKS || placed.binance < 2 * TASKS) {
  console.error(`not every task opened (${latencies.length} of ${4 * TASKS} orders): the bench did not measure what it says`);
  process.exit(1);
}
if (!(p99 <= budget.p99Ms)) {
  console.error('over budget');
  process.exit(1);
}
