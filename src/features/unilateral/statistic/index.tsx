import { useState } from 'react';
import { Card, DatePicker, Descriptions, Empty, Result, Segmented, Skeleton, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Indicators, StrategyTrade, UnilateralPosition } from '#contract/types/unilateral';
import { useCall } from '../../../api/use-call';
import { PAGING } from '#contract/rules/constants';
import { formatCost, formatPrice, formatQuantity, formatReturn } from '../../../domain/format';
import { CYCLES, cycleWindow, DEFAULT_CYCLE, signalLabelKey, type Cycle } from '#contract/rules/unilateral';
import { fromServerTime, toServerTime } from './chart-data';

const SECOND = 'YYYY-MM-DD HH:mm:ss';
import { SignalPriceChart } from './signal-chart';

const INDICATORS: readonly (keyof Indicators)[] = [
  'capital',
  'cash',
  'equity',
  'initial_money',
  'win_rate',
  'win_lose_rate',
  'accumulated_earnings',
  'len_days',
  'max_drawdown',
  'return_volatility',
  'last_trading_time',
];
/** §9 number display: money and returns 2 decimals; days as counted; the time as sent. */
const showIndicator = (key: keyof Indicators, value: Indicators[keyof Indicators]): string =>
  key === 'last_trading_time' || key === 'len_days'
    ? String(value ?? '')
    : key === 'win_rate' || key === 'max_drawdown' || key === 'return_volatility'
      ? `${formatReturn(value)}%`
      : formatCost(value);

/** The paged position (types 1) or trade (types 2) table: page 1 from /strategy/data, the others from /get/pages/data. */
function usePaged<Row>(strategyId: number, types: 1 | 2, first: Row[] | undefined, total: number | undefined) {
  const [page, setPage] = useState(1);
  const { data, query } = useCall('pagesData', { strategyId, types, page }, { enabled: page > 1 });
  const rows = page === 1 ? (first ?? []) : ((data?.list as Row[] | undefined) ?? []);
  return {
    rows,
    loading: page > 1 && query.isLoading,
    pagination: { current: page, pageSize: PAGING.unilateralPageSize, total: total ?? 0, showSizeChanger: false, onChange: setPage, size: 'small' as const },
  };
}

function StatisticsTables({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation('unilateral');
  const { data, query } = useCall('strategyData', { strategyId });
  const positions = usePaged<UnilateralPosition>(strategyId, 1, data?.position, data?.position_len);
  const trades = usePaged<StrategyTrade>(strategyId, 2, data?.trade, data?.trade_len);
  return (
    <>
      <Card size="small" title={t('statistic.positions')}>
        <Table<UnilateralPosition>
          dataSource={positions.rows}
          loading={query.isLoading || positions.loading}
          rowKey={(r) => `${r.coin_names}-${r.type}`}
          size="small"
          pagination={positions.pagination}
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<UnilateralPosition> dataIndex="coin_names" title={t('statistic.position.coin_names')} />
          <Table.Column<UnilateralPosition> dataIndex="position" title={t('statistic.position.position')} render={formatQuantity} />
          <Table.Column<UnilateralPosition> dataIndex="cost" title={t('statistic.position.cost')} render={formatCost} />
          <Table.Column<UnilateralPosition> dataIndex="ratio" title={t('statistic.position.ratio')} render={formatReturn} />
          <Table.Column<UnilateralPosition> dataIndex="type" title={t('statistic.position.type')} />
        </Table>
      </Card>
      <Card size="small" title={t('statistic.trades')}>
        <Table<StrategyTrade>
          dataSource={trades.rows}
          loading={query.isLoading || trades.loading}
          rowKey={(r) => `${r.id ?? ''}-${r.create_time}-${r.type}`}
          size="small"
          pagination={trades.pagination}
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<StrategyTrade> dataIndex="create_time" title={t('statistic.trade.create_time')} />
          <Table.Column<StrategyTrade> dataIndex="price" title={t('statistic.trade.price')} render={formatPrice} />
          <Table.Column<StrategyTrade> dataIndex="trade_num" title={t('statistic.trade.trade_num')} render={formatQuantity} />
          <Table.Column<StrategyTrade> dataIndex="type" title={t('statistic.trade.type')} render={(type: number) => t(signalLabelKey(type))} />
          <Table.Column<StrategyTrade> dataIndex="win_lost" title={t('statistic.trade.win_lost')} render={formatCost} />
        </Table>
      </Card>
    </>
  );
}

/**
 * /unilateral/statistic?key=<strategy id> (spec §2 Strategy statistics page): a date range, the cycles
 * 1T/10T/1H/1D with their default windows (§9), the price chart with every trade signal, the
 * indicators, and the paged position and trade tables.
 */
export default function UnilateralStatisticPage() {
  const { t } = useTranslation('unilateral');
  const [search] = useSearchParams();
  const strategyId = Number(search.get('key'));
  const valid = Number.isInteger(strategyId) && strategyId > 0;
  const [cycle, setCycle] = useState<Cycle>(DEFAULT_CYCLE);
  // the window is taken when the page opens or a cycle is chosen, never at every render
  const [range, setRange] = useState<[number, number]>(() => cycleWindow(DEFAULT_CYCLE, Date.now()));
  const payload = { strategyId, startTime: toServerTime(range[0]), endTime: toServerTime(range[1]), cycle };
  const { data: chart, query: chartQuery } = useCall('unilateralTransactionIdentifier', payload, { enabled: valid });
  const { data: indicators, query: indicatorQuery } = useCall('unilateralRetreatIndicators', { strategyId }, { enabled: valid });

  if (!valid) return <Result status="warning" title={t('statistic.noKey')} />;

  const chooseCycle = (next: Cycle) => {
    setCycle(next);
    setRange(cycleWindow(next, Date.now()));
  };
  const markerCount = (chart?.up_direction.length ?? 0) + (chart?.down_direction.length ?? 0);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('statistic.title')}
        extra={
          <Space wrap>
            <DatePicker.RangePicker
              aria-label={t('statistic.range')}
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              // shown and picked in the server's time (UTC+8), as the chart's axis and the tables are
              value={[dayjs(toServerTime(range[0])), dayjs(toServerTime(range[1]))]}
              onChange={(values) => {
                const [start, end] = (values ?? []) as [Dayjs | null, Dayjs | null];
                if (start && end) setRange([fromServerTime(start.format(SECOND)), fromServerTime(end.format(SECOND))]);
              }}
            />
            <Segmented<Cycle> aria-label={t('statistic.cycle')} value={cycle} onChange={chooseCycle} options={[...CYCLES]} />
          </Space>
        }
      >
        <Typography.Text type="secondary" data-testid="marker-count">
          {t('statistic.markers', { count: markerCount })}
        </Typography.Text>
        {chartQuery.isLoading ? <Skeleton active paragraph={{ rows: 6 }} /> : <SignalPriceChart chart={chart} label={t('statistic.chartLabel')} />}
      </Card>
      <Card size="small" title={t('statistic.indicators')} loading={indicatorQuery.isLoading}>
        {indicators ? (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
            {INDICATORS.map((key) => (
              <Descriptions.Item key={key} label={t(`statistic.indicator.${key}`)}>
                {showIndicator(key, indicators[key])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <StatisticsTables strategyId={strategyId} />
    </Space>
  );
}
