import { useMemo, useState } from 'react';
import { useList, type CrudFilter } from '@refinedev/core';
import { Card, Empty, Flex, List, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolCard } from '../../components/tool-card';
import { Link } from 'react-router';
import { assetView, netAssetsOf } from '../../domain/assets';
import { PAGING } from '#contract/rules/constants';
import { formatAmount, formatStatistic } from '../../domain/format';
import { earningsOf, positionAmountOf } from '../../domain/task';
import type { Task, TaskPage } from '#contract/types/tasks';
import { isRunning, TASK_STATUS, taskStatusLabelKey } from '#contract/rules/task-status';
import { useLiveResource } from '../../providers/use-live-resource';
import type { TaskLive } from '#contract/types/feeds';
import { AssetSummaryCard } from '../../components/account-assets';
import { legHealthOf } from '#contract/rules/leg-health';
import { LegHealthTag } from '../../components/leg-health';
import { LoadFailed } from '../../components/load-failed';
import { assetsOf, useAccountRecords, useAssetsFeed } from '../../components/account-assets/use-account-assets';

/** A task as the task list holds it: the record of /task/list with the socket's live fields merged in. */
type LiveTask = Task & Partial<Omit<TaskLive, 'id'>>;
const NO_TASKS: LiveTask[] = [];

const RUNNING: CrudFilter[] = [{ field: 'status', operator: 'eq', value: TASK_STATUS.running }];

/**
 * The running tasks, live as on /task: the task list asked for the running ones (the server filters and
 * counts, so the counter and the list cover every task), a page at a time, and the task socket.
 */
function RunningTasks() {
  const { t } = useTranslation(['mobile', 'task']);
  const [page, setPage] = useState(1);
  const pageSize = PAGING.mobileTaskPageSize;
  const { result, query } = useList<LiveTask>({
    resource: 'tasks',
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: RUNNING,
    liveMode: 'off',
  });
  const tasks = result.data ?? NO_TASKS;
  const ids = useMemo(() => tasks.map((task) => task.id), [tasks]);
  useLiveResource('tasks', { params: ids });
  // a task the socket says has stopped leaves the list at once
  const running = useMemo(() => tasks.filter(isRunning), [tasks]);
  const counter = (result as Partial<Pick<TaskPage, 'counter'>>).counter;
  const total = result.total ?? 0;

  return (
    <ToolCard
      size="small"
      title={t('tasks')}
      tools={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" data-testid="mobile-task-counter">
            {counter ? t('task:counter', { running: counter.running, total: counter.total }) : null}
          </Typography.Text>
          <Link to="/task">{t('allTasks')}</Link>
        </Flex>
      }
      styles={{ header: { paddingBlock: 8 } }}
    >
      {query.isLoading ? (
        <Skeleton active />
      ) : query.isError && tasks.length === 0 ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : running.length === 0 ? (
        <Empty description={t('noRunning')} />
      ) : (
        <List
          size="small"
          dataSource={running}
          rowKey="id"
          renderItem={(task) => (
            <List.Item data-testid={`mobile-task-${task.id}`} style={{ flexWrap: 'wrap', gap: 4 }}>
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Flex gap={6} align="center" wrap>
                  <Tag color="blue">{String(task.params.currency_type ?? '').toUpperCase()}</Tag>
                  <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>{`${task.name}-${task.id}`}</Typography.Text>
                  <Tag color="green">{t(taskStatusLabelKey(task.status))}</Tag>
                </Flex>
                <Flex gap={12} wrap>
                  <span data-testid={`mobile-holding-${task.id}`}>
                    {t('task:card.holding')}: {formatAmount(positionAmountOf(task.position))}
                  </span>
                  <span data-testid={`mobile-pnl-${task.id}`}>
                    {t('task:card.pnl')}: {formatStatistic(earningsOf(task.muldata))}
                  </span>
                </Flex>
                <LegHealthTag health={legHealthOf(task.leg_health)} testId={`mobile-legs-${task.id}`} />
              </Flex>
            </List.Item>
          )}
          footer={
            total > pageSize ? <Pagination simple size="small" align="center" current={page} pageSize={pageSize} total={total} onChange={setPage} /> : undefined
          }
        />
      )}
    </ToolCard>
  );
}

/** The asset totals of every API, live as on /assets: the same records, socket, sums and summary card. */
function AssetTotals() {
  const { t } = useTranslation('mobile');
  const { accounts, loading, failed, retry } = useAccountRecords();
  const apiIds = useMemo(() => accounts.map((a) => a.id), [accounts]);
  useAssetsFeed(apiIds);
  const view = useMemo(() => assetView(accounts.map(assetsOf)), [accounts]);

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>{t('assets')}</Typography.Text>
        <Link to="/assets">{t('assetsLink')}</Link>
      </Flex>
      {loading ? (
        <Skeleton active />
      ) : failed && accounts.length === 0 ? (
        <LoadFailed onRetry={retry} />
      ) : accounts.length === 0 ? (
        <Card size="small">
          <Empty description={t('noApi')} />
        </Card>
      ) : (
        <AssetSummaryCard summary={view.summary} rowsNetAssets={netAssetsOf(view.rows)} />
      )}
    </Flex>
  );
}

/**
 * /main/mobile, a compact phone view: the running tasks (name, state, holding and P&L as the task cards
 * show them, PAGING.mobileTaskPageSize a page) and the asset totals of every API (the figures of /assets), both kept live by the feeds
 * of those pages.
 */
export default function MobilePage() {
  const { t } = useTranslation('mobile');
  return (
    <Flex vertical gap={12} style={{ minWidth: 0, maxWidth: 640, marginInline: 'auto', width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <RunningTasks />
      <AssetTotals />
    </Flex>
  );
}
