import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ToolCard } from '../../../components/tool-card';
import type { BinanceAccount } from '#contract/types/binance';
import { useCall, useCallMutation } from '../../../api/use-call';
import { failed } from '../../../components/notify';
import { CURRENCIES } from '#contract/rules/codes';
import { RequiredSelect } from '../../../components/required-select';
import { AccountSelect, BinanceAccountsFailed, NoBinanceAccount, useBinanceAccount } from './accounts';

interface CoinRow {
  coin: string;
}

/** One account's blacklist: search, add a known coin (a listed one is refused with the server's message), remove behind a confirm. */
function Blacklist({ account }: { account: BinanceAccount }) {
  const { t } = useTranslation('binance');
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ currency?: string }>();
  const [search, setSearch] = useState('');
  const { data, query } = useCall('binanceBlacklistGet', { apiId: account.apiId });
  const add = useCallMutation('binanceBlacklistSave', { errorNotification: failed });
  const remove = useCallMutation('binanceBlacklistDelete', { errorNotification: failed });
  const coins = useMemo(() => data?.coins ?? [], [data]);
  const shown: CoinRow[] = useMemo(() => coins.filter((c) => c.includes(search.trim().toLowerCase())).map((coin) => ({ coin })), [coins, search]);
  const refresh = () => void query.refetch();

  const save = ({ currency }: { currency?: string }) =>
    add.mutate(
      { apiId: account.apiId, currency: currency! },
      {
        onSuccess: () => {
          form.resetFields();
          refresh();
        },
      },
    );
  const confirmDelete = (coin: string) =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('currency.delete'),
      content: t('currency.confirmDelete', { coin: coin.toUpperCase(), name: account.name }),
      onOk: () => remove.mutateAsync({ apiId: account.apiId, currency: coin }).then(refresh, () => undefined),
    });

  const columns: ColumnsType<CoinRow> = [
    { key: 'coin', dataIndex: 'coin', title: t('currency.coin'), render: (c: string) => c.toUpperCase() },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (_: unknown, row: CoinRow) => (
        <Button size="small" danger onClick={() => confirmDelete(row.coin)} aria-label={`${t('currency.delete')} ${row.coin.toUpperCase()}`}>
          {t('currency.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Form form={form} layout="inline" onFinish={save} style={{ rowGap: 8 }}>
        <Form.Item
          name="currency"
          rules={[
            { required: true, message: t('currency.coinRequired') },
            // the server refuses a listed coin with the same message
            {
              validator: (_, coin?: string) =>
                coin && coins.includes(coin)
                  ? Promise.reject(new Error(t('blacklist.duplicate', { coin: coin.toUpperCase(), name: account.name })))
                  : Promise.resolve(),
            },
          ]}
        >
          <RequiredSelect
            showSearch
            style={{ width: 160 }}
            aria-label={t('currency.coin')}
            placeholder={t('currency.coin')}
            options={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('currency.add')}
          </Button>
        </Form.Item>
      </Form>
      <Input.Search
        allowClear
        style={{ maxWidth: 260 }}
        aria-label={t('currency.search')}
        placeholder={t('currency.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Table<CoinRow>
        size="small"
        rowKey="coin"
        columns={columns}
        dataSource={shown}
        loading={query.isLoading}
        pagination={false}
        locale={{ emptyText: t('currency.empty') }}
        data-testid="binance-blacklist"
      />
    </Space>
  );
}

/** /binance/currency: the exchange-specific blacklist, one per Binance API account. */
export default function BinanceCurrencyPage() {
  const { t } = useTranslation('binance');
  const binance = useBinanceAccount();
  const { account, query } = binance;
  if (query.isError && !account) return <BinanceAccountsFailed binance={binance} />;
  if (!query.isLoading && !account) return <NoBinanceAccount />;
  return (
    <ToolCard title={t('currency.title')} loading={query.isLoading} tools={<AccountSelect binance={binance} />} data-testid="binance-currency">
      <Typography.Paragraph type="secondary">{t('currency.hint')}</Typography.Paragraph>
      {account ? <Blacklist key={account.apiId} account={account} /> : null}
    </ToolCard>
  );
}
