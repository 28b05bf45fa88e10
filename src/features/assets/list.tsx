import { useMemo, useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { App, Button, Card, Col, Flex, Menu, Modal, Row, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { LineChartOutlined, CameraOutlined, RedoOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import { assetView, joinApiIds, ledgerRecords, netAssetsOf } from '../../domain/assets';
import { DEFAULTS } from '#contract/rules/constants';
import type { FeedManager } from '../../live/manager';
import { failed } from '../../components/notify';
import { AssetSummaryCard } from '../../components/account-assets';
import { CurrencyTable } from './currency-table';
import { NoApiOrFailed } from './no-api';
import { RatioPanel } from './ratio-panel';
import { BorrowRecords, ManualTrading, RecordsUntilLive, TradeRecords, TransferRecords } from './records';
import { ExchangeReadings, notReadYet, type ReadAccount } from './exchange-readings';
import { assetsOf, useAccountRecords, useAssetsFeed } from '../../components/account-assets/use-account-assets';

const ALL = 'all';
/** Strategy type 1 = hedging (§3): its follow tasks are resumed by hedging/restore/task. */
const HEDGING = 1;

/** §2 chart dialog: the ratio curve of one API (with 'all APIs', the dialog asks which). */
function ChartDialog({ apis, selected, onClose }: { apis: readonly ApiAccount[]; selected?: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [apiId, setApiId] = useState(selected?.id ?? apis[0]?.id);
  const api = apis.find((a) => a.id === apiId);
  return (
    <Modal open title={t('chart.apiTitle', { name: api?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden width={800}>
      <Flex vertical gap={12}>
        {!selected && (
          <Select
            aria-label={t('chart.api')}
            value={apiId}
            onChange={setApiId}
            options={apis.map((a) => ({ value: a.id, label: a.name }))}
            style={{ maxWidth: 320 }}
          />
        )}
        {api && <RatioPanel key={api.id} endpoint="assetImaging" apiId={api.id} name={api.name} />}
      </Flex>
    </Modal>
  );
}

/** The buttons of §2: asset snapshot, resume following, the ratio curve dialog. */
function AssetActions({ apis, selected }: { apis: readonly ApiAccount[]; selected?: ApiAccount }) {
  const { t, i18n } = useTranslation('assets');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [chartOpen, setChartOpen] = useState(false);
  const { mutateAsync } = useCustomMutation();
  const targets = selected ? [selected] : apis;

  const resume = () =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('actions.resume'),
      content: t('actions.resumeConfirm'),
      onOk: async () => {
        const hedging = targets.filter((a) => a.status === HEDGING).map((a) => a.id);
        const oneSided = targets.filter((a) => a.status !== HEDGING).map((a) => a.id);
        const calls = [
          ...(oneSided.length ? [{ url: 'restoreTask', ids: oneSided }] : []),
          ...(hedging.length ? [{ url: 'hedgingRestoreTask', ids: hedging }] : []),
        ];
        const replies = await Promise.all(
          calls.map(({ url, ids }) =>
            mutateAsync({ url, method: 'post', values: { apiId: joinApiIds(ids) }, successNotification: false, errorNotification: failed }),
          ),
        );
        // a write's reply may be empty (contract/reply-shapes.ts): then nothing is named
        const resumed = replies.flatMap((reply) => (reply.data as { resumed?: { name: string }[] } | null)?.resumed ?? []);
        if (resumed.length) void message.success(t('actions.resumed', { names: new Intl.ListFormat(i18n.language).format(resumed.map((r) => r.name)) }));
        else void message.info(t('actions.nothingToResume'));
      },
    });

  return (
    <Space wrap>
      <Button icon={<CameraOutlined />} onClick={() => navigate('/assets/snapshot')}>
        {t('actions.snapshot')}
      </Button>
      <Button icon={<RedoOutlined />} onClick={resume}>
        {t('actions.resume')}
      </Button>
      <Button icon={<LineChartOutlined />} onClick={() => setChartOpen(true)}>
        {t('actions.chart')}
      </Button>
      {chartOpen && <ChartDialog apis={apis} selected={selected} onClose={() => setChartOpen(false)} />}
    </Space>
  );
}

/**
 * /assets ('equity', spec §2 Assets page): the assets resource (the user's accounts) for 'all APIs' or the
 * one selected, kept live by the asset socket through the live provider.
 */
export default function AssetsPage({ manager }: { manager?: FeedManager }) {
  const { t } = useTranslation('assets');
  const { accounts: apis, loading, failed, retry } = useAccountRecords();
  const [selection, setSelection] = useState<string>(ALL);
  const selected = selection === ALL ? undefined : apis.find((a) => String(a.id) === selection);
  const shown = useMemo(() => (selected ? [selected] : apis), [selected, apis]);
  const apiIds = useMemo(() => shown.map((a) => a.id), [shown]);
  const feed = useAssetsFeed(apiIds, manager);
  // an account whose exchange has not been read yet has no figures: they are left out, not summed as zeros
  const assets = useMemo(() => shown.map((a) => (notReadYet(a) ? { ...assetsOf(a), asset_info: undefined } : assetsOf(a))), [shown]);
  const readings = useMemo(() => shown.flatMap((a): ReadAccount[] => (a.exchange ? [{ id: a.id, name: a.name, exchange: a.exchange }] : [])), [shown]);
  const view = useMemo(() => assetView(assets), [assets]);
  const arrived = assets.some((a) => a.asset_info);
  const bourse = selected?.bourse_id ?? apis[0]?.bourse_id ?? DEFAULTS.bourseId;

  if (loading) return <Skeleton active />;
  // a list that could not be read is said with a retry, not as "no API yet"
  if (apis.length === 0)
    return (
      <Card>
        <NoApiOrFailed failed={failed} onRetry={retry} />
      </Card>
    );

  const tabs = [
    {
      key: 'chart',
      label: t('tabs.chart'),
      children: <RatioPanel key={joinApiIds(apiIds)} endpoint="assetStatistics" apiId={joinApiIds(apiIds)} name={selected?.name ?? t('apiList.all')} />,
    },
    { key: 'trades', label: t('tabs.trades'), children: <TradeRecords apiIds={apiIds} /> },
    {
      key: 'transfers',
      label: t('tabs.transfers'),
      children: (
        <>
          <RecordsUntilLive accounts={assets} part="ledger" />
          <TransferRecords records={ledgerRecords(view.ledger)} />
        </>
      ),
    },
    {
      key: 'borrow',
      label: t('tabs.borrow'),
      children: (
        <>
          <RecordsUntilLive accounts={assets} part="borrow" />
          <BorrowRecords records={view.borrow} />
        </>
      ),
    },
    ...(selected ? [{ key: 'manual', label: t('tabs.manual'), children: <ManualTrading api={selected} /> }] : []),
  ];

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      {/* the feed's state and age show in the shell's ShellFeedStatus, which lists the feeds this page uses */}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <AssetActions apis={apis} selected={selected} />
      <Row gutter={[12, 12]}>
        <Col xs={24} md={6} lg={5}>
          <Card size="small" title={t('apiList.label')} styles={{ body: { padding: 0 } }}>
            <Menu
              aria-label={t('apiList.label')}
              mode="inline"
              selectedKeys={[selection]}
              onClick={({ key }) => setSelection(key)}
              items={[{ key: ALL, label: t('apiList.all') }, ...apis.map((a) => ({ key: String(a.id), label: a.name }))]}
              style={{ maxHeight: 480, overflowY: 'auto', borderInlineEnd: 'none' }}
            />
          </Card>
        </Col>
        <Col xs={24} md={18} lg={19} style={{ minWidth: 0 }}>
          <Flex vertical gap={12}>
            <ExchangeReadings accounts={readings} />
            {arrived || !shown.some(notReadYet) ? (
              <AssetSummaryCard summary={view.summary} rowsNetAssets={netAssetsOf(view.rows)} />
            ) : (
              <Card size="small">
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            )}
            <Card size="small">
              <Tabs items={tabs} destroyOnHidden />
            </Card>
            <CurrencyTable rows={view.rows} bourse={bourse} loading={!arrived && feed.state !== 'offline'} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
