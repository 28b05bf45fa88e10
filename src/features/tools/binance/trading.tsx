import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ToolCard } from '../../../components/tool-card';
import type { BinanceAccount, BinancePosition } from '#contract/types/binance';
import type { FollowOrder } from '#contract/types/follow-tasks';
import { useCallMutation } from '../../../api/use-call';
import { failed } from '../../../components/notify';
import { LEVERAGE, leverageProblem } from '#contract/rules/binance';
import { DECIMALS } from '#contract/rules/constants';
import { formatCost, formatPrice, formatQuantity } from '../../../domain/format';
import { followStateLabelKey, SIGNALS, signalLabelKey } from '#contract/rules/unilateral';
import { AccountSelect, BinanceAccountsFailed, NoBinanceAccount, useBinanceAccount } from './accounts';

const fit = { width: '100%', maxWidth: 260 } as const;

function Positions({ positions }: { positions: BinancePosition[] }) {
  const { t } = useTranslation('binance');
  const columns: ColumnsType<BinancePosition> = [
    { key: 'coin_names', dataIndex: 'coin_names', title: t('trading.columns.coin_names') },
    { key: 'position', dataIndex: 'position', title: t('trading.columns.position'), align: 'right', render: formatQuantity },
    { key: 'cost', dataIndex: 'cost', title: t('trading.columns.cost'), align: 'right', render: formatPrice },
    { key: 'price', dataIndex: 'price', title: t('trading.columns.price'), align: 'right', render: formatPrice },
    { key: 'notional', dataIndex: 'notional', title: t('trading.columns.notional'), align: 'right', render: formatCost },
    { key: 'margin', dataIndex: 'margin', title: t('trading.columns.margin'), align: 'right', render: formatCost },
  ];
  return (
    <Table<BinancePosition>
      size="small"
      rowKey="coin_names"
      columns={columns}
      dataSource={positions}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('trading.noPosition') }}
      data-testid="binance-positions"
    />
  );
}

/** The account's leverage, changed behind a confirm that names the account and the new value. */
function LeverageForm({ account, onDone }: { account: BinanceAccount; onDone: (text: string) => void }) {
  const { t } = useTranslation('binance');
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ leverage: number | null }>();
  const change = useCallMutation('binanceLeverage', { errorNotification: failed });
  const send = ({ leverage }: { leverage: number | null }) => {
    const value = Number(leverage);
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('trading.changeLeverage'),
      content: t('trading.confirmLeverage', { name: account.name, leverage: value }),
      onOk: () =>
        change.mutateAsync({ apiId: account.apiId, leverage: value }).then(
          // a write's reply may be empty (contract/reply-shapes.ts): then the value sent is the one set
          (reply) => onDone(t('trading.leverageChanged', { name: account.name, leverage: reply?.leverage ?? value })),
          () => undefined,
        ),
    });
  };
  return (
    <Form form={form} layout="inline" onFinish={send} initialValues={{ leverage: account.leverage }} style={{ rowGap: 8 }}>
      <Form.Item
        name="leverage"
        label={t('trading.newLeverage')}
        rules={[
          {
            validator: (_, value) => {
              const problem = leverageProblem(value);
              return problem ? Promise.reject(new Error(t(problem, { min: LEVERAGE.min, max: LEVERAGE.max }))) : Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber style={{ width: 120 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('trading.changeLeverage')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Manual adjust and independent trigger of the account's follow task, each behind its confirm. */
function FollowActions({ account, onOrder }: { account: BinanceAccount; onOrder: (order: FollowOrder | null) => void }) {
  const { t } = useTranslation('binance');
  const { modal } = App.useApp();
  const [position, setPosition] = useState<number | null>(null);
  const [signal, setSignal] = useState<number>(SIGNALS[0]!);
  const adjust = useCallMutation('followAdjustPosition', { errorNotification: failed });
  const trigger = useCallMutation('followIndependentTrigger', { errorNotification: failed });
  const confirm = (title: string, content: string, run: () => Promise<FollowOrder | null>) =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title,
      content,
      onOk: () => run().then(onOrder, () => undefined),
    });
  const signalName = (s: number) => t(signalLabelKey(s));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary" id="binance-adjust-target">
        {t('trading.adjustTarget')}
      </Typography.Text>
      <Space wrap>
        <InputNumber style={fit} aria-labelledby="binance-adjust-target" value={position} onChange={setPosition} precision={DECIMALS.quantity} />
        <Button
          loading={adjust.isPending}
          disabled={position === null}
          onClick={() =>
            confirm(t('trading.adjust'), t('trading.confirmAdjust', { name: account.name, position: formatQuantity(position) }), () =>
              adjust.mutateAsync({ apiId: account.apiId, position: Number(position) }),
            )
          }
        >
          {t('trading.adjust')}
        </Button>
      </Space>
      <Space wrap>
        <Select
          style={{ width: 140 }}
          aria-label={t('trading.signalType')}
          value={signal}
          onChange={setSignal}
          options={SIGNALS.map((s) => ({ value: s, label: signalName(s) }))}
        />
        <Button
          loading={trigger.isPending}
          onClick={() =>
            confirm(t('trading.trigger'), t('trading.confirmTrigger', { name: account.name, signal: signalName(signal) }), () =>
              trigger.mutateAsync({ apiId: account.apiId, type: signal }),
            )
          }
        >
          {t('trading.trigger')}
        </Button>
      </Space>
    </Space>
  );
}

/**
 * /binance/trading: one of the user's Binance accounts: its leverage (changed and read back; the
 * margin of its follow position follows it), manual position adjust and independent trigger of its follow task.
 */
export default function BinanceTradingPage() {
  const { t } = useTranslation('binance');
  const binance = useBinanceAccount();
  const { account, query } = binance;
  const [result, setResult] = useState<string | null>(null);
  const refresh = () => void query.refetch();
  const done = (text: string) => {
    setResult(text);
    refresh();
  };
  const orderText = (order: FollowOrder | null) =>
    order
      ? t('trading.order', {
          time: order.createtime,
          instrument: order.instrument_id,
          type: t(signalLabelKey(order.type)),
          size: formatQuantity(order.size),
          price: formatPrice(order.price_avg),
        })
      : t('trading.noOrder');

  if (query.isError && !account) return <BinanceAccountsFailed binance={binance} />;
  if (!query.isLoading && !account) return <NoBinanceAccount />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="binance-trading">
      <ToolCard title={t('trading.title')} loading={query.isLoading} tools={<AccountSelect binance={binance} />}>
        {account ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
              <Descriptions.Item label={t('trading.leverage')}>
                <span data-testid="binance-leverage">{`${account.leverage}x`}</span>
              </Descriptions.Item>
              {account.follow ? (
                <>
                  <Descriptions.Item label={t('trading.strategy')}>{account.follow.strategyName}</Descriptions.Item>
                  <Descriptions.Item label={t('trading.status')}>
                    <Tag>{t(followStateLabelKey(account.follow.status))}</Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.equity')}>{formatCost(account.follow.equity)}</Descriptions.Item>
                </>
              ) : null}
            </Descriptions>
            <LeverageForm key={`${account.apiId}-${account.leverage}`} account={account} onDone={done} />
          </Space>
        ) : null}
      </ToolCard>
      {result ? (
        <Alert
          type="success"
          showIcon
          message={t('trading.result')}
          description={result}
          closable
          onClose={() => setResult(null)}
          data-testid="binance-result"
        />
      ) : null}
      {account ? (
        <Card size="small" title={t('trading.positions')}>
          <Positions positions={account.positions} />
        </Card>
      ) : null}
      {account ? (
        <Card size="small" title={t('trading.follow')}>
          {account.follow ? (
            <FollowActions key={account.apiId} account={account} onOrder={(order) => done(orderText(order))} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t('trading.noFollow')}</Typography.Text>} />
          )}
        </Card>
      ) : null}
    </Space>
  );
}
