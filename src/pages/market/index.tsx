import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useCustom } from '@refinedev/core';
import { Button, Col, Empty, Row, Segmented, Space, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { Bourse } from '../../api/types';
import {
  MARKET_EXCHANGES,
  TABLE_SPANS,
  readMarketMessage,
  readMarketTables,
  sortByCurrency,
  sortTables,
  tableKey,
  tableSpan,
  type MarketTable,
  type SpanChoice,
} from '../../domain/market';
import { useFeed } from '../../live/use-feed';
import { useNotify } from '../../components/notify';
import { MarketTableCard } from './market-table';
import { TableDialog } from './table-dialog';
import { useUpDownColors } from './up-down-colors';

export { UpDownColorSetting, useUpDownColors } from './up-down-colors';

const SPAN_STORAGE_KEY = 'console.market.span';

/** The flash of a changed cell: a CSS animation from the up/down colour (no timer to stop). */
const FLASH_CSS = `
@keyframes market-flash { from { background-color: color-mix(in srgb, var(--market-flash) 45%, transparent); } to { background-color: transparent; } }
.market-flash { animation: market-flash 0.8s ease-out; border-radius: 2px; padding-inline: 2px; }
@media (prefers-reduced-motion: reduce) { .market-flash { animation: none; color: var(--market-flash); } }
`;

const subscribeWidth = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
/** The browser's width, followed on resize. */
const useWindowWidth = () => useSyncExternalStore(subscribeWidth, () => window.innerWidth, () => 1920);

function storedSpan(): SpanChoice {
  const value = Number(localStorage.getItem(SPAN_STORAGE_KEY));
  return (TABLE_SPANS as readonly number[]).includes(value) ? (value as SpanChoice) : 'auto';
}

/** /market: the live spread board (spec §2 Market page). */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const notify = useNotify();
  const colors = useUpDownColors();
  const width = useWindowWidth();
  const [spanChoice, setSpanChoice] = useState<SpanChoice>(storedSpan);

  const bourses = useCustom<Bourse[]>({ url: 'bourseGet', method: 'get', queryOptions: { staleTime: 5 * 60_000 } });
  const stored = useCustom<MarketTable[]>({ url: 'marketParamGet2', method: 'get', queryOptions: { staleTime: 0, gcTime: 0 } });
  const [tables, setTables] = useState<MarketTable[] | null>(null);
  const storedData = stored.result?.data;
  const storedLoaded = stored.query.isSuccess || stored.query.isError;
  useEffect(() => {
    // the stored tables seed the board once; later changes are the user's
    if (storedLoaded) setTables((current) => current ?? sortTables(readMarketTables(storedData)));
  }, [storedLoaded, storedData]);

  const names = Array.isArray(bourses.result?.data) ? bourses.result.data : [];
  const exchangeName = (id: number) => names.find((b) => b.id === id)?.name ?? String(id);
  const exchanges = (MARKET_EXCHANGES as readonly number[]).map((id) => ({ value: id, label: exchangeName(id) }));

  const subscribed = tables ?? [];
  const feed = useFeed('market', subscribed, { enabled: subscribed.length > 0 });
  const rowsByTable = useMemo(() => {
    const byTable = readMarketMessage(feed.data, subscribed);
    byTable.forEach((rows, key) => byTable.set(key, sortByCurrency(rows, (r) => r.currency_type)));
    return byTable;
  }, [feed.data, subscribed]);
  const liveMode = useMemo(
    () => [...rowsByTable.values()].some((rows) => rows.some((r) => r.a_source === 'live' || r.b_source === 'live')),
    [rowsByTable],
  );

  const [editing, setEditing] = useState<{ index: number | null } | null>(null);

  /** Every change is pushed with PUT /market/put2 (§2: parameters pushed whenever they change). */
  const change = (next: MarketTable[]) => {
    const sorted = sortTables(next);
    setTables(sorted);
    call('marketPut2', { params: sorted }).catch((error: unknown) => notify.error(error));
  };

  const chooseSpan = (choice: SpanChoice) => {
    setSpanChoice(choice);
    if (choice === 'auto') localStorage.removeItem(SPAN_STORAGE_KEY);
    else localStorage.setItem(SPAN_STORAGE_KEY, String(choice));
  };
  const span = tableSpan(width, spanChoice);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="market-page">
      <style>{FLASH_CSS}</style>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Segmented<SpanChoice>
            aria-label={t('width.label')}
            data-testid="table-width"
            value={spanChoice}
            onChange={chooseSpan}
            options={[
              { value: 'auto', label: t('width.auto') },
              ...TABLE_SPANS.map((value) => ({ value, label: t('width.span', { span: value }) })),
            ]}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ index: null })} disabled={tables === null}>
            {t('addTable')}
          </Button>
        </Space>
      </Space>

      {tables === null ? (
        <Spin />
      ) : tables.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Row gutter={[12, 12]}>
          {tables.map((table, index) => {
            return (
              <Col key={tableKey(table)} span={span} data-testid="market-col">
                <MarketTableCard
                  table={table}
                  rows={rowsByTable.get(tableKey(table))}
                  exchangeName={exchangeName}
                  colors={colors}
                  liveMode={liveMode}
                  onEdit={() => setEditing({ index })}
                  onDelete={() => change(tables.filter((_, i) => i !== index))}
                />
              </Col>
            );
          })}
        </Row>
      )}

      {editing && tables && (
        <TableDialog
          initial={editing.index === null ? undefined : tables[editing.index]}
          exchanges={exchanges}
          existing={tables}
          onClose={() => setEditing(null)}
          onSave={(table) => {
            change(editing.index === null ? [...tables, table] : tables.map((old, i) => (i === editing.index ? table : old)));
            setEditing(null);
          }}
        />
      )}
    </Space>
  );
}
