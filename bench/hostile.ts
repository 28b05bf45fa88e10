// One hostile user against another user's calls (bench/budget.json "hostile"): the reference server
// with a realistic order volume and its task engine running in real time, one signed-in user (admin) sending the
// most expensive requests the server allows on calls and on every feed, and another user (trader) whose calls
// are timed: their p95 must stay under the budget.
//
// Three processes, so that no client's own work is counted as the server's: the server (`serve`), the hostile
// client (`hostile`), and this one, which seeds the data folder first and then times the other user's calls.
//   1. Seed (ManualClock, starting 15 minutes ago): eight trading tasks of admin trade for ten simulated minutes
//      through the task engine's runner; their orders are copied (new client ids, 2.4 h earlier each copy) until
//      admin has `orders` of them over the last two days (bench/orders.ts does the same), and admin gets idle
//      tasks up to `tasks`. The unilateral demo is seeded.
//   2. Serve (system clock): the same folder; admin's eight tasks keep trading, the engine ticking each second,
//      the market pushing once a second.
//   3. Hostile (admin): `socketsPerFeed` sockets on every feed, each sending its costliest message every
//      `messageEveryMs` (the server allows 4 at once, then one per 500 ms: the rest coalesce), and `httpWorkers`
//      connections each calling, one after another, the costliest calls: the SDC query over all time with every
//      list individual, 1,000-row pages, the longest totalData period, 1,000 tasks, 1,000 change records, the
//      longest K-line and signal chart, every account's statistics and trade records, the alert log.
//   4. Other user (trader): after `warmupSeconds`, for `seconds`, calls one after another: the captcha (anonymous),
//      the permission list, the task list, a page of orders, the 48 h totals, the API list, the alert log; each
//      timed by the client over HTTP (request, server, reply). p95 against the budget.
// Run: npx tsx bench/hostile.ts   (also BENCH_ONLY=hostile npm run bench; exit 1 when over budget). Under flock /tmp/heavy.lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { feeds, type FeedName } from '#contract/feeds';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { insertTask } from '../server/store/tasks';
import { startTradingTask, tradingTaskParams } from '../tests/server/order-fixtures';
import { machine } from './running-tasks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

export interface HostileBudget {
  orders: number;
  tasks: number;
  httpWorkers: number;
  socketsPerFeed: number;
  messageEveryMs: number;
  warmupSeconds: number;
  seconds: number;
  p95Ms: number;
  reason: string;
}

const CURRENCIES = ['btc', 'eth', 'eos', 'ltc', 'xrp', 'bch', 'etc', 'trx'];
const say = (line: string) => console.log(`[bench hostile] ${line}`);
type Reply = { code: number; info: string; data: any; [extra: string]: unknown };

/** A client of the contract over HTTP, encoding payloads as src/api/client.ts does. */
function client(url: string) {
  let token = '';
  const call = async (name: EndpointName, payload: Record<string, unknown> = {}): Promise<Reply> => {
    const { path: at, method, encoding } = endpoints[name];
    const all = endpoints[name].auth ? { token, ...payload } : payload;
    const fields = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const body = encoding === 'query' ? undefined : encoding === 'json' ? JSON.stringify(all) : new URLSearchParams(fields);
    const headers: Record<string, string> = encoding === 'json' ? { 'content-type': 'application/json' } : {};
    const response = await fetch(url + at + (encoding === 'query' ? `?${new URLSearchParams(fields)}` : ''), { method, headers, body });
    return (await response.json()) as Reply;
  };
  const login = async (username: string, password: string) => {
    const { data: c } = await call('captcha');
    const reply = await call('login', {
      userId: c.user_id,
      username,
      password,
      geetest_challenge: c.challenge,
      geetest_validate: c.challenge,
      geetest_seccode: `${c.challenge}|jordan`,
    });
    if (reply.code !== 200) throw new Error(`login ${username}: ${reply.info}`);
    token = reply.data.token as string;
    return token;
  };
  const data = async (name: EndpointName, payload: Record<string, unknown> = {}) => {
    const reply = await call(name, payload);
    if (reply.code !== 200) throw new Error(`${name}: ${reply.code} ${reply.info}`);
    return reply.data;
  };
  return { call, login, data, token: () => token };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

// ── 1. Seed ──────────────────────────────────────────────────────────────────────────────────

async function seed(dataDir: string, budget: HostileBudget): Promise<number> {
  const clock = new ManualClock(Date.now() - 15 * 60_000);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDir: null,
    clock,
    settings: { marketPushHz: 0, demoTasks: false, unilateralDemo: true },
  });
  try {
    const admin = client(server.url);
    await admin.login('admin', 'admin123');
    for (const currency of CURRENCIES) await startTradingTask(admin.data, `hostile ${currency}`, currency);
    for (let s = 0; s < 600; s += 1) {
      clock.tick(1000);
      await server.tasks.idle();
    }
    const { db } = server.context;
    const count = async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders'))!.n);
    for (let copy = 1; (await count()) < budget.orders; copy += 1) {
      await db.run(
        `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee)
         SELECT client_id || '-c' || ?, task_id, task_children_id, cparam, result, pairing_id || '-c' || ?, status_, createtime - ? * 8640000, user_id, manual, api_id, side, notional, fee
         FROM task_orders WHERE client_id NOT LIKE '%-c%' ORDER BY id LIMIT ?`,
        [copy, copy, copy, budget.orders - (await count())],
      );
    }
    const strategy = (await db.get<{ id: number }>(`SELECT id FROM strategies WHERE name = 'arbitrage 2'`))!;
    const have = Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_tasks WHERE user_id = 1'))!.n);
    await db.transaction(async (tx) => {
      for (let i = have; i < budget.tasks; i += 1) {
        await insertTask(tx, {
          userId: 1,
          strategyId: strategy.id,
          strategyName: 'arbitrage 2',
          name: `idle ${i}`,
          params: tradingTaskParams(CURRENCIES[i % 8]!),
          createdAt: clock.now(),
        });
      }
    });
    return count();
  } finally {
    await server.close();
  }
}

// ── 2. Serve ─────────────────────────────────────────────────────────────────────────────────

async function serve(dataDir: string): Promise<void> {
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: null, settings: { demoTasks: false, unilateralDemo: true } });
  const ticks = new Set<number>(); // the seconds in which the engine's tick changed one of admin's tasks
  server.context.bus.on('task.changed', ({ userId }) => void (userId === 1 && ticks.add(Math.floor(Date.now() / 1000))));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.once('SIGTERM', () => {
    loop.disable();
    process.stdout.write(`${JSON.stringify({ engineSeconds: ticks.size, loopDelayP99Ms: loop.percentile(99) / 1e6, loopDelayMaxMs: loop.max / 1e6 })}\n`);
    void server.close().then(() => process.exit(0));
  });
  loop.enable();
}

// ── 3. Hostile ───────────────────────────────────────────────────────────────────────────────

async function hostile(url: string, budget: HostileBudget): Promise<void> {
  const admin = client(url);
  const token = await admin.login('admin', 'admin123');
  const tasks = (await admin.data('taskList', { pagesize: 1000, page: 1 })) as { list?: { id: number }[] } | { id: number }[];
  const taskIds = (Array.isArray(tasks) ? tasks : (tasks.list ?? [])).map((t) => t.id);
  const apiIds = ((await admin.data('apiList', {})) as { id: number }[]).map((a) => a.id);
  const strategies = (await admin.data('unilateralStrategyList', {})) as { id: number }[] | { strategy?: { id: number }[] };
  const strategyId = (Array.isArray(strategies) ? strategies : (strategies.strategy ?? []))[0]?.id ?? 1;
  const orders = Number((await admin.data('orderPaging', { eachPageNumber: 1000, pagingNumber: 1 })).total_paging);
  const all = JSON.stringify([0, '2000-01-01 00:00:00', '2099-12-31 23:59:59']);
  const stats = { calls: 0, refused: 0, other: new Map<string, number>(), sent: 0, received: 0, socketsRefused: 0 };

  // the costliest message of each feed
  const marketTables = Array.from({ length: 48 }, (_, i) => [
    [1, 1 + (i % 4)],
    [2, 1 + ((i >> 2) % 4)],
  ]);
  const statistics = JSON.stringify({ currencys: Array.from({ length: 32 }, (_, i) => [CURRENCIES[i % 8], [60, 1440, 2880][i % 3]]), number: 100 });
  const costliest: Record<FeedName, string> = {
    market: JSON.stringify({ token, data: marketTables }),
    asset: JSON.stringify({ token, data: apiIds }),
    task: JSON.stringify({ token, data: taskIds.slice(0, 1000) }),
    statistics,
    demand: '1',
    unilateral: JSON.stringify({ token, data: [] }),
    alert: JSON.stringify({ token, data: [] }),
  };
  const sockets: WebSocket[] = [];
  for (const name of Object.keys(feeds) as FeedName[]) {
    const { path: at, tokenInQuery } = feeds[name];
    for (let i = 0; i < budget.socketsPerFeed; i += 1) {
      const socket = new WebSocket(url.replace(/^http/, 'ws') + at + (tokenInQuery ? `?token=${token}` : ''), { headers: { cookie: `token=${token}` } });
      socket.on('message', (raw) => {
        stats.received += 1;
        if (String(raw).startsWith('{"code":429')) stats.socketsRefused += 1;
      });
      socket.on('error', () => undefined);
      socket.on('open', () => {
        const beat = setInterval(() => {
          if (socket.readyState !== socket.OPEN) return clearInterval(beat);
          socket.send(costliest[name]);
          stats.sent += 1;
        }, budget.messageEveryMs);
      });
      sockets.push(socket);
    }
  }

  const costliestCalls: [EndpointName, Record<string, unknown>][] = [
    ['orderQuerySDC', { apis: '[1]', currencys: '[1]', tasks: '[1]', days: all }],
    ['orderPaging', { eachPageNumber: 1000, pagingNumber: Math.max(1, orders) }],
    ['orderNewest', { number: 1000 }],
    ['orderTotalData', { number: 30 * 1440 }],
    ['orderApiNumber', {}],
    ['taskList', { pagesize: 1000, page: 1 }],
    ['changeRecords', { task_id: taskIds[0], bars: 1000, page_num: 1 }],
    ['klineData', { excheng: '1', currencys: 'btc', types: '4', granularity: '1T' }],
    ['unilateralTransactionIdentifier', { strategyId, cycle: '1T' }],
    ['assetStatistics', { apiId: apiIds.join(','), layout: 5 }],
    ['assetTradeRecords', { apiId: apiIds.join(',') }],
    ['alertList', { page: 1, size: 100 }],
  ];
  let next = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const [name, payload] = costliestCalls[next++ % costliestCalls.length]!;
      const reply = await admin.call(name, payload).catch(() => ({ code: -1, info: 'network' }) as Reply);
      stats.calls += 1;
      if (reply.code === 429) stats.refused += 1;
      else if (reply.code !== 200) stats.other.set(`${name} ${reply.code} ${reply.info}`, (stats.other.get(`${name} ${reply.code} ${reply.info}`) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: budget.httpWorkers }, worker);
  process.stdout.write(`${JSON.stringify({ ready: true, taskIds: taskIds.length, apiIds: apiIds.length })}\n`);
  await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  running = false;
  await Promise.all(workers);
  for (const socket of sockets) socket.terminate();
  process.stdout.write(`${JSON.stringify({ ...stats, other: Object.fromEntries(stats.other) })}\n`);
  process.exit(0);
}

// ── 4. The other user, timed ─────────────────────────────────────────────────────────────────

/** A child process of this file in `mode`; answers it and the reader of its JSON lines. */
function child(mode: string, arg: string): { process: ChildProcess; line: () => Promise<any> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', SELF, mode, arg], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (text) => {
    if (!text.startsWith('{')) return void process.stdout.write(`[${mode}] ${text}\n`);
    const waiter = waiting.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  const line = () => new Promise<any>((resolve) => (queue.length ? resolve(JSON.parse(queue.shift()!)) : waiting.push((text) => resolve(JSON.parse(text)))));
  return { process: proc, line };
}

export interface HostileResult {
  orders: number;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  perCall: Record<string, { p50Ms: number; p95Ms: number; maxMs: number }>;
  hostile: { calls: number; refused: number; other: Record<string, number>; sent: number; received: number; socketsRefused: number };
  engineSeconds: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  pass: boolean;
}

export async function benchHostile(budget: HostileBudget): Promise<HostileResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-hostile-'));
  const started: ChildProcess[] = [];
  try {
    say(`seeding ${budget.orders} orders and ${budget.tasks} tasks for admin…`);
    const orders = await seed(dataDir, budget);
    const server = child('serve', dataDir);
    started.push(server.process);
    const { url } = await server.line();
    const attacker = child('hostile', url);
    started.push(attacker.process);
    const ready = await attacker.line();
    say(`hostile ready (${ready.taskIds} tasks, ${ready.apiIds} API accounts); the other user starts in ${budget.warmupSeconds} s`);

    const victim = client(url);
    await victim.login('trader', 'trader123');
    const calls: [EndpointName, Record<string, unknown>][] = [
      ['captcha', {}],
      ['permissions', {}],
      ['taskList', { pagesize: 10, page: 1 }],
      ['orderPaging', { eachPageNumber: 18, pagingNumber: 1 }],
      ['orderTotalData', { number: 2880 }],
      ['apiList', {}],
      ['alertList', { page: 1, size: 10 }],
    ];
    const times = new Map<string, number[]>(calls.map(([name]) => [name, []]));
    const warmupEnds = Date.now() + budget.warmupSeconds * 1000;
    const ends = warmupEnds + budget.seconds * 1000;
    for (let i = 0; Date.now() < ends; i += 1) {
      const [name, payload] = calls[i % calls.length]!;
      const t0 = performance.now();
      const reply = await victim.call(name, payload);
      const ms = performance.now() - t0;
      if (reply.code !== 200) throw new Error(`the other user's ${name}: ${reply.code} ${reply.info}`);
      if (Date.now() > warmupEnds) times.get(name)!.push(ms);
    }

    attacker.process.kill('SIGTERM');
    const hostileStats = await attacker.line();
    server.process.kill('SIGTERM');
    const serverStats = await server.line();
    const figures = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) ?? NaN };
    };
    const everything = figures([...times.values()].flat());
    return {
      orders,
      calls: [...times.values()].flat().length,
      ...everything,
      perCall: Object.fromEntries([...times].map(([name, list]) => [name, figures(list)])),
      hostile: hostileStats,
      engineSeconds: serverStats.engineSeconds,
      loopDelayP99Ms: serverStats.loopDelayP99Ms,
      loopDelayMaxMs: serverStats.loopDelayMaxMs,
      pass: everything.p95Ms < budget.p95Ms && serverStats.engineSeconds > 0,
    };
  } finally {
    for (const proc of started) if (proc.exitCode === null) proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const budgetOf = () => (JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as { hostile: HostileBudget }).hostile;

const [mode, arg] = process.argv.slice(2);
if (mode === 'serve') await serve(arg!);
else if (mode === 'hostile') await hostile(arg!, budgetOf());
else if (import.meta.url === `file://${process.argv[1]}`) {
  const budget = budgetOf();
  const r = await benchHostile(budget);
  say(`machine: ${machine}`);
  say(
    `${r.orders} orders; the other user's calls over ${budget.seconds} s (after ${budget.warmupSeconds} s): ${r.calls} calls, p50 ${r.p50Ms.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms (budget < ${budget.p95Ms} ms), max ${r.maxMs.toFixed(1)} ms`,
  );
  for (const [name, f] of Object.entries(r.perCall)) say(`  ${name}: p50 ${f.p50Ms.toFixed(1)}, p95 ${f.p95Ms.toFixed(1)}, max ${f.maxMs.toFixed(1)} ms`);
  say(
    `hostile: ${r.hostile.calls} calls answered (${r.hostile.refused} refused with 429), ${r.hostile.sent} socket messages sent, ${r.hostile.received} received (${r.hostile.socketsRefused} sockets refused)`,
  );
  if (Object.keys(r.hostile.other).length) say(`hostile calls answered otherwise: ${JSON.stringify(r.hostile.other)}`);
  say(
    `server: the engine ticked in ${r.engineSeconds} s of the run; event loop delay p99 ${r.loopDelayP99Ms.toFixed(1)} ms, max ${r.loopDelayMaxMs.toFixed(1)} ms`,
  );
  say(r.pass ? 'pass' : 'FAIL');
  process.exit(r.pass ? 0 : 1);
}
