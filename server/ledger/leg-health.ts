/**
 * Leg health of tasks: per child its two legs' holdings, imbalance, exposure, last fill per leg and abnormal
 * orders of the last hour, and per task their sum (`taskLegHealth`, contract/rules/leg-health.ts), from the rows
 * the engine writes (store/leg-health.ts) at the marks of `now`.
 */
import { ABNORMAL_ORDER_STATUSES, ABNORMAL_WINDOW_MS, type TaskLegHealth } from '#contract/rules/leg-health';
import { ledgerLegHealth, type PriceSource } from '../engine';
import type { Queryable } from '../store/queryable';
import { legRowsOfTasks } from '../store/leg-health';

export async function legHealthOfTasks(db: Queryable, taskIds: readonly number[], now: number, prices: PriceSource): Promise<Map<number, TaskLegHealth>> {
  if (!taskIds.length) return new Map();
  const rows = await legRowsOfTasks(db, taskIds, ABNORMAL_ORDER_STATUSES, now - ABNORMAL_WINDOW_MS);
  const historyOf = (id: number) => ({ lastFill: rows.lastFill.get(id) ?? [null, null], abnormal: rows.abnormal.get(id) ?? 0 });
  return new Map(rows.tasks.map(({ id, params }) => [id, ledgerLegHealth(params, rows.childrenOf.get(id) ?? [], prices, now, historyOf)]));
}
