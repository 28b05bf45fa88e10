import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeedStatusBadge } from '../../components/feed-status';
import type { FeedManager } from '../../live/manager';
import { LiveStatistics } from './live-statistics';
import { PagedOrderList } from './paged-list';
import { QueryPanel } from './query-panel';
import { TotalsView } from './totals';

/** /statistic (spec §2 Order statistics page): live cards and overall summary, query panel, totals, paged list. */
export default function StatisticPage({ manager }: { manager?: FeedManager }) {
  const { t } = useTranslation('statistic');
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <FeedStatusBadge feed="statistics" manager={manager} />
      </Flex>
      <Card size="small">
        <Tabs
          destroyOnHidden
          items={[
            { key: 'live', label: t('tabs.live'), children: <LiveStatistics manager={manager} /> },
            { key: 'query', label: t('tabs.query'), children: <QueryPanel /> },
            { key: 'totals', label: t('tabs.totals'), children: <TotalsView /> },
            { key: 'list', label: t('tabs.list'), children: <PagedOrderList /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
