/**
 * Task and child task status (spec §4) and the rules that follow from them, for the console and the
 * reference server alike. Labels are i18n keys of the `task` namespace, never text.
 */

// ── Task status ───────────────────────────────────────────────────────────────────────
/** 0 not running, 1 close position (labelled not running), 2 running, 3 paused, 4 stopped. */
export const TASK_STATUS = { notRunning: 0, closePosition: 1, running: 2, paused: 3, stopped: 4 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
/** The statuses a task may be asked to take (list and batch calls): 2 start, 4 stop, 3 pause; 1 closes its positions. */
export const TASK_TARGETS = [1, 2, 3, 4] as const;
export type TaskTarget = (typeof TASK_TARGETS)[number];

/** 2 running, 3 paused, 4 stopped, 0 and 1 not running. */
export const taskStatusLabelKey = (status: number): string =>
  status === TASK_STATUS.running || status === TASK_STATUS.paused || status === TASK_STATUS.stopped ? `task:status.${status}` : 'task:status.0';

export const isRunning = (task: { status: number }): boolean => task.status === TASK_STATUS.running;

/**
 * The statuses in which the engine still works on a task: running, paused, and closing its positions
 * (1, which §4 labels not running but which trades until it reaches 4 — our reading, docs/spec-coverage.md).
 */
export const LIVE_TASK_STATUSES: readonly number[] = [TASK_STATUS.closePosition, TASK_STATUS.running, TASK_STATUS.paused];
const isLive = (task: { status: number }): boolean => LIVE_TASK_STATUSES.includes(Number(task.status));
/** §4: a running or paused task (or one closing its positions) cannot be deleted (§8 'task is running'). */
export const isDeletable = (task: { status: number }): boolean => !isLive(task);
/** §4: stopping or deleting a child needs its main task stopped first (§8 'stop the main task first'). */
export const childrenChangeable = (task: { status: number }): boolean => !isLive(task);

/**
 * The status the console polls for after asking for `target` (§4): start polls until 2, the others
 * until 4 (stopped). A pause polls until 3: polling a paused task until 4 would never end (a choice,
 * docs/spec-coverage.md).
 */
export const pollUntilStatus = (target: TaskTarget): number =>
  target === TASK_STATUS.running ? TASK_STATUS.running : target === TASK_STATUS.paused ? TASK_STATUS.paused : TASK_STATUS.stopped;

// ── Child task status ─────────────────────────────────────────────────────────────────
/** 2 start, 0 stop. */
export const CHILD_STATUS = { stopped: 0, started: 2 } as const;
export type ChildStatus = (typeof CHILD_STATUS)[keyof typeof CHILD_STATUS];
export const childStatusLabelKey = (status: number): string => (status === CHILD_STATUS.started ? 'task:childStatus.2' : 'task:childStatus.0');
/** The server's code when a child is stopped or deleted while its main task runs ('stop the main task first', §8). */
export const CHILD_NEEDS_STOPPED_TASK_CODE = 4;
