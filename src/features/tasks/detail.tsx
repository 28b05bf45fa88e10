import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderRecord } from '#contract/types/orders';
import { useCall } from '../../api/use-call';
import { INTERVALS, PAGING } from '#contract/rules/constants';
import { formatMinute, formatPrice } from '../../domain/format';
import { FIRST_NEWEST_PAGE, moveNewest, parseOrderNum, type NewestCursor } from './order-paging';
import { parseJsonField } from '../../domain/task';
import { opensPosition, orderStatusLabelKey, otypeLabelKey } from '#contract/rules/order-status';
import { legHealthOf } from '#contract/rules/leg-health';
import { useFeed } from '../../live/use-feed';
import { LegHealthTable } from '../../components/leg-health';

/**
 * The task's leg health, live from the task socket as the task cards read it: the same
 * `leg_health` figures, in full.
 */
function LegHealthCard({ taskId }: { taskId: number }) {
  const { t } = useTranslation('risk');
  const ids = useMemo(() => [taskId], [taskId]);
  const { data, lastMessageAt } = useFeed('task', ids);
  const health = legHealthOf(data?.data.find((task) => task.id === taskId)?.leg_health);
  return (
    <Card size="small" title={t('detail.title')} style={{ marginBottom: 12 }}>
      {/* the age of each last fill is counted at the time the figures came (each message redraws it) */}
      {health ? <LegHealthTable health={health} now={lastMessageAt ?? 0} /> : <Typography.Text type="secondary">{t('detail.waiting')}</Typography.Text>}
    </Card>
  );
}

/**
 * /task/taskDetail?id= (§2 task detail): the task's orders, newest first, a page at a time, from
 * /web/get/order/newest {number: orderNum, orderId ('-' prefix: the page before), taskId}. §7 does not
 * say how the newest orders are narrowed to one task: taskId is the reference server's narrowing
 * (docs/spec-coverage.md). The page size input is orderNum (§9; default 100).
 */
export default function TaskDetailPage() {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const taskId = Number(search.get('id'));
  const [orderNum, setOrderNum] = useState<number>(PAGING.taskDetailPageSize);
  const [orderNumText, setOrderNumText] = useState(String(PAGING.taskDetailPageSize));
  const [asked, setAsked] = useState<NewestCursor>(FIRST_NEWEST_PAGE);
  // the page on screen and where it stands: moves start from it, whatever the last ask brought back
  const [shown, setShown] = useState<{ cursor: NewestCursor; rows: OrderRecord[] }>({ cursor: FIRST_NEWEST_PAGE, rows: [] });
  const { data, query } = useCall('orderNewest', { taskId, number: orderNum, ...(asked.orderId ? { orderId: asked.orderId } : {}) });

  // once per reply
  const onReply = useEffectEvent((data: OrderRecord[]) => {
    if (data.length > 0) {
      setShown({ cursor: asked, rows: data });
      return undefined;
    }
    if (asked.index > 0) {
      // back to the page shown, so that asking again says so again
      void message.warning(t('detail.noMoreData'));
      setAsked(shown.cursor);
      return undefined;
    }
    // nothing at all: say so and go back (§2)
    void message.warning(t('detail.noTradeData'));
    const timer = setTimeout(() => void navigate(-1), INTERVALS.noTradeDataBackMs);
    return () => clearTimeout(timer);
  });
  useEffect(() => (data ? onReply(data) : undefined), [data]);

  const move = (delta: -1 | 1) => {
    const next = moveNewest(
      shown.cursor,
      shown.rows.map((row) => row.id),
      orderNum,
      delta,
    );
    if ('message' in next) return void message.warning(t(`detail.${next.message}`));
    setAsked(next.cursor);
  };
  const applyOrderNum = () => {
    const value = parseOrderNum(orderNumText);
    if (value === undefined) return void message.warning(t('detail.digitsOnly'));
    if (value === orderNum) return;
    setOrderNum(value);
    setAsked(FIRST_NEWEST_PAGE);
  };

  return (
    <Card title={t('detail.title', { id: taskId })}>
      <LegHealthCard taskId={taskId} />
      <Table<OrderRecord>
        data-testid="task-orders"
        rowKey="id"
        dataSource={shown.rows}
        loading={query.isFetching}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<OrderRecord> key="clientId" title={t('detail.columns.clientId')} dataIndex="client_id" />
        <Table.Column<OrderRecord> key="id" title={t('detail.columns.id')} render={(_, row) => `${row.task_id}-${row.task_children_id}`} />
        <Table.Column<OrderRecord>
          key="params"
          title={t('detail.columns.params')}
          render={(_, row) => {
            const c = parseJsonField(row.cparam);
            return `${String(c.bourse_name ?? '')} ${String(c.instrument_id ?? '')} ${formatPrice(c.price)} × ${String(c.amount ?? '-')}`;
          }}
        />
        <Table.Column<OrderRecord>
          key="openClose"
          title={t('detail.columns.openClose')}
          render={(_, row) => {
            const cparam = parseJsonField(row.cparam);
            const otype = Number(cparam.otype);
            const text = `${t(opensPosition(otype) ? 'openClose.open' : 'openClose.close')} (${t(otypeLabelKey(otype))})`;
            return cparam.order_type === 'hedge' ? (
              <>
                {text} <Tag color="orange">{t('risk:orderType.hedge')}</Tag>
              </>
            ) : (
              text
            );
          }}
        />
        <Table.Column<OrderRecord> key="expected" title={t('detail.columns.expected')} render={(_, row) => formatPrice(parseJsonField(row.cparam).spread)} />
        <Table.Column<OrderRecord> key="result" title={t('detail.columns.result')} render={(_, row) => formatPrice(parseJsonField(row.result).deal_price)} />
        <Table.Column<OrderRecord> key="actual" title={t('detail.columns.actual')} render={(_, row) => formatPrice(parseJsonField(row.result).spread)} />
        <Table.Column<OrderRecord> key="createtime" title={t('detail.columns.createtime')} render={(_, row) => formatMinute(row.createtime)} />
        <Table.Column<OrderRecord>
          key="status"
          title={t('detail.columns.status')}
          render={(_, row) => (
            <Tag color={row.status_ === 3 ? 'green' : row.status_ === 4 || row.status_ === 8 ? 'red' : 'blue'}>
              {t(orderStatusLabelKey(row.status_), { code: row.status_ })}
            </Tag>
          )}
        />
      </Table>
      <Space wrap style={{ marginTop: 12 }}>
        <Button onClick={() => move(-1)}>{t('detail.prev')}</Button>
        <Button onClick={() => move(1)}>{t('detail.next')}</Button>
        <Typography.Text>{t('detail.pageSize')}</Typography.Text>
        <Input
          aria-label={t('detail.pageSize')}
          value={orderNumText}
          onChange={(e) => setOrderNumText(e.target.value)}
          onPressEnter={applyOrderNum}
          onBlur={applyOrderNum}
          style={{ width: 90 }}
        />
      </Space>
    </Card>
  );
}
