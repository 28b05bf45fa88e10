/**
 * The rows a task's leg health is computed from (server/ledger/leg-health.ts): its params, its children's
 * positions, each child's last fill per leg and its abnormal orders since a time. No table of its own.
 */
import type { PositionData, TaskParams } from '../engine';
import type { Queryable } from './queryable';
import { ledgerOf, paramsOf } from './tasks';

const marks = (n: number) => `(${Array.from({ length: n }, () => '?').join(',')})`;

export interface LegRows {
  tasks: { id: number; params: TaskParams }[];
  childrenOf: Map<number, { id: number; position: PositionData }[]>;
  /** per child: the time of its last fill on leg A and on leg B */
  lastFill: Map<number, [number | null, number | null]>;
  /** per child: how many of its orders since `since` have one of the statuses */
  abnormal: Map<number, number>;
}

export async function legRowsOfTasks(db: Queryable, taskIds: readonly number[], statuses: readonly number[], since: number): Promise<LegRows> {
  const ids = marks(taskIds.length);
  const tasks = await db.all<{ id: number; params: string }>(`SELECT id, params FROM task_tasks WHERE id IN ${ids}`, taskIds);
  const children = await db.all<{ id: number; task_id: number; ledger: string }>(
    `SELECT id, task_id, ledger FROM task_children WHERE task_id IN ${ids} ORDER BY id`,
    taskIds,
  );
  const fills = await db.all<{ child: number; leg: number; last: number }>(
    `SELECT task_children_id AS child, leg, MAX(time) AS last FROM task_fills WHERE task_id IN ${ids} GROUP BY task_children_id, leg`,
    taskIds,
  );
  const abnormal = await db.all<{ child: number; n: number }>(
    `SELECT task_children_id AS child, COUNT(*) AS n FROM task_orders
      WHERE task_id IN ${ids} AND status_ IN ${marks(statuses.length)} AND createtime > ? GROUP BY task_children_id`,
    [...taskIds, ...statuses, since],
  );
  const childrenOf = new Map<number, { id: number; position: PositionData }[]>();
  for (const c of children)
    childrenOf.set(Number(c.task_id), [...(childrenOf.get(Number(c.task_id)) ?? []), { id: Number(c.id), position: ledgerOf(c).position }]);
  const lastFill = new Map<number, [number | null, number | null]>();
  for (const f of fills) {
    const pair = lastFill.get(Number(f.child)) ?? [null, null];
    pair[Number(f.leg) as 0 | 1] = Number(f.last);
    lastFill.set(Number(f.child), pair);
  }
  return {
    tasks: tasks.map((task) => ({ id: Number(task.id), params: paramsOf(task) })),
    childrenOf,
    lastFill,
    abnormal: new Map(abnormal.map((a) => [Number(a.child), Number(a.n)])),
  };
}
