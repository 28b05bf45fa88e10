import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Button, Col, Empty, Row, Segmented, Space, Spin, Switch, Tooltip, Typography, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/use-call';
import { readMarketMessage, readMarketTables, sortTables, tableSpan } from '../../domain/market';
import { MARKET_EXCHANGES, TABLE_SPANS, tableKey, type SpanChoice } from '#contract/rules/market';
import type { MarketTable } from '#contract/types/market';
import { netColouringOf, spanOf, withParams, type MarketParams } from '#contract/rules/market-params';
import type { AccountFees } from '#contract/rules/net-spread';
import { useFeedListener } from '../../live/use-feed';
import { failed } from '../../components/notify';
import { MarketBoardStore, useBoardLiveMode } from './board-store';
import { MarketTableCard, marketTableCss } from './market-table';
import { TableDialog } from './table-dialog';
import { useUpDownColors } from '../../components/up-down-colors';
import { TakerFeesLoader } from './taker-fees';
import { netSpreadCss } from './net-cells';
import { spreadAlertAction } from '../../components/alert-bell/spread-threshold';

/** A changed cell's flash: a tint of the up/down colour until the board's next update (no timer, no animation). */
const FLASH_CSS = `
.market-cell { border-radius: 2px; padding-inline: 2px; }
.market-flash { background-color: color-mix(in srgb, var(--market-flash) 30%, transparent); }
`;

/** A table scrolled out of view is not laid out or painted at every push (its size is remembered). */
const OFFSCREEN_SKIPPED: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' };

const subscribeWidth = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
/** The browser's width, followed on resize. */
const useWindowWidth = () =>
  useSyncExternalStore(
    subscribeWidth,
    () => window.innerWidth,
    () => 1920,
  );

/** The board's calls push quietly; a failure shows as every call's does (§8). */
const QUIET = { successNotification: false, errorNotification: failed } as const;

/** /market: the live spread board (spec §2 Market page). */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const { t: tNet } = useTranslation('netSpread');
  const colors = useUpDownColors();
  const { token } = theme.useToken();
  const width = useWindowWidth();

  const bourses = useCall('bourseGet', {}, { staleTime: 5 * 60_000 });
  const stored = useCall('marketParamGet2', {}, { staleTime: 0, gcTime: 0 });
  // the width choice lives in the market params on the server (PUT /market/put, GET /market/param/get)
  const params = useCall('marketParamGet', {}, { staleTime: 0, gcTime: 0 });
  // the current delivery codes (the server's clock), shown after the delivery legs' types
  const deliveryCodes = useCall('deliveryCode', {}, { staleTime: 10 * 60_000 }).data;
  const putTables = useCallMutation('marketPut2', QUIET);
  const putParams = useCallMutation('marketPut', QUIET);
  // the choices made on this page, over the stored params (each push carries them all)
  const [chosen, setChosen] = useState<Partial<MarketParams>>({});
  const spanChoice = chosen.span ?? spanOf(params.data);
  const netColouring = chosen.netColouring ?? netColouringOf(params.data);
  // the user's API accounts' fee configs (for the net spreads); undefined while they load
  const [feeAccounts, setFeeAccounts] = useState<readonly AccountFees[]>();
  const [tables, setTables] = useState<MarketTable[] | null>(null);
  const storedData = stored.data;
  const storedLoaded = stored.query.isSuccess || stored.query.isError;
  useEffect(() => {
    // the stored tables seed the board once; later changes are the user's
    if (storedLoaded) setTables((current) => current ?? sortTables(readMarketTables(storedData)));
  }, [storedLoaded, storedData]);

  const names = Array.isArray(bourses.data) ? bourses.data : null;
  const exchangeName = useCallback((id: number) => names?.find((b) => b.id === id)?.name ?? String(id), [names]);
  const exchanges = (MARKET_EXCHANGES as readonly number[]).map((id) => ({ value: id, label: exchangeName(id) }));

  // the rows live in a store outside React: a push re-renders the cells that changed, not the page
  const [store] = useState(() => new MarketBoardStore());
  useEffect(() => () => store.dispose(), [store]);
  const subscribed = tables ?? [];
  useFeedListener('market', subscribed, (message) => store.push(readMarketMessage(message, subscribed)), { enabled: subscribed.length > 0 });
  const liveMode = useBoardLiveMode(store);

  const [editing, setEditing] = useState<{ table: MarketTable | null } | null>(null);
  const current = useRef(tables);
  current.current = tables;
  // the mutation's function is new at every render; the callbacks below stay the same for the memoised cards
  const pushTables = useRef(putTables.mutate);
  pushTables.current = putTables.mutate;

  /** Every change is pushed with PUT /market/put2 (§2: parameters pushed whenever they change). */
  const change = useCallback((next: MarketTable[]) => {
    const sorted = sortTables(next);
    setTables(sorted);
    pushTables.current({ params: sorted });
  }, []);
  const edit = useCallback((table: MarketTable) => setEditing({ table }), []);
  const remove = useCallback((table: MarketTable) => change((current.current ?? []).filter((t) => tableKey(t) !== tableKey(table))), [change]);

  /** §2: the market parameters are pushed whenever they change. */
  const choose = (changed: Partial<MarketParams>) => {
    const next = { ...chosen, ...changed };
    setChosen(next);
    putParams.mutate({ params: withParams(params.data, next) });
  };
  const chooseSpan = (span: SpanChoice) => choose({ span });
  const span = tableSpan(width, spanChoice);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="market-page">
      <style>{FLASH_CSS + netSpreadCss(token.colorTextSecondary) + marketTableCss}</style>
      <TakerFeesLoader onChange={setFeeAccounts} />
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={tNet('colourHint')}>
            <Space size={6}>
              <Switch
                size="small"
                id="market-net-colouring"
                data-testid="net-colouring"
                checked={netColouring}
                onChange={(on) => choose({ netColouring: on })}
              />
              <label htmlFor="market-net-colouring">{tNet('colourByNet')}</label>
            </Space>
          </Tooltip>
          <Segmented<SpanChoice>
            aria-label={t('width.label')}
            data-testid="table-width"
            value={spanChoice}
            onChange={chooseSpan}
            options={[{ value: 'auto', label: t('width.auto') }, ...TABLE_SPANS.map((value) => ({ value, label: t('width.span', { span: value }) }))]}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ table: null })} disabled={tables === null}>
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
          {tables.map((table) => (
            <Col key={tableKey(table)} span={span} data-testid="market-col" style={OFFSCREEN_SKIPPED}>
              <MarketTableCard
                table={table}
                store={store}
                exchangeName={exchangeName}
                deliveryCodes={deliveryCodes}
                colors={colors}
                liveMode={liveMode}
                onEdit={edit}
                onDelete={remove}
                feeAccounts={feeAccounts}
                netColouring={netColouring}
                rowAction={spreadAlertAction}
              />
            </Col>
          ))}
        </Row>
      )}

      {editing && tables && (
        <TableDialog
          initial={editing.table ?? undefined}
          exchanges={exchanges}
          existing={tables}
          onClose={() => setEditing(null)}
          onSave={(table) => {
            const old = editing.table;
            change(old ? tables.map((t) => (tableKey(t) === tableKey(old) ? table : t)) : [...tables, table]);
            setEditing(null);
          }}
        />
      )}
    </Space>
  );
}
