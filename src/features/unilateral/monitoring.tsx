import { useEffect, useState } from 'react';
import { Card, Result, Segmented, Space, Table, Typography } from 'antd';
import { useCan } from '@refinedev/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonitoringEntry } from '#contract/types/unilateral';
import { useCall } from '../../api/use-call';
import { MONITORING_VIEW, MONITORING_VIEWS, monitoringDot, type MonitoringView } from '#contract/rules/unilateral';
import type { UnilateralFeedMessage } from '#contract/types/feeds';
import { useFeedListener } from '../../live/use-feed';

/** A status dot whose colour keeps its meaning in dark mode, with its text label for colour-blind users. */
export function StatusDot({ status }: { status: number }) {
  const { t } = useTranslation();
  const dot = monitoringDot(status);
  return (
    <Space size={6}>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: dot.color, boxShadow: '0 0 0 1px rgba(128,128,128,0.5)' }}
      />
      <Typography.Text>{t(dot.labelKey)}</Typography.Text>
    </Space>
  );
}

const viewOf = (value: string | null): MonitoringView => {
  const n = Number(value);
  return (MONITORING_VIEWS as readonly number[]).includes(n) ? (n as MonitoringView) : MONITORING_VIEW.strategy;
};

type MonitoringViews = Record<MonitoringView, MonitoringEntry[]>;

const isEntry = (value: unknown): value is MonitoringEntry => {
  const entry = value as Partial<MonitoringEntry> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'number' && typeof entry.name === 'string' && typeof entry.status === 'number';
};
const entries = (value: unknown): MonitoringEntry[] | undefined => (Array.isArray(value) && value.every(isEntry) ? value : undefined);

/** The three views a message of the unilateral feed carries in its `monitoring` part (§7 second shape); undefined: none, or not lists of entries. */
export function monitoringViews(message: UnilateralFeedMessage): MonitoringViews | undefined {
  const { monitoring } = message;
  if (!monitoring) return undefined;
  const [strategy, api, kline] = [entries(monitoring.strategy), entries(monitoring.api), entries(monitoring.kline)];
  if (!strategy || !api || !kline) return undefined;
  return { [MONITORING_VIEW.strategy]: strategy, [MONITORING_VIEW.api]: api, [MONITORING_VIEW.kline]: kline };
}

type ShownViews = Partial<MonitoringViews>;

/** The entries of `changes` over `rows`, by id (new ids at the end). */
export function mergeEntries(rows: readonly MonitoringEntry[], changes: readonly MonitoringEntry[]): MonitoringEntry[] {
  if (changes.length === 0) return rows as MonitoringEntry[];
  const byId = new Map(changes.map((entry) => [entry.id, entry]));
  const merged = rows.map((row) => {
    const change = byId.get(row.id);
    byId.delete(row.id);
    return change ?? row;
  });
  return [...merged, ...byId.values()];
}

/**
 * The dots of each view: the view's /monitoring/detail answer (`read`, its base whenever it arrives), then what
 * the unilateral feed (/web/all/data) pushes to a unilateral admin whenever a strategy, a follow task or a bar
 * changes: every view whole (replacing), or a partial message's changed entries (merged by id into the views
 * that have a base).
 */
function useShownViews(enabled: boolean, view: MonitoringView, read: MonitoringEntry[] | undefined): MonitoringEntry[] | undefined {
  const [shown, setShown] = useState<ShownViews>({});
  useEffect(() => {
    if (read) setShown((views) => ({ ...views, [view]: read }));
  }, [read, view]);
  useFeedListener(
    'unilateral',
    undefined,
    (message) => {
      const views = monitoringViews(message);
      if (!views) return;
      if (!message.partial) setShown(views);
      else
        setShown((before) => {
          const after: ShownViews = { ...before };
          for (const v of MONITORING_VIEWS) if (before[v]) after[v] = mergeEntries(before[v], views[v]);
          return after;
        });
    },
    { enabled },
  );
  return shown[view] ?? read;
}

/**
 * /unilateral/contral?id=1|2|3 (spec §2 Monitoring page): strategies, APIs or K-lines with their status dots, for
 * admins. Read once (/monitoring/detail), then each push of the unilateral feed's `monitoring` part replaces the
 * rows (whole) or updates the entries it carries (partial), so the dots follow the feed.
 */
export default function MonitoringPage() {
  const { t } = useTranslation('unilateral');
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search.get('id'));
  const isAdmin = useCan({ resource: 'monitoring', action: 'status' }).data?.can;
  // the feed is the unilateral list's (its access: the /main/index/unilateral column)
  const canFollowFeed = useCan({ resource: 'unilateral-strategies', action: 'list' }).data?.can;
  const { data, query } = useCall('unilateralMonitoringDetail', { target: view }, { enabled: !!isAdmin });
  const rows = useShownViews(!!isAdmin && !!canFollowFeed, view, data);

  if (isAdmin === false) return <Result status="403" title={t('monitoringPage.adminOnly')} />;
  return (
    <Card
      title={t('monitoringPage.title')}
      extra={
        <Segmented
          value={view}
          onChange={(v) => setSearch({ id: String(v) })}
          options={MONITORING_VIEWS.map((v) => ({ value: v, label: t(`monitoringPage.view.${v}`) }))}
        />
      }
    >
      <Table<MonitoringEntry>
        dataSource={rows ?? []}
        loading={isAdmin === undefined || query.isLoading}
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<MonitoringEntry> dataIndex="name" title={t('monitoringPage.name')} />
        <Table.Column<MonitoringEntry> dataIndex="status" title={t('monitoringPage.status')} render={(status: number) => <StatusDot status={status} />} />
        <Table.Column<MonitoringEntry> dataIndex="info" title={t('monitoringPage.info')} />
        <Table.Column<MonitoringEntry> dataIndex="update_time" title={t('monitoringPage.updateTime')} />
      </Table>
    </Card>
  );
}
