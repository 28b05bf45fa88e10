import { lazy, memo, Suspense, useMemo, type CSSProperties, type ReactNode, type TdHTMLAttributes } from 'react';
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

/** The card's width decides whether a spread takes two lines (marketTableCss): a query container. */
const SCROLLER_STYLE: CSSProperties = { overflowX: 'auto', containerType: 'inline-size', containerName: 'market-table' };
/** Digits of one width, so a changing price does not move its column. */
const TABLE_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
/** A card narrower than this (a phone, 8 spans on a small window) breaks each spread into its difference and its percentage. */
const NARROW_CARD_PX = 420;

/**
 * The spreads are what the board is for: they come right after the currency and stay in view at every
 * width of the grid and on a phone; the legs' prices and validities follow, each pair in one column, A
 * over B. A narrow card shows a spread's difference and its percentage on two lines, so the currency and
 * both spreads, gross and net, fit a phone's width; the prices never break.
 */
export const marketTableCss = `
.market-line { display: block; }
@container market-table (max-width: ${NARROW_CARD_PX}px) {
  .market-spread .market-cell { display: inline-block; }
  .market-tail { display: block; }
}
`;

/**
 * A spread's figure ('-149.2000/-0.2638%'): its percentage and the caret in a span of their own, which a
 * narrow card puts on a line of its own (marketTableCss); a price keeps one line. (No <wbr>: Chromium
 * breaks at one even under white-space: nowrap.)
 */
function spreadFigure(figure: string, caret: ReactNode): ReactNode {
  const slash = figure.indexOf('/');
  if (slash < 0)
    return (
      <>
        {figure}
        {caret}
      </>
    );
  return (
    <>
      {figure.slice(0, slash + 1)}
      <span className="market-tail">
        {figure.slice(slash + 1)}
        {caret}
      </span>
    </>
  );
}

/** A cell's `data-column` (the column's key): tests find a column by it, not by its position. */
const columnCell = (key: string) => () => ({ 'data-column': key }) as TdHTMLAttributes<HTMLTableCellElement>;

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
  const figure = formatMarketField(cell?.value);
  const simulated = cell?.source === 'sim' && simulatedMark;
  const percent = side && spreadPercent(cell?.value);
  const open = openMark(side !== undefined && !byNet && isSpreadOpen(side, percent), colors);
  const net = side && <NetLine side={side} percent={percent} fees={fees} marked={byNet} colors={colors} />;
  if (!cell?.flash) {
    return (
      <>
        <span className={`market-cell${open.className}`} style={open.style} data-open={open.className !== '' || undefined}>
          {side ? spreadFigure(figure, null) : figure}
        </span>
        {simulated}
        {net}
      </>
    );
  }
  const style = { ...open.style, '--market-flash': cell.flash === 'up' ? colors.up : colors.down } as CSSProperties;
  const caret = cell.flash === 'up' ? <CaretUpOutlined aria-label={t('flashUp')} /> : <CaretDownOutlined aria-label={t('flashDown')} />;
  return (
    <>
      <span className={`market-cell market-flash${open.className}`} data-flash={cell.flash} data-open={open.className !== '' || undefined} style={style}>
        {side ? (
          spreadFigure(figure, caret)
        ) : (
          <>
            {figure}
            {caret}
          </>
        )}
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
    const validity = (field: 'a_validity' | 'b_validity', currency: string) => <ValidityCell store={store} table={key} currency={currency} field={field} />;
    // two figures in one cell, A's line over B's (a compact form: the spreads keep the width)
    const pair = (a: ReactNode, b: ReactNode) => (
      <>
        <span className="market-line">{a}</span>
        <span className="market-line">{b}</span>
      </>
    );
    const column = (columnKey: string, title: ReactNode, render: (currency: string) => ReactNode, className?: string) => ({
      key: columnKey,
      dataIndex: 'currency_type',
      title,
      align: 'right' as const,
      className,
      onCell: columnCell(columnKey),
      render,
    });
    const chart = (currency: string) => (
      <Popover
        trigger="click"
        destroyOnHidden
        title={t('chart.title', { currency: currency.toUpperCase(), legs: title })}
        content={
          <div style={{ width: 'min(560px, calc(100vw - 48px))' }}>
            <Suspense fallback={<Skeleton active />}>
              <KlinePanel legs={legs} currency={currency} colors={colors} />
            </Suspense>
          </div>
        }
      >
        <Button size="small" type="text" icon={<LineChartOutlined />} aria-label={t('chart.open')} data-testid={`chart-${currency}`} />
      </Popover>
    );
    return [
      {
        key: 'currency',
        dataIndex: 'currency_type',
        title: t('columns.currency'),
        onCell: columnCell('currency'),
        // the row's chart and alert buttons under its currency: in view with the spreads, without a column of their own
        render: (currency: string) => (
          <>
            <span className="market-line">{currency.toUpperCase()}</span>
            <span className="market-line">
              {chart(currency)}
              {rowAction?.(table, currency)}
            </span>
          </>
        ),
      },
      column('positive', spreadTitle(t('columns.positive')), flashing('positive'), 'market-spread'),
      column('negative', spreadTitle(t('columns.negative')), flashing('negative'), 'market-spread'),
      column('prices', pair(t('columns.aBuy'), t('columns.bSell')), (currency) => pair(flashing('a_buy')(currency), flashing('b_sell')(currency))),
      column('validity', pair(t('columns.aValidity'), t('columns.bValidity')), (currency) =>
        pair(validity('a_validity', currency), validity('b_validity', currency)),
      ),
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
