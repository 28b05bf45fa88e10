// /statistic with 100,000 and 1,000,000 orders in the database (bench/budget.json `orders`, issues 10 and 35):
//   - a page of the paged order list (/web/get/order/paging, 18 a page), p95 over `requests` calls;
//   - the statistics socket (/web/get/order/total): the console's message (its currencies over one §9 period, 18
//     orders), p95 over `requests` messages, and the heaviest message the socket allows (STATISTICS_LIMITS: 32
//     pairs over three periods up to 30 days, 100 orders), p95 over `heaviestMessages`;
// each timed by a client (HTTP over loopback; the socket's answer to a message), and the process's RSS beside them.
//
// The orders are the task engine's: eight tasks of the seeded admin trade for ten simulated minutes through the
// runner on a ManualClock; the server stops, and their orders are copied straight into the data folder's database
// (new client ids, earlier times, bulk INSERT … SELECT in one transaction; never through HTTP) until it holds
// `size` of them, so every row has the shape and the JSON the engine writes. Every copy is 10 minutes older than the
// one before, so all of them fall inside the heaviest message's 30 days. Then a server opens the folder and is timed.
// Pages are asked in a seeded random order over the whole list, first to last.
// Run: npx tsx bench/orders.ts   (ORDER_SIZES=100000,1000000,2000000 to change the sizes; exit 1 when over budget)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { feeds } from '#contract/feeds';
import { captchaFields, proveWork } from '#contract/rules/captcha';
import { ManualClock } from '../server/clock/clock';
import { startServer, type RunningServer } from '../server/main';
import { seededRng } from '../server/engine';
import { openDb } from '../server/store/db';
import { STATISTICS_LIMITS } from '../server/feeds/orders';
import { FEED_LIMITS } from '../server/feeds/socket-server';
import { ORDER_LIMITS } from '../server/handlers/orders';
import { writeSizeChart } from './size-chart';
import { startTradingTask } from '../tests/server/order-fixtures';
import { budgetOf, sizesOf } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OrdersBudget {
  orders: number;
  /** the sizes `npx tsx bench/orders.ts` measures (bench/main.ts measures `orders` alone) */
  sizes?: number[];
  requests: number;
  pageSize: number;
  p95Ms: number;
  /** the console's statistics message, p95 */
  statisticsP95Ms?: number;
  /** how many of the heaviest statistics messages are timed, and their p95 */
  heaviestMessages?: number;
  heaviestMessageMs?: number;
  reason: string;
}

export interface Timing {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface OrdersResult extends Timing {
  orders: number;
  requests: number;
  pass: boolean;
  /** seeding the folder (engine + copies), and the copies alone */
  seedMs?: number;
  copyMs?: number;
  statistics?: Timing;
  heaviest?: Timing;
  /** the server process's resident memory: sampled while the calls were timed (peak), and the process's peak */
  rssMB?: number;
  peakRssMB?: number;
}

const CURRENCIES = ['btc', 'eth', 'eos', 'ltc', 'xrp', 'bch', 'etc', 'trx'];

type Reply = { code: number; info: string; data: any };

function client(server: RunningServer) {
  let token = '';
  const call = async (name: EndpointName, payload: Record<string, unknown> = {}): Promise<Reply> => {
    const { path: url, method, encoding } = endpoints[name];
    const fields = Object.fromEntries(Object.entries({ token, ...payload }).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const body = encoding === 'query' ? undefined : encoding === 'json' ? JSON.stringify({ token, ...payload }) : new URLSearchParams(fields);
    const headers: Record<string, string> = encoding === 'json' ? { 'content-type': 'application/json' } : {};
    const response = await fetch(server.url + url + (encoding === 'query' ? `?${new URLSearchParams(fields)}` : ''), { method, headers, body });
    const reply = (await response.json()) as Reply;
    if (reply.code !== 200) throw new Error(`${name}: ${reply.code} ${reply.info}`);
    return reply;
  };
  const login = async (username: string, password: string) => {
    const { data: c } = await call('captcha');
    const work = await proveWork(c.challenge, c.difficulty ?? 0, (text) => createHash('sha256').update(text).digest());
    const reply = await call('login', { userId: c.user_id, username, password, ...captchaFields(c.challenge, work!) });
    if (reply.code !== 200) throw new Error(`login: ${reply.info}`);
    token = reply.data.token as string;
    return token;
  };
  return { call, login };
}

/** The clock every seeded folder ends at (the engine's ten minutes after its start). */
export const SEEDED_AT = Date.UTC(2026, 10, 2, 1) + 600_000;

export interface Seeded {
  orders: number;
  tasks: number;
  seedMs: number;
  copyMs: number;
}

/**
 * A data folder with admin's eight trading tasks' ten minutes of orders, then (server stopped) copies of them up to
 * `orders` and idle copies of the first task up to `tasks`, in one transaction straight into its database.
 */
export async function seedOrdersFolder(dataDir: string, orders: number, tasks = 0): Promise<Seeded> {
  const started = performance.now();
  const clock = new ManualClock(SEEDED_AT - 600_000);
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
  try {
    const api = client(server);
    await api.login('admin', 'admin123');
    for (const currency of CURRENCIES) await startTradingTask(async (name, payload) => (await api.call(name, payload)).data, `bench ${currency}`, currency);
    for (let s = 0; s < 600; s += 1) {
      clock.tick(1000);
      await server.tasks.idle();
    }
  } finally {
    await server.close();
  }
  const copied = performance.now();
  const db = await openDb(dataDir);
  try {
    await db.run('PRAGMA cache_size = -262144'); // 256 MB: the copies' index pages stay in memory until the commit
    const count = async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders'))!.n);
    if (!(await count())) throw new Error('the engine made no orders');
    await db.transaction(async (tx) => {
      // every copy in one statement: the engine's orders (ids up to `last`) × the copy numbers, newest copy last
      const { made, last } = (await tx.get<{ made: number; last: number }>('SELECT COUNT(*) AS made, MAX(id) AS last FROM task_orders'))!;
      const missing = orders - Number(made);
      if (missing > 0)
        await tx.run(
          `WITH RECURSIVE copy(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM copy WHERE k < ?)
           INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee)
           SELECT client_id || '-c' || k, task_id, task_children_id, cparam, result, pairing_id || '-c' || k, status_, createtime - k * 600000, user_id, manual, api_id, side, notional, fee
           FROM copy, task_orders WHERE id <= ? ORDER BY k, id LIMIT ?`,
          [Math.ceil(missing / Number(made)), Number(last), missing],
        );
      const existing = Number((await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_tasks'))!.n);
      if (tasks > existing)
        await tx.run(
          `WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO task_tasks (user_id, strategy_id, strategy_name, name, status, params, engine, active, created_at)
           SELECT user_id, strategy_id, strategy_name, 'idle ' || i, 4, json_set(params, '$.currency_type', json_extract(?, '$[' || (i % 8) || ']')), '{}', 0, created_at
           FROM task_tasks, n WHERE id = (SELECT MIN(id) FROM task_tasks)`,
          [existing, tasks - 1, JSON.stringify(CURRENCIES)],
        );
    });
    const copyMs = performance.now() - copied;
    return {
      orders: await count(),
      tasks: Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_tasks'))!.n),
      seedMs: performance.now() - started,
      copyMs,
    };
  } finally {
    db.close();
  }
}

/**
 * seedOrdersFolder in a process of its own, so that this one's memory is the server's alone (the seed's transaction
 * leaves hundreds of MB behind in a process).
 */
export function seedInOwnProcess(dataDir: string, orders: number, tasks = 0): Seeded {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--seed', dataDir, String(orders), String(tasks)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`the seed failed (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Seeded;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const timing = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1)! };
};

/** A statistics socket, signed in: each message's answer timed from its send. */
async function openStatisticsSocket(url: string, token: string) {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + feeds.statistics.path, { headers: { cookie: `token=${token}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const ask = (text: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const onMessage = (raw: WebSocket.RawData) => {
        const answer = String(raw);
        if (!answer.startsWith('{')) return; // 'ok' and the like
        const reply = JSON.parse(answer) as Reply;
        socket.off('message', onMessage);
        if (reply.code !== 200) reject(new Error(`statistics: ${reply.code} ${reply.info}`));
        else resolve(performance.now() - started);
      };
      socket.on('message', onMessage);
      socket.send(text);
    });
  const close = () =>
    new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  return { ask, close };
}

/**
 * Statistics messages, timed: a socket answers FEED_LIMITS.burst messages at once, then one per interval of the server's
 * clock, which stands still here; so a new socket takes over after each burst (its opening is not timed).
 */
async function statisticsSocket(url: string, token: string) {
  let socket = await openStatisticsSocket(url, token);
  let asked = 0;
  const ask = async (text: string) => {
    if (asked === FEED_LIMITS.burst) {
      await socket.close();
      socket = await openStatisticsSocket(url, token);
      asked = 0;
    }
    asked += 1;
    return socket.ask(text);
  };
  return { ask, close: () => socket.close() };
}

/** The console's message: its currencies over one of §9's periods and 18 orders. */
const CONSOLE_PERIODS = [60, 1440, 2880];
const consoleMessage = (i: number) => JSON.stringify({ currencys: CURRENCIES.map((c) => [c, CONSOLE_PERIODS[i % 3]]), number: 18 });
/** The heaviest message the socket allows: the most pairs, over the most periods, the longest of them 30 days, the most orders. */
const HEAVIEST_MESSAGE = JSON.stringify({
  currencys: Array.from({ length: STATISTICS_LIMITS.pairs }, (_, i) => [
    CURRENCIES[i % CURRENCIES.length],
    [2880, 10080, ORDER_LIMITS.periodMinutes][i % STATISTICS_LIMITS.periods],
  ]),
  number: STATISTICS_LIMITS.orders,
});

/** RSS of this process sampled every 50 ms while `work` runs: its peak, in MB. */
async function sampledRss<T>(work: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [result, peak / 1e6];
  } finally {
    clearInterval(timer);
  }
}

/** One size: a folder seeded with `size` orders, then a server on it, its pages and statistics messages timed. */
export async function benchOrders(budget: OrdersBudget, size = budget.orders): Promise<OrdersResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
  try {
    const seeded = seedInOwnProcess(dataDir, size);
    const clock = new ManualClock(SEEDED_AT);
    // the clock stands still from here: the engine writes nothing while the calls are timed
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
    try {
      const api = client(server);
      const token = await api.login('admin', 'admin123');
      const [measured, rssMB] = await sampledRss(async () => {
        const pages = Math.ceil(seeded.orders / budget.pageSize);
        const rng = seededRng(7);
        const ask = async (page: number) => {
          const started = performance.now();
          const reply = await api.call('orderPaging', { eachPageNumber: budget.pageSize, pagingNumber: page });
          const ms = performance.now() - started;
          if (reply.code !== 200 || reply.data.total_paging !== pages || reply.data.data.length === 0)
            throw new Error(`page ${page}: ${reply.code} ${reply.info}`);
          return ms;
        };
        for (let i = 0; i < 10; i += 1) await ask(1 + Math.floor(rng() * pages)); // warm-up
        const paging: number[] = [];
        for (let i = 0; i < budget.requests; i += 1) paging.push(await ask(i === 0 ? 1 : i === 1 ? pages : 1 + Math.floor(rng() * pages)));
        const socket = await statisticsSocket(server.url, token);
        try {
          for (let i = 0; i < 10; i += 1) await socket.ask(consoleMessage(i)); // warm-up
          const statistics: number[] = [];
          for (let i = 0; i < budget.requests; i += 1) statistics.push(await socket.ask(consoleMessage(i)));
          await socket.ask(HEAVIEST_MESSAGE);
          const heaviest: number[] = [];
          for (let i = 0; i < (budget.heaviestMessages ?? 20); i += 1) heaviest.push(await socket.ask(HEAVIEST_MESSAGE));
          return { paging: timing(paging), statistics: timing(statistics), heaviest: timing(heaviest), requests: paging.length };
        } finally {
          await socket.close();
        }
      });
      const pass =
        measured.paging.p95Ms <= budget.p95Ms &&
        measured.statistics.p95Ms <= (budget.statisticsP95Ms ?? budget.p95Ms) &&
        measured.heaviest.p95Ms <= (budget.heaviestMessageMs ?? budget.p95Ms);
      return {
        orders: seeded.orders,
        requests: measured.requests,
        ...measured.paging,
        statistics: measured.statistics,
        heaviest: measured.heaviest,
        pass,
        seedMs: seeded.seedMs,
        copyMs: seeded.copyMs,
        rssMB,
        peakRssMB: process.resourceUsage().maxRSS / 1000,
      };
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (t: Timing) => `p50 ${t.p50Ms.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms, max ${t.maxMs.toFixed(1)} ms`;

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--seed') {
  const [dataDir, orders, tasks] = process.argv.slice(3);
  console.log(JSON.stringify(await seedOrdersFolder(dataDir!, Number(orders), Number(tasks))));
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budget = budgetOf<OrdersBudget>(ROOT, 'orders');
  const sizes = sizesOf('ORDER_SIZES', budget.sizes ?? [budget.orders]);
  const results: OrdersResult[] = [];
  for (const size of sizes) {
    const r = await benchOrders(budget, size);
    results.push(r);
    console.log(
      `${r.orders} orders (seeded in ${(r.seedMs! / 1000).toFixed(1)} s, the copies ${(r.copyMs! / 1000).toFixed(1)} s):\n` +
        `  /web/get/order/paging: ${ms(r)} over ${r.requests} requests (budget p95 ≤ ${budget.p95Ms} ms)\n` +
        `  statistics, the console's message: ${ms(r.statistics!)} (budget p95 ≤ ${budget.statisticsP95Ms ?? budget.p95Ms} ms)\n` +
        `  statistics, the heaviest allowed message: ${ms(r.heaviest!)} (budget p95 ≤ ${budget.heaviestMessageMs ?? budget.p95Ms} ms)\n` +
        `  RSS while timed ${r.rssMB!.toFixed(0)} MB, the process's peak ${r.peakRssMB!.toFixed(0)} MB: ${r.pass ? 'pass' : 'FAIL'}`,
    );
  }
  if (results.length > 1) {
    const chart = (name: string, title: string, unit: string, value: (r: OrdersResult) => number, limit?: number) =>
      writeSizeChart(ROOT, name, { title, xLabel: 'orders', unit, points: results.map((r) => ({ size: r.orders, value: value(r) })), budget: limit });
    chart('orders-paging-p95', '/web/get/order/paging, p95 per call', 'ms', (r) => r.p95Ms, budget.p95Ms);
    chart('orders-statistics-p95', 'statistics socket, the console’s message, p95', 'ms', (r) => r.statistics!.p95Ms, budget.statisticsP95Ms);
    chart('orders-heaviest-p95', 'statistics socket, the heaviest message, p95', 'ms', (r) => r.heaviest!.p95Ms, budget.heaviestMessageMs);
    chart('orders-rss', 'server RSS while timed', 'MB', (r) => r.rssMB!);
  }
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}
