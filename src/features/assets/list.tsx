import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { App, Button, Card, Col, Flex, Menu, Modal, Row, Select, Skeleton, Space, Tabs, Typography } from 'antd';
import { LineChartOutlined, CameraOutlined, RedoOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import { assetView, joinApiIds, ledgerRecords, netAssetsOf } from '../../domain/assets';
import { DEFAULTS } from '#contract/rules/constants';
import type { FeedManager, FeedState } from '../../live/manager';
import { useFeedListener } from '../../live/use-feed';
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

/** What the API list, the buttons and the chart dialog use of an account: not its numbers, which the socket patches every 3 s. */
type AccountName = Pick<ApiAccount, 'id' | 'name' | 'status'>;

/** The accounts' names (and statuses), the same array while they stay the same, however often their numbers change. */
function useAccountNames(apis: readonly ApiAccount[]): AccountName[] {
  const key = apis.map((a) => `${a.id}\u0001${a.name}\u0001${a.status}`).join('\u0002');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the names and statuses by value
  return useMemo(() => apis.map(({ id, name, status }) => ({ id, name, status })), [key]);
}

/** §2 chart dialog: the ratio curve of one API (with 'all APIs', the dialog asks which). */
function ChartDialog({ apis, selected, onClose }: { apis: readonly AccountName[]; selected?: AccountName; onClose: () => void }) {
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
const AssetActions = memo(function AssetActions({ apis, selected }: { apis: readonly AccountName[]; selected?: AccountName }) {
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
});

/** The sums before the accounts' first numbers are in. */
const NO_NUMBERS = assetView([]);

/**
 * Whether the accounts' first numbers are in: every account shown has its first message, or the feed has sent a
 * round of messages (as many as accounts shown: one that never answers does not hold the page), or is not coming;
 * then it stays. Until then the sums wait (a sum over the accounts that answered first would be a wrong total, and
 * with 100 accounts their messages come in several pieces, each drawing the page again), and so does the ratio
 * chart, whose engine (@ant-design/charts, ~1 MB of script) would otherwise load while the numbers come in.
 */
function useNumbersIn(numbersIn: boolean, apiIds: readonly number[], feed: FeedState, manager?: FeedManager): boolean {
  const [may, setMay] = useState(false);
  const [round, setRound] = useState(false);
  const messages = useRef(0);
  useFeedListener(
    'asset',
    apiIds,
    () => {
      messages.current += 1;
      if (messages.current >= apiIds.length) setRound(true);
    },
    { enabled: !may && !round && apiIds.length > 0, manager },
  );
  const now = apiIds.length > 0 && (numbersIn || round || feed === 'offline' || feed === 'unsupported');
  useEffect(() => {
    if (now) setMay(true);
  }, [now]);
  return may || now;
}

/** 'All APIs' and each account: a long list (100 accounts) drawn again only when a name or the selection changes. */
const ApiMenu = memo(function ApiMenu({ apis, selection, onSelect }: { apis: readonly AccountName[]; selection: string; onSelect: (key: string) => void }) {
  const { t } = useTranslation('assets');
  return (
    <Menu
      aria-label={t('apiList.label')}
      mode="inline"
      selectedKeys={[selection]}
      onClick={({ key }) => onSelect(key)}
      items={[{ key: ALL, label: t('apiList.all') }, ...apis.map((a) => ({ key: String(a.id), label: a.name }))]}
      style={{ maxHeight: 480, overflowY: 'auto', borderInlineEnd: 'none' }}
    />
  );
});

/**
 * /assets ('equity', spec §2 Assets page): the assets resource (the user's accounts) for 'all APIs' or the
 * one selected, kept live by the asset socket through the live provider.
 */
export default function AssetsPage({ manager }: { manager?: FeedManager }) {
  const { t } = useTranslation('assets');
  const { accounts: apis, loading, failed, retry } = useAccountRecords();
  const [selection, setSelection] = useState<string>(ALL);
  const names = useAccountNames(apis);
  const selected = selection === ALL ? undefined : apis.find((a) => String(a.id) === selection);
  const selectedName = selection === ALL ? undefined : names.find((a) => String(a.id) === selection);
  const shown = useMemo(() => (selected ? [selected] : apis), [selected, apis]);
  const shownKey = selectedName ? String(selectedName.id) : names.map((a) => a.id).join(',');
  // the ids by value: the same array while the accounts shown stay the same
  const apiIds = useMemo(() => (shownKey ? shownKey.split(',').map(Number) : []), [shownKey]);
  const feed = useAssetsFeed(apiIds, manager);
  // an account whose exchange has not been read yet has no figures: they are left out, not summed as zeros
  const assets = useMemo(() => shown.map((a) => (notReadYet(a) ? { ...assetsOf(a), asset_info: undefined } : assetsOf(a))), [shown]);
  const readings = useMemo(() => shown.flatMap((a): ReadAccount[] => (a.exchange ? [{ id: a.id, name: a.name, exchange: a.exchange }] : [])), [shown]);
  const view = useMemo(() => assetView(assets), [assets]);
  const numbersIn = useNumbersIn(
    assets.every((a) => a.asset_info),
    apiIds,
    feed.state,
    manager,
  );
  const numbers = numbersIn ? view : NO_NUMBERS;
  const summaryCard = useMemo(() => <AssetSummaryCard summary={numbers.summary} rowsNetAssets={netAssetsOf(numbers.rows)} />, [numbers.summary, numbers.rows]);
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
      // a read of its own: it does not wait for the feed (a feed that never answers would hold it for good)
      children: <RatioPanel key={joinApiIds(apiIds)} endpoint="assetStatistics" apiId={joinApiIds(apiIds)} name={selectedName?.name ?? t('apiList.all')} />,
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
      <AssetActions apis={names} selected={selectedName} />
      <Row gutter={[12, 12]}>
        <Col xs={24} md={6} lg={5}>
          <Card size="small" title={t('apiList.label')} styles={{ body: { padding: 0 } }}>
            <ApiMenu apis={names} selection={selection} onSelect={setSelection} />
          </Card>
        </Col>
        <Col xs={24} md={18} lg={19} style={{ minWidth: 0 }}>
          <Flex vertical gap={12}>
            <ExchangeReadings accounts={readings} />
            {/* an account not read from its exchange yet has no figures: no sums until one has */}
            {numbersIn && (assets.some((a) => a.asset_info) || !shown.some(notReadYet)) ? (
              summaryCard
            ) : (
              <Card size="small">
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            )}
            <Card size="small">
              <Tabs items={tabs} destroyOnHidden />
            </Card>
            <CurrencyTable rows={numbers.rows} bourse={bourse} loading={!numbersIn && feed.state !== 'offline'} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
