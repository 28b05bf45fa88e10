// Task engine cost (bench/budget.json "engine"): the REAL runner of a started reference server
// (server/hedging/runner.ts: load, stepTask, SQLite writes in one transaction per tick, 'task.changed'),
// with TASKS running tasks of 2 children each, ticked at 1 Hz on a ManualClock for SECONDS simulated
// seconds. The tasks open at once and close at the next decision (dlt −5 %, close_dlt 5 %), so every
// tick writes orders, fills and trades: the worst case. Measures the process's CPU time (user + system)
// over the ticks and its peak RSS over the whole run (the kernel's high-water mark, and the largest
// process.memoryUsage().rss seen after a tick). Prints the machine and the SQLite driver beside the
// figures, since they mean nothing without them.
// Each size runs in a process of its own (a process's RSS does not come back down): with no TASKS, the
// budgeted sizes (engine.tasks and engine.larger) run one after the other; BENCH_CURVE=1 runs engine.curve
// and draws bench/charts/engine-cpu.svg and engine-rss.svg. Exit 1 when a size is over its budget.
// Run: npx tsx bench/engine.ts   (TASKS=… BENCH_SECONDS=… for one size; BENCH_CURVE=1 for the curve). Not in npm test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { insertRunningTasks, machine } from './running-tasks';
import { writeSizeCharts } from './size-chart';

interface SizeBudget {
  tasks: number;
  cpuMsPerSimulatedSecond: number;
  rssMB?: number;
  reason: string;
}
const budget = (
  JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as {
    engine: SizeBudget & { seconds: number; larger: SizeBudget[]; curve: number[] };
  }
).engine;
const SECONDS = Number(process.env.BENCH_SECONDS ?? budget.seconds);
const WARMUP = 5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;

/** What one size measured. */
interface SizeResult {
  tasks: number;
  seconds: number;
  cpuMs: number;
  wallMs: number;
  perSecond: number;
  /** the kernel's peak resident set over the run (process.resourceUsage().maxRSS), MB */
  peakRssMB: number;
  /** the largest process.memoryUsage().rss after a tick, MB */
  tickRssMB: number;
  setupMs: number;
  made: { orders: number; fills: number; trades: number };
}

/** One size in this process: start the server, insert the tasks, warm up, measure. */
async function measure(tasks: number): Promise<SizeResult> {
  const began = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-engine-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
  const server = await startServer({ port: 0, dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
  const { db } = server.context;
  const now = clock.now();
  // admin's seeded accounts: 1 on exchange 1, 2 on exchange 2
  await db.transaction((tx) => insertRunningTasks(tx, tasks, now));
  server.context.bus.emit('task.changed', { userId: 1, taskId: 1 }); // wakes the runner
  let tickRss = 0;
  const tick = async () => {
    clock.tick(1000);
    await server.tasks.idle();
    tickRss = Math.max(tickRss, process.memoryUsage().rss);
  };
  for (let s = 0; s < WARMUP; s++) await tick();
  const setupMs = performance.now() - began;
  const count = async (table: string) => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
  const before = { orders: await count('task_orders'), fills: await count('task_fills'), trades: await count('task_trades') };
  const start = process.cpuUsage();
  const wall = performance.now();
  for (let s = 0; s < SECONDS; s++) await tick();
  const used = process.cpuUsage(start);
  const wallMs = performance.now() - wall;
  const cpuMs = (used.user + used.system) / 1000;
  const made = {
    orders: (await count('task_orders')) - before.orders,
    fills: (await count('task_fills')) - before.fills,
    trades: (await count('task_trades')) - before.trades,
  };
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  const peakRssMB = (process.resourceUsage().maxRSS * 1024) / MB;
  return { tasks, seconds: SECONDS, cpuMs, wallMs, perSecond: cpuMs / SECONDS, peakRssMB, tickRssMB: tickRss / MB, setupMs, made };
}

/** One size in a process of its own (this file with TASKS set); its result is the line after RESULT. */
function measureApart(tasks: number): SizeResult {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, TASKS: String(tasks), ENGINE_BENCH_CHILD: '1' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * MB,
  });
  const lines = child.stdout.split('\n');
  for (const other of lines) if (other && !other.startsWith('RESULT ')) console.log(other);
  const line = lines.find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`the run at ${tasks} tasks ended without a result (exit ${child.status}):\n${child.stdout}`);
  return JSON.parse(line.slice('RESULT '.length)) as SizeResult;
}

const libsqlPackage = path.join(path.dirname(createRequire(import.meta.url).resolve('libsql')), 'package.json');
const driver = `libsql ${(JSON.parse(readFileSync(libsqlPackage, 'utf8')) as { version: string }).version} (synchronous, statements prepared once)`;
const budgetOf = (tasks: number): SizeBudget | undefined => [budget, ...budget.larger].find((b) => b.tasks === tasks);

if (process.env.ENGINE_BENCH_CHILD) {
  console.log(`RESULT ${JSON.stringify(await measure(Number(process.env.TASKS)))}`);
  process.exit(0);
}

const sizes = process.env.TASKS ? [Number(process.env.TASKS)] : process.env.BENCH_CURVE ? budget.curve : [budget.tasks, ...budget.larger.map((b) => b.tasks)];
console.log(`machine: ${machine}; driver: ${driver}`);
const results: SizeResult[] = [];
let over = false;
for (const tasks of sizes) {
  const r = measureApart(tasks);
  results.push(r);
  const b = budgetOf(tasks);
  const cpuOver = b !== undefined && r.perSecond > b.cpuMsPerSimulatedSecond;
  const rssOver = b?.rssMB !== undefined && r.peakRssMB > b.rssMB;
  over ||= cpuOver || rssOver || r.made.trades === 0;
  console.log(
    `${tasks} running tasks × 2 children, ${r.seconds} simulated s at 1 Hz (after ${WARMUP} s warm-up; setup ${(r.setupMs / 1000).toFixed(0)} s): ` +
      `${r.made.orders} new orders, ${r.made.fills} fills, ${r.made.trades} closed trades`,
  );
  console.log(
    `  CPU ${r.cpuMs.toFixed(0)} ms (wall ${r.wallMs.toFixed(0)} ms): ${r.perSecond.toFixed(1)} ms CPU per simulated second` +
      `${b ? `; budget ≤ ${b.cpuMsPerSimulatedSecond} ms` : ''}${cpuOver ? ' OVER' : ''}`,
  );
  console.log(
    `  peak RSS ${r.peakRssMB.toFixed(0)} MB (largest after a tick ${r.tickRssMB.toFixed(0)} MB)${b?.rssMB ? `; budget ≤ ${b.rssMB} MB` : ''}${rssOver ? ' OVER' : ''}`,
  );
  if (r.made.trades === 0) console.error('  no trades: the bench did not exercise the engine');
}
const large = budgetOf(budget.larger[0]?.tasks ?? budget.tasks) ?? budget;
writeSizeCharts(ROOT, results, { label: 'running tasks', of: (r: SizeResult) => r.tasks }, [
  {
    name: 'engine-cpu',
    title: 'Task engine (paper, 2 children, 1 Hz): CPU per simulated second',
    unit: 'ms',
    value: (r) => r.perSecond,
    budget: large.cpuMsPerSimulatedSecond,
  },
  {
    name: 'engine-rss',
    title: 'Task engine: peak RSS of the server process',
    unit: 'MB',
    value: (r) => r.peakRssMB,
    ...(large.rssMB ? { budget: large.rssMB } : {}),
  },
]);
if (over) console.error('over budget');
process.exit(over ? 1 : 0);
