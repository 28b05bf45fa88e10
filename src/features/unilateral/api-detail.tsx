import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, Empty, Result, Segmented, Select, Space, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FollowOrder } from '#contract/types/follow-tasks';
import { useCall } from '../../api/use-call';
import { EarningsChart } from '../../components/earnings-chart';
import { DEFAULTS, PAGING } from '#contract/rules/constants';
import { formatCost, formatPrice, formatQuantity, formatReturn } from '../../domain/format';
import { followOrderStateLabelKey, followStateLabelKey, signalLabelKey } from '#contract/rules/unilateral';

const LAYOUTS = [1, 2, 3, 4, 5] as const;

/** The ±20 cursor of /get_records (§9): the page after (number +20) or before (−20) the edge row. */
interface Cursor {
  recordId: number;
  number: number;
}
const FIRST_PAGE: Cursor = { recordId: 0, number: PAGING.unilateralPageSize };

/** One API's follow orders, 20 a page; previous and next take ±20 from the edge row's id (§9). */
function OrderTable({ apiId }: { apiId: number }) {
  const { t } = useTranslation('unilateral');
  const { message } = App.useApp();
  const [cursor, setCursor] = useState<Cursor>(FIRST_PAGE);
  const { data, query } = useCall('followOrderDetail', { api_ids: [apiId], ...cursor });
  const rows = data ?? [];
  const previous = () => {
    if (cursor.recordId === 0 || rows.length === 0) void message.warning(t('list.firstPage'));
    else setCursor({ recordId: rows[0]!.id, number: -PAGING.unilateralPageSize });
  };
  const next = () => {
    if (rows.length < PAGING.unilateralPageSize) void message.warning(t('list.lastPage'));
    else setCursor({ recordId: rows.at(-1)!.id, number: PAGING.unilateralPageSize });
  };
  const column = (key: keyof FollowOrder, render?: (value: number) => ReactNode) => (
    <Table.Column<FollowOrder> key={key} dataIndex={key} title={t(`api.fields.${key}`)} render={render} />
  );
  return (
    <>
      <Table<FollowOrder> dataSource={rows} loading={query.isLoading} rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }}>
        {column('createtime')}
        {column('strategy_name')}
        {column('instrument_id')}
        {column('order_id')}
        {column('bourse')}
        {column('size', (v: number) => formatQuantity(v))}
        {column('filled_qty', (v: number) => formatQuantity(v))}
        {column('price', (v: number) => formatPrice(v))}
        {column('price_avg', (v: number) => formatPrice(v))}
        {column('type', (v: number) => t(signalLabelKey(v)))}
        {column('state', (v: number) => t(followOrderStateLabelKey(v)))}
      </Table>
      <Space style={{ marginTop: 8 }}>
        <Button onClick={previous}>{t('list.prev')}</Button>
        <Button onClick={next}>{t('list.next')}</Button>
      </Space>
    </>
  );
}

function RateChart({ apiId, name }: { apiId: number; name: string }) {
  const { t } = useTranslation('unilateral');
  const [layout, setLayout] = useState<number>(DEFAULTS.assetLayout);
  const { data } = useCall('followAssetRateChart', { apiId, layout });
  const points = useMemo(() => (data ?? []).map((p) => ({ dateTime: p.dateTime, earningsVal: p.rate })), [data]);
  return (
    <Card
      size="small"
      title={t('api.rate')}
      extra={
        <Segmented
          size="small"
          value={layout}
          onChange={(v) => setLayout(Number(v))}
          options={LAYOUTS.map((l) => ({ value: l, label: t(`api.layout.${l}`) }))}
        />
      }
    >
      {points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <EarningsChart
          data={points}
          height={240}
          label={t('api.chartLabel', { name })}
          timeName={t('api.fields.createtime')}
          valueName={t('api.rateSeries')}
          formatValue={formatReturn}
        />
      )}
    </Card>
  );
}

/**
 * /main/index/api/detail?key=<strategy id> (spec §2): the follow tasks (API items) of that strategy
 * (/get_account_page); for the chosen API its task, its summary, its orders and its asset-rate chart.
 */
export default function UnilateralApiDetailPage() {
  const { t } = useTranslation('unilateral');
  const [search, setSearch] = useSearchParams();
  const strategyId = Number(search.get('key'));
  const valid = Number.isInteger(strategyId) && strategyId > 0;
  const { data: apis, query } = useCall('accountPage', { strategyId }, { enabled: valid });
  const chosen = Number(search.get('api')) || apis?.[0]?.id;
  const api = apis?.find((a) => a.id === chosen);
  const { data: task } = useCall('followTaskDetail', { apiId: chosen ?? 0 }, { enabled: !!api });
  const { data: summary } = useCall('apiData', { apiId: chosen ?? 0 }, { enabled: !!api });

  if (!valid) return <Result status="warning" title={t('api.noKey')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={t('api.detailTitle')}
        loading={query.isLoading}
        extra={
          <Select
            style={{ minWidth: 180 }}
            aria-label={t('follow.columns.names')}
            value={api?.id}
            options={(apis ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(id: number) => setSearch({ key: String(strategyId), api: String(id) })}
          />
        }
      >
        {api ? (
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
            <Descriptions.Item label={t('follow.columns.strategy')}>{api.names}</Descriptions.Item>
            <Descriptions.Item label={t('follow.columns.status')}>
              <Tag>{t(followStateLabelKey(api.status))}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('follow.columns.bourse')}>{api.bourse}</Descriptions.Item>
            <Descriptions.Item label={t('follow.columns.ratio')}>{api.ratio}</Descriptions.Item>
            {task ? (
              <>
                <Descriptions.Item label={t('follow.fields.stopLoss')}>{`${task.stopLoss}%`}</Descriptions.Item>
                <Descriptions.Item label={t('follow.fields.positiveLeverage')}>{task.positiveLeverage}</Descriptions.Item>
                <Descriptions.Item label={t('follow.fields.negativeLeverage')}>{task.negativeLeverage}</Descriptions.Item>
              </>
            ) : null}
            {summary ? (
              <>
                <Descriptions.Item label={t('api.fields.equity')}>{formatCost(summary.equity)}</Descriptions.Item>
                <Descriptions.Item label={t('api.fields.initial_cost')}>{formatCost(summary.initial_cost)}</Descriptions.Item>
                <Descriptions.Item label={t('api.fields.earnings')}>{formatCost(summary.earnings)}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('follow.empty')} />
        )}
      </Card>
      {api ? (
        <>
          <Card size="small" title={t('api.orders')}>
            <OrderTable key={api.id} apiId={api.id} />
          </Card>
          <RateChart key={`rate-${api.id}`} apiId={api.id} name={api.name} />
        </>
      ) : null}
    </Space>
  );
}
