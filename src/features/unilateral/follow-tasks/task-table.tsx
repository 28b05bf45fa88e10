import { useState } from 'react';
import { App, Button, Popconfirm, Space, Table, Tag, Typography, type CheckboxProps } from 'antd';
import { CanAccess, useDelete, useInvalidate } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FollowTask } from '#contract/types/follow-tasks';
import { useCall, useCallMutation } from '../../../api/use-call';
import { failed, succeeded } from '../../../components/notify';
import { ManualTradeDialog } from '../../../components/manual-trade-dialog';
import { canContinue, FOLLOW_ACTION_STATE, FOLLOW_STATE, followStateLabelKey, isFollowDeletable, type FollowAction } from '#contract/rules/unilateral';
import { FOLLOW_TASKS, FollowTaskDialog } from './follow-dialog';

const STATE_COLORS: Record<number, string> = { 1: 'green', 0: 'default', 2: 'gold', 3: 'blue', 4: 'red' };

/** The actions a task offers in its state (§4): start now / continue, delayed start, stop. */
export function followActions(task: Pick<FollowTask, 'status'>): FollowAction[] {
  const actions: FollowAction[] = [];
  if (canContinue(task)) actions.push('continue');
  else if (task.status !== FOLLOW_STATE.auto) actions.push('start');
  if (task.status === FOLLOW_STATE.stop || task.status === FOLLOW_STATE.stopLoss) actions.push('startDelay');
  if (task.status !== FOLLOW_STATE.stop && task.status !== FOLLOW_STATE.stopLoss) actions.push('stop');
  return actions;
}

const ACTION_LABEL: Record<FollowAction, string> = {
  start: 'follow.actions.start',
  startDelay: 'follow.actions.delay',
  continue: 'follow.actions.continue',
  stop: 'follow.actions.stop',
};

/**
 * Follow tasks (API items) with their actions (spec §4): start now (1), delayed start (3), continue (1),
 * stop (0), delete, edit, detail, manual order; several at once through the selection (/put/task/state
 * {apis, state}). Used under a strategy row of the unilateral list and on /main/index/api.
 */
export function FollowTaskTable({ tasks, loading, showStrategy = false }: { tasks: FollowTask[]; loading?: boolean; showStrategy?: boolean }) {
  const { t } = useTranslation('unilateral');
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [manual, setManual] = useState<FollowTask | null>(null);
  const { data: bourses } = useCall('bourseGet', {}, { staleTime: 5 * 60_000 });
  const setState = useCallMutation('followTaskState', { successNotification: succeeded('unilateral:messages.stateChanged'), errorNotification: failed });
  const { mutate: remove } = useDelete();

  const refresh = () => void invalidate({ resource: FOLLOW_TASKS, invalidates: ['list', 'detail'] });
  const send = (apis: number[], action: FollowAction) => setState.mutate({ apis, state: FOLLOW_ACTION_STATE[action] }, { onSuccess: refresh });
  const ask = (apis: number[], action: FollowAction) =>
    action === 'stop'
      ? modal.confirm({
          title: t('follow.confirmStop'),
          okText: t('common:buttons.ok'),
          cancelText: t('common:buttons.cancel'),
          onOk: () => send(apis, action),
        })
      : send(apis, action);
  const deleteTask = (task: FollowTask) =>
    remove({ resource: FOLLOW_TASKS, id: task.id, successNotification: succeeded('unilateral:messages.deleted'), errorNotification: failed });

  const manualApi = manual ? { id: manual.id, name: manual.name, bourse_id: bourses?.find((b) => b.name === manual.bourse)?.id ?? 0 } : null;

  return (
    <>
      <CanAccess resource={FOLLOW_TASKS} action="edit">
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('follow.selected', { count: selected.length })}</Typography.Text>
          {(['start', 'startDelay', 'stop'] as const).map((action) => (
            <Button key={action} size="small" disabled={selected.length === 0} onClick={() => ask(selected, action)}>
              {t(ACTION_LABEL[action])}
            </Button>
          ))}
        </Space>
      </CanAccess>
      <Table<FollowTask>
        dataSource={tasks}
        loading={loading}
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('follow.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          // antd hands aria-label on to the input; CheckboxProps does not list it
          getCheckboxProps: (task) => ({ 'aria-label': t('selectRow', { name: task.name }) }) as CheckboxProps,
        }}
      >
        {/* names is the strategy's (as on a strategy row), name the API account's */}
        <Table.Column<FollowTask> dataIndex="name" title={t('follow.columns.names')} />
        {showStrategy ? <Table.Column<FollowTask> dataIndex="names" title={t('follow.columns.strategy')} /> : null}
        <Table.Column<FollowTask> dataIndex="username" title={t('follow.columns.user')} render={(name: string, task) => name || task.user} />
        <Table.Column<FollowTask> dataIndex="bourse" title={t('follow.columns.bourse')} />
        <Table.Column<FollowTask> dataIndex="ratio" title={t('follow.columns.ratio')} />
        <Table.Column<FollowTask> dataIndex="strategy_ratio" title={t('follow.columns.strategyRatio')} />
        <Table.Column<FollowTask> dataIndex="qty" title={t('follow.columns.qty')} />
        <Table.Column<FollowTask> dataIndex="createtime" title={t('follow.columns.createtime')} />
        <Table.Column<FollowTask>
          dataIndex="status"
          title={t('follow.columns.status')}
          render={(status: number) => <Tag color={STATE_COLORS[status] ?? 'default'}>{t(followStateLabelKey(status))}</Tag>}
        />
        <Table.Column<FollowTask>
          key="actions"
          title={t('follow.columns.actions')}
          render={(_, task) => (
            <Space size={4} wrap>
              <CanAccess resource={FOLLOW_TASKS} action="edit">
                {followActions(task).map((action) => (
                  <Button key={action} size="small" onClick={() => ask([task.id], action)}>
                    {t(ACTION_LABEL[action])}
                  </Button>
                ))}
                <Button size="small" onClick={() => setEditing(task.id)}>
                  {t('follow.actions.edit')}
                </Button>
              </CanAccess>
              <CanAccess resource={FOLLOW_TASKS} action="show">
                <Link to={`/main/index/api/detail?key=${task.strategy_id}&api=${task.id}`}>{t('follow.actions.detail')}</Link>
              </CanAccess>
              <CanAccess resource="assets" action="trade">
                <Button size="small" onClick={() => setManual(task)}>
                  {t('follow.actions.manual')}
                </Button>
              </CanAccess>
              {isFollowDeletable(task) ? (
                <CanAccess resource={FOLLOW_TASKS} action="delete">
                  <Popconfirm
                    title={t('follow.confirmDelete', { name: task.name })}
                    okText={t('common:buttons.ok')}
                    cancelText={t('common:buttons.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => deleteTask(task)}
                  >
                    <Button size="small" danger>
                      {t('follow.actions.delete')}
                    </Button>
                  </Popconfirm>
                </CanAccess>
              ) : null}
            </Space>
          )}
        />
      </Table>
      {editing !== null ? <FollowTaskDialog mode="edit" apiId={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} /> : null}
      {manualApi ? <ManualTradeDialog api={manualApi} onClose={() => setManual(null)} /> : null}
    </>
  );
}
