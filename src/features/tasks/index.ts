import type { TaskAdd } from '#contract/types/tasks';
import type { TaskParams } from '#contract/types/tasks';
import { PAGING } from '#contract/rules/constants';
import { onCall, pageOf, requiredNumber, type CallParams } from '../../providers/data';

/**
 * Hedging tasks (spec §2 task page, §3 Task, §7 Tasks). The list pages on the server: /task/list
 * {pagesize, page}, 10 per page from page 1 (§9). One task reads as its grouped parameters
 * (/task/params/get); update saves the parameters (the name has its own call, taskNameUpdate).
 * The key in calls is taskId.
 */
export const tasksResource = {
  name: 'tasks',
  meta: {
    calls: {
      list: onCall('taskList', {
        toPayload: ({ pagination }) => {
          const { page, size } = pageOf(pagination, PAGING.taskListPageSize);
          return { pagesize: size, page };
        },
        select: ({ list, total }) => ({ data: list, total }),
      }),
      one: onCall('taskParamsGet', {
        toPayload: ({ id }) => ({ taskId: requiredNumber(id, 'taskId') }),
        select: (sections) => ({ data: sections }),
      }),
      create: onCall('taskAdd', {
        toPayload: ({ variables }: CallParams<TaskAdd>) => variables,
        select: () => ({ data: {} }),
      }),
      update: onCall('taskParamsUpdate', {
        toPayload: ({ id, variables }: CallParams<{ params: TaskParams }>) => ({
          taskId: requiredNumber(id, 'taskId'),
          params: variables.params,
        }),
        select: () => ({ data: {} }),
      }),
      deleteOne: onCall('taskDelete', {
        toPayload: ({ id }) => ({ taskId: requiredNumber(id, 'taskId') }),
        select: () => ({ data: {} }),
      }),
    },
  },
};
