import { useMemo } from 'react';
import { useDelete, useList, useUpdate, type HttpError } from '@refinedev/core';
import { App, Button, Dropdown, List, Space, Tag, Typography, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChildTask } from '../../api/types';
import type { Task } from '../../domain/task';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { CHILD_STATUS, childStatusLabelKey } from '../../domain/task-status';
import { ELLIPSIS_STYLE } from '../tasks/styles';
import { CHILD_TASKS, useReloadTasks } from '../tasks/use-task-actions';

/** The children of one task (§3), read once per card. */
export function useChildTasks(taskId: number) {
  const { result, query } = useList<ChildTask>({
    resource: CHILD_TASKS,
    filters: [{ field: 'taskId', operator: 'eq', value: taskId }],
    pagination: { mode: 'off' },
  });
  return { children: result.data ?? [], loading: query.isLoading };
}

/**
 * Child task rows under a task card (§2): start, stop, delete, trade info, stop closing (the last two
 * only with `trade`, the user's right to the trade info page and manual trading), through
 * Refine (update and delete of child-tasks read the children again). Starting, stopping or deleting a
 * child while its main task runs is refused by the server with code 4: the console says 'stop the main
 * task first' (§4, §8) instead of the server's text.
 */
export function ChildList({ task, children, trade }: { task: Task; children: readonly ChildTask[]; trade: boolean }) {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const reload = useReloadTasks();
  const navigate = useNavigate();
  const { mutate: update } = useUpdate<Record<string, never>, HttpError, { settingStatus: number }>();
  const { mutateAsync: remove } = useDelete();
  const endClosing = useCallMutation('manualTradeEnd', { successNotification: succeeded('task:messages.operated'), errorNotification: failed });
  const refusedWhileMainRuns = (error?: HttpError) => (error?.statusCode === 4 ? { ...failed(error), description: t('messages.stopMainTask') } : failed(error));

  const onClick = (child: ChildTask): MenuProps['onClick'] => ({ key }) => {
    const id = child.task_children_id;
    switch (key) {
      case 'start':
      case 'stop':
        return update({
          resource: CHILD_TASKS,
          id,
          values: { settingStatus: key === 'start' ? CHILD_STATUS.started : CHILD_STATUS.stopped },
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
          onOk: () => remove({ resource: CHILD_TASKS, id, successNotification: succeeded('task:messages.deleted'), errorNotification: refusedWhileMainRuns }).catch(() => undefined),
        });
      case 'tradeInfo':
        return void navigate(`/task/taskTradeInfo?id=${id}&type=ctask`);
      case 'stopClosing':
        return endClosing.mutate({ task_id: task.id }, { onSuccess: () => void reload() });
      default:
        return undefined;
    }
  };

  // trade info and stop closing are the trade info page's and manual trading's (§6 columns): absent without them
  const items: MenuProps['items'] = useMemo(
    () =>
      ['start', 'stop', 'delete', ...(trade ? ['tradeInfo', 'stopClosing'] : [])].map((key) => ({
        key,
        label: t(`childActions.${key}`),
        danger: key === 'delete',
      })),
    [t, trade],
  );

  if (children.length === 0) return <Typography.Text type="secondary">{t('card.noChildren')}</Typography.Text>;
  return (
    <List
      size="small"
      dataSource={[...children]}
      rowKey="task_children_id"
      renderItem={(child) => (
        <List.Item
          data-testid={`child-${child.task_children_id}`}
          actions={[
            <Dropdown key="menu" menu={{ items, onClick: onClick(child) }} trigger={['click']}>
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('child.menu', { id: child.task_children_id })} />
            </Dropdown>,
          ]}
        >
          <Space size={4} wrap style={{ minWidth: 0 }}>
            <Typography.Text>{child.task_children_id}</Typography.Text>
            <Typography.Text type="secondary" style={ELLIPSIS_STYLE}>
              {child.task_children_info.map((leg) => leg.name).join(' / ')}
            </Typography.Text>
            <Tag>×{child.weight}</Tag>
            <Tag color={child.status === CHILD_STATUS.started ? 'green' : 'default'}>{t(childStatusLabelKey(child.status))}</Tag>
          </Space>
        </List.Item>
      )}
    />
  );
}
