import { useState, type ReactNode } from 'react';
import { Card, Descriptions, Empty, Segmented, Select, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StrategyStatistics, StrategyTrade, UnilateralPosition } from '#contract/types/unilateral';
import { useCall } from '../../api/use-call';
import { PAGING } from '#contract/rules/constants';
import { formatCost, formatPrice, formatQuantity, formatReturn } from '../../domain/format';
import { CYCLES, DEFAULT_CYCLE, followStateLabelKey, signalLabelKey, type Cycle } from '#contract/rules/unilateral';
import { Sparkline } from '../../components/sparkline';

const PAGE = PAGING.unilateralPageSize;
type AssetRow = StrategyStatistics['assets'][number];
type KlinePoint = { createtime: string; price: number };
const pagination = { pageSize: PAGE, showSizeChanger: false, size: 'small' as const };

/** A select of the page's records (a strategy, an API account), its label read out. */
function Picker({
  label,
  testId,
  loading,
  value,
  onChange,
  options,
}: {
  label: string;
  testId: string;
  loading: boolean;
  value?: number;
  onChange: (id: number) => void;
  options: { value: number; label: string }[];
}) {
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 200, maxWidth: '100%' }}
      loading={loading}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={testId}
    />
  );
}

/** Internal K-lines: the strategy coin's price at a cycle over the cycle's window ending at the server's now (no window sent). */
function KlineTab({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation('badata');
  const [cycle, setCycle] = useState<Cycle>(DEFAULT_CYCLE);
  const { data, query } = useCall('internalKline', { strategyId, cycle });
  const points: KlinePoint[] = Array.isArray(data) ? data : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<Cycle> options={CYCLES.map((c) => ({ value: c, label: t(`cycles.${c}`) }))} value={cycle} onChange={setCycle} />
      <Card size="small" title={t('kline.chart')} data-testid="badata-kline-chart">
        {points.length ? (
          <>
            <Sparkline
              values={points.map((p) => p.price)}
              times={points.map((p) => p.createtime)}
              valueName={t('kline.price')}
              formatValue={formatPrice}
              height={160}
              label={t('kline.chartLabel', { count: points.length })}
            />
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <Typography.Text type="secondary">{points[0]!.createtime}</Typography.Text>
              <Typography.Text type="secondary">{points.at(-1)!.createtime}</Typography.Text>
            </Space>
          </>
        ) : (
          <Empty />
        )}
      </Card>
      <Table<KlinePoint>
        size="small"
        data-testid="badata-kline-table"
        rowKey="createtime"
        loading={query.isLoading}
        dataSource={[...points].reverse()}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<KlinePoint> dataIndex="createtime" title={t('kline.time')} />
        <Table.Column<KlinePoint> dataIndex="price" title={t('kline.price')} align="right" render={formatPrice} />
      </Table>
    </Space>
  );
}

/** strategy/data: the strategy's asset rows of the default window. */
function StrategyDataTab({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation('badata');
  const { data, query } = useCall('strategyData', { strategyId });
  return (
    <Table<AssetRow>
      size="small"
      data-testid="badata-strategy-table"
      rowKey="id"
      loading={query.isLoading}
      dataSource={[...(data?.assets ?? [])].reverse()}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
    >
      <Table.Column<AssetRow> dataIndex="time" title={t('assets.time')} />
      <Table.Column<AssetRow> dataIndex="equity" title={t('assets.equity')} align="right" render={formatCost} />
      <Table.Column<AssetRow> dataIndex="capital" title={t('assets.capital')} align="right" render={formatCost} />
      <Table.Column<AssetRow> dataIndex="cash" title={t('assets.cash')} align="right" render={formatCost} />
      <Table.Column<AssetRow> dataIndex="pct_chg" title={t('assets.pctChg')} align="right" render={formatReturn} />
    </Table>
  );
}

/** get/pages/data: the strategy's positions (types 1) or trades (types 2), paged on the server. */
function PagesDataTab({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation('badata');
  const [types, setTypes] = useState<1 | 2>(2);
  const [page, setPage] = useState(1);
  const { data, query } = useCall('pagesData', { strategyId, types, page });
  const list = (data?.list ?? []) as (StrategyTrade | UnilateralPosition)[];
  const paging = { ...pagination, current: page, total: data?.total ?? 0, onChange: setPage };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<1 | 2>
        options={[
          { value: 2, label: t('pages.trades') },
          { value: 1, label: t('pages.positions') },
        ]}
        value={types}
        onChange={(next) => {
          setTypes(next);
          setPage(1);
        }}
      />
      {types === 2 ? (
        <Table<StrategyTrade>
          size="small"
          data-testid="badata-pages-table"
          rowKey={(r) => `${r.id ?? ''}-${r.create_time}-${r.type}`}
          loading={query.isLoading}
          dataSource={list as StrategyTrade[]}
          pagination={paging}
          scroll={{ x: 'max-content' }}
        >
          <Table.Column<StrategyTrade> dataIndex="create_time" title={t('pages.time')} />
          <Table.Column<StrategyTrade> dataIndex="type" title={t('pages.type')} render={(type: number) => t(signalLabelKey(type))} />
          <Table.Column<StrategyTrade> dataIndex="price" title={t('pages.price')} align="right" render={formatPrice} />
          <Table.Column<StrategyTrade> dataIndex="trade_num" title={t('pages.quantity')} align="right" render={formatQuantity} />
          <Table.Column<StrategyTrade> dataIndex="win_lost" title={t('pages.winLost')} align="right" render={formatCost} />
        </Table>
      ) : (
        <PositionsTable rows={list as UnilateralPosition[]} loading={query.isLoading} pagination={paging} />
      )}
    </Space>
  );
}

function PositionsTable({ rows, loading, pagination: paging }: { rows: UnilateralPosition[]; loading: boolean; pagination: false | object }) {
  const { t } = useTranslation('badata');
  return (
    <Table<UnilateralPosition>
      size="small"
      rowKey={(r) => `${r.coin_names}-${r.type}`}
      loading={loading}
      dataSource={rows}
      pagination={paging}
      scroll={{ x: 'max-content' }}
    >
      <Table.Column<UnilateralPosition> dataIndex="coin_names" title={t('positions.coin')} />
      <Table.Column<UnilateralPosition> dataIndex="position" title={t('positions.position')} align="right" render={formatQuantity} />
      <Table.Column<UnilateralPosition> dataIndex="cost" title={t('positions.cost')} align="right" render={formatCost} />
      <Table.Column<UnilateralPosition> dataIndex="ratio" title={t('positions.ratio')} align="right" render={formatReturn} />
    </Table>
  );
}

/** get/api/data: a follow task's (API account's) equity, cost, earnings and position. */
function ApiDataTab() {
  const { t } = useTranslation('badata');
  const { data: tasks, query: tasksQuery } = useCall('unilateralApiList', {});
  const list = Array.isArray(tasks) ? tasks : [];
  const [apiId, setApiId] = useState<number>();
  const chosen = apiId ?? list[0]?.id;
  const { data, query } = useCall('apiData', { apiId: chosen ?? 0 }, { enabled: chosen !== undefined });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Picker
        label={t('api')}
        testId="badata-api"
        loading={tasksQuery.isLoading}
        value={chosen}
        onChange={setApiId}
        options={list.map((task) => ({ value: task.id, label: `${task.name} · ${task.names}` }))}
      />
      {data ? (
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('apiData.equity')}>{formatCost(data.equity)}</Descriptions.Item>
          <Descriptions.Item label={t('apiData.initial')}>{formatCost(data.initial_cost)}</Descriptions.Item>
          <Descriptions.Item label={t('apiData.earnings')}>{formatCost(data.earnings)}</Descriptions.Item>
          <Descriptions.Item label={t('apiData.status')}>{t(followStateLabelKey(data.status))}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <PositionsTable rows={data?.position ?? []} loading={query.isLoading && chosen !== undefined} pagination={false} />
    </Space>
  );
}

/**
 * /badata: basic data as browsable tables: the internal K-lines of a unilateral strategy's coin (table
 * and chart), its strategy data (asset rows), its paged positions and trades (get/pages/data), and a
 * follow task's API data; strategy and API picked in selects.
 */
export default function BadataPage() {
  const { t } = useTranslation('badata');
  const { data, query } = useCall('unilateralStrategyList', {});
  const strategies = Array.isArray(data) ? data : [];
  const [chosen, setStrategyId] = useState<number>();
  const strategyId = chosen ?? strategies[0]?.id;
  const withStrategy = (render: (id: number) => ReactNode) => (strategyId === undefined ? <Empty /> : render(strategyId));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="badata-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Space wrap>
        <Typography.Text>{t('strategy')}</Typography.Text>
        <Picker
          label={t('strategy')}
          testId="badata-strategy"
          loading={query.isLoading}
          value={strategyId}
          onChange={setStrategyId}
          options={strategies.map((s) => ({ value: s.id, label: s.names }))}
        />
      </Space>
      <Tabs
        items={[
          { key: 'kline', label: t('tabs.kline'), children: withStrategy((id) => <KlineTab key={id} strategyId={id} />) },
          { key: 'strategy', label: t('tabs.strategy'), children: withStrategy((id) => <StrategyDataTab strategyId={id} />) },
          { key: 'pages', label: t('tabs.pages'), children: withStrategy((id) => <PagesDataTab key={id} strategyId={id} />) },
          { key: 'api', label: t('tabs.api'), children: <ApiDataTab /> },
        ]}
      />
    </Space>
  );
}
