import type { ChildTaskAdd } from '#contract/types/tasks';
import { filterValue, onCall, requiredNumber, wholeList, type CallParams } from '../../../providers/data';

/**
 * Child tasks of a hedging task (spec §3 Child task, §7 Tasks). The list is one task's children: a
 * `taskId` eq filter, required. A child task's key is its task_children_id: pages pass it as Refine's
 * id, and it travels as `taskChildrenId` here (status, delete) but as `childrenTaskId` in the
 * statistics calls (useCall('taskChildrenPositionStatistics', { childrenTaskId })).
 * Update sets the child's status (§4): variables {settingStatus}.
 */
export const childTasksResource = {
  name: 'child-tasks',
  meta: {
    calls: {
      list: onCall('taskChildrenList', {
        toPayload: ({ filters }) => ({ taskId: requiredNumber(filterValue(filters, 'taskId'), 'taskId filter') }),
        select: wholeList,
      }),
      create: onCall('taskChildrenAdd', {
        toPayload: ({ variables }: CallParams<ChildTaskAdd>) => variables,
        select: () => ({ data: {} }),
      }),
      update: onCall('taskChildrenStatusUpdate', {
        toPayload: ({ id, variables }: CallParams<{ settingStatus: number }>) => ({
          taskChildrenId: requiredNumber(id, 'taskChildrenId'),
          settingStatus: variables.settingStatus,
        }),
        select: () => ({ data: {} }),
      }),
      deleteOne: onCall('taskChildrenDelete', {
        toPayload: ({ id }) => ({ taskChildrenId: requiredNumber(id, 'taskChildrenId') }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
