import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
      {/* the feed's state and age show in the shell's ShellFeedStatus, which lists the feeds this page uses */}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
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
