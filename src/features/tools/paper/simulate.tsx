import { useState } from 'react';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaperRun } from '#contract/types/paper';
import { useCall } from '../../../api/use-call';
import { formatCost } from '../../../domain/format';
import { LIVE_MS, RunCurve, RunDetail, RunStatus } from './run-detail';

const PAGE = 10;

/**
 * /simulate: the paper (simulated) accounts: every paper run the user sees (the temporary strategy's
 * runs and the seeded demo runs), newest first, paged, each with its equity curve and ledger; the
 * chosen run's detail with its orders below. Running runs are asked again every LIVE_MS.
 */
export default function SimulatePage() {
  const { t } = useTranslation('paper');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | undefined>();
  const [live, setLive] = useState(false);
  const { data, query } = useCall('simulatedData', { page, pageSize: PAGE }, { refetchInterval: live ? LIVE_MS : false });
  const runs = data?.list ?? [];
  const anyRunning = runs.some((r) => r.running);
  if (anyRunning !== live) setLive(anyRunning);
  const shown = chosen ?? runs[0]?.id;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="simulate-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('simulate.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('simulate.intro')}
      </Typography.Paragraph>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Table<PaperRun>
          size="small"
          data-testid="paper-runs"
          rowKey="id"
          loading={query.isLoading}
          dataSource={runs}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.id === shown ? 'ant-table-row-selected' : '')}
          pagination={{ current: page, pageSize: PAGE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }}
        >
          <Table.Column<PaperRun>
            dataIndex="name"
            title={t('fields.name')}
            render={(name: string, r) => (
              // the chosen run's name is plain text on the selected row's tint (a link's blue is too faint on it in dark mode)
              <Button type={r.id === shown ? 'text' : 'link'} size="small" style={{ padding: 0 }} onClick={() => setChosen(r.id)} aria-pressed={r.id === shown}>
                {name}
              </Button>
            )}
          />
          <Table.Column<PaperRun> dataIndex="strategy_name" title={t('fields.strategy')} />
          <Table.Column<PaperRun> key="status" title={t('fields.status')} render={(_: unknown, r) => <RunStatus run={r} />} />
          <Table.Column<PaperRun> dataIndex="started_at" title={t('fields.started')} />
          <Table.Column<PaperRun> dataIndex="equity" title={t('fields.equity')} align="right" render={formatCost} />
          <Table.Column<PaperRun> dataIndex="pnl" title={t('fields.pnl')} align="right" render={formatCost} />
          <Table.Column<PaperRun> dataIndex="fees" title={t('fields.fees')} align="right" render={formatCost} />
          <Table.Column<PaperRun> dataIndex="open_pnl" title={t('fields.openPnl')} align="right" render={formatCost} />
          <Table.Column<PaperRun> dataIndex="orders" title={t('fields.orders')} align="right" />
          <Table.Column<PaperRun>
            key="curve"
            title={t('fields.curve')}
            width={140}
            render={(_: unknown, r) => (
              <div style={{ width: 120 }}>
                <RunCurve run={r} height={28} />
              </div>
            )}
          />
        </Table>
      </Card>
      {shown !== undefined ? <RunDetail key={shown} runId={shown} /> : null}
    </Space>
  );
}
