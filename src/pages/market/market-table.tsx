import { lazy, Suspense, useMemo, type CSSProperties } from 'react';
import { Button, Card, Popconfirm, Popover, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contractTypeLabelKey } from '../../domain/codes';
import { formatMarketField, isStale, type MarketRow, type MarketTable as Table4 } from '../../domain/market';
import { FeedStatusBadge } from '../../components/feed-status';
import { flashKey, useFlashes, type Flash, type FlashingField } from './use-flashes';
import type { UpDownColors } from './up-down-colors';

// the chart panel (and through it the chart library) loads when a popover first opens
const KlinePanel = lazy(() => import('../../components/kline-chart'));

export interface MarketTableCardProps {
  table: Table4;
  rows: readonly MarketRow[] | undefined;
  exchangeName: (id: number) => string;
  colors: UpDownColors;
  /** the feed carries live prices somewhere: a simulated leg gets the 'simulated' mark */
  liveMode: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function FlashCell({ text, flash, colors }: { text: string; flash: Flash | undefined; colors: UpDownColors }) {
  if (!flash) return <span className="market-cell">{text}</span>;
  const style = { '--market-flash': flash.direction === 'up' ? colors.up : colors.down } as CSSProperties;
  return (
    <span key={flash.count} className="market-cell market-flash" data-flash={flash.direction} style={style}>
      {text}
    </span>
  );
}

function Validity({ value }: { value: number }) {
  return (
    <Typography.Text type={isStale(value) ? 'danger' : undefined} data-stale={isStale(value)}>
      {value ?? '-'}
    </Typography.Text>
  );
}

/** One spread table (§2 market page): a card with its legs, feed state, rows, chart popovers. */
export function MarketTableCard({ table, rows, exchangeName, colors, liveMode, onEdit, onDelete }: MarketTableCardProps) {
  const { t } = useTranslation('market');
  const flashes = useFlashes(rows);
  const [exchangeA, exchangeB, typeA, typeB] = table;
  const typeLabel = (code: number) => t(contractTypeLabelKey(code), { code });
  const title = t('tableTitle', { exchangeA: exchangeName(exchangeA), typeA: typeLabel(typeA), exchangeB: exchangeName(exchangeB), typeB: typeLabel(typeB) });
  const legs = useMemo(() => [{ exchange: exchangeA, type: typeA }, { exchange: exchangeB, type: typeB }], [exchangeA, exchangeB, typeA, typeB]);

  const simulated = <Tag bordered={false} style={{ marginInlineStart: 4 }}>{t('simulated')}</Tag>;
  const flashing = (field: FlashingField, mark?: 'a_source' | 'b_source') => (value: string, row: MarketRow) => (
    <>
      <FlashCell text={formatMarketField(value)} flash={flashes.get(flashKey(row.currency_type, field))} colors={colors} />
      {mark && liveMode && row[mark] === 'sim' && simulated}
    </>
  );

  const columns: ColumnsType<MarketRow> = [
    { key: 'currency', dataIndex: 'currency_type', title: t('columns.currency'), fixed: 'left', render: (c: string) => c.toUpperCase() },
    { key: 'aBuy', dataIndex: 'a_buy', title: t('columns.aBuy'), align: 'right', render: flashing('a_buy', 'a_source') },
    { key: 'bSell', dataIndex: 'b_sell', title: t('columns.bSell'), align: 'right', render: flashing('b_sell', 'b_source') },
    { key: 'aValidity', dataIndex: 'a_validity', title: t('columns.aValidity'), align: 'right', render: (v: number) => <Validity value={v} /> },
    { key: 'bValidity', dataIndex: 'b_validity', title: t('columns.bValidity'), align: 'right', render: (v: number) => <Validity value={v} /> },
    { key: 'positive', dataIndex: 'positive', title: t('columns.positive'), align: 'right', render: flashing('positive') },
    { key: 'negative', dataIndex: 'negative', title: t('columns.negative'), align: 'right', render: flashing('negative') },
    {
      key: 'chart',
      title: t('columns.chart'),
      align: 'center',
      render: (_: unknown, row: MarketRow) => (
        <Popover
          trigger="click"
          destroyOnHidden
          title={t('chart.title', { currency: row.currency_type.toUpperCase(), legs: title })}
          content={
            <div style={{ width: 'min(560px, calc(100vw - 48px))' }}>
              <Suspense fallback={<Skeleton active />}>
                <KlinePanel legs={legs} currency={row.currency_type} colors={colors} />
              </Suspense>
            </div>
          }
        >
          <Button size="small" type="text" icon={<LineChartOutlined />} aria-label={t('chart.open')} data-testid={`chart-${row.currency_type}`} />
        </Popover>
      ),
    },
  ];

  return (
    <Card
      size="small"
      data-testid="market-table"
      data-table={table.join('-')}
      title={<span style={{ whiteSpace: 'normal' }}>{title}</span>}
      extra={
        <Space size={0} wrap>
          <FeedStatusBadge feed="market" />
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('editTable')} onClick={onEdit} />
          <Popconfirm title={t('deleteConfirm')} onConfirm={onDelete}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('deleteTable')} />
          </Popconfirm>
        </Space>
      }
      styles={{ body: { padding: 0, overflowX: 'auto' } }}
    >
      <Table<MarketRow>
        size="small"
        rowKey="currency_type"
        columns={columns}
        dataSource={rows ? [...rows] : []}
        pagination={false}
        loading={rows === undefined}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
