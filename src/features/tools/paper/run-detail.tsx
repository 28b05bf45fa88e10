import { useState, type ReactNode } from 'react';
import { Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaperOrder, PaperRun } from '#contract/types/paper';
import { useCall } from '../../../api/use-call';
import { orderStatusLabelKey } from '#contract/rules/order-status';
import { formatCost, formatPrice, formatQuantity } from '../../../domain/format';
import { Sparkline } from '../../../components/sparkline';

/** How often a running paper run is asked again while shown (the server steps it to its clock's now). */
export const LIVE_MS = 2000;
const ORDER_PAGE = 10;

export const RunStatus = ({ run }: { run: Pick<PaperRun, 'running' | 'demo'> }) => {
  const { t } = useTranslation('paper');
  return (
    <Space size={4}>
      <Tag color={run.running ? 'processing' : 'default'}>{t(run.running ? 'status.running' : 'status.stopped')}</Tag>
      {run.demo ? <Tag>{t('status.demo')}</Tag> : null}
    </Space>
  );
};

/** The equity curve of a run as a small SVG line (no chart engine), with its first and last value. */
export function RunCurve({ run, height = 64 }: { run: PaperRun; height?: number }) {
  const { t } = useTranslation('paper');
  const values = run.curve.map((p) => p.equity);
  return (
    <Sparkline
      values={values}
      times={run.curve.map((p) => p.at)}
      valueName={t('fields.equity')}
      formatValue={formatCost}
      height={height}
      label={t('curve.label', { name: run.name, equity: formatCost(run.equity) })}
    />
  );
}

function OrdersTable({ runId, live }: { runId: number; live: boolean }) {
  const { t } = useTranslation('paper');
  const [page, setPage] = useState(1);
  const { data, query } = useCall('simulatedOrderDetail', { runId, page, pageSize: ORDER_PAGE }, { refetchInterval: live ? LIVE_MS : false });
  return (
    <Table<PaperOrder>
      size="small"
      data-testid="paper-orders"
      rowKey="client_id"
      loading={query.isLoading}
      dataSource={data?.list ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: ORDER_PAGE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }}
    >
      <Table.Column<PaperOrder> dataIndex="createtime" title={t('orders.time')} />
      <Table.Column<PaperOrder> dataIndex="instrument_id" title={t('orders.instrument')} render={(id: string, o) => `${o.bourse_name} ${id}`} />
      <Table.Column<PaperOrder> dataIndex="action" title={t('orders.action')} render={(a: string, o) => t(`orders.actions.${a}`, { direction: o.direction })} />
      <Table.Column<PaperOrder> dataIndex="status_" title={t('orders.status')} render={(s: number) => t(orderStatusLabelKey(s))} />
      <Table.Column<PaperOrder> dataIndex="amount" title={t('orders.amount')} align="right" render={formatQuantity} />
      <Table.Column<PaperOrder> dataIndex="deal_price" title={t('orders.dealPrice')} align="right" render={formatPrice} />
      <Table.Column<PaperOrder> dataIndex="deal_amount" title={t('orders.dealAmount')} align="right" render={formatQuantity} />
      <Table.Column<PaperOrder> dataIndex="fee" title={t('orders.fee')} align="right" render={formatCost} />
    </Table>
  );
}

/**
 * One paper run: its ledger (equity = initial + P/L − fees + open P/L), its equity curve and its orders,
 * asked again every LIVE_MS while it runs. `extra`: the page's actions (stop, save as a strategy).
 */
export function RunDetail({ runId, extra }: { runId: number; extra?: (run: PaperRun) => ReactNode }) {
  const { t } = useTranslation('paper');
  const [live, setLive] = useState(true);
  const { data, query } = useCall('simulatedData', { runId }, { refetchInterval: live ? LIVE_MS : false });
  const run = data?.list?.[0];
  if (run && live !== run.running) setLive(run.running);
  if (!run) return query.isLoading ? <Skeleton active /> : <Typography.Text type="secondary">{t('empty')}</Typography.Text>;
  return (
    <Card size="small" title={run.name} extra={<RunStatus run={run} />} data-testid="paper-run">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
          <Descriptions.Item label={t('fields.strategy')}>{run.strategy_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.started')}>{run.started_at}</Descriptions.Item>
          <Descriptions.Item label={t('fields.stepped')}>{run.stepped_at}</Descriptions.Item>
          <Descriptions.Item label={t('fields.orders')}>
            <span data-testid="paper-order-count">{run.orders}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.initial')}>{formatCost(run.initial)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.pnl')}>{formatCost(run.pnl)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.fees')}>{formatCost(run.fees)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.openPnl')}>{formatCost(run.open_pnl)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.equity')}>
            <Typography.Text strong data-testid="paper-equity">
              {formatCost(run.equity)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <RunCurve run={run} height={120} />
        {extra?.(run)}
        <OrdersTable runId={run.id} live={run.running} />
      </Space>
    </Card>
  );
}
