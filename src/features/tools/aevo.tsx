import { useState } from 'react';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolCard } from '../../components/tool-card';
import type { AevoTrade } from '#contract/types/aevo';
import { useCall, useCallMutation } from '../../api/use-call';
import { failed } from '../../components/notify';
import { useUpDownColors } from '../../components/up-down-colors';
import { formatPrice, formatQuantity } from '../../domain/format';

const PAGE_SIZE = 20;

/**
 * /aveo (spec path kept): the user's aevo fills, newest first, paged on the server, and "sync now",
 * which pulls the fills made since the last pull and says how many were new. The reference server simulates
 * them (server/aevo/fills.ts): the page says so.
 */
export default function AevoPage() {
  const { t } = useTranslation('aevo');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, query } = useCall('aevoTradeData', { page, pageSize: PAGE_SIZE });
  const sync = useCallMutation('aevoTradeUpdate', { errorNotification: failed });
  const colors = useUpDownColors();

  const syncNow = () =>
    sync.mutate(
      {},
      {
        onSuccess: (reply) => {
          // a write's reply may be empty (contract/reply-shapes.ts): then the list read again says what is new
          const added = reply?.added;
          if (typeof added === 'number') void message.success(added > 0 ? t('synced', { count: added }) : t('noNew'));
          setPage(1);
          void query.refetch();
        },
      },
    );

  const columns: ColumnsType<AevoTrade> = [
    { key: 'time', dataIndex: 'time', title: t('columns.time') },
    { key: 'instrument', dataIndex: 'instrument', title: t('columns.instrument') },
    {
      key: 'side',
      dataIndex: 'side',
      title: t('columns.side'),
      render: (side: AevoTrade['side']) => <span style={{ color: side === 'buy' ? colors.up : colors.down }}>{t(`side.${side}`)}</span>,
    },
    { key: 'price', dataIndex: 'price', title: t('columns.price'), align: 'right', render: formatPrice },
    { key: 'amount', dataIndex: 'amount', title: t('columns.amount'), align: 'right', render: formatQuantity },
    { key: 'fee', dataIndex: 'fee', title: t('columns.fee'), align: 'right', render: formatPrice },
  ];

  return (
    <ToolCard
      title={t('title')}
      tools={
        <Button type="primary" icon={<SyncOutlined />} loading={sync.isPending} onClick={syncNow}>
          {t('sync')}
        </Button>
      }
      data-testid="aevo-page"
    >
      <Alert type="info" showIcon message={t('simulated')} style={{ marginBottom: 12 }} data-testid="aevo-simulated" />
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="aevo-synced">
          {data?.syncedAt ? t('syncedAt', { time: data.syncedAt }) : t('neverSynced')}
        </Typography.Text>
        {data ? <Typography.Text type="secondary">{t('total', { total: data.total })}</Typography.Text> : null}
      </Space>
      <Table<AevoTrade>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage, size: 'small' }}
        data-testid="aevo-trades"
      />
    </ToolCard>
  );
}
