import { useMemo, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Button, Card, DatePicker, Flex, Form, Radio, Select, Space } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { asStatisticsReply, ORDER_COLUMNS, sdcPayload, serverToday, STATISTIC_CURRENCIES, toCsv, type QueryMode } from './statistics';
import { isDigits } from '../../domain/validation';
import { formatFileNumber } from '../../domain/format';
import { useCall } from '../../api/use-call';
import { downloadCsv } from './csv';
import { GroupTable } from './group-table';
import { keyed, orderCell, OrderTable } from './order-table';

interface QueryForm {
  mode: QueryMode;
  apis?: number[];
  currencies?: string[];
  tasks?: string[];
  range: [Dayjs, Dayjs];
}

/** §2 query panel over /web/query/order/SDC; the result's groups and orders, and a CSV of the orders shown. */
export function QueryPanel() {
  const { t } = useTranslation('statistic');
  const [form] = Form.useForm<QueryForm>();
  // the user's API names (/api/name, every account) with how many orders each has (/web/get/order/apiNumber)
  const names = useCall('apiNames', { all: 1 }, { staleTime: 60_000 }).data ?? [];
  const counts = useCall('orderApiNumber', {}).data;
  const apiOptions = names.map((a) => ({ value: a.id, label: counts ? t('query.apiWithOrders', { name: a.name, count: counts[String(a.id)] ?? 0 }) : a.name }));
  const [payload, setPayload] = useState<Record<string, string>>();
  const { result, query } = useCustom({
    url: 'orderQuerySDC',
    method: 'get',
    config: { query: payload },
    queryOptions: { enabled: payload !== undefined },
  });
  const reply = useMemo(() => (payload && result?.data ? asStatisticsReply(result.data) : undefined), [payload, result?.data]);

  const submit = (values: QueryForm) =>
    setPayload(
      sdcPayload({
        mode: values.mode,
        apis: values.apis ?? [],
        currencies: values.currencies ?? [],
        tasks: (values.tasks ?? []).filter(isDigits).map(Number),
        range: values.range,
      }),
    );

  const exportCsv = () => {
    if (!reply) return;
    const header = ORDER_COLUMNS.map((column) => t(`columns.${column.key}`));
    downloadCsv(
      t('query.fileName'),
      toCsv(
        header,
        reply.order.map((row) => ORDER_COLUMNS.map((column) => orderCell(row, column, formatFileNumber))),
      ),
    );
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('query.title')}>
        <Form<QueryForm> form={form} layout="vertical" onFinish={submit} initialValues={{ mode: 0, range: [serverToday(), serverToday()] }}>
          <Flex wrap gap={12}>
            <Form.Item name="apis" label={t('query.apis')} style={{ minWidth: 200, flex: '1 1 200px' }}>
              <Select mode="multiple" allowClear placeholder={t('query.all')} options={apiOptions} />
            </Form.Item>
            <Form.Item name="currencies" label={t('query.currencies')} style={{ minWidth: 200, flex: '1 1 200px' }}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('query.all')}
                options={STATISTIC_CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
              />
            </Form.Item>
            <Form.Item name="tasks" label={t('query.tasks')} style={{ minWidth: 160, flex: '1 1 160px' }}>
              <Select mode="tags" allowClear placeholder={t('query.all')} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
            </Form.Item>
            <Form.Item name="range" label={t('query.days')} rules={[{ required: true }]} style={{ flex: '1 1 240px' }}>
              <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="mode" label={t('query.mode')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 0, label: t('query.sum') },
                  { value: 1, label: t('query.individual') },
                ]}
              />
            </Form.Item>
          </Flex>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isFetching}>
              {t('query.submit')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!reply}>
              {t('query.export')}
            </Button>
          </Space>
        </Form>
      </Card>
      {reply && (
        <>
          <GroupTable title={t('query.groups')} automatic={reply.automatic} manual={reply.manual} perGroup />
          <OrderTable title={() => t('query.orders')} rows={keyed(reply.order)} />
        </>
      )}
    </Flex>
  );
}
