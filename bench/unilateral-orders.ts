// The API detail page's order table with 100,000 follow orders on one API: a page of 20
// before or after a row (/get_records {api_ids, recordId, number ±20} and /get/page/data {sign, types 2,
// apiId, ids, number ±20}) must answer within the budget of bench/budget.json `unilateralOrders`, p95 over
// 200 requests of each call timed by a client over HTTP (fetch on loopback: request, server, reply).
//
// The orders are the unilateral engine's: the demo follower's first follow task (seeded with its
// strategy's history by the engine) is copied (earlier times) until its API holds `orders` of them.
// Edges are picked in a seeded random order over the whole list, half of the pages forward, half back.
// Run: npx tsx bench/unilateral-orders.ts   (also part of `npm run bench`; exit 1 when over budget)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { seededRng } from '../server/clock/random';
import { budgetOf } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface UnilateralOrdersBudget {
  orders: number;
  requests: number;
  pageSize: number;
  p95Ms: number;
  reason: string;
}

type Reply = { code: number; info: string; data: any };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchUnilateralOrders(budget: UnilateralOrdersBudget) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-unilateral-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
  try {
    let token = '';
    const call = async (name: EndpointName, payload: Record<string, unknown> = {}): Promise<Reply> => {
      const { path: url, method, encoding } = endpoints[name];
      const fields = Object.fromEntries(Object.entries({ token, ...payload }).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
      const query = encoding === 'query' ? `?${new URLSearchParams(fields)}` : '';
      const body = encoding === 'json' ? JSON.stringify({ token, ...payload }) : undefined;
      const response = await fetch(server.url + url + query, { method, headers: body ? { 'content-type': 'application/json' } : {}, body });
      const reply = (await response.json()) as Reply;
      if (reply.code !== 200) throw new Error(`${name}: ${reply.code} ${reply.info}`);
      return reply;
    };
    token = (await call('unilateralLogin', { userName: 'follower', userPassword: 'follower123' })).data.token;
    const sign = (await call('signGet')).data.sign as string;
    const apiId = (await call('unilateralApiList')).data[0].id as number;

    const { db } = server.context;
    const count = async () => Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM u_follow_orders WHERE api_id = ?', [apiId]))!.n);
    const engineMade = await count();
    if (!engineMade) throw new Error('the engine made no follow orders');
    const span = 90 * 86_400_000;
    for (let copy = 1; (await count()) < budget.orders; copy += 1) {
      await db.run(
        `INSERT INTO u_follow_orders (api_id, strategy_id, at, instrument_id, size, price, type, state)
         SELECT api_id, strategy_id, at - ? * ?, instrument_id, size, price, type, state FROM u_follow_orders WHERE api_id = ? ORDER BY id LIMIT ?`,
        [copy, span, apiId, Math.min(engineMade, budget.orders - (await count()))],
      );
    }
    const orders = await count();
    const { min, max } = (await db.get<{ min: number; max: number }>('SELECT MIN(id) AS min, MAX(id) AS max FROM u_follow_orders WHERE api_id = ?', [apiId]))!;

    const rng = seededRng(19);
    // a full page either way: not within a page of either end (the copies are consecutive ids)
    const edge = () => min + 4 * budget.pageSize + Math.floor(rng() * (max - min - 8 * budget.pageSize));
    const time = async (name: EndpointName, payload: Record<string, unknown>) => {
      const started = performance.now();
      const reply = await call(name, payload);
      const ms = performance.now() - started;
      const rows = Array.isArray(reply.data) ? reply.data : reply.data.list;
      if (rows.length !== budget.pageSize) throw new Error(`${name}: ${rows.length} rows`);
      return ms;
    };
    const askRecords = (i: number) => time('followOrderDetail', { api_ids: [apiId], recordId: edge(), number: i % 2 ? budget.pageSize : -budget.pageSize });
    const askPage = (i: number) => time('unilateralPageData', { sign, types: 2, apiId, ids: edge(), number: i % 2 ? budget.pageSize : -budget.pageSize });
    const results = [];
    for (const [name, ask] of [
      ['/get_records', askRecords],
      ['/get/page/data', askPage],
    ] as const) {
      for (let i = 0; i < 10; i += 1) await ask(i); // warm-up
      const times: number[] = [];
      for (let i = 0; i < budget.requests; i += 1) times.push(await ask(i));
      const sorted = times.sort((a, b) => a - b);
      const p95Ms = percentile(sorted, 95);
      results.push({ name, orders, requests: times.length, p50Ms: percentile(sorted, 50), p95Ms, maxMs: sorted.at(-1)!, pass: p95Ms <= budget.p95Ms });
    }
    return results;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budget = budgetOf<UnilateralOrdersBudget>(ROOT, 'unilateralOrders');
  const results = await benchUnilateralOrders(budget);
  for (const r of results) {
    console.log(
      `${r.name} with ${r.orders} follow orders on one API: p50 ${r.p50Ms.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms (budget ≤ ${budget.p95Ms} ms), max ${r.maxMs.toFixed(1)} ms over ${r.requests} requests: ${r.pass ? 'pass' : 'FAIL'}`,
    );
  }
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}
