import { onCall, requiredNumber, wholeList } from '../../providers/data';

/**
 * The arbitrage strategy library (spec §2 "Arbitrage strategy list", §7 Strategies). /strategy/home
 * answers the whole library (paged in the browser). Saving goes through the strategy dialog, which
 * picks /save_strategy_files (files chosen) or /strategy/update. The key in calls is strategyId.
 */
export const strategiesResource = {
  name: 'strategies',
  meta: {
    calls: {
      list: onCall('strategyHome', { toPayload: () => ({}), select: wholeList }),
      deleteOne: onCall('strategyDelete', {
        toPayload: ({ id }) => ({ strategyId: requiredNumber(id, 'strategyId') }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
