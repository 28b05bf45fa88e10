import type { ResourceCalls } from '../../providers/data';

/** The API accounts resource (spec §2 API list, §7 API accounts): its calls in the contract table. */
export const apisResource = {
  name: 'apis',
  meta: {
    calls: {
      list: 'apiList',
      create: 'apiAdd',
      update: 'apiUpdate',
      deleteOne: 'apiDelete',
      idParam: 'apiId',
    } satisfies ResourceCalls,
  },
};
