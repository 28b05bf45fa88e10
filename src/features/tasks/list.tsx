import { lazy, memo, Suspense, useCallback, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { CanAccess, useDelete, useList, type CrudFilter } from '@refinedev/core';
import { App, Button, Card, Dropdown, Empty, Grid, Space, Spin, Typography, type MenuProps } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import type { TaskPage } from '#contract/types/tasks';
import { useCall, useCallMutation } from '../../api/use-call';
import { failed, succeeded, useNotify } from '../../components/notify';
import { ToolCard } from '../../components/tool-card';
import { PAGING } from '#contract/rules/constants';
import { ALL, CARD_WIDTH, clampCardWidth, copyName, defaultStrategyName, taskListFilters, type TaskFilters } from '../../domain/task';
import { TASK_STATUS, isDeletable } from '#contract/rules/task-status';
import { useLiveResourceCache } from '../../providers/use-live-resource';
import { useBourses } from '../../api/use-bourses';
import { useChildActions } from './child-tasks/child-list';
import { FilterBar } from './filter-bar';
import { TaskCard, cardMenuItems, type CardAction, type LiveTask } from './task-card';
import type { TaskDialogMode } from './task-dialog';
import { TASKS, useBatchStatus, useStatusChange, useTaskSave } from './use-task-actions';
import { WindowedGrid } from './windowed-grid';
import { KEYBOARD_MENU } from '../../components/keyboard-menu';

// the dialogs (forms, selects, the chart) load when first opened, not with the page of cards
const TaskDialog = lazy(() => import('./task-dialog').then((m) => ({ default: m.TaskDialog })));
const RenameDialog = lazy(() => import('./rename-dialog').then((m) => ({ default: m.RenameDialog })));
const AddChildDialog = lazy(() => import('./child-tasks/add-child-dialog').then((m) => ({ default: m.AddChildDialog })));
const MarketChartDialog = lazy(() => import('./market-chart-dialog').then((m) => ({ default: m.MarketChartDialog })));
const ManualTradeDialog = lazy(() => import('./manual-trade-dialog').then((m) => ({ default: m.ManualTradeDialog })));
const BatchConfigDialog = lazy(() => import('./batch-config-dialog').then((m) => ({ default: m.BatchConfigDialog })));

type Dialog =
  | { kind: 'task'; mode: TaskDialogMode }
  | { kind: 'rename' | 'addChild' | 'chart'; task: LiveTask }
  | { kind: 'manual'; task: LiveTask; trade: 'close' | 'open' }
  | { kind: 'batchConfig'; taskIds: number[] };

const NO_STRATEGIES: ArbitrageStrategy[] = [];
const storedWidth = () => clampCardWidth(typeof localStorage === 'undefined' ? null : localStorage.getItem(CARD_WIDTH.storageKey));

const BATCH_KEYS = ['selectAll', 'deselectAll', 'start', 'stop', 'pause', 'configure'] as const;
type BatchKey = (typeof BATCH_KEYS)[number];

/** The batch menu and the add button (§2), each behind Refine's access control; memoised, so live updates pass it by. */
const Toolbar = memo(function Toolbar({ batchRunning, onBatch, onAdd }: { batchRunning: boolean; onBatch: (key: BatchKey) => void; onAdd: () => void }) {
  const { t } = useTranslation('task');
  const items = useMemo<MenuProps['items']>(() => BATCH_KEYS.map((key) => ({ key, label: t(`batch.${key}`) })), [t]);
  return (
    <Space wrap size={8}>
      <CanAccess resource={TASKS} action="edit">
        <Dropdown menu={{ items, onClick: ({ key }) => onBatch(key as BatchKey) }} {...KEYBOARD_MENU}>
          <Button loading={batchRunning}>
            {t('batch.menu')} <DownOutlined />
          </Button>
        </Dropdown>
      </CanAccess>
      <CanAccess resource={TASKS} action="create">
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('buttons.add')}
        </Button>
      </CanAccess>
    </Space>
  );
});

type CardCallbacks = Pick<Parameters<typeof TaskCard>[0], 'bourseName' | 'onSelect' | 'onAction' | 'onRename' | 'onChart' | 'menuFor' | 'onChildAction'>;

interface BoardProps {
  filters: TaskFilters;
  /** the filters are settled (the default strategy is chosen once the strategies have come): the tasks are read from then on */
  ready: boolean;
  width: number;
  selected: ReadonlySet<number>;
  /** the tasks whose status change is being polled (their cards' spinners). */
  pending: ReadonlySet<number>;
  cards: CardCallbacks;
  toolbar: ReactNode;
  filterBar: ReactNode;
}

const CHUNK = PAGING.taskPageChunk;

/** The pages (1-based, of CHUNK tasks) holding the indexes first..last. */
export function pagesOf(first: number, last: number): number[] {
  const pages: number[] = [];
  for (let page = Math.floor(first / CHUNK) + 1; last >= first && page <= Math.floor(last / CHUNK) + 1; page++) pages.push(page);
  return pages;
}

/** One page of the tasks the filters allow, through Refine's list (`page` undefined: not read). */
function useTaskPage(page: number | undefined, filters: CrudFilter[]) {
  const { result, query } = useList<LiveTask>({
    resource: TASKS,
    pagination: { currentPage: page ?? 1, pageSize: CHUNK, mode: 'server' },
    filters,
    liveMode: 'off',
    queryOptions: { enabled: page !== undefined },
  });
  return { result: result as typeof result & Partial<Pick<TaskPage, 'running' | 'counter'>>, query };
}

type PageRows = ReadonlyMap<number, readonly LiveTask[]>;

/**
 * A page past the first that the window reaches: read while mounted, its rows (live ones included) handed
 * to the board. A component of its own, so the board pays for one list hook, not one per page it might show.
 */
function WindowPage({ page, filters, onRows }: { page: number; filters: CrudFilter[]; onRows: (page: number, rows?: readonly LiveTask[]) => void }) {
  const rows = useTaskPage(page, filters).result.data;
  useEffect(() => onRows(page, rows), [page, rows, onRows]);
  useEffect(() => () => onRows(page), [page, onRows]);
  return null;
}

/**
 * The live part of the page. The server filters and counts (/task/list with the filters: the counter and
 * the filters cover every task, however many): the first page of the filtered tasks gives the grid its
 * height (their total) and the counter; the cards are windowed, and only the pages their mounted rows
 * reach are read (Refine's list, a query per page of CHUNK, `WindowPage`); the task socket is subscribed to
 * the ids of the mounted cards and keeps them live, and the counter with them (`useLiveResourceCache`). The
 * pages are read again at the §9 moments (600 ms after an add, 1 s after a start): Refine's liveMode is off
 * for them, so a published mutation does not read them again at once (docs/spec-coverage.md). Memoised
 * apart from the page, so a live update re-renders this and the cards, not the page's hooks and dialogs.
 */
const TaskBoard = memo(function TaskBoard({ filters, ready, width, selected, pending, cards, toolbar, filterBar }: BoardProps) {
  const { t } = useTranslation('task');
  const listFilters = useMemo(
    () => Object.entries(taskListFilters(filters)).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
    [filters],
  );
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const onRange = useCallback((first: number, last: number) => setRange((now) => (now[0] === first && now[1] === last ? now : [first, last])), []);
  const first = useTaskPage(ready ? 1 : undefined, listFilters);
  const laterPages = ready ? pagesOf(...range).filter((page) => page > 1) : [];
  const [later, setLater] = useState<PageRows>(new Map());
  const onRows = useCallback(
    (page: number, rows?: readonly LiveTask[]) =>
      setLater((now) => {
        if (now.get(page) === rows) return now;
        const next = new Map(now);
        if (rows) next.set(page, rows);
        else next.delete(page);
        return next;
      }),
    [],
  );
  const firstRows = first.result.data;
  // the cards at hand by their index in the filtered tasks, made again when a page's rows change
  const byIndex = useMemo(() => {
    const tasks = new Map<number, LiveTask>();
    for (const [page, rows] of [[1, firstRows] as const, ...later]) {
      for (const [row, task] of rows.entries()) tasks.set((page - 1) * CHUNK + row, task);
    }
    return tasks;
  }, [firstRows, later]);
  const itemAt = useCallback((index: number) => byIndex.get(index), [byIndex]);
  const total = first.result.total ?? 0;
  // the ids of the cards mounted now: the task socket's subscription
  const ids = useMemo(() => {
    const shown: number[] = [];
    for (let index = range[0]; index <= range[1]; index++) {
      const task = byIndex.get(index);
      if (task) shown.push(task.id);
    }
    return shown;
  }, [byIndex, range]);
  useLiveResourceCache('tasks', { params: ids, enabled: ready });
  const counter = first.result.counter;

  return (
    <>
      {laterPages.map((page) => (
        <WindowPage key={page} page={page} filters={listFilters} onRows={onRows} />
      ))}
      <ToolCard
        title={
          <Space wrap size={[12, 4]}>
            <span>{t('title')}</span>
            <Typography.Text type="secondary" data-testid="task-counter">
              {counter ? t('counter', { running: counter.running, total: counter.total }) : null}
            </Typography.Text>
          </Space>
        }
        tools={toolbar}
        styles={{ header: { paddingBlock: 8 } }}
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {filterBar}
          <Spin spinning={!ready || (first.query.isFetching && total === 0)}>
            {ready && total === 0 && !first.query.isLoading ? (
              <Empty />
            ) : (
              <WindowedGrid
                count={total}
                itemAt={itemAt}
                minColumnWidth={width}
                itemKey={(task) => task.id}
                renderItem={(task) => <TaskCard task={task} selected={selected.has(task.id)} polling={pending.has(task.id)} {...cards} />}
                placeholder={placeholder}
                onRange={onRange}
              />
            )}
          </Spin>
        </Space>
      </ToolCard>
    </>
  );
});

/** A card's place while its page is read. */
const placeholder = () => <Card loading size="small" style={{ height: '100%' }} data-testid="task-placeholder" />;

/** /task, 'scheduled tasks' (§2 task page): the task cards with their filters, batch menu and dialogs. */
export default function TaskListPage() {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const { nameOf } = useBourses();
  const save = useTaskSave();
  const { mutate: remove } = useDelete();

  const strategyHome = useCall('strategyHome', {});
  const strategies = strategyHome.data ?? NO_STRATEGIES;
  const [filters, setFilters] = useState<TaskFilters>({ currency: ALL, pair: ALL, strategy: undefined });
  useEffect(() => {
    if (filters.strategy === undefined && strategies.length > 0) setFilters((f) => ({ ...f, strategy: defaultStrategyName(strategies.map((s) => s.name)) }));
  }, [strategies, filters.strategy]);

  const [width, setWidth] = useState(storedWidth);
  const changeWidth = useCallback((value: number) => {
    const next = clampCardWidth(value);
    setWidth(next);
    localStorage.setItem(CARD_WIDTH.storageKey, String(next));
  }, []);

  // the batch menu acts on the selected cards, all of them among the tasks the filters show: a filter change clears the selection
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const setFilter = useCallback((key: keyof TaskFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSelected(new Set());
  }, []);
  const select = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const status = useStatusChange();
  const batch = useBatchStatus();
  const listIds = useCallMutation('taskList', { errorNotification: failed });
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const copy = (task: LiveTask) => {
    const strategy = strategies.find((s) => s.name === task.strategy_name);
    if (strategy) save.add({ name: copyName(task.name, t('dialog.copySuffix')), strategyId: strategy.id, params: task.params });
  };

  const confirmDelete = (task: LiveTask) => {
    if (!isDeletable(task)) return void notify.warning(t('messages.taskRunning'));
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { name: task.name }),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove({
          resource: TASKS,
          id: task.id,
          successNotification: succeeded('task:messages.deleted'),
          errorNotification: failed,
        }),
    });
  };

  const onAction = (action: CardAction, task: LiveTask) => {
    switch (action) {
      case 'start':
      case 'restart':
        return status.change(task, TASK_STATUS.running);
      case 'stop':
        return status.change(task, TASK_STATUS.stopped);
      case 'pause':
        return status.change(task, TASK_STATUS.paused);
      case 'closePosition':
        return status.change(task, TASK_STATUS.closePosition);
      case 'manualClose':
        return setDialog({ kind: 'manual', task, trade: 'close' });
      case 'manualOpen':
        return setDialog({ kind: 'manual', task, trade: 'open' });
      case 'delete':
        return confirmDelete(task);
      case 'configure':
        return setDialog({ kind: 'task', mode: { kind: 'config', task } });
      case 'details':
        return void navigate(`/task/taskDetail?id=${task.id}`);
      case 'tradeDetails':
        return void navigate(`/task/taskTradeInfo?id=${task.id}&type=task`);
      case 'addChild':
        return setDialog({ kind: 'addChild', task });
      case 'copy':
        return copy(task);
    }
  };

  /** Select all: every task the filters show, as the server counts them (not only the cards read so far), within one batch's limit. */
  const selectAll = async () => {
    const reply = await listIds.mutateAsync({ pagesize: 1, page: 1, ...taskListFilters(filters), select_all: 1 });
    if (reply.total > PAGING.taskBatchMax) return void notify.warning(t('messages.batchTooLarge', { max: PAGING.taskBatchMax, count: reply.total }));
    setSelected(new Set(reply.ids ?? []));
  };

  const onBatch = (key: BatchKey) => {
    const selectedIds = [...selected];
    if (key === 'selectAll') return void selectAll().catch(() => undefined);
    if (key === 'deselectAll') return setSelected(new Set());
    if (key === 'configure') {
      if (selectedIds.length === 0) return void notify.warning(t('messages.selectTasks'));
      return setDialog({ kind: 'batchConfig', taskIds: selectedIds });
    }
    const target = key === 'start' ? TASK_STATUS.running : key === 'stop' ? TASK_STATUS.stopped : TASK_STATUS.paused;
    return batch.change(selectedIds, target);
  };

  // the cards are memoised: they get callbacks that never change and read the latest handlers
  const childAction = useChildActions();
  const onAdd = () => setDialog({ kind: 'task', mode: { kind: 'add', strategies, strategyName: filters.strategy } });
  const latest = useRef({ onAction, childAction, onBatch, onAdd });
  latest.current = { onAction, childAction, onBatch, onAdd };
  const batchAction = useCallback((key: BatchKey) => latest.current.onBatch(key), []);
  const add = useCallback(() => latest.current.onAdd(), []);
  const cardAction = useCallback((action: CardAction, task: LiveTask) => latest.current.onAction(action, task), []);
  const onChildAction = useCallback<typeof childAction>((...args) => latest.current.childAction(...args), []);
  // changes when the exchanges arrive, so the cards draw their names
  const bourseName = useCallback((id: number) => nameOf(id), [nameOf]);
  const rename = useCallback((task: LiveTask) => setDialog({ kind: 'rename', task }), []);
  const chart = useCallback((task: LiveTask) => setDialog({ kind: 'chart', task }), []);

  // the card menus: made once per status, not per card and live update (their labels are many t() calls)
  const menuFor = useMemo(() => {
    const menus = new Map<number, MenuProps['items']>();
    return (status: number) => {
      if (!menus.has(status)) menus.set(status, cardMenuItems(status, t));
      return menus.get(status);
    };
  }, [t]);

  const cards = useMemo(
    () => ({ bourseName, onSelect: select, onAction: cardAction, onRename: rename, onChart: chart, menuFor, onChildAction }),
    [bourseName, select, cardAction, rename, chart, menuFor, onChildAction],
  );

  return (
    <>
      <TaskBoard
        ready={filters.strategy !== undefined || (strategyHome.query.isFetched && strategies.length === 0)}
        filters={filters}
        width={width}
        selected={selected}
        pending={status.pending}
        cards={cards}
        toolbar={<Toolbar batchRunning={batch.running} onBatch={batchAction} onAdd={add} />}
        filterBar={<FilterBar filters={filters} strategies={strategies} narrow={narrow} width={width} onFilter={setFilter} onWidth={changeWidth} />}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'task' && <TaskDialog mode={dialog.mode} onClose={close} />}
        {dialog?.kind === 'rename' && <RenameDialog task={dialog.task} onClose={close} />}
        {dialog?.kind === 'addChild' && <AddChildDialog task={dialog.task} onClose={close} />}
        {dialog?.kind === 'chart' && <MarketChartDialog task={dialog.task} onClose={close} />}
        {dialog?.kind === 'manual' && <ManualTradeDialog task={dialog.task} kind={dialog.trade} onClose={close} />}
        {dialog?.kind === 'batchConfig' && <BatchConfigDialog taskIds={dialog.taskIds} onClose={close} />}
      </Suspense>
    </>
  );
}
