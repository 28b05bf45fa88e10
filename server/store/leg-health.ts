/**
 * Leg health of tasks (issue 24): per child its two legs' holdings, imbalance, exposure, last fill per
 * leg and abnormal orders of the last hour, and per task their sum (`taskLegHealth`, src/domain/leg-health.ts).
 * Computed from the rows the engine writes (children's ledgers, fills, orders): no table of its own.
 */
import { ABNORMAL_ORDER_STATUSES, ABNORMAL_WINDOW_MS, childLegHealth, taskLegHealth, type LegHealth, type TaskLegHealth } from '../../src/domain/leg-health';
import { legsOf, mid, type PriceSource } from '../engine';
import type { Queryable } from './queryable';
import { ledgerOf, paramsOf } from './tasks';

const marks = (n: number) => `(${Array.from({ length: n }, () => '?').join(',')})`;

/** What the fills and orders add to a child's ledger: its last fill per leg and its abnormal orders of the last hour. */
interface ChildExtras {
  lastFill: Map<number, [number | null, number | null]>;
  abnormal: Map<number, number>;
}

/** The tasks' figures from their children's ledgers at the marks of `now`, with what `extras` holds per child. */
async function fromLedgers(db: Queryable, taskIds: readonly number[], now: number, prices: PriceSource, extras: ChildExtras): Promise<Map<number, TaskLegHealth>> {
  const ids = marks(taskIds.length);
  const tasks = await db.all<{ id: number; params: string }>(`SELECT id, params FROM task_tasks WHERE id IN ${ids}`, taskIds);
  const children = await db.all<{ id: number; task_id: number; ledger: string }>(`SELECT id, task_id, ledger FROM task_children WHERE task_id IN ${ids} ORDER BY id`, taskIds);
  const childrenOf = new Map<number, typeof children>();
  for (const c of children) childrenOf.set(Number(c.task_id), [...(childrenOf.get(Number(c.task_id)) ?? []), c]);
  const out = new Map<number, TaskLegHealth>();
  for (const task of tasks) {
    const params = paramsOf(task);
    const midA = mid(prices(legsOf(params)[0], now));
    const rows: Record<number, LegHealth> = {};
    for (const c of childrenOf.get(Number(task.id)) ?? []) {
      const id = Number(c.id);
      rows[id] = childLegHealth(ledgerOf(c).position, params.currency_type, midA, extras.lastFill.get(id) ?? [null, null], extras.abnormal.get(id) ?? 0);
    }
    out.set(Number(task.id), taskLegHealth(rows));
  }
  return out;
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
  return fromLedgers(db, taskIds, now, prices, { lastFill, abnormal: new Map(abnormal.map((a) => [Number(a.child), Number(a.n)])) });
}
