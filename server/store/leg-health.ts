/**
 * Leg health of tasks: per child its two legs' holdings, imbalance, exposure, last fill per
 * leg and abnormal orders of the last hour, and per task their sum (`taskLegHealth`, contract/rules/leg-health.ts).
 * Computed from the rows the engine writes (children's ledgers, fills, orders): no table of its own.
 */
import { ABNORMAL_ORDER_STATUSES, ABNORMAL_WINDOW_MS, type TaskLegHealth } from '#contract/rules/leg-health';
import { ledgerLegHealth, type LegHistory, type PositionData, type PriceSource } from '../engine';
import type { Queryable } from './queryable';
import { ledgerOf, paramsOf } from './tasks';

const marks = (n: number) => `(${Array.from({ length: n }, () => '?').join(',')})`;

/** The tasks' figures from their children's ledgers at the marks of `now`, with each child's history. */
async function fromLedgers(
  db: Queryable,
  taskIds: readonly number[],
  now: number,
  prices: PriceSource,
  historyOf: (childId: number) => LegHistory,
): Promise<Map<number, TaskLegHealth>> {
  const ids = marks(taskIds.length);
  const tasks = await db.all<{ id: number; params: string }>(`SELECT id, params FROM task_tasks WHERE id IN ${ids}`, taskIds);
  const children = await db.all<{ id: number; task_id: number; ledger: string }>(
    `SELECT id, task_id, ledger FROM task_children WHERE task_id IN ${ids} ORDER BY id`,
    taskIds,
  );
  const childrenOf = new Map<number, { id: number; position: PositionData }[]>();
  for (const c of children)
    childrenOf.set(Number(c.task_id), [...(childrenOf.get(Number(c.task_id)) ?? []), { id: Number(c.id), position: ledgerOf(c).position }]);
  return new Map(tasks.map((task) => [Number(task.id), ledgerLegHealth(paramsOf(task), childrenOf.get(Number(task.id)) ?? [], prices, now, historyOf)]));
}

export async function legHealthOfTasks(db: Queryable, taskIds: readonly number[], now: number, prices: PriceSource): Promise<Map<number, TaskLegHealth>> {
  if (!taskIds.length) return new Map();
  const ids = marks(taskIds.length);
  const fills = await db.all<{ child: number; leg: number; last: number }>(
    `SELECT task_children_id AS child, leg, MAX(time) AS last FROM task_fills WHERE task_id IN ${ids} GROUP BY task_children_id, leg`,
    taskIds,
  );
  const abnormal = await db.all<{ child: number; n: number }>(
    `SELECT task_children_id AS child, COUNT(*) AS n FROM task_orders
      WHERE task_id IN ${ids} AND status_ IN ${marks(ABNORMAL_ORDER_STATUSES.length)} AND createtime > ? GROUP BY task_children_id`,
    [...taskIds, ...ABNORMAL_ORDER_STATUSES, now - ABNORMAL_WINDOW_MS],
  );
  const lastFill = new Map<number, [number | null, number | null]>();
  for (const f of fills) {
    const pair = lastFill.get(Number(f.child)) ?? [null, null];
    pair[Number(f.leg) as 0 | 1] = Number(f.last);
    lastFill.set(Number(f.child), pair);
  }
  const abnormalOf = new Map(abnormal.map((a) => [Number(a.child), Number(a.n)]));
  return fromLedgers(db, taskIds, now, prices, (id) => ({ lastFill: lastFill.get(id) ?? [null, null], abnormal: abnormalOf.get(id) ?? 0 }));
}
