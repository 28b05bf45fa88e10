import { useMemo } from 'react';
import { Card, Col, Empty, Row, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../domain/format';
import { demandByApi, type DemandRow } from '../../domain/market';
import { useFeed } from '../../live/use-feed';
import { FeedStatusBadge } from '../../components/feed-status';

const shortfall = (row: DemandRow): number => Math.max(0, Number(row.demand) - Number(row.available));

/** /demand: funding demand, a live table per API and currency (spec §2, feed /ts/req). */
export default function DemandPage() {
  const { t } = useTranslation('demand');
  const feed = useFeed('demand');
  const groups = useMemo(() => demandByApi(feed.data), [feed.data]);

  const columns: ColumnsType<DemandRow> = [
    { key: 'currency', dataIndex: 'currency', title: t('columns.currency'), render: (c: string) => String(c).toUpperCase() },
    { key: 'demand', dataIndex: 'demand', title: t('columns.demand'), align: 'right', render: formatAmount },
    { key: 'available', dataIndex: 'available', title: t('columns.available'), align: 'right', render: formatAmount },
    {
      key: 'shortfall',
      title: t('columns.shortfall'),
      align: 'right',
      render: (_: unknown, row: DemandRow) => {
        const missing = shortfall(row);
        return <Typography.Text type={missing > 0 ? 'danger' : undefined}>{formatAmount(missing)}</Typography.Text>;
      },
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="demand-page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <FeedStatusBadge feed="demand" />
      </Space>
      {groups.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Row gutter={[12, 12]}>
          {groups.map((group) => (
            <Col key={group.apiId} xs={24} lg={12} xxl={8}>
              <Card
                size="small"
                title={t('apiTitle', { name: group.apiName, id: group.apiId })}
                styles={{ body: { padding: 0, overflowX: 'auto' } }}
                data-testid="demand-table"
              >
                <Table<DemandRow>
                  size="small"
                  rowKey={(row) => `${row.api_id}-${row.currency}`}
                  columns={columns}
                  dataSource={group.rows}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
