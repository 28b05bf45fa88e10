import { useState } from 'react';
import { Button, Card, Col, Input, Popconfirm, Row, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { TASK_CURRENCIES } from '../../domain/task';

/** The two lists of /coins and their calls (each save adds or removes one coin). */
const LISTS = {
  range: { get: 'coinRangeGet', save: 'coinRangeSave' },
  blacklist: { get: 'currencyBlacklistGet', save: 'currencyBlacklistSave' },
} as const;
type ListKind = keyof typeof LISTS;

const upper = (coin: string) => coin.toUpperCase();

/**
 * One coin list: search, add a known coin (the select offers those not listed yet), remove one behind a
 * confirm. After every save, failed or not, the list is read again (another tab may have changed it);
 * a failed add keeps the chosen coin.
 */
function CoinListCard({ kind }: { kind: ListKind }) {
  const { t } = useTranslation('coins');
  const { data, query } = useCall(LISTS[kind].get, {});
  const add = useCallMutation(LISTS[kind].save, { successNotification: succeeded('common:notifications.createSuccess'), errorNotification: failed });
  const remove = useCallMutation(LISTS[kind].save, { successNotification: succeeded('common:notifications.deleteSuccess'), errorNotification: failed });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);

  const coins = data?.coins ?? [];
  const reload = () => void query.refetch();
  const shown = coins.filter((coin) => coin.includes(search.trim().toLowerCase()));
  const addChosen = () => {
    if (!chosen) return;
    const added = () => {
      setChosen(undefined);
      reload();
    };
    add.mutate({ coin: chosen, op: 'add' }, { onSuccess: added, onError: reload });
  };
  const removeCoin = (coin: string) => {
    setRemoving(coin);
    remove.mutate({ coin, op: 'remove' }, { onSuccess: reload, onError: reload });
  };

  return (
    <Card title={t(`${kind}.title`)} data-testid={`coins-${kind}`} styles={{ body: { overflowX: 'auto' } }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t(`${kind}.hint`)}</Typography.Text>
        <Space wrap>
          <Select<string>
            showSearch
            style={{ width: 160 }}
            placeholder={t('choose')}
            aria-label={t('choose')}
            value={chosen}
            onChange={setChosen}
            options={TASK_CURRENCIES.filter((coin) => !coins.includes(coin)).map((coin) => ({ value: coin, label: upper(coin) }))}
          />
          <Button type="primary" onClick={addChosen} disabled={!chosen} loading={add.isPending}>
            {t('add')}
          </Button>
        </Space>
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 240 }}
        />
        <Table<{ coin: string }>
          dataSource={shown.map((coin) => ({ coin }))}
          loading={query.isLoading}
          rowKey="coin"
          size="small"
          pagination={false}
          locale={{ emptyText: t('empty') }}
        >
          <Table.Column<{ coin: string }> key="coin" dataIndex="coin" title={t('columns.coin')} render={upper} />
          <Table.Column<{ coin: string }>
            key="actions"
            title={t('columns.actions')}
            align="right"
            render={(_, { coin }) => (
              <Popconfirm
                title={t('removeConfirm', { coin: upper(coin) })}
                okText={t('common:buttons.ok')}
                cancelText={t('common:buttons.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => removeCoin(coin)}
              >
                <Button size="small" danger loading={remove.isPending && removing === coin} aria-label={`${t('remove')} ${upper(coin)}`}>
                  {t('remove')}
                </Button>
              </Popconfirm>
            )}
          />
        </Table>
      </Space>
    </Card>
  );
}

/**
 * /coins: the user's tradable coin range (empty = every coin) and currency blacklist. The
 * runner opens no new follow position in a blacklisted coin nor outside a non-empty range.
 */
export default function CoinsPage() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <CoinListCard kind="range" />
      </Col>
      <Col xs={24} lg={12}>
        <CoinListCard kind="blacklist" />
      </Col>
    </Row>
  );
}
