import { useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { asStatisticsReply, DEFAULT_PERIOD_MINUTES } from './statistics';
import { GroupTable } from './group-table';
import { PeriodPicker } from './period-picker';

/** §2 totals view: /web/get/order/totalData {number = the period in minutes}, automatic and manual apart. */
export function TotalsView() {
  const { t } = useTranslation('statistic');
  const [minutes, setMinutes] = useState(DEFAULT_PERIOD_MINUTES);
  const { result, query } = useCustom({ url: 'orderTotalData', method: 'get', config: { query: { number: minutes } } });
  const reply = asStatisticsReply(result?.data);
  return (
    <Flex vertical gap={12}>
      <PeriodPicker value={minutes} onChange={setMinutes} />
      {query.isLoading ? <Skeleton active /> : <GroupTable title={t('totals.title')} automatic={reply.automatic} manual={reply.manual} perGroup />}
    </Flex>
  );
}
