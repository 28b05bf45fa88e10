import type { TaskAdd } from '#contract/types/tasks';
import type { TaskParams } from '#contract/types/tasks';
import { PAGING } from '#contract/rules/constants';
import type { CrudFilter } from '@refinedev/core';
import type { TaskListFilters } from '#contract/rules/task-filters';
import { filterValue, onCall, pageOf, requiredNumber, type CallParams } from '../../providers/data';

/** Refine's `eq` filters of the task list, as /task/list takes them (our addition to §7): each absent = all. */
function listFilters(filters: CrudFilter[] | undefined): TaskListFilters {
  const listed: Record<string, string | number> = {};
  for (const field of ['currency_type', 'pair', 'strategy_name', 'status'] as const) {
    const value = filterValue(filters, field);
    if (value !== undefined && value !== null && value !== '') listed[field] = field === 'status' ? Number(value) : String(value);
  }
  return listed as TaskListFilters;
}

/**
 * Hedging tasks (spec §2 task page, §3 Task, §7 Tasks). The list pages on the server: /task/list
 * {pagesize, page}, 10 per page from page 1 (§9), and filters there (Refine's `eq` filters on currency_type,
 * pair, strategy_name, status; contract/rules/task-filters.ts). One task reads as its grouped parameters
 * (/task/params/get); update saves the parameters (the name has its own call, taskNameUpdate).
 * The key in calls is taskId.
 */
export const tasksResource = {
  name: 'tasks',
  meta: {
    calls: {
      list: onCall('taskList', {
        toPayload: ({ pagination, filters }) => {
          const { page, size } = pageOf(pagination, PAGING.taskListPageSize);
          return { pagesize: size, page, ...listFilters(filters) };
        },
        // the counts come along: the list result's `running` and `counter` (the page's counter)
        select: ({ list, total, running, counter }) => ({ data: list, total, ...(counter ? { running, counter } : {}) }),
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
