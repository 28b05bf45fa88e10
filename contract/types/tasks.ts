/** Tasks (spec §3 Task, Child task, position and order data; §7 Tasks). */

import type { TaskListFilters } from '../rules/task-filters';

/**
 * /task/list {pagesize, page}, and our additions (docs/spec-coverage.md, Task page): the task page's
 * filters (absent = every task) and `select_all` (1: the reply carries the filtered tasks' ids, for the
 * batch menu's select all).
 */
export interface TaskListQuery extends TaskListFilters {
  pagesize: number;
  page: number;
  select_all?: 0 | 1;
}
/** running/total of a set of tasks (§2's counter). */
export interface TaskCounter {
  running: number;
  total: number;
}
/**
 * The reply's shape is not in the spec: assumed `{list, total}` (docs/spec-coverage.md); `total` counts the
 * tasks that match the filters. Our additions: `running`, the running tasks among them; `counter`, the
 * user's tasks whatever the filters (the page's counter); `ids` with `select_all`: the filtered tasks' ids,
 * newest first, at most PAGING.taskBatchMax of them (`total` says whether there are more).
 */
export interface TaskPage {
  list: Task[];
  total: number;
  running: number;
  counter: TaskCounter;
  ids?: number[];
}
export interface TaskAdd {
  name: string;
  strategyId: number;
  params: TaskParams;
}
/** One leg of a child task (§3 task_children_info: a list of two with name). */
export interface ChildTaskLeg {
  name: string;
  [field: string]: unknown;
}
/** §3 Child task: task_children_id is the key its calls send (as taskChildrenId or childrenTaskId). */
export interface ChildTask {
  task_children_id: number;
  id: number;
  status: number;
  weight: number;
  task_children_info: ChildTaskLeg[];
  [field: string]: unknown;
}
export interface ChildTaskAdd {
  taskId: number;
  /** one API account per exchange: [leg A's, leg B's] (one id serves both legs on one exchange). */
  linkApiId: [number, number];
  weight: number;
}
/** [price, quantity] of one leg. */
export type PositionLeg = [number, number];
/** §3 Position data per child: f or r as two legs, mt two margins. */
export interface ChildPosition {
  f?: [PositionLeg, PositionLeg];
  r?: [PositionLeg, PositionLeg];
  mt: [number, number];
  pro_count: number;
  pro_rate: number;
}
export interface VirtualFigures {
  price: number;
  amount: number;
  earnings_amount: number;
  earnings: number;
}
/** §3 Position statistics. */
export interface PositionStatistics {
  task_virtual_position: VirtualFigures;
  task_virtual_earnings: VirtualFigures;
}
/** §3 Earnings curve point. */
export interface EarningsPoint {
  dateTime: string;
  earningsVal: number;
}
export interface TaskStatus {
  status: number;
}
export interface TaskBatchStatus {
  updateStatusAccomplishing: boolean;
}
/** /changeServer/changerecords: data.datas and data.pages (§7). */
export interface ChangeRecordPage {
  datas: Record<string, unknown>[];
  pages: number;
}

export interface StatusSetting {
  /** the status asked for (§4). */
  settingStatus: number;
}

/** A parameter's value (§3): what a strategy's JSON holds. */
export type ParamValue = string | number | boolean | Record<string, unknown>;
/** A task's parameters (§3): the named ones, and the strategy's own (dlt, m, …). */
export interface TaskParams {
  currency_type?: string;
  a_bourse?: number;
  a_transaction_type?: number;
  b_bourse?: number;
  b_transaction_type?: number;
  fund_occupy?: string;
  virtual_initial_capital?: number;
  is_borrow?: boolean;
  [name: string]: ParamValue | undefined;
}
/** A task (§3). */
export interface Task {
  id: number;
  name: string;
  strategy_name: string;
  /** task status code (§4). */
  status: number;
  createtime: string;
  params: TaskParams;
}
