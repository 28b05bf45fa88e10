import { useState } from 'react';
import { Button, Card, Empty, Flex, Select, Skeleton, Space, Typography } from 'antd';
import { CameraOutlined, AppstoreOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ManualSnapshot } from '#contract/types/assets';
import { useCallMutation } from '../../api/use-call';
import { mergeCurrencyRows, netAssetsOf, sumStatistics } from '../../domain/assets';
import { formatAmount, formatMinute } from '../../domain/format';
import { ShareChart } from '../../components/ratio-chart';
import { failed } from '../../components/notify';
import { CurrencyTable } from './currency-table';
import { NoApiOrFailed } from './no-api';
import { RatioPanel } from './ratio-panel';
import { AssetSummaryCard } from '../../components/account-assets';
import { useApiAccounts } from './use-api-accounts';
import { ExchangeReadings } from './exchange-readings';

/** A snapshot as a view: when, the summary and bars, self_worth per currency as columns, the per-currency table. */
export function SnapshotView({ snapshot, bourse, name }: { snapshot: ManualSnapshot; bourse: number; name: string }) {
  const { t } = useTranslation('assets');
  const rows = mergeCurrencyRows([snapshot.list ?? []]);
  return (
    <Flex vertical gap={12} data-testid="snapshot-view">
      <Typography.Text>
        {t('snapshot.time')}: {formatMinute(snapshot.time)}
      </Typography.Text>
      {snapshot.exchange && <ExchangeReadings accounts={[{ id: snapshot.apiId, name, exchange: snapshot.exchange }]} />}
      <AssetSummaryCard summary={sumStatistics([snapshot.statistics ?? {}])} rowsNetAssets={netAssetsOf(rows)} />
      <ShareChart
        label={t('snapshot.shareChart')}
        valueName={t('columns.self_worth')}
        format={formatAmount}
        data={rows.map((row) => ({ name: row.currency.toUpperCase(), value: Number(row.self_worth) }))}
      />
      <CurrencyTable rows={rows} bourse={bourse} />
    </Flex>
  );
}

/** /assets/snapshot: an API's ratio curve in every layout of /asset/imaging/get (default 3) and its manual snapshot. */
export default function AssetSnapshotPage() {
  const { t } = useTranslation('assets');
  const { apis, loading, failed: listFailed, retry } = useApiAccounts();
  const [chosen, setChosen] = useState<number>();
  const api = apis.find((a) => a.id === chosen) ?? apis[0];
  const [snapshot, setSnapshot] = useState<{ apiId: number; data: ManualSnapshot }>();
  const taking = useCallMutation('assetManualSnapshot', { successNotification: false, errorNotification: failed });

  if (loading) return <Skeleton active />;
  if (!api)
    return (
      <Card>
        <NoApiOrFailed failed={listFailed} onRetry={retry} />
      </Card>
    );

  const take = () => taking.mutate({ apiId: api.id }, { onSuccess: (data) => setSnapshot({ apiId: api.id, data }) });
  const shown = snapshot?.apiId === api.id ? snapshot.data : undefined;

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('snapshot.title')}
        </Typography.Title>
        <Space wrap>
          <Select
            aria-label={t('chart.api')}
            value={api.id}
            onChange={setChosen}
            options={apis.map((a) => ({ value: a.id, label: a.name }))}
            style={{ minWidth: 160 }}
          />
          <Link to="/assets/snapshot/board">
            <Button icon={<AppstoreOutlined />}>{t('snapshot.board')}</Button>
          </Link>
        </Space>
      </Flex>
      <Card size="small" title={t('chart.apiTitle', { name: api.name })}>
        <RatioPanel key={api.id} endpoint="assetImaging" apiId={api.id} name={api.name} />
      </Card>
      <Card
        size="small"
        title={t('snapshot.manual')}
        extra={
          <Button type="primary" icon={<CameraOutlined />} loading={taking.isPending} onClick={take}>
            {t('snapshot.take')}
          </Button>
        }
      >
        {shown ? <SnapshotView snapshot={shown} bourse={api.bourse_id} name={api.name} /> : <Empty description={t('snapshot.empty')} />}
      </Card>
    </Flex>
  );
}
