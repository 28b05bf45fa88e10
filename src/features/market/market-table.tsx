import { lazy, memo, Suspense, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, Card, Popconfirm, Popover, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CaretDownOutlined, CaretUpOutlined, DeleteOutlined, EditOutlined, LineChartOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contractTypeLabelKey } from '#contract/rules/codes';
import { formatMarketField, isStale, type KlineLeg } from '../../domain/market';
import { tableKey } from '#contract/rules/market';
import type { MarketTable as Table4 } from '#contract/types/market';
import { deliveryCodeOf } from '#contract/rules/market-params';
import type { DeliveryCodes } from '#contract/rules/calendar';
import { FeedStatusBadge } from '../../components/feed-status';
import { useBoardCell, useBoardCurrencies, type FlashingField, type MarketBoardStore } from './board-store';
import type { UpDownColors } from '../../components/up-down-colors';
import { isSpreadOpen, legTakerFee, spreadPercent, type AccountFees, type LegFee, type SpreadSide } from '#contract/rules/net-spread';
import { FeeCaption, NetLine, openMark } from './net-cells';

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
  /** the fee configs of the user's API accounts (net spreads); undefined while they load */
  feeAccounts: readonly AccountFees[] | undefined;
  /** the open-spread colouring follows the net spreads instead of the gross ones */
  netColouring: boolean;
  /** one more cell per row after the chart (the alerts' threshold button); none when absent */
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

/** A spread cell's net line: its side, the legs' taker rates, and whether the open marking follows the net figure. */
interface SpreadProps {
  side?: SpreadSide;
  fees?: readonly [LegFee, LegFee];
  byNet?: boolean;
}

/**
 * A price or spread cell: flashes in the up or down colour when its value moves (until the next update), with a
 * caret up or down beside it, so the direction does not rest on the colour alone. A spread cell shows its net
 * figure under the gross one (net-cells.tsx), and marks the open one of the two the board's switch judges.
 */
const FlashCell = memo(function FlashCell({
  store,
  table,
  currency,
  field,
  colors,
  simulatedMark,
  side,
  fees,
  byNet = false,
}: CellProps & SpreadProps & { field: FlashingField; colors: UpDownColors; simulatedMark: ReactNode }) {
  const { t } = useTranslation('market');
  const cell = useBoardCell(store, table, currency, field);
  const text = formatMarketField(cell?.value);
  const simulated = cell?.source === 'sim' && simulatedMark;
  const percent = side && spreadPercent(cell?.value);
  const open = openMark(side !== undefined && !byNet && isSpreadOpen(side, percent), colors);
  const net = side && <NetLine side={side} percent={percent} fees={fees} marked={byNet} colors={colors} />;
  if (!cell?.flash) {
    return (
      <>
        <span className={`market-cell${open.className}`} style={open.style} data-open={open.className !== '' || undefined}>
          {text}
        </span>
        {simulated}
        {net}
      </>
    );
  }
  const style = { ...open.style, '--market-flash': cell.flash === 'up' ? colors.up : colors.down } as CSSProperties;
  return (
    <>
      <span className={`market-cell market-flash${open.className}`} data-flash={cell.flash} data-open={open.className !== '' || undefined} style={style}>
        {text}
        {cell.flash === 'up' ? <CaretUpOutlined aria-label={t('flashUp')} /> : <CaretDownOutlined aria-label={t('flashDown')} />}
      </span>
      {simulated}
      {net}
    </>
  );
});

/** A validity cell: 1 or more (a stale quote) is red, with a warning icon that says so (not the colour alone). */
const ValidityCell = memo(function ValidityCell({ store, table, currency, field }: CellProps & { field: 'a_validity' | 'b_validity' }) {
  const { t } = useTranslation('market');
  const value = useBoardCell(store, table, currency, field)?.value;
  const stale = isStale(value);
  return (
    <Typography.Text type={stale ? 'danger' : undefined} data-stale={stale}>
      {value ?? '-'}
      {stale && <WarningOutlined aria-label={t('staleQuote')} title={t('staleQuote')} style={{ marginInlineStart: 4 }} />}
    </Typography.Text>
  );
});

function MarketTableCardView({
  table,
  store,
  exchangeName,
  deliveryCodes,
  colors,
  liveMode,
  onEdit,
  onDelete,
  feeAccounts,
  netColouring,
  rowAction,
}: MarketTableCardProps) {
  const { t } = useTranslation('market');
  const { t: tNet } = useTranslation('netSpread');
  const key = tableKey(table);
  const currencies = useBoardCurrencies(store, key);
  const [exchangeA, exchangeB, typeA, typeB] = table;
  const typeLabel = (code: number) => {
    const label = t(contractTypeLabelKey(code), { code });
    const delivery = deliveryCodeOf(deliveryCodes, code);
    return delivery ? t('typeWithDelivery', { type: label, code: delivery }) : label;
  };
  const feeLegs = [
    { exchange: exchangeName(exchangeA), type: typeLabel(typeA) },
    { exchange: exchangeName(exchangeB), type: typeLabel(typeB) },
  ] as const;
  const title = t('tableTitle', { exchangeA: exchangeName(exchangeA), typeA: typeLabel(typeA), exchangeB: exchangeName(exchangeB), typeB: typeLabel(typeB) });
  const legs = useMemo<KlineLeg[]>(
    () => [
      { exchange: exchangeA, type: typeA },
      { exchange: exchangeB, type: typeB },
    ],
    [exchangeA, exchangeB, typeA, typeB],
  );
  const rows = useMemo(() => currencies?.map((currency): RowKey => ({ currency_type: currency })), [currencies]);
  // the taker rate of each leg (for the net spreads); undefined while the accounts' fees load
  const legFees = useMemo(
    (): [LegFee, LegFee] | undefined => feeAccounts && [legTakerFee(feeAccounts, exchangeA, typeA), legTakerFee(feeAccounts, exchangeB, typeB)],
    [feeAccounts, exchangeA, exchangeB, typeA, typeB],
  );

  const columns = useMemo((): ColumnsType<RowKey> => {
    // the 'simulated' mark shows on a simulated leg only while some leg is live
    const simulatedMark = liveMode && (
      <Tag bordered={false} style={{ marginInlineStart: 4 }}>
        {t('simulated')}
      </Tag>
    );
    const flashing = (field: FlashingField) => (currency: string) => {
      const spread = field === 'positive' || field === 'negative' ? { side: field, fees: legFees, byNet: netColouring } : undefined;
      return <FlashCell store={store} table={key} currency={currency} field={field} colors={colors} simulatedMark={simulatedMark} {...spread} />;
    };
    // a spread column: the gross figure, the net one under it
    const spreadTitle = (gross: string) => (
      <>
        {gross}
        <span className="market-net">{tNet('net')}</span>
      </>
    );
    const validity = (field: 'a_validity' | 'b_validity') => (currency: string) => <ValidityCell store={store} table={key} currency={currency} field={field} />;
    const cell = (columnKey: string, field: FlashingField | 'a_validity' | 'b_validity', title: ReactNode) => ({
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
      cell('positive', 'positive', spreadTitle(t('columns.positive'))),
      cell('negative', 'negative', spreadTitle(t('columns.negative'))),
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
      ...(rowAction
        ? [{ key: 'alert', title: t('alerts:bell.label'), align: 'center' as const, render: (_: unknown, row: RowKey) => rowAction(table, row.currency_type) }]
        : []),
    ];
  }, [t, tNet, store, key, colors, liveMode, title, legs, legFees, netColouring, rowAction, table]);

  return (
    <Card
      size="small"
      data-testid="market-table"
      data-table={key}
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {title}
          <FeeCaption fees={legFees} legs={feeLegs} />
        </span>
      }
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
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus for a keyboard to scroll it */}
      <section style={SCROLLER_STYLE} tabIndex={0} aria-label={title}>
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
      </section>
    </Card>
  );
}

/**
 * One spread table (§2 market page): a card with its legs, feed state, rows, chart popovers. Memoised:
 * a push re-renders the cells that changed, never the card or the table around them.
 */
export const MarketTableCard = memo(MarketTableCardView);
