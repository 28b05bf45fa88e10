// Alert rule evaluation cost (bench/budget.json "alerts"): the REAL evaluator of the reference server
// (server/alerts/engine.ts `createAlertEvaluator`: rules, the board's rows, the orders read since the last id,
// the leg health source, the alert log's writes) over TASKS running tasks of 2 children each, which the REAL
// task runner ticks at 1 Hz on a ManualClock (orders, fills and abnormal orders written as in bench/engine.ts).
// Rules of every kind for the tasks' owner: task unbalanced for 60 s, abnormal order, exchange feed stale for
// 30 s, and a spread threshold on SPREAD_RULES board rows (half of them crossed, so rows flip and fire).
// Measured: the process's CPU time (user + system) inside the evaluations only, per simulated second; budget:
// a tenth of the task engine's (bench/budget.json engine.cpuMsPerSimulatedSecond).
// Run: npx tsx bench/alerts.ts   (TASKS=… BENCH_SECONDS=… to vary; exit 1 when over budget). Under flock /tmp/heavy.lock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '../server/clock/clock';
import { startServer } from '../server/main';
import { insertRule } from '../server/store/alerts';
import { createAlertEvaluator } from '../server/alerts/engine';
import { enginePrices } from '../server/engine/prices';
import { legBalanceSource } from '../server/hedging/runner';
import { validTables } from '../server/market';
import { CURRENCIES, insertRunningTasks, machine } from './running-tasks';

const budgets = JSON.parse(readFileSync(new URL('./budget.json', import.meta.url), 'utf8')) as {
  engine: { cpuMsPerSimulatedSecond: number };
  alerts: { tasks: number; seconds: number; spreadRules: number; shareOfEngine: number };
};
const budget = budgets.alerts;
const BUDGET_MS = budgets.engine.cpuMsPerSimulatedSecond * budget.shareOfEngine;
const TASKS = Number(process.env.TASKS ?? budget.tasks);
const SECONDS = Number(process.env.BENCH_SECONDS ?? budget.seconds);
const WARMUP = 5;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-alerts-'));
const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
const server = await startServer({ port: 0, dataDir, staticDir: null, clock, settings: { marketPushHz: 0, demoTasks: false, unilateralDemo: false } });
const ctx = server.context;
const now = clock.now();
await ctx.db.transaction(async (tx) => {
  await insertRunningTasks(tx, TASKS, now);
  // the rules go straight to the store: the server's own alert engine stays asleep, the bench's evaluator runs them
  await insertRule(tx, 1, { kind: 'unbalanced', seconds: 60 }, 60, now);
  await insertRule(tx, 1, { kind: 'abnormal' }, 60, now);
  await insertRule(tx, 1, { kind: 'feed', seconds: 30 }, 60, now);
  const tables = validTables();
  for (let i = 0; i < budget.spreadRules; i++) {
    const table = tables[i % tables.length]!;
    await insertRule(
      tx,
      1,
      { kind: 'spread', table, currency: CURRENCIES[i % CURRENCIES.length]!, field: 'positive', direction: 'above', threshold: i % 2 ? 0 : 50 },
      1,
      now,
    );
  }
});
ctx.bus.emit('task.changed', { userId: 1, taskId: 1 }); // wakes the task runner

// the source the server hands in (server/main.ts): the task runner's own ledgers, at the market's marks
const evaluator = createAlertEvaluator(ctx, { legHealth: legBalanceSource(server.tasks, enginePrices(ctx.market.prices).prices) });

let cpuMicros = 0;
let wallMs = 0;
const second = async (measured: boolean) => {
  clock.tick(1000);
  await server.tasks.idle();
  const start = process.cpuUsage();
  const wall = performance.now();
  await evaluator.evaluate(clock.now());
  if (!measured) return;
  const used = process.cpuUsage(start);
  cpuMicros += used.user + used.system;
  wallMs += performance.now() - wall;
};
for (let s = 0; s < WARMUP; s++) await second(false);
const count = async (sql: string) => Number((await ctx.db.get<{ n: number }>(sql))!.n);
const before = { orders: await count('SELECT COUNT(*) AS n FROM task_orders'), alerts: await count('SELECT COUNT(*) AS n FROM alerts') };
for (let s = 0; s < SECONDS; s++) await second(true);
const made = {
  orders: (await count('SELECT COUNT(*) AS n FROM task_orders')) - before.orders,
  alerts: (await count('SELECT COUNT(*) AS n FROM alerts')) - before.alerts,
};
await server.close();
rmSync(dataDir, { recursive: true, force: true });

const perSecond = cpuMicros / 1000 / SECONDS;
console.log(`machine: ${machine}`);
console.log(
  `alert rules (unbalanced, abnormal, feed, ${budget.spreadRules} spread rows) over ${TASKS} running tasks × 2 children, ${SECONDS} simulated s at 1 Hz (after ${WARMUP} s warm-up): ${made.orders} new orders written by the engine, ${made.alerts} alerts written; leg health: the runner's ledgers (legBalanceSource)`,
);
console.log(
  `CPU ${(cpuMicros / 1000).toFixed(0)} ms in the evaluations (wall ${wallMs.toFixed(0)} ms): ${perSecond.toFixed(1)} ms CPU per simulated second; budget < ${BUDGET_MS} ms (${budget.shareOfEngine * 100} % of the engine's ${budgets.engine.cpuMsPerSimulatedSecond} ms)`,
);
if (made.orders === 0 || made.alerts === 0) {
  console.error('no orders or no alerts: the bench did not exercise the rules');
  process.exit(1);
}
if (perSecond >= BUDGET_MS) {
  console.error('over budget');
  process.exit(1);
}
