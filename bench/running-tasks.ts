// The running tasks the engine benches share (bench/engine.ts, bench/alerts.ts): `count` tasks of the admin
// (user 1) with 2 children each on its seeded accounts 1 (exchange 1) and 2 (exchange 2), eager enough to open
// at once and close at the next decision, so every tick writes orders, fills and trades: the worst case.
import { availableParallelism, cpus } from 'node:os';
import type { Queryable } from '../server/store/queryable';
import { insertChild, insertTask } from '../server/store/tasks';
import { params as taskParams } from '../tests/server/engine-fixtures';

export const CURRENCIES = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx'];
/** leg types on exchange 1 (A) and exchange 2 (B, which has 1–4 only) */
const PAIRS: [number, number][] = [
  [1, 4],
  [2, 4],
  [1, 2],
  [3, 4],
  [4, 3],
  [1, 3],
  [2, 3],
  [4, 1],
];
const EAGER = { CW: -0.05, NW: -0.05, CQ: -0.05, NQ: -0.05 };

export const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;

/** Inserts the tasks, started (status 2, active) with started children; answers their ids. Inside a transaction. */
export async function insertRunningTasks(tx: Queryable, count: number, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [a, b] = PAIRS[i % PAIRS.length]!;
    const params = taskParams({ currency_type: CURRENCIES[i % CURRENCIES.length]!, a_transaction_type: a, b_transaction_type: b, dlt: EAGER, close_dlt: 0.05 });
    const taskId = await insertTask(tx, { userId: 1, strategyId: 1, strategyName: 'arbitrage 2', name: `bench-${i}`, params, createdAt: now });
    ids.push(taskId);
    for (const weight of [1, 2]) await insertChild(tx, { taskId, weight, apiA: 1, apiB: 2, createdAt: now });
  }
  await tx.run('UPDATE task_children SET status = 2');
  await tx.run('UPDATE task_tasks SET status = 2, active = 1');
  return ids;
}
