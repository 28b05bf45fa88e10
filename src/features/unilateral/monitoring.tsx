import { Card, Result, Segmented, Space, Table, Typography } from 'antd';
import { useCan } from '@refinedev/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonitoringEntry } from '#contract/types/unilateral';
import { useCall } from '../../api/use-call';
import { MONITORING_VIEW, MONITORING_VIEWS, monitoringDot, type MonitoringView } from '#contract/rules/unilateral';

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

/** /unilateral/contral?id=1|2|3 (spec §2 Monitoring page): strategies, APIs or K-lines with their status dots, for admins. */
export default function MonitoringPage() {
  const { t } = useTranslation('unilateral');
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search.get('id'));
  const isAdmin = useCan({ resource: 'monitoring', action: 'status' }).data?.can;
  const { data, query } = useCall('unilateralMonitoringDetail', { target: view }, { enabled: !!isAdmin });

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
        dataSource={data ?? []}
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
