import { useList } from '@refinedev/core';
import { App, Button, Dropdown, List, Space, Tag, Typography, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../api/client';
import type { ChildTask } from '../../api/types';
import type { Task } from '../../domain/task';
import { useNotify } from '../../components/notify';
import { CHILD_STATUS, childStatusLabelKey } from '../../domain/task-status';
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
 * Child task rows under a task card (§2): start, stop, delete, trade info, stop closing. Stopping or
 * deleting a child while its main task runs is refused by the server (code 4, the server's 'stop the main task first' message),
 * whose message is shown.
 */
export function ChildList({ task, children }: { task: Task; children: readonly ChildTask[] }) {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const notify = useNotify();
  const reload = useReloadTasks();
  const navigate = useNavigate();

  /** `refusedWhileRunning`: what a refusal with code 4 says instead of the server's text (§8). */
  const act = async (work: () => Promise<unknown>, success: string, refusedWhileRunning?: string) => {
    try {
      await work();
      notify.success(success);
      await reload();
    } catch (error) {
      notify.error(refusedWhileRunning && error instanceof ApiError && error.code === 4 ? new Error(refusedWhileRunning) : error);
    }
  };

  const onClick = (child: ChildTask): MenuProps['onClick'] => ({ key }) => {
    const taskChildrenId = child.task_children_id;
    switch (key) {
      case 'start':
      case 'stop':
        return void act(() => call('taskChildrenStatusUpdate', { taskChildrenId, settingStatus: key === 'start' ? CHILD_STATUS.started : CHILD_STATUS.stopped }), t('messages.operated'), t('messages.stopMainTask'));
      case 'delete':
        return void modal.confirm({
          title: t('confirm.title'),
          content: t('confirm.deleteChild', { id: taskChildrenId }),
          okText: t('common:buttons.ok'),
          cancelText: t('common:buttons.cancel'),
          okButtonProps: { danger: true },
          onOk: () => act(() => call('taskChildrenDelete', { taskChildrenId }), t('messages.deleted')),
        });
      case 'tradeInfo':
        return void navigate(`/task/taskTradeInfo?id=${taskChildrenId}&type=ctask`);
      case 'stopClosing':
        return void act(() => call('manualTradeEnd', { task_id: task.id }), t('messages.operated'));
      default:
        return undefined;
    }
  };

  const items: MenuProps['items'] = ['start', 'stop', 'delete', 'tradeInfo', 'stopClosing'].map((key) => ({
    key,
    label: t(`childActions.${key}`),
    danger: key === 'delete',
  }));

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
            <Typography.Text type="secondary" ellipsis>
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
