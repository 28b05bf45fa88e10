import { useEffect, useRef, useState } from 'react';
import { useCreate, useInvalidate, useUpdate, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskAdd } from '#contract/types/tasks';
import type { Task, TaskParams } from '#contract/types/tasks';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded, succeededWithReply, useNotify } from '../../components/notify';
import { useNotifier } from '../../components/notify/provider';
import { INTERVALS } from '#contract/rules/constants';
import { TASK_STATUS, pollUntilStatus, taskStatusLabelKey, type TaskTarget } from '#contract/rules/task-status';
import { STATUS_POLL_LIMIT_MS, pollUntil, wait } from './poll';

export const TASKS = 'tasks';
export const CHILD_TASKS = 'child-tasks';

/** Tells every task list (and child list) to read again. */
export function useReloadTasks() {
  const invalidate = useInvalidate();
  return () => Promise.all([invalidate({ resource: TASKS, invalidates: ['list'] }), invalidate({ resource: CHILD_TASKS, invalidates: ['list'] })]);
}

/**
 * Adding (also copying) and configuring a task, through Refine's create and update of tasks: the
 * success text of §8 and failures through the notification provider; on success the task list is read
 * again 600 ms later (§9), not at once (the list's liveMode is off, see list.tsx). `then` runs first
 * (a dialog closes); a failure leaves the caller as it was (a dialog keeps what was typed).
 */
export function useTaskSave() {
  const reload = useReloadTasks();
  const readLater = () => void wait(INTERVALS.addTaskRefreshMs).then(reload);
  const create = useCreate<Record<string, never>, HttpError, TaskAdd>({
    resource: TASKS,
    invalidates: [],
    successNotification: succeeded('task:messages.added'),
    errorNotification: failed,
  });
  const update = useUpdate<Record<string, never>, HttpError, { params: TaskParams }>({
    resource: TASKS,
    invalidates: [],
    successNotification: succeeded('task:messages.configured'),
    errorNotification: failed,
  });
  const done = (then?: () => void) => ({
    onSuccess: () => {
      then?.();
      readLater();
    },
  });
  return {
    isPending: create.mutation.isPending || update.mutation.isPending,
    add: (values: TaskAdd, then?: () => void) => create.mutate({ values }, done(then)),
    configure: (taskId: number, params: TaskParams, then?: () => void) => update.mutate({ id: taskId, values: { params } }, done(then)),
  };
}

/** True while mounted: polls stop when the page is left. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * Tells the user a status poll gave up (STATUS_POLL_LIMIT_MS): what did not happen and what to do. It stays
 * until closed (a notice that rotated away unseen would leave the user guessing); one per task or batch.
 */
function useTimeoutNotice() {
  const { t } = useTranslation('task');
  const { notification } = useNotifier();
  const seconds = STATUS_POLL_LIMIT_MS / 1000;
  const notice = (key: string, description: string) => notification.warning({ key, message: t('messages.statusTimeoutTitle'), description, duration: 0 });
  return {
    task: (task: Task, status: number) =>
      notice(`status-timeout-${task.id}`, t('messages.statusTimeout', { name: task.name, id: task.id, status: t(taskStatusLabelKey(status)), seconds })),
    batch: () => notice('status-timeout-batch', t('messages.batchTimeout', { seconds })),
  };
}

/**
 * A single task's status change (§4): set the status, then poll /task/status/detection every 800 ms
 * until the task reaches it (start: 2, then the list is read again after 1 s; stop and close
 * position: 4; pause: 3). `pending` names the tasks being polled, for their cards' spinners. The
 * calls go through Refine; a failure is shown by its notification provider and ends the poll. A task
 * that does not get there within STATUS_POLL_LIMIT_MS stops being polled: the list is read again and a
 * notice says so, the card without its spinner.
 */
export function useStatusChange() {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const timedOut = useTimeoutNotice();
  const reload = useReloadTasks();
  const mounted = useMounted();
  const update = useCallMutation('taskStatusUpdate', { errorNotification: failed });
  const detect = useCallMutation('taskStatusDetection', { errorNotification: failed });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const run = async (task: Task, target: TaskTarget) => {
    mark(task.id, true);
    try {
      // close position: the server's message (§4); the others say nothing until the task list changes
      await update.mutateAsync(
        { taskId: task.id, settingStatus: target },
        target === TASK_STATUS.closePosition ? { successNotification: succeededWithReply('task:messages.operated') } : undefined,
      );
      const until = pollUntilStatus(target);
      const outcome = await pollUntil(
        async () => (await detect.mutateAsync({ taskId: task.id })).status === until,
        INTERVALS.startStatusPollMs,
        () => !mounted.current,
      );
      if (outcome === 'reached' && target === TASK_STATUS.running) await wait(INTERVALS.listRefreshAfterStartMs);
      if (!mounted.current) return;
      if (outcome === 'timedOut') timedOut.task(task, until);
      await reload();
    } catch {
      // already shown by the notification provider (errorNotification)
    } finally {
      if (mounted.current) mark(task.id, false);
    }
  };

  const change = (task: Task, target: TaskTarget) => {
    if (target !== TASK_STATUS.closePosition) return void run(task, target);
    // close position asks first (§4, §8 'confirm close')
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.closePosition'),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () => void run(task, target),
    });
  };
  return { change, pending };
}

/**
 * The batch menu's status change (§4): confirm 'execute batch operation?', set the status of every
 * selected task, poll /task/status/detection/batch every 1 s until the update is done, then reload. An
 * update not done within STATUS_POLL_LIMIT_MS stops being polled: the list is read again and a notice says
 * so, the batch button usable again.
 */
export function useBatchStatus() {
  const { t } = useTranslation('task');
  const notify = useNotify();
  const timedOut = useTimeoutNotice();
  const { modal } = App.useApp();
  const reload = useReloadTasks();
  const mounted = useMounted();
  const update = useCallMutation('taskStatusUpdateBatch', { errorNotification: failed });
  const detect = useCallMutation('taskStatusDetectionBatch', { errorNotification: failed });
  const [running, setRunning] = useState(false);

  const run = async (taskIds: number[], settingStatus: TaskTarget) => {
    setRunning(true);
    try {
      await update.mutateAsync({ taskIds, settingStatus });
      const outcome = await pollUntil(
        async () => (await detect.mutateAsync({ taskIds, settingStatus })).updateStatusAccomplishing === true,
        INTERVALS.batchStatusPollMs,
        () => !mounted.current,
      );
      if (!mounted.current) return;
      if (outcome === 'timedOut') timedOut.batch();
      await reload();
    } catch {
      // already shown by the notification provider (errorNotification)
    } finally {
      if (mounted.current) setRunning(false);
    }
  };

  const change = (taskIds: number[], settingStatus: TaskTarget) => {
    if (taskIds.length === 0) return void notify.warning(t('messages.selectTasks'));
    modal.confirm({
      title: t('confirm.title'),
      content: t('batch.confirm'),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () => void run(taskIds, settingStatus),
    });
  };
  return { change, running };
}
