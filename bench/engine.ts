// Task engine cost (bench/budget.json "engine"): the REAL runner of a started reference server
// (server/hedging/runner.ts: load, stepTask, SQLite writes in one transaction per tick, 'task.changed'),
// with TASKS running tasks of 2 children each, ticked at 1 Hz on a ManualClock for SECONDS simulated
// seconds. The tasks open at once and close at the next decision (dlt −5 %, close_dlt 5 %), so every
// tick writes orders, fills and trades: the worst case. Measures the process's CPU time (user + system)
// over the ticks; budget: CPU ms per simulated second < the budget. Prints the machine and the SQLite
// driver beside the figure, since the figure means nothing without them.
// Run: npx tsx bench/engine.ts   (TASKS=… BENCH_SECONDS=… to vary; exit 1 when over budget). Not in npm test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { insertRunningTasks, machine } from './running-tasks';

const budget = (
  JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as { engine: { cpuMsPerSimulatedSecond: number; tasks: number; seconds: number } }
).engine;
const TASKS = Number(process.env.TASKS ?? budget.tasks);
const SECONDS = Number(process.env.BENCH_SECONDS ?? budget.seconds);
const WARMUP = 5;
const libsqlPackage = path.join(path.dirname(createRequire(import.meta.url).resolve('libsql')), 'package.json');
const driver = `libsql ${(JSON.parse(readFileSync(libsqlPackage, 'utf8')) as { version: string }).version} (synchronous, statements prepared once)`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-engine-'));
const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
const server = await startServer({ port: 0, dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false } });
const { db } = server.context;
const now = clock.now();
// admin's seeded accounts: 1 on exchange 1, 2 on exchange 2
await db.transaction((tx) => insertRunningTasks(tx, TASKS, now));
server.context.bus.emit('task.changed', { userId: 1, taskId: 1 }); // wakes the runner

const tick = async () => {
  clock.tick(1000);
  await server.tasks.idle();
};
for (let s = 0; s < WARMUP; s++) await tick();
const count = async (table: string) => Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n);
const before = { orders: await count('task_orders'), fills: await count('task_fills'), trades: await count('task_trades') };
const start = process.cpuUsage();
const wall = performance.now();
for (let s = 0; s < SECONDS; s++) await tick();
const used = process.cpuUsage(start);
const wallMs = performance.now() - wall;
const cpuMs = (used.user + used.system) / 1000;
const perSecond = cpuMs / SECONDS;
const made = {
  orders: (await count('task_orders')) - before.orders,
  fills: (await count('task_fills')) - before.fills,
  trades: (await count('task_trades')) - before.trades,
};
await server.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(`machine: ${machine}; driver: ${driver}`);
console.log(
  `real runner, ${TASKS} running tasks × 2 children, ${SECONDS} simulated s at 1 Hz (after ${WARMUP} s warm-up): ${made.orders} new orders, ${made.fills} fills, ${made.trades} closed trades`,
);
console.log(
  `CPU ${cpuMs.toFixed(0)} ms (wall ${wallMs.toFixed(0)} ms): ${perSecond.toFixed(1)} ms CPU per simulated second; budget < ${budget.cpuMsPerSimulatedSecond} ms`,
);
if (made.trades === 0) {
  console.error('no trades: the bench did not exercise the engine');
  process.exit(1);
}
if (perSecond >= budget.cpuMsPerSimulatedSecond) {
  console.error('over budget');
  process.exit(1);
}
