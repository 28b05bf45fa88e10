import type { FollowTaskSave } from '#contract/types/follow-tasks';
import { onCall, requiredNumber, wholeList, type CallParams } from '../../../providers/data';

/**
 * Follow tasks of the unilateral side (spec §3 Follow task, §7 Unilateral side). A follow task belongs
 * to one API account: its key in calls is apiId (detail, delete). The list is /get/api/list (payload
 * not in the spec: the token only), the whole list at once.
 */
export const followTasksResource = {
  name: 'follow-tasks',
  meta: {
    calls: {
      list: onCall('unilateralApiList', { toPayload: () => ({}), select: wholeList }),
      one: onCall('followTaskDetail', {
        toPayload: ({ id }) => ({ apiId: requiredNumber(id, 'apiId') }),
        select: (task) => ({ data: { id: task.apiId, ...task } }),
      }),
      create: onCall('followTaskAdd', {
        toPayload: ({ variables }: CallParams<FollowTaskSave>) => variables,
        select: () => ({ data: {} }),
      }),
      update: onCall('followTaskUpdate', {
        toPayload: ({ id, variables }: CallParams<FollowTaskSave>) => {
          // unit is sent on add only (§7)
          const { unit: _unit, ...fields } = variables;
          return { ...fields, apiId: requiredNumber(id, 'apiId') };
        },
        select: () => ({ data: {} }),
      }),
      deleteOne: onCall('followTaskDelete', {
        toPayload: ({ id }) => ({ apiId: requiredNumber(id, 'apiId') }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
