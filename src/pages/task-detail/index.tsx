import { useEffect, useState } from 'react';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderRecord } from '../../api/types';
import { useCall } from '../../api/use-call';
import { INTERVALS, PAGING } from '../../domain/constants';
import { formatMinute, formatPrice } from '../../domain/format';
import { parseJsonField } from '../../domain/task';
import { opensPosition, orderStatusLabelKey, otypeLabelKey } from '../../domain/order-status';

/**
 * /task/taskDetail?id= (§2 task detail): the task's orders, newest first, a page at a time. Pages move
 * by order id as /web/get/order/newest's do ({taskId, number, orderId}; a '-' prefix asks for the page
 * before), through the task detail call (an assumed path: §7 does not say how orders are narrowed to one task).
 */
export default function TaskDetailPage() {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const taskId = Number(search.get('id'));
  const [size, setSize] = useState<number>(PAGING.taskDetailPageSize);
  const [sizeText, setSizeText] = useState(String(PAGING.taskDetailPageSize));
  const [cursor, setCursor] = useState<{ orderId?: string; index: number }>({ index: 0 });
  const { data, query } = useCall('taskDetail', { taskId, number: size, ...(cursor.orderId ? { orderId: cursor.orderId } : {}) });
  const [rows, setRows] = useState<OrderRecord[]>([]);

  useEffect(() => {
    if (!data) return undefined;
    if (data.length > 0) {
      setRows(data);
      return undefined;
    }
    if (cursor.index > 0 || cursor.orderId) {
      void message.warning(t('detail.noMoreData'));
      return undefined;
    }
    // nothing at all: say so and go back (§2)
    void message.warning(t('detail.noTradeData'));
    const timer = setTimeout(() => void navigate(-1), INTERVALS.noTradeDataBackMs);
    return () => clearTimeout(timer);
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps -- once per reply

  const previous = () => {
    if (cursor.index === 0) return void message.warning(t('detail.firstPage'));
    setCursor({ orderId: `-${rows[0]!.id}`, index: cursor.index - 1 });
  };
  const next = () => {
    if (rows.length < size) return void message.warning(t('detail.lastPage'));
    setCursor({ orderId: String(rows[rows.length - 1]!.id), index: cursor.index + 1 });
  };
  const applySize = () => {
    if (!/^\d+$/.test(sizeText) || Number(sizeText) === 0) return void message.warning(t('detail.digitsOnly'));
    setSize(Number(sizeText));
    setCursor({ index: 0 });
  };

  return (
    <Card title={t('detail.title', { id: taskId })}>
      <Table<OrderRecord> rowKey="id" dataSource={rows} loading={query.isFetching} pagination={false} size="small" scroll={{ x: 'max-content' }}>
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
            const otype = Number(parseJsonField(row.cparam).otype);
            return `${t(opensPosition(otype) ? 'openClose.open' : 'openClose.close')} (${t(otypeLabelKey(otype))})`;
          }}
        />
        <Table.Column<OrderRecord> key="expected" title={t('detail.columns.expected')} render={(_, row) => formatPrice(parseJsonField(row.cparam).spread)} />
        <Table.Column<OrderRecord> key="result" title={t('detail.columns.result')} render={(_, row) => formatPrice(parseJsonField(row.result).deal_price)} />
        <Table.Column<OrderRecord> key="actual" title={t('detail.columns.actual')} render={(_, row) => formatPrice(parseJsonField(row.result).spread)} />
        <Table.Column<OrderRecord> key="createtime" title={t('detail.columns.createtime')} render={(_, row) => formatMinute(row.createtime)} />
        <Table.Column<OrderRecord>
          key="status"
          title={t('detail.columns.status')}
          render={(_, row) => <Tag color={row.status_ === 3 ? 'green' : row.status_ === 4 || row.status_ === 8 ? 'red' : 'blue'}>{t(orderStatusLabelKey(row.status_), { code: row.status_ })}</Tag>}
        />
      </Table>
      <Space wrap style={{ marginTop: 12 }}>
        <Button onClick={previous}>{t('detail.prev')}</Button>
        <Button onClick={next}>{t('detail.next')}</Button>
        <Typography.Text>{t('detail.pageSize')}</Typography.Text>
        <Input aria-label={t('detail.pageSize')} value={sizeText} onChange={(e) => setSizeText(e.target.value)} onPressEnter={applySize} onBlur={applySize} style={{ width: 90 }} />
      </Space>
    </Card>
  );
}
