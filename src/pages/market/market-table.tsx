import { lazy, memo, Suspense, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, Card, Popconfirm, Popover, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CaretDownOutlined, CaretUpOutlined, DeleteOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contractTypeLabelKey } from '../../domain/codes';
import { formatMarketField, isStale, tableKey, type KlineLeg, type MarketTable as Table4 } from '../../domain/market';
import { deliveryCodeOf } from '../../domain/market-params';
import type { DeliveryCodes } from '../../domain/calendar';
import { FeedStatusBadge } from '../../components/feed-status';
import { useBoardCell, useBoardCurrencies, type FlashingField, type MarketBoardStore } from './board-store';
import type { UpDownColors } from '../../components/up-down-colors';

// the chart panel (and through it the chart library) loads when a popover first opens
const KlinePanel = lazy(() => import('../../components/kline-chart'));

export interface MarketTableCardProps {
  table: Table4;
  /** the board's rows; each cell reads its own value, so a push re-renders only the cells that changed */
  store: MarketBoardStore;
  exchangeName: (id: number) => string;
  /** get_delivery_code's reply: a delivery leg's type shows its contract's code (undefined until it comes) */
  deliveryCodes: DeliveryCodes | undefined;
  colors: UpDownColors;
  /** the feed carries live prices somewhere: a simulated leg gets the 'simulated' mark */
  liveMode: boolean;
  onEdit: (table: Table4) => void;
  onDelete: (table: Table4) => void;
  /** one more cell per row after the chart (the alerts' threshold button, issue 24); none when absent */
  rowAction?: (table: Table4, currency: string) => ReactNode;
}

/** Digits of one width, so a changing price does not move its column. */
const SCROLLER_STYLE: CSSProperties = { overflowX: 'auto' };
const TABLE_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** A board row as the table lists it: the cells read their values from the store. */
interface RowKey {
  currency_type: string;
}

interface CellProps {
  store: MarketBoardStore;
  table: string;
  currency: string;
}

/**
 * A price or spread cell: flashes in the up or down colour when its value moves (until the next update), with a
 * caret up or down beside it, so the direction does not rest on the colour alone.
 */
const FlashCell = memo(function FlashCell({ store, table, currency, field, colors, simulatedMark }: CellProps & { field: FlashingField; colors: UpDownColors; simulatedMark: ReactNode }) {
  const { t } = useTranslation('market');
  const cell = useBoardCell(store, table, currency, field);
  const text = formatMarketField(cell?.value);
  const simulated = cell?.source === 'sim' && simulatedMark;
  if (!cell?.flash) {
    return (
      <>
        <span className="market-cell">{text}</span>
        {simulated}
      </>
    );
  }
  const style = { '--market-flash': cell.flash === 'up' ? colors.up : colors.down } as CSSProperties;
  return (
    <>
      <span className="market-cell market-flash" data-flash={cell.flash} style={style}>
        {text}
        {cell.flash === 'up' ? <CaretUpOutlined aria-label={t('flashUp')} /> : <CaretDownOutlined aria-label={t('flashDown')} />}
      </span>
      {simulated}
    </>
  );
});

/** A validity cell: 1 or more (a stale quote) is red. */
const ValidityCell = memo(function ValidityCell({ store, table, currency, field }: CellProps & { field: 'a_validity' | 'b_validity' }) {
  const value = useBoardCell(store, table, currency, field)?.value;
  return (
    <Typography.Text type={isStale(value) ? 'danger' : undefined} data-stale={isStale(value)}>
      {value ?? '-'}
    </Typography.Text>
  );
});

function MarketTableCardView({ table, store, exchangeName, deliveryCodes, colors, liveMode, onEdit, onDelete, rowAction }: MarketTableCardProps) {
  const { t } = useTranslation('market');
  const key = tableKey(table);
  const currencies = useBoardCurrencies(store, key);
  const [exchangeA, exchangeB, typeA, typeB] = table;
  const typeLabel = (code: number) => {
    const label = t(contractTypeLabelKey(code), { code });
    const delivery = deliveryCodeOf(deliveryCodes, code);
    return delivery ? t('typeWithDelivery', { type: label, code: delivery }) : label;
  };
  const title = t('tableTitle', { exchangeA: exchangeName(exchangeA), typeA: typeLabel(typeA), exchangeB: exchangeName(exchangeB), typeB: typeLabel(typeB) });
  const legs = useMemo<KlineLeg[]>(() => [{ exchange: exchangeA, type: typeA }, { exchange: exchangeB, type: typeB }], [exchangeA, exchangeB, typeA, typeB]);
  const rows = useMemo(() => currencies?.map((currency): RowKey => ({ currency_type: currency })), [currencies]);

  const columns = useMemo((): ColumnsType<RowKey> => {
    // the 'simulated' mark shows on a simulated leg only while some leg is live
    const simulatedMark = liveMode && (
      <Tag bordered={false} style={{ marginInlineStart: 4 }}>
        {t('simulated')}
      </Tag>
    );
    const flashing = (field: FlashingField) => (currency: string) => (
      <FlashCell store={store} table={key} currency={currency} field={field} colors={colors} simulatedMark={simulatedMark} />
    );
    const validity = (field: 'a_validity' | 'b_validity') => (currency: string) => <ValidityCell store={store} table={key} currency={currency} field={field} />;
    const cell = (columnKey: string, field: FlashingField | 'a_validity' | 'b_validity', title: string) => ({
      key: columnKey,
      dataIndex: 'currency_type',
      title,
      align: 'right' as const,
      render: field === 'a_validity' || field === 'b_validity' ? validity(field) : flashing(field),
    });
    return [
      { key: 'currency', dataIndex: 'currency_type', title: t('columns.currency'), render: (c: string) => c.toUpperCase() },
      cell('aBuy', 'a_buy', t('columns.aBuy')),
      cell('bSell', 'b_sell', t('columns.bSell')),
      cell('aValidity', 'a_validity', t('columns.aValidity')),
      cell('bValidity', 'b_validity', t('columns.bValidity')),
      cell('positive', 'positive', t('columns.positive')),
      cell('negative', 'negative', t('columns.negative')),
      {
        key: 'chart',
        title: t('columns.chart'),
        align: 'center',
        render: (_: unknown, row: RowKey) => (
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
      ...(rowAction ? [{ key: 'alert', title: t('alerts:bell.label'), align: 'center' as const, render: (_: unknown, row: RowKey) => rowAction(table, row.currency_type) }] : []),
    ];
  }, [t, store, key, colors, liveMode, title, legs, rowAction, table]);

  return (
    <Card
      size="small"
      data-testid="market-table"
      data-table={table.join('-')}
      title={<span style={{ whiteSpace: 'normal' }}>{title}</span>}
      extra={
        <Space size={0} wrap>
          <FeedStatusBadge feed="market" />
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('editTable')} onClick={() => onEdit(table)} />
          <Popconfirm title={t('deleteConfirm')} onConfirm={() => onDelete(table)}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('deleteTable')} />
          </Popconfirm>
        </Space>
      }
      styles={{ body: { padding: 0 } }}
    >
      {/* the table scrolls sideways on a phone: a keyboard user can reach and scroll it even before it has rows (axe: scrollable-region-focusable) */}
      <div style={SCROLLER_STYLE} tabIndex={0} role="region" aria-label={title}>
        <Table<RowKey>
          size="small"
          rowKey="currency_type"
          columns={columns}
          dataSource={rows ?? []}
          pagination={false}
          loading={rows === undefined}
          // no antd scroll: the card body scrolls sideways on a phone, and the table needs no column
          // measuring (a ResizeObserver per column would re-render it whenever a price gets wider)
          style={TABLE_STYLE}
        />
      </div>
    </Card>
  );
}

/**
 * One spread table (§2 market page): a card with its legs, feed state, rows, chart popovers. Memoised:
 * a push re-renders the cells that changed, never the card or the table around them.
 */
export const MarketTableCard = memo(MarketTableCardView);
