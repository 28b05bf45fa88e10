import { memo, useMemo } from 'react';
import { useDelete, useList, useUpdate, type HttpError } from '@refinedev/core';
import { App, Button, Dropdown, Tag, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChildTask } from '#contract/types/tasks';
import type { Task } from '#contract/types/tasks';
import { useCallMutation } from '../../../api/use-call';
import { failed, succeeded } from '../../../components/notify';
import { CHILD_STATUS, childStatusLabelKey } from '#contract/rules/task-status';
import { ELLIPSIS_STYLE } from '../styles';
import type { LegHealth } from '#contract/rules/leg-health';
import { LegHealthTag } from '../../../components/leg-health';
import { CHILD_TASKS, useReloadTasks } from '../use-task-actions';
import { KEYBOARD_MENU } from '../../../components/keyboard-menu';

/** The children of one task (§3), read once per card. */
export function useChildTasks(taskId: number) {
  const { result, query } = useList<ChildTask>({
    resource: CHILD_TASKS,
    filters: [{ field: 'taskId', operator: 'eq', value: taskId }],
    pagination: { mode: 'off' },
  });
  return { children: result.data ?? [], loading: query.isLoading };
}

export type ChildAction = 'start' | 'stop' | 'delete' | 'tradeInfo' | 'stopClosing';
const CHILD_ACTIONS: readonly ChildAction[] = ['start', 'stop', 'delete', 'tradeInfo', 'stopClosing'];

/**
 * What a child row's menu does (§2: start, stop, delete, trade info, stop closing), through Refine:
 * update and delete of child-tasks (the children are read again), /taskServer/manualend for stop
 * closing. Starting, stopping or deleting a child while its main task runs is refused by the server
 * with code 4: the console says 'stop the main task first' (§4, §8) instead of the server's text.
 * One per page (the cards share it), so a card's live updates do not re-run these hooks.
 */
export function useChildActions() {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const reload = useReloadTasks();
  const navigate = useNavigate();
  const { mutate: update } = useUpdate<Record<string, never>, HttpError, { settingStatus: number }>();
  const { mutateAsync: remove } = useDelete();
  const endClosing = useCallMutation('manualTradeEnd', { successNotification: succeeded('task:messages.operated'), errorNotification: failed });
  const refusedWhileMainRuns = (error?: HttpError) => (error?.statusCode === 4 ? { ...failed(error), description: t('messages.stopMainTask') } : failed(error));

  return (action: ChildAction, child: ChildTask, task: Task) => {
    const id = child.task_children_id;
    switch (action) {
      case 'start':
      case 'stop':
        return update({
          resource: CHILD_TASKS,
          id,
          values: { settingStatus: action === 'start' ? CHILD_STATUS.started : CHILD_STATUS.stopped },
          successNotification: succeeded('task:messages.operated'),
          errorNotification: refusedWhileMainRuns,
        });
      case 'delete':
        return void modal.confirm({
          title: t('confirm.title'),
          content: t('confirm.deleteChild', { id }),
          okText: t('common:buttons.ok'),
          cancelText: t('common:buttons.cancel'),
          okButtonProps: { danger: true },
          // the confirm stays busy until the answer; a failure is shown by the notification provider
          onOk: () =>
            remove({ resource: CHILD_TASKS, id, successNotification: succeeded('task:messages.deleted'), errorNotification: refusedWhileMainRuns }).catch(
              () => undefined,
            ),
        });
      case 'tradeInfo':
        return void navigate(`/task/taskTradeInfo?id=${id}&type=ctask`);
      case 'stopClosing':
        return endClosing.mutate({ task_id: task.id }, { onSuccess: () => void reload() });
    }
  };
}

interface Props {
  task: Task;
  children: readonly ChildTask[];
  /** the page's useChildActions (a callback that does not change). */
  onAction: (action: ChildAction, child: ChildTask, task: Task) => void;
  /** the secondary text colour (the card reads the theme once). */
  muted: string;
  /** each child's leg health by child id (the task socket's leg_health), when it has come */
  legHealth?: Record<number, LegHealth>;
}

const ROW_STYLE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, minWidth: 0, padding: '4px 0' } as const;

/** Child task rows under a task card (§2), each with its menu. Plain rows: a card holds few antd components, it re-renders on every live update. */
export const ChildList = memo(function ChildList({ task, children, onAction, muted, legHealth }: Props) {
  const { t } = useTranslation('task');
  const items: MenuProps['items'] = useMemo(() => CHILD_ACTIONS.map((key) => ({ key, label: t(`childActions.${key}`), danger: key === 'delete' })), [t]);

  if (children.length === 0) return <span style={{ color: muted }}>{t('card.noChildren')}</span>;
  return (
    <div>
      {children.map((child) => (
        <div key={child.task_children_id} data-testid={`child-${child.task_children_id}`} style={ROW_STYLE}>
          <span>{child.task_children_id}</span>
          <span style={{ ...ELLIPSIS_STYLE, color: muted, flex: 1 }}>{child.task_children_info.map((leg) => leg.name).join(' / ')}</span>
          <Tag>×{child.weight}</Tag>
          <Tag color={child.status === CHILD_STATUS.started ? 'green' : 'default'}>{t(childStatusLabelKey(child.status))}</Tag>
          <Dropdown menu={{ items, onClick: ({ key }) => onAction(key as ChildAction, child, task) }} {...KEYBOARD_MENU}>
            <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('child.menu', { id: child.task_children_id })} />
          </Dropdown>
          {legHealth?.[child.task_children_id] && (
            <div style={{ flexBasis: '100%', paddingInlineStart: 12 }}>
              <LegHealthTag health={legHealth[child.task_children_id]} testId={`legs-child-${child.task_children_id}`} />
            </div>
          )}
        </div>
      ))}
    </div>
  );
});
