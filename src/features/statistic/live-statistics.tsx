import { useState } from 'react';
import { Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PERIOD_MINUTES, groupOf, STATISTIC_CURRENCIES } from './statistics';
import { GROUP_FIELDS } from '#contract/rules/statistics';
import { PAGING } from '#contract/rules/constants';
import { formatStatistic } from '../../domain/format';
import type { StatisticGroup } from '#contract/types/orders';
import type { FeedManager } from '../../live/manager';
import { useFeed } from '../../live/use-feed';
import { GroupTable } from './group-table';
import { keyed, OrderTable } from './order-table';
import { PeriodPicker } from './period-picker';

function Fields({ groups, currency, minutes, kind }: { groups: readonly StatisticGroup[]; currency: string; minutes: number; kind: 'automatic' | 'manual' }) {
  const { t } = useTranslation('statistic');
  const totals = groupOf(groups, currency, minutes);
  return (
    <Descriptions
      size="small"
      column={2}
      title={<Typography.Text type="secondary">{t(`cards.${kind}`)}</Typography.Text>}
      items={GROUP_FIELDS.map((field) => ({ key: field, label: t(`fields.${field}`), children: formatStatistic(totals[field]) }))}
    />
  );
}

/**
 * §2 summary cards per currency and the overall summary, live from the statistics socket (every 2 s the
 * console sends [currency, minutes] pairs and 18), with its newest 18 orders.
 */
export function LiveStatistics({ manager }: { manager?: FeedManager }) {
  const { t } = useTranslation('statistic');
  const [minutes, setMinutes] = useState(DEFAULT_PERIOD_MINUTES);
  const { data } = useFeed('statistics', { currencies: STATISTIC_CURRENCIES, minutes, number: PAGING.orderPageSize }, { manager });
  const automatic = data?.data.automatic ?? [];
  const manual = data?.data.manual ?? [];
  return (
    <Flex vertical gap={12}>
      <PeriodPicker value={minutes} onChange={setMinutes} />
      <GroupTable title={t('overall.title')} automatic={automatic} manual={manual} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('cards.title')}
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {STATISTIC_CURRENCIES.map((currency) => (
          <Col key={currency} xs={24} sm={12} xl={8}>
            <Card size="small" title={currency.toUpperCase()} data-testid={`card-${currency}`}>
              <Fields groups={automatic} currency={currency} minutes={minutes} kind="automatic" />
              <Fields groups={manual} currency={currency} minutes={minutes} kind="manual" />
            </Card>
          </Col>
        ))}
      </Row>
      <OrderTable title={() => t('newest.title')} rows={keyed(data?.data.order ?? [])} />
    </Flex>
  );
}
