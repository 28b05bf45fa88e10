// A fresh start on a large data folder (bench/budget.json `start`, issue 35): a folder with `tasks` tasks and `orders`
// orders (bench/orders.ts seedOrdersFolder: the engine's orders copied straight into its database), then
//   1. the migrations: the folder put back to the schema before the last `migrations` migrations (their objects dropped,
//      migration 15's order_stats back, user_version 18), then opened as the server opens it (store/db.ts openDb migrates): the time of that open;
//   2. the start: the reference server started as `npm run server` starts it (node --import tsx server/main.ts, a
//      process of its own, DATA_DIR the folder, the system clock), timed from the spawn to its first answered call
//      (the captcha, the first call a browser makes), with the server's RSS then (VmRSS) and its peak (VmHWM).
// Run: npx tsx bench/start.ts   (START_SIZES=100000,1000000 for the orders at each size; exit 1 when over budget)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'libsql';
import { endpoints } from '#contract/endpoints';
import { openDb } from '../server/store/db';
import { MIGRATIONS, SCHEMA_VERSION } from '../server/store/migrations';
import { seedInOwnProcess } from './orders';
import { writeSizeChart } from './size-chart';
import { budgetOf, sizesOf } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StartBudget {
  tasks: number;
  orders: number;
  sizes?: number[];
  startMs: number;
  reason: string;
}

/** Migration 15 (order_stats, its indexes and triggers) but its last statement, which dropped an index gone since. */
const MIGRATION_15 = MIGRATIONS[14]!.filter((sql) => !sql.startsWith('DROP INDEX'));
/** The columns migration 24 added to task_orders, last first. */
const ORDER_FACTS = ['fee', 'notional', 'side', 'api_id', 'manual', 'user_id'];

/** What migrations 19 to 25 made, undone: the folder as a server before them left it (user_version 18). */
const BEFORE_LAST = {
  version: 18,
  undo: [
    'CREATE INDEX task_orders_time ON task_orders (createtime)',
    ...['insert', 'change', 'move', 'delete'].map((name) => `DROP TRIGGER order_sums_${name}`),
    'DROP TABLE order_sums',
    'DROP TRIGGER order_counts_insert',
    'DROP TRIGGER order_counts_delete',
    'DROP TABLE order_counts',
    'DROP INDEX task_orders_stats',
    'DROP INDEX task_orders_user',
    ...MIGRATION_15,
    ...ORDER_FACTS.map((column) => `ALTER TABLE task_orders DROP COLUMN ${column}`),
    ...['global_config', 'api_accounts', 'bourses'].flatMap((table) => ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER ${table}_${event}_version`)),
    'DROP TABLE engine_inputs_version',
    'DROP INDEX task_tasks_filters',
    'ALTER TABLE task_tasks DROP COLUMN b_type',
    'ALTER TABLE task_tasks DROP COLUMN a_type',
    'ALTER TABLE task_tasks DROP COLUMN currency',
  ],
};

/** The folder put back before the last migrations, then opened (migrated) as the server opens it: ms. */
async function timeMigrations(dataDir: string): Promise<number> {
  if (SCHEMA_VERSION !== 25) throw new Error(`bench/start.ts undoes migrations 19 to 25; the schema is at ${SCHEMA_VERSION}: update BEFORE_LAST`);
  const raw = new Database(path.join(dataDir, 'console.db'));
  for (const sql of BEFORE_LAST.undo) raw.exec(sql);
  raw.exec(`PRAGMA user_version = ${BEFORE_LAST.version}`);
  raw.close();
  const started = performance.now();
  const db = await openDb(dataDir);
  const ms = performance.now() - started;
  db.close();
  return ms;
}

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMB: kb('VmRSS') / 1000, peakRssMB: kb('VmHWM') / 1000 };
};

/** The server started on the folder in a process of its own: ms from the spawn to its first answered call, and its memory then. */
async function timeStart(dataDir: string): Promise<{ startMs: number; rssMB: number; peakRssMB: number }> {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += String(chunk);
        const found = /reference server: (http:\/\/\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened:\n${out}`)));
    });
    const reply = (await (await fetch(url + endpoints.captcha.path, { method: endpoints.captcha.method })).json()) as { code: number };
    const startMs = performance.now() - started;
    if (reply.code !== 200) throw new Error(`captcha: ${reply.code}`);
    return { startMs, ...memoryOf(server.pid!) };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

export interface StartResult {
  orders: number;
  tasks: number;
  seedMs: number;
  migrationsMs: number;
  startMs: number;
  rssMB: number;
  peakRssMB: number;
  pass: boolean;
}

export async function benchStart(budget: StartBudget, orders = budget.orders): Promise<StartResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  try {
    const seeded = seedInOwnProcess(dataDir, orders, budget.tasks);
    const migrationsMs = await timeMigrations(dataDir);
    const start = await timeStart(dataDir);
    return { orders: seeded.orders, tasks: seeded.tasks, seedMs: seeded.seedMs, migrationsMs, ...start, pass: start.startMs <= budget.startMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budget = budgetOf<StartBudget>(ROOT, 'start');
  const sizes = sizesOf('START_SIZES', budget.sizes ?? [budget.orders]);
  const results: StartResult[] = [];
  for (const size of sizes) {
    const r = await benchStart(budget, size);
    results.push(r);
    console.log(
      `${r.tasks} tasks, ${r.orders} orders (seeded in ${(r.seedMs / 1000).toFixed(1)} s): migrations 19–25 ${r.migrationsMs.toFixed(0)} ms; ` +
        `start to the first answered call ${r.startMs.toFixed(0)} ms (budget ≤ ${budget.startMs} ms), server RSS ${r.rssMB.toFixed(0)} MB (peak ${r.peakRssMB.toFixed(0)} MB): ${r.pass ? 'pass' : 'FAIL'}`,
    );
  }
  if (results.length > 1) {
    const chart = (name: string, title: string, unit: string, value: (r: StartResult) => number, limit?: number) =>
      writeSizeChart(ROOT, name, {
        title,
        xLabel: `orders (${budget.tasks.toLocaleString('en-US')} tasks)`,
        unit,
        points: results.map((r) => ({ size: r.orders, value: value(r) })),
        budget: limit,
      });
    chart('start-first-call', 'server start to the first answered call', 'ms', (r) => r.startMs, budget.startMs);
    chart('start-migrations', 'migrations 19 to 25 on the folder', 'ms', (r) => r.migrationsMs);
    chart('start-rss', 'server RSS at the first answered call', 'MB', (r) => r.rssMB);
  }
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}
