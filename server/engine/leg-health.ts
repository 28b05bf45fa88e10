import { childLegHealth, taskLegHealth, type TaskLegHealth } from '../../src/domain/leg-health';
import { legsOf } from './calendar';
import { mid } from './pricing';
import type { PriceSource, TaskState } from './types';

/**
 * A task's leg health from its state as the engine holds it (its children's ledgers at leg A's mid), without
 * the fills' and orders' history (last fills, abnormal orders): the figures server/store/leg-health.ts
 * computes from the written rows, for a reader that looks every second.
 */
export function ledgerLegHealth(state: TaskState, prices: PriceSource, now: number): TaskLegHealth {
  const params = state.task.params;
  const midA = mid(prices(legsOf(params)[0], now));
  return taskLegHealth(
    Object.fromEntries(state.children.map((c) => [c.child.task_children_id, childLegHealth(c.ledger.position, params.currency_type, midA, [null, null], 0)])),
  );
}
