import { childLegHealth, taskLegHealth, type TaskLegHealth } from '#contract/rules/leg-health';
import { legsOf } from './calendar';
import { mid } from './pricing';
import type { PositionData, PriceSource, TaskParams } from './types';

/** What a child's orders add to its ledger: its last fill per leg and its abnormal orders of the last hour. */
export interface LegHistory {
  lastFill: readonly [number | null, number | null];
  abnormal: number;
}
const NO_HISTORY: LegHistory = { lastFill: [null, null], abnormal: 0 };

/**
 * A task's leg health from its children's positions at leg A's mid price of `now` (the one computation of it):
 * server/store/leg-health.ts hands in each child's history from the written rows; the runner's readers that
 * look every second (the alerts) go without it.
 */
export function ledgerLegHealth(
  params: TaskParams,
  children: readonly { id: number; position: PositionData }[],
  prices: PriceSource,
  now: number,
  historyOf: (childId: number) => LegHistory = () => NO_HISTORY,
): TaskLegHealth {
  const midA = mid(prices(legsOf(params)[0], now));
  return taskLegHealth(
    Object.fromEntries(
      children.map(({ id, position }) => {
        const { lastFill, abnormal } = historyOf(id);
        return [id, childLegHealth(position, params.currency_type, midA, lastFill, abnormal)];
      }),
    ),
  );
}
