import { useMemo, useState } from 'react';
import { Card, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignalRow } from '#contract/types/signal-coins';
import type { FollowTask } from '#contract/types/follow-tasks';
import { useCall, useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { formatPrice, formatQuantity } from '../../domain/format';
import { followStateLabelKey, isBuySignal, signalLabelKey } from '#contract/rules/unilateral';
import { useFeedListener } from '../../live/use-feed';
/** The server's page of newest signals (server/handlers/tools-signal.ts SIGNAL_LIST_SIZE). */
const SIGNAL_COUNT = 50;
/** Rows a page of the signal table shows (short enough for a phone). */
const SIGNAL_PAGE_SIZE = 10;

/**
 * One follow task's follow-signal switch (is/follow/signal): it shows the wanted value and spins while
 * the save runs; a failed save rolls back to the stored value (the notification says why).
 */
function FollowSignalSwitch({ task }: { task: FollowTask }) {
  const { t } = useTranslation('signal');
  const { data, query } = useCall('followSignalGet', { apiId: task.id });
  const save = useCallMutation('followSignalSave', { successNotification: succeeded('signal:follow.saved'), errorNotification: failed });
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = (follow: boolean) => {
    setWanted(follow);
    save.mutate(
      { apiId: task.id, follow: follow ? 1 : 0 },
      {
        onSuccess: () => void query.refetch().finally(() => setWanted(null)),
        onError: () => setWanted(null),
      },
    );
  };
  return (
    <Switch
      checked={wanted ?? data?.follow === 1}
      loading={query.isLoading || save.isPending}
      disabled={!data}
      onChange={change}
      aria-label={t('follow.switchLabel', { name: task.name })}
    />
  );
}

/**
 * /signal: the unilateral strategies' newest signals as the runner trades them on the
 * simulated market, refreshed on every /web/all/data push while the page is open, and per API account
 * (follow task) its follow-signal switch: off, the task copies none of its strategy's new signals.
 */
export default function SignalPage() {
  const { t } = useTranslation('signal');
  const [strategyId, setStrategyId] = useState<number | undefined>(undefined);
  const { data, query } = useCall('signalList', {});
  // the feed pushes whenever the runner ran a bar or a strategy or task changed: read the newest signals again
  useFeedListener('unilateral', undefined, () => void query.refetch({ cancelRefetch: false }));
  const { data: tasks, query: tasksQuery } = useCall('unilateralApiList', {});

  const signals = data ?? [];
  const strategies = useMemo(() => [...new Map(signals.map((s) => [s.strategyId, s.names])).entries()], [signals]);
  const shown = strategyId === undefined ? signals : signals.filter((s) => s.strategyId === strategyId);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {/* the shell's live line shows the /web/all/data feed's state */}
      <Card title={t('latest.title')} styles={{ body: { overflowX: 'auto' } }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('latest.hint', { count: SIGNAL_COUNT })}</Typography.Text>
          <Select<number>
            allowClear
            style={{ width: 220, maxWidth: '100%' }}
            placeholder={t('latest.strategy')}
            aria-label={t('latest.strategy')}
            value={strategyId}
            onChange={setStrategyId}
            options={strategies.map(([id, names]) => ({ value: id, label: names }))}
          />
          <Table<SignalRow>
            dataSource={shown}
            loading={query.isLoading}
            rowKey="id"
            size="small"
            pagination={{ pageSize: SIGNAL_PAGE_SIZE, size: 'small', showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="signal-table"
          >
            <Table.Column<SignalRow> key="createtime" dataIndex="createtime" title={t('columns.createtime')} />
            <Table.Column<SignalRow> key="names" dataIndex="names" title={t('columns.names')} />
            <Table.Column<SignalRow> key="coin" dataIndex="coin" title={t('columns.coin')} render={(coin: string) => coin.toUpperCase()} />
            <Table.Column<SignalRow>
              key="type"
              dataIndex="type"
              title={t('columns.type')}
              render={(type: number) => <Tag color={isBuySignal(type) ? 'green' : 'red'}>{t(signalLabelKey(type))}</Tag>}
            />
            <Table.Column<SignalRow> key="price" dataIndex="price" title={t('columns.price')} align="right" render={formatPrice} />
            <Table.Column<SignalRow> key="qty" dataIndex="qty" title={t('columns.qty')} align="right" render={formatQuantity} />
          </Table>
        </Space>
      </Card>
      <Card title={t('follow.title')} styles={{ body: { overflowX: 'auto' } }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('follow.hint')}</Typography.Text>
          <Table<FollowTask>
            dataSource={tasks}
            loading={tasksQuery.isLoading}
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('follow.empty') }}
            data-testid="follow-signal-table"
          >
            <Table.Column<FollowTask> key="name" dataIndex="name" title={t('follow.api')} />
            {/* the switch second, so a phone sees it without scrolling */}
            <Table.Column<FollowTask> key="follow" title={t('follow.switch')} render={(_, task) => <FollowSignalSwitch task={task} />} />
            <Table.Column<FollowTask> key="names" dataIndex="names" title={t('follow.strategy')} />
            <Table.Column<FollowTask>
              key="status"
              dataIndex="status"
              title={t('follow.status')}
              render={(status: number) => <Tag>{t(followStateLabelKey(status))}</Tag>}
            />
          </Table>
        </Space>
      </Card>
    </Space>
  );
}
