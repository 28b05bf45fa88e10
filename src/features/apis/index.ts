import type { ApiAccountSave } from '#contract/types/api-accounts';
import { onCall, requiredNumber, wholeList, type CallParams } from '../../providers/data';

/**
 * The API accounts resource (spec §2 API list, §7 API accounts). /api/list answers every account of
 * the user at once (paged in the browser); no call reads one account (the config dialog starts from
 * the row). The key in calls is apiId.
 */
export const apisResource = {
  name: 'apis',
  meta: {
    calls: {
      list: onCall('apiList', { toPayload: () => ({}), select: wholeList }),
      create: onCall('apiAdd', {
        toPayload: ({ variables }: CallParams<ApiAccountSave>) => variables,
        select: ({ id }) => ({ data: { id } }),
      }),
      update: onCall('apiUpdate', {
        toPayload: ({ id, variables }: CallParams<ApiAccountSave>) => ({ ...variables, apiId: requiredNumber(id, 'apiId') }),
        select: ({ id }) => ({ data: { id } }),
      }),
      deleteOne: onCall('apiDelete', {
        toPayload: ({ id }) => ({ apiId: requiredNumber(id, 'apiId') }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
