import { useEffect, useRef, useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { Task } from '../../domain/task';
import { useNotify } from '../../components/notify';
import { INTERVALS } from '../../domain/constants';
import { TASK_STATUS, pollUntilStatus, type TaskTarget } from '../../domain/task-status';
import { pollUntil, wait } from './poll';

export const TASKS = 'tasks';
export const CHILD_TASKS = 'child-tasks';

/** Tells every task list (and child list) to read again. */
export function useReloadTasks() {
  const invalidate = useInvalidate();
  return () => Promise.all([invalidate({ resource: TASKS, invalidates: ['list'] }), invalidate({ resource: CHILD_TASKS, invalidates: ['list'] })]);
}

/**
 * A task dialog's save: sends, says `success`, closes and reloads the tasks; on a failure it says why
 * and keeps the dialog open with what was typed. `saving` drives the OK button's spinner.
 */
export function useTaskDialogSave(onClose: () => void) {
  const notify = useNotify();
  const reload = useReloadTasks();
  const [saving, setSaving] = useState(false);
  const save = async (send: () => Promise<unknown>, success: string) => {
    setSaving(true);
    try {
      await send();
      notify.success(success);
      onClose();
      await reload();
    } catch (error) {
      notify.error(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
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
 * A single task's status change (§4): set the status, then poll /task/status/detection every 800 ms
 * until the task reaches it (start: 2, then the list is read again after 1 s; stop and close
 * position: 4; pause: 3). `pending` names the tasks being polled, for their cards' spinners.
 */
export function useStatusChange() {
  const { t } = useTranslation('task');
  const notify = useNotify();
  const { modal } = App.useApp();
  const reload = useReloadTasks();
  const mounted = useMounted();
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
      const reply = await call('taskStatusUpdate', { taskId: task.id, settingStatus: target });
      // close position: the server's message (§4); the others the common success
      if (target === TASK_STATUS.closePosition) notify.success(typeof reply === 'string' && reply ? reply : t('messages.operated'));
      const until = pollUntilStatus(target);
      const reached = await pollUntil(
        async () => (await call('taskStatusDetection', { taskId: task.id })).status === until,
        INTERVALS.startStatusPollMs,
        () => !mounted.current,
      );
      if (reached && target === TASK_STATUS.running) await wait(INTERVALS.listRefreshAfterStartMs);
      if (mounted.current) await reload();
    } catch (error) {
      notify.error(error);
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
 * selected task, poll /task/status/detection/batch every 1 s until the update is done, then reload.
 */
export function useBatchStatus() {
  const { t } = useTranslation('task');
  const notify = useNotify();
  const { modal } = App.useApp();
  const reload = useReloadTasks();
  const mounted = useMounted();
  const [running, setRunning] = useState(false);

  const run = async (taskIds: number[], settingStatus: TaskTarget) => {
    setRunning(true);
    try {
      await call('taskStatusUpdateBatch', { taskIds, settingStatus });
      await pollUntil(
        async () => (await call('taskStatusDetectionBatch', { taskIds, settingStatus })).updateStatusAccomplishing === true,
        INTERVALS.batchStatusPollMs,
        () => !mounted.current,
      );
      if (mounted.current) await reload();
    } catch (error) {
      notify.error(error);
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
