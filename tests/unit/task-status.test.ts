import {
  CHILD_STATUS,
  childStatusLabelKey,
  childrenChangeable,
  isDeletable,
  isRunning,
  pollUntilStatus,
  TASK_STATUS,
  TASK_TARGETS,
  taskStatusLabelKey,
} from '#contract/rules/task-status';

describe('task status (§4)', () => {
  it('has the codes of the task list: 2 running, 3 paused, 4 stopped, 0 and 1 not running (1 is close position)', () => {
    expect(TASK_STATUS).toEqual({ notRunning: 0, closePosition: 1, running: 2, paused: 3, stopped: 4 });
    expect([0, 1, 2, 3, 4].map(taskStatusLabelKey)).toEqual(['task:status.0', 'task:status.0', 'task:status.2', 'task:status.3', 'task:status.4']);
    expect([0, 1, 2, 3, 4].filter((status) => isRunning({ status }))).toEqual([2]);
  });

  it('takes the targets 2 start, 4 stop, 3 pause and 1 close position', () => {
    expect([...TASK_TARGETS].sort()).toEqual([1, 2, 3, 4]);
  });

  it('start polls until 2, stop and close position until 4, pause until 3', () => {
    expect([2, 4, 1, 3].map((t) => pollUntilStatus(t as 1 | 2 | 3 | 4))).toEqual([2, 4, 4, 3]);
  });

  it('refuses to delete a running or paused task, or one still closing its positions', () => {
    expect([0, 1, 2, 3, 4].map((status) => isDeletable({ status }))).toEqual([true, false, false, false, true]);
  });

  it('lets a child be stopped or deleted only once its main task is stopped (not running, paused or closing)', () => {
    expect([0, 1, 2, 3, 4].map((status) => childrenChangeable({ status }))).toEqual([true, false, false, false, true]);
  });
});

describe('child task status (§4)', () => {
  it('is 2 start and 0 stop', () => {
    expect(CHILD_STATUS).toEqual({ started: 2, stopped: 0 });
    expect([2, 0].map(childStatusLabelKey)).toEqual(['task:childStatus.2', 'task:childStatus.0']);
  });
});
