import { useMemo, useState } from 'react';
import { App, Button, Card, Dropdown, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { CanAccess, useCan, useInvalidate, useList, type CrudFilter } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FollowTask, UnilateralPosition, UnilateralStrategy } from '../../api/types';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { Sparkline } from '../../components/sparkline';
import { useUpDownColors } from '../../components/up-down-colors';
import { PAGING } from '../../domain/constants';
import { formatCost, formatQuantity, formatReturn } from '../../domain/format';
import { ONE_CLICK_FOLLOW_TYPE, STRATEGY_STATUS, STRATEGY_TARGET, strategyStatusLabelKey, trendLine, type TrendData } from '../../domain/unilateral';
import { useLiveResource } from '../../providers/use-live-resource';
import { FOLLOW_TASKS, FollowTaskDialog } from '../follow-tasks/follow-dialog';
import { FollowTaskTable } from '../follow-tasks/task-table';
import { UNILATERAL_STRATEGIES, UnilateralStrategyDialog } from './strategy-dialog';
import { useSign } from './use-sign';

/** chart_data (JSON text) as the drawn line: last 180 points and 7 future dates (§9); nothing when unreadable. */
export function trendValues(chartData: string | undefined): (number | null)[] {
  if (!chartData) return [];
  try {
    const data = JSON.parse(chartData) as TrendData;
    if (!Array.isArray(data?.date) || !Array.isArray(data?.value)) return [];
    return trendLine(data).map((point) => point.value);
  } catch {
    return [];
  }
}

function PositionCell({ position }: { position: UnilateralPosition[] | undefined }) {
  const { t } = useTranslation('unilateral');
  if (!position || position.length === 0) return <Typography.Text type="secondary">{t('list.noPosition')}</Typography.Text>;
  const tip = position.map((p) => (
    <div key={p.coin_names}>
      {t('list.positionTip', { coin: p.coin_names, position: formatQuantity(p.position), cost: formatCost(p.cost), ratio: formatReturn(p.ratio), type: p.type })}
    </div>
  ));
  return (
    <Tooltip title={tip}>
      <Typography.Text style={{ cursor: 'help' }}>{position.map((p) => `${p.coin_names} ${formatQuantity(p.position)}`).join(', ')}</Typography.Text>
    </Tooltip>
  );
}

type Cursor = { operator: 'gt' | 'lt'; value: number } | null;
type Dialog = { kind: 'edit'; strategyId: number } | { kind: 'follow'; strategyId: number } | null;

/**
 * /main/index/unilateral (spec §2 Unilateral strategy list): paged by the ±20 id cursor, live through
 * /web/all/data; rows expand to their follow tasks. Every action is present only when its strategy_*
 * key is in the user's list (§6); the status column and the operations dropdown are for admins.
 */
export default function UnilateralStrategyListPage() {
  const { t } = useTranslation('unilateral');
  const { message, modal } = App.useApp();
  const sign = useSign();
  const colors = useUpDownColors();
  const [cursor, setCursor] = useState<Cursor>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const invalidate = useInvalidate();

  const filters = useMemo<CrudFilter[]>(
    () => [{ field: 'sign', operator: 'eq', value: sign }, ...(cursor ? [{ field: 'id', operator: cursor.operator, value: cursor.value } as CrudFilter] : [])],
    [sign, cursor],
  );
  const { result, query } = useList<UnilateralStrategy>({ resource: UNILATERAL_STRATEGIES, filters, pagination: { mode: 'off' }, queryOptions: { enabled: !!sign } });
  useLiveResource(UNILATERAL_STRATEGIES);
  const strategies = result.data;

  const canSeeTasks = useCan({ resource: FOLLOW_TASKS, action: 'list' }).data?.can;
  const { result: taskResult } = useList<FollowTask>({ resource: FOLLOW_TASKS, pagination: { mode: 'off' }, queryOptions: { enabled: !!canSeeTasks } });
  const tasksOf = (strategy: UnilateralStrategy) => taskResult.data.filter((task) => task.strategy_id === strategy.id);

  const isAdmin = useCan({ resource: UNILATERAL_STRATEGIES, action: 'status' }).data?.can;
  const canOperate = useCan({ resource: UNILATERAL_STRATEGIES, action: 'operate' }).data?.can;
  const canStart = useCan({ resource: UNILATERAL_STRATEGIES, action: 'start' }).data?.can;
  const canStop = useCan({ resource: UNILATERAL_STRATEGIES, action: 'stop' }).data?.can;

  const refresh = () => void invalidate({ resource: UNILATERAL_STRATEGIES, invalidates: ['list'] });
  const setState = useCallMutation('unilateralStrategyState', { errorNotification: failed });
  const setTarget = useCallMutation('unilateralStrategyShow', { errorNotification: failed });
  const follow = useCallMutation('unilateralOneClickFollow', { successNotification: succeeded('unilateral:messages.followed'), errorNotification: failed });

  const changeState = (state: 0 | 1) => {
    if (selected.length === 0) {
      void message.warning(t('messages.selectStrategies'));
      return;
    }
    setState.mutate(
      { strategyIds: selected, state },
      { successNotification: succeeded(state === STRATEGY_STATUS.running ? 'unilateral:messages.started' : 'unilateral:messages.stopped'), onSuccess: refresh },
    );
  };
  const changeTarget = (strategy: UnilateralStrategy, target: 0 | 1) =>
    setTarget.mutate(
      { strategyId: strategy.id, target },
      { successNotification: succeeded(target === STRATEGY_TARGET.shown ? 'unilateral:messages.shown' : 'unilateral:messages.hidden'), onSuccess: refresh },
    );
  const oneClickFollow = (strategy: UnilateralStrategy) =>
    modal.confirm({
      title: t('confirmFollow'),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () => follow.mutate({ strategyId: strategy.id, type: ONE_CLICK_FOLLOW_TYPE }, { onSuccess: () => void invalidate({ resource: FOLLOW_TASKS, invalidates: ['list'] }) }),
    });

  const previous = () => {
    const first = strategies[0];
    if (!cursor || !first) void message.warning(t('list.firstPage'));
    else setCursor({ operator: 'lt', value: first.id });
  };
  const next = () => {
    const last = strategies.at(-1);
    if (!last || strategies.length < PAGING.unilateralPageSize) void message.warning(t('list.lastPage'));
    else setCursor({ operator: 'gt', value: last.id });
  };

  const operations = [
    ...(canStart ? [{ key: 'start', label: t('buttons.start'), onClick: () => changeState(STRATEGY_STATUS.running) }] : []),
    ...(canStop ? [{ key: 'stop', label: t('buttons.stop'), onClick: () => changeState(STRATEGY_STATUS.paused) }] : []),
  ];

  return (
    <Card
      title={t('list.title')}
      extra={
        canOperate && operations.length > 0 ? (
          <Space wrap>
            <Typography.Text type="secondary">{t('list.selected', { count: selected.length })}</Typography.Text>
            <Dropdown menu={{ items: operations }} trigger={['click']}>
              <Button loading={setState.isPending}>
                {t('buttons.operations')} <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        ) : null
      }
    >
      <Table<UnilateralStrategy>
        dataSource={strategies}
        loading={!sign || query.isLoading}
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={canOperate ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        expandable={canSeeTasks ? { expandedRowRender: (strategy) => <FollowTaskTable tasks={tasksOf(strategy)} /> } : undefined}
      >
        <Table.Column<UnilateralStrategy>
          dataIndex="names"
          title={t('list.fields.names')}
          render={(names: string, strategy) => (
            <Space size={4}>
              <Typography.Text strong>{names}</Typography.Text>
              {strategy.target === STRATEGY_TARGET.hidden ? <Tag>{t('list.hiddenTag')}</Tag> : null}
            </Space>
          )}
        />
        {isAdmin ? (
          <Table.Column<UnilateralStrategy>
            dataIndex="status"
            title={t('list.fields.status')}
            render={(status: number) => <Tag color={status === STRATEGY_STATUS.running ? 'green' : 'default'}>{t(strategyStatusLabelKey(status))}</Tag>}
          />
        ) : null}
        <Table.Column<UnilateralStrategy>
          dataIndex="total_eq"
          title={t('list.fields.totalEq')}
          render={(value: number) => <Typography.Text style={{ color: value < 0 ? colors.down : colors.up }}>{`${formatReturn(value)}%`}</Typography.Text>}
        />
        <Table.Column<UnilateralStrategy> dataIndex="position" title={t('list.fields.position')} render={(position: UnilateralPosition[]) => <PositionCell position={position} />} />
        <Table.Column<UnilateralStrategy>
          key="trend"
          title={t('list.fields.trend')}
          width={180}
          render={(_, strategy) => <Sparkline values={trendValues(strategy.chart_data)} width={160} height={40} label={t('list.trendLabel', { name: strategy.names })} />}
        />
        <Table.Column<UnilateralStrategy> dataIndex="update_time" title={t('list.fields.updateTime')} />
        <Table.Column<UnilateralStrategy> dataIndex="last_deal" title={t('list.fields.lastDeal')} />
        <Table.Column<UnilateralStrategy>
          key="actions"
          title={t('list.fields.actions')}
          render={(_, strategy) => (
            <Space size={4} wrap>
              <CanAccess resource={UNILATERAL_STRATEGIES} action="edit">
                <Button size="small" onClick={() => setDialog({ kind: 'edit', strategyId: strategy.id })}>
                  {t('buttons.edit')}
                </Button>
              </CanAccess>
              <CanAccess resource={FOLLOW_TASKS} action="create">
                <Button size="small" onClick={() => setDialog({ kind: 'follow', strategyId: strategy.id })}>
                  {t('buttons.addTask')}
                </Button>
              </CanAccess>
              <CanAccess resource={UNILATERAL_STRATEGIES} action="follow">
                <Button size="small" onClick={() => oneClickFollow(strategy)}>
                  {t('buttons.oneClick')}
                </Button>
              </CanAccess>
              {strategy.target === STRATEGY_TARGET.shown ? (
                <CanAccess resource={UNILATERAL_STRATEGIES} action="hide">
                  <Button size="small" onClick={() => changeTarget(strategy, STRATEGY_TARGET.hidden)}>
                    {t('buttons.hide')}
                  </Button>
                </CanAccess>
              ) : (
                <CanAccess resource={UNILATERAL_STRATEGIES} action="unhide">
                  <Button size="small" onClick={() => changeTarget(strategy, STRATEGY_TARGET.shown)}>
                    {t('buttons.show')}
                  </Button>
                </CanAccess>
              )}
              <CanAccess resource={UNILATERAL_STRATEGIES} action="show">
                <Link to={`/unilateral/statistic?key=${strategy.id}`}>{t('buttons.details')}</Link>
              </CanAccess>
            </Space>
          )}
        />
      </Table>
      <Space style={{ marginTop: 12 }}>
        <Button onClick={previous}>{t('list.prev')}</Button>
        <Button onClick={next}>{t('list.next')}</Button>
      </Space>
      {dialog?.kind === 'edit' ? (
        <UnilateralStrategyDialog
          strategyId={dialog.strategyId}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'follow' ? (
        <FollowTaskDialog
          mode="add"
          strategyId={dialog.strategyId}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
