import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetView, netAssetsOf } from '../../domain/assets';
import { PAGING } from '#contract/rules/constants';
import { formatAmount, formatStatistic } from '../../domain/format';
import { countRunning, earningsOf, positionAmountOf } from '../../domain/task';
import type { Task } from '#contract/types/tasks';
import { isRunning, taskStatusLabelKey } from '#contract/rules/task-status';
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

/** The running tasks, live as on /task: the same list query and the same task socket. */
function RunningTasks() {
  const { t } = useTranslation(['mobile', 'task']);
  const { result, query } = useList<LiveTask>({
    resource: 'tasks',
    pagination: { currentPage: 1, pageSize: PAGING.taskPageReadSize, mode: 'server' },
    liveMode: 'off',
  });
  const tasks = result.data ?? NO_TASKS;
  const ids = useMemo(() => tasks.map((task) => task.id), [tasks]);
  useLiveResource('tasks', { params: ids, enabled: ids.length > 0 });
  const running = useMemo(() => tasks.filter(isRunning), [tasks]);
  const counter = countRunning(tasks);

  return (
    <Card
      size="small"
      title={t('tasks')}
      extra={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" data-testid="mobile-task-counter">
            {t('task:counter', counter)}
          </Typography.Text>
          <Link to="/task">{t('allTasks')}</Link>
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
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
        />
      )}
    </Card>
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
 * show them) and the asset totals of every API (the figures of /assets), both kept live by the feeds
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
