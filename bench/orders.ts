// /statistic with 100,000 orders in the database: a page of the paged order list
// (/web/get/order/paging, 18 a page) must answer within the budget of bench/budget.json `orders`,
// p95 over 200 requests timed by a client over HTTP (fetch on loopback: request, server, reply).
//
// The orders are the task engine's: eight tasks of the seeded admin trade for ten simulated minutes
// through the runner on a ManualClock; their orders are then copied (new client ids, earlier times)
// until the database holds `orders` of them, so every row has the shape and the JSON the engine writes.
// Pages are asked in a seeded random order over the whole list, first to last.
// Run: npx tsx bench/orders.ts   (also part of `npm run bench`; exit 1 when over budget)
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { captchaFields, proveWork } from '#contract/rules/captcha';
import { ManualClock } from '../server/clock/clock';
import { startServer, type RunningServer } from '../server/main';
import { seededRng } from '../server/engine';
import { startTradingTask } from '../tests/server/order-fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OrdersBudget {
  orders: number;
  requests: number;
  pageSize: number;
  p95Ms: number;
  reason: string;
}

export interface OrdersResult {
  orders: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  pass: boolean;
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
  };
  return { call, login };
}

/** Eight trading tasks for ten simulated minutes, then copies of their orders up to `total`. */
async function fill(server: RunningServer, clock: ManualClock, api: ReturnType<typeof client>, total: number): Promise<number> {
  for (const currency of CURRENCIES) await startTradingTask(async (name, payload) => (await api.call(name, payload)).data, `bench ${currency}`, currency);
  for (let s = 0; s < 600; s += 1) {
    clock.tick(1000);
    await server.tasks.idle();
  }
  const { db } = server.context;
  const count = async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders'))!.n);
  const engineMade = await count();
  if (!engineMade) throw new Error('the engine made no orders');
  for (let copy = 1; (await count()) < total; copy += 1) {
    const missing = total - (await count());
    await db.run(
      `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime)
       SELECT client_id || '-c' || ?, task_id, task_children_id, cparam, result, pairing_id || '-c' || ?, status_, createtime - ? * 600000
       FROM task_orders WHERE client_id NOT LIKE '%-c%' ORDER BY id LIMIT ?`,
      [copy, copy, copy, missing],
    );
  }
  return count();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchOrders(budget: OrdersBudget): Promise<OrdersResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
  try {
    const api = client(server);
    await api.login('admin', 'admin123');
    const orders = await fill(server, clock, api, budget.orders);
    // the clock stands still from here: the engine writes nothing while the pages are timed
    const pages = Math.ceil(orders / budget.pageSize);
    const rng = seededRng(7);
    const ask = async (page: number) => {
      const started = performance.now();
      const reply = await api.call('orderPaging', { eachPageNumber: budget.pageSize, pagingNumber: page });
      const ms = performance.now() - started;
      if (reply.code !== 200 || reply.data.total_paging !== pages || reply.data.data.length === 0) throw new Error(`page ${page}: ${reply.code} ${reply.info}`);
      return ms;
    };
    for (let i = 0; i < 10; i += 1) await ask(1 + Math.floor(rng() * pages)); // warm-up
    const times: number[] = [];
    for (let i = 0; i < budget.requests; i += 1) times.push(await ask(i === 0 ? 1 : i === 1 ? pages : 1 + Math.floor(rng() * pages)));
    const sorted = [...times].sort((a, b) => a - b);
    const p95Ms = percentile(sorted, 95);
    return { orders, requests: times.length, p50Ms: percentile(sorted, 50), p95Ms, maxMs: sorted.at(-1)!, pass: p95Ms <= budget.p95Ms };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budget = (JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as { orders: OrdersBudget }).orders;
  const r = await benchOrders(budget);
  console.log(
    `/web/get/order/paging with ${r.orders} orders: p50 ${r.p50Ms.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms (budget ≤ ${budget.p95Ms} ms), max ${r.maxMs.toFixed(1)} ms over ${r.requests} requests: ${r.pass ? 'pass' : 'FAIL'}`,
  );
  process.exit(r.pass ? 0 : 1);
}
