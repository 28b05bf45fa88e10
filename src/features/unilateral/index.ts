import type { UnilateralStrategyEdit, UnilateralStrategyNew } from '#contract/types/unilateral';
import { PAGING } from '#contract/rules/constants';
import { filterValue, onCall, requiredNumber, type CallParams } from '../../providers/data';

/**
 * The ±20 id cursor of /get/page/data (spec §7, §9): the page after the row with id `gt`, or before the
 * row with id `lt`; neither is the first page (ids 0).
 */
export function unilateralCursor(params: Pick<CallParams, 'filters'>): { ids: number; number: number } {
  const after = filterValue(params.filters, 'id', 'gt');
  const before = filterValue(params.filters, 'id', 'lt');
  if (before !== undefined) return { ids: requiredNumber(before, 'id'), number: -PAGING.unilateralPageSize };
  return { ids: after === undefined ? 0 : requiredNumber(after, 'id'), number: PAGING.unilateralPageSize };
}

/**
 * Unilateral strategies (spec §2 unilateral strategy list, §3, §7 Unilateral side). The list pages on
 * the server with the ±20 id cursor of /get/page/data (types 1 = strategies): filters `sign` (eq, the
 * signature token, required) and `id` gt (next page: after the last row) or lt (previous page: before
 * the first row). One strategy reads as its names and target (/reproduction/strategy); update saves
 * them (/update/strategy); create adds one (/add/strategy, the super user's). The key in calls is strategyId.
 */
export const unilateralStrategiesResource = {
  name: 'unilateral-strategies',
  meta: {
    calls: {
      list: onCall('unilateralPageData', {
        toPayload: ({ filters }) => {
          const sign = filterValue(filters, 'sign');
          if (typeof sign !== 'string' || !sign) throw { message: 'missing sign filter', statusCode: 0 };
          return { sign, types: 1, ...unilateralCursor({ filters }) };
        },
        select: ({ list, total }) => ({ data: list, total }),
      }),
      one: onCall('unilateralStrategyReproduction', {
        toPayload: ({ id }) => ({ strategyId: requiredNumber(id, 'strategyId') }),
        select: (strategy) => ({ data: strategy }),
      }),
      create: onCall('unilateralStrategyAdd', {
        toPayload: ({ variables }: CallParams<UnilateralStrategyNew>) => variables,
        select: (created) => ({ data: created ?? {} }),
      }),
      update: onCall('unilateralStrategyUpdate', {
        toPayload: ({ id, variables }: CallParams<UnilateralStrategyEdit>) => ({
          strategyId: requiredNumber(id, 'strategyId'),
          names: variables.names,
          target: variables.target,
          ...(variables.priority === undefined ? {} : { priority: variables.priority }),
        }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
