import type { ResourceProps } from '@refinedev/core';
import type { ResourceCalls } from '../../providers/data';

/** The arbitrage strategy library (spec §2 "Arbitrage strategy list", §7 Strategies). */
export const strategiesResource: Omit<ResourceProps, 'list'> = {
  name: 'strategies',
  meta: {
    calls: { list: 'strategyHome', deleteOne: 'strategyDelete', idParam: 'strategyId' } satisfies ResourceCalls,
  },
};
