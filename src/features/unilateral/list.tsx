import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Dropdown, Space, Table, Tag, Tooltip, Typography, type CheckboxProps } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useCan, useInvalidate, useList, type CrudFilter } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnilateralPosition, UnilateralStrategy } from '#contract/types/unilateral';
import type { FollowTask } from '#contract/types/follow-tasks';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { Sparkline } from '../../components/sparkline';
import { ToolCard } from '../../components/tool-card';
import { useUpDownColors } from '../../components/up-down-colors';
import { PAGING } from '#contract/rules/constants';
import { formatCost, formatPercent, formatQuantity, formatReturn, formatStatistic } from '../../domain/format';
import { ONE_CLICK_FOLLOW_TYPE, STRATEGY_STATUS, STRATEGY_TARGET, strategyStatusLabelKey, trendLine, type TrendData } from '#contract/rules/unilateral';
import { FOLLOW_TASKS, FollowTaskDialog } from './follow-tasks/follow-dialog';
import { FollowTaskTable } from './follow-tasks/task-table';
import { UNILATERAL_STRATEGIES, UnilateralStrategyDialog } from './strategy-dialog';
import { UnilateralStrategyAddDialog } from './strategy-add-dialog';
import { useSign } from './use-sign';
import { LiveStrategies, LiveStrategiesContext, useLiveField, useStrategyFeed } from './live-strategies';
import { KEYBOARD_MENU } from '../../components/keyboard-menu';

/** chart_data (JSON text) as the drawn line: last 180 points and 7 future dates (§9); nothing when unreadable. */
export function trendPoints(chartData: string | undefined): { date: string; value: number | null }[] {
  if (!chartData) return [];
  try {
    const data = JSON.parse(chartData) as TrendData;
    if (!Array.isArray(data?.date) || !Array.isArray(data?.value)) return [];
    return trendLine(data);
  } catch {
    return [];
  }
}

// The cells below are memoised on what they show, and read their row as /web/all/data last pushed it (Live*
// below): a push renders the cells whose figures it changed (every running strategy's at each bar), not the table.

const samePosition = (a: { position: UnilateralPosition[] | undefined }, b: { position: UnilateralPosition[] | undefined }) =>
  a.position === b.position || JSON.stringify(a.position) === JSON.stringify(b.position);

const PositionCell = memo(function PositionCell({ position }: { position: UnilateralPosition[] | undefined }) {
  const { t } = useTranslation('unilateral');
  if (!position || position.length === 0) return <Typography.Text type="secondary">{t('list.noPosition')}</Typography.Text>;
  const tip = position.map((p) => (
    <div key={p.coin_names}>
      {t('list.positionTip', {
        coin: p.coin_names,
        position: formatQuantity(p.position),
        cost: formatCost(p.cost),
        ratio: formatReturn(p.ratio),
        type: p.type,
      })}
    </div>
  ));
  return (
    <Tooltip title={tip}>
      <span style={{ cursor: 'help' }}>{position.map((p) => `${p.coin_names} ${formatQuantity(p.position)}`).join(', ')}</span>
    </Tooltip>
  );
}, samePosition);

const NameCell = memo(function NameCell({ names, hidden }: { names: string; hidden: boolean }) {
  const { t } = useTranslation('unilateral');
  return (
    <Space size={4}>
      <strong>{names}</strong>
      {hidden ? <Tag>{t('list.hiddenTag')}</Tag> : null}
    </Space>
  );
});

const StatusCell = memo(function StatusCell({ status }: { status: number }) {
  const { t } = useTranslation('unilateral');
  return <Tag color={status === STRATEGY_STATUS.running ? 'green' : 'default'}>{t(strategyStatusLabelKey(status))}</Tag>;
});

const ReturnCell = memo(function ReturnCell({ value }: { value: number }) {
  const colors = useUpDownColors();
  return <span style={{ color: value < 0 ? colors.down : colors.up }}>{formatPercent(value, 'returnRate')}</span>;
});

/** The trend line of a row: drawn again only when its chart_data text changes (a push re-sends every row). */
const TrendCell = memo(function TrendCell({ chartData, names }: { chartData: string | undefined; names: string }) {
  const { t } = useTranslation('unilateral');
  const points = trendPoints(chartData);
  return (
    <Sparkline
      values={points.map((point) => point.value)}
      times={points.map((point) => point.date)}
      valueName={t('list.fields.trend')}
      formatValue={formatStatistic}
      width={160}
      height={40}
      label={t('list.trendLabel', { name: names })}
    />
  );
});

type RowProps = { row: UnilateralStrategy };
const isHidden = (row: UnilateralStrategy) => row.target === STRATEGY_TARGET.hidden;

const LiveName = memo(function LiveName({ row }: RowProps) {
  const names = useLiveField(row, (r) => r.names);
  const hidden = useLiveField(row, isHidden);
  return <NameCell names={names} hidden={hidden} />;
});
const LiveStatus = memo(function LiveStatus({ row }: RowProps) {
  return <StatusCell status={useLiveField(row, (r) => r.status)} />;
});
const LiveReturn = memo(function LiveReturn({ row }: RowProps) {
  return <ReturnCell value={useLiveField(row, (r) => r.total_eq)} />;
});
const LivePosition = memo(function LivePosition({ row }: RowProps) {
  return <PositionCell position={useLiveField(row, (r) => r.position)} />;
});
const LiveTrend = memo(function LiveTrend({ row }: RowProps) {
  const chartData = useLiveField(row, (r) => r.chart_data);
  const names = useLiveField(row, (r) => r.names);
  return <TrendCell chartData={chartData} names={names} />;
});
const LiveText = memo(function LiveText({ row, field }: RowProps & { field: 'update_time' | 'last_deal' }) {
  return useLiveField(row, (r) => r[field]);
});

/** What the user may do on a row (§6 strategy_* keys), asked once for the page instead of once per row and button. */
interface RowRights {
  edit?: boolean;
  addTask?: boolean;
  follow?: boolean;
  hide?: boolean;
  unhide?: boolean;
  show?: boolean;
}
type RowAction = 'edit' | 'addTask' | 'follow' | 'hide' | 'unhide';

/** A row's buttons: they depend on the strategy's id and target only, so a live push does not render them again. */
const ActionsCell = memo(function ActionsCell({
  id,
  target,
  rights,
  onAction,
}: {
  id: number;
  target: number;
  rights: RowRights;
  onAction: (action: RowAction, id: number) => void;
}) {
  const { t } = useTranslation('unilateral');
  return (
    <Space size={4} wrap>
      {rights.edit ? (
        <Button size="small" onClick={() => onAction('edit', id)}>
          {t('buttons.edit')}
        </Button>
      ) : null}
      {rights.addTask ? (
        <Button size="small" onClick={() => onAction('addTask', id)}>
          {t('buttons.addTask')}
        </Button>
      ) : null}
      {rights.follow ? (
        <Button size="small" onClick={() => onAction('follow', id)}>
          {t('buttons.oneClick')}
        </Button>
      ) : null}
      {target === STRATEGY_TARGET.shown
        ? rights.hide && (
            <Button size="small" onClick={() => onAction('hide', id)}>
              {t('buttons.hide')}
            </Button>
          )
        : rights.unhide && (
            <Button size="small" onClick={() => onAction('unhide', id)}>
              {t('buttons.show')}
            </Button>
          )}
      {rights.show ? <Link to={`/unilateral/statistic?key=${id}`}>{t('buttons.details')}</Link> : null}
    </Space>
  );
});

const LiveActions = memo(function LiveActions({ row, ...props }: RowProps & Omit<Parameters<typeof ActionsCell>[0], 'id' | 'target'>) {
  return <ActionsCell id={row.id} target={useLiveField(row, (r) => r.target)} {...props} />;
});

type Cursor = { operator: 'gt' | 'lt'; value: number } | null;
type Dialog = { kind: 'edit'; strategyId: number } | { kind: 'follow'; strategyId: number } | { kind: 'add' } | null;

/**
 * /main/index/unilateral (spec §2 Unilateral strategy list): paged by the ±20 id cursor, live through
 * /web/all/data; rows expand to their follow tasks. Every action is present only when its strategy_*
 * key is in the user's list (§6); the status column and the operations dropdown are for admins.
 */
export default function UnilateralStrategyListPage() {
  const { t } = useTranslation('unilateral');
  const { message, modal } = App.useApp();
  const sign = useSign();
  const [cursor, setCursor] = useState<Cursor>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const invalidate = useInvalidate();

  const filters = useMemo<CrudFilter[]>(
    () => [{ field: 'sign', operator: 'eq', value: sign }, ...(cursor ? [{ field: 'id', operator: cursor.operator, value: cursor.value } as CrudFilter] : [])],
    [sign, cursor],
  );
  const { result, query } = useList<UnilateralStrategy>({
    resource: UNILATERAL_STRATEGIES,
    filters,
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!sign },
  });
  const strategies = result.data;
  // the feed's status is the shell's badge; a push renders the cells it changed, not this page
  const [live] = useState(() => new LiveStrategies());
  useLayoutEffect(() => live.readRows(strategies), [live, strategies]);
  useStrategyFeed(live);

  const canSeeTasks = useCan({ resource: FOLLOW_TASKS, action: 'list' }).data?.can;
  const { result: taskResult } = useList<FollowTask>({ resource: FOLLOW_TASKS, pagination: { mode: 'off' }, queryOptions: { enabled: !!canSeeTasks } });
  const tasksOf = (strategy: UnilateralStrategy) => taskResult.data.filter((task) => task.strategy_id === strategy.id);

  const isAdmin = useCan({ resource: UNILATERAL_STRATEGIES, action: 'status' }).data?.can;
  const canOperate = useCan({ resource: UNILATERAL_STRATEGIES, action: 'operate' }).data?.can;
  const canStart = useCan({ resource: UNILATERAL_STRATEGIES, action: 'start' }).data?.can;
  const canStop = useCan({ resource: UNILATERAL_STRATEGIES, action: 'stop' }).data?.can;
  const canEdit = useCan({ resource: UNILATERAL_STRATEGIES, action: 'edit' }).data?.can;
  const canAddTask = useCan({ resource: FOLLOW_TASKS, action: 'create' }).data?.can;
  const canFollow = useCan({ resource: UNILATERAL_STRATEGIES, action: 'follow' }).data?.can;
  const canHide = useCan({ resource: UNILATERAL_STRATEGIES, action: 'hide' }).data?.can;
  const canUnhide = useCan({ resource: UNILATERAL_STRATEGIES, action: 'unhide' }).data?.can;
  const canShow = useCan({ resource: UNILATERAL_STRATEGIES, action: 'show' }).data?.can;
  const canAdd = useCan({ resource: UNILATERAL_STRATEGIES, action: 'create' }).data?.can;
  const rights = useMemo<RowRights>(
    () => ({ edit: canEdit, addTask: canAddTask, follow: canFollow, hide: canHide, unhide: canUnhide, show: canShow }),
    [canEdit, canAddTask, canFollow, canHide, canUnhide, canShow],
  );

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
  const changeTarget = (strategyId: number, target: 0 | 1) =>
    setTarget.mutate(
      { strategyId, target },
      { successNotification: succeeded(target === STRATEGY_TARGET.shown ? 'unilateral:messages.shown' : 'unilateral:messages.hidden'), onSuccess: refresh },
    );
  const oneClickFollow = (strategyId: number) =>
    modal.confirm({
      title: t('confirmFollow'),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () =>
        follow.mutate({ strategyId, type: ONE_CLICK_FOLLOW_TYPE }, { onSuccess: () => void invalidate({ resource: FOLLOW_TASKS, invalidates: ['list'] }) }),
    });
  // the rows' buttons call the latest handlers through one stable function, so the memoised cells keep it
  const handlers = {
    edit: (id: number) => setDialog({ kind: 'edit', strategyId: id }),
    addTask: (id: number) => setDialog({ kind: 'follow', strategyId: id }),
    follow: oneClickFollow,
    hide: (id: number) => changeTarget(id, STRATEGY_TARGET.hidden),
    unhide: (id: number) => changeTarget(id, STRATEGY_TARGET.shown),
  };
  const latest = useRef(handlers);
  latest.current = handlers;
  const onAction = useCallback((action: RowAction, id: number) => latest.current[action](id), []);

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
    <ToolCard
      title={t('list.title')}
      styles={{ header: { paddingBlock: 8 } }}
      tools={
        <Space wrap>
          {canOperate && operations.length > 0 ? (
            <>
              <Typography.Text type="secondary">{t('list.selected', { count: selected.length })}</Typography.Text>
              <Dropdown menu={{ items: operations }} {...KEYBOARD_MENU}>
                <Button loading={setState.isPending}>
                  {t('buttons.operations')} <DownOutlined />
                </Button>
              </Dropdown>
            </>
          ) : null}
          {canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('addStrategy.button')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <LiveStrategiesContext.Provider value={live}>
        <Table<UnilateralStrategy>
          dataSource={strategies}
          loading={!sign || query.isLoading}
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canOperate
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({ 'aria-label': t('selectRow', { name: row.names }) }) as CheckboxProps,
                }
              : undefined
          }
          expandable={canSeeTasks ? { expandedRowRender: (strategy) => <FollowTaskTable tasks={tasksOf(strategy)} /> } : undefined}
        >
          <Table.Column<UnilateralStrategy> dataIndex="names" title={t('list.fields.names')} render={(_, strategy) => <LiveName row={strategy} />} />
          {isAdmin ? (
            <Table.Column<UnilateralStrategy> dataIndex="status" title={t('list.fields.status')} render={(_, strategy) => <LiveStatus row={strategy} />} />
          ) : null}
          <Table.Column<UnilateralStrategy> dataIndex="total_eq" title={t('list.fields.totalEq')} render={(_, strategy) => <LiveReturn row={strategy} />} />
          <Table.Column<UnilateralStrategy> dataIndex="position" title={t('list.fields.position')} render={(_, strategy) => <LivePosition row={strategy} />} />
          <Table.Column<UnilateralStrategy> key="trend" title={t('list.fields.trend')} width={180} render={(_, strategy) => <LiveTrend row={strategy} />} />
          <Table.Column<UnilateralStrategy>
            dataIndex="update_time"
            title={t('list.fields.updateTime')}
            render={(_, strategy) => <LiveText row={strategy} field="update_time" />}
          />
          <Table.Column<UnilateralStrategy>
            dataIndex="last_deal"
            title={t('list.fields.lastDeal')}
            render={(_, strategy) => <LiveText row={strategy} field="last_deal" />}
          />
          <Table.Column<UnilateralStrategy>
            key="actions"
            title={t('list.fields.actions')}
            render={(_, strategy) => <LiveActions row={strategy} rights={rights} onAction={onAction} />}
          />
        </Table>
      </LiveStrategiesContext.Provider>
      <Space style={{ marginTop: 12 }}>
        <Button onClick={previous}>{t('list.prev')}</Button>
        <Button onClick={next}>{t('list.next')}</Button>
      </Space>
      {dialog?.kind === 'edit' ? (
        <UnilateralStrategyDialog strategyId={dialog.strategyId} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'add' ? (
        <UnilateralStrategyAddDialog
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'follow' ? (
        <FollowTaskDialog mode="add" strategyId={dialog.strategyId} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      ) : null}
    </ToolCard>
  );
}
