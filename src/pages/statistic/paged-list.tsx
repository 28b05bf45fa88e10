import { useCallback, useEffect, useState } from 'react';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { PAGING } from '../../domain/constants';
import type { OrderPage } from '../../api/types';
import { jumpTo, step, type PageMove } from '../../domain/statistics';
import { useNotify } from '../../components/notify';
import { keyed, OrderTable } from './order-table';

interface Page {
  number: number;
  total: number;
  rows: OrderPage['data'];
}

/**
 * §2 paged order list over /web/get/order/paging {eachPageNumber 18, pagingNumber}: previous / next
 * and a jump-to-page input (digits only, else the §8 'please enter a number' message); a page that comes back empty says
 * 'no more data' (§8) and the list stays where it was.
 */
export function PagedOrderList() {
  const { t } = useTranslation('statistic');
  const { message } = App.useApp();
  const notify = useNotify();
  const [page, setPage] = useState<Page>();
  const [loading, setLoading] = useState(false);
  const [input, setInput] = useState('');

  const load = useCallback(
    async (number: number) => {
      setLoading(true);
      try {
        const reply = await call('orderPaging', { eachPageNumber: PAGING.orderPageSize, pagingNumber: number });
        const rows = Array.isArray(reply?.data) ? reply.data : [];
        if (rows.length === 0) {
          void message.warning(t('paging.noMoreData'));
          // the first page may be empty: show an empty table rather than nothing
          setPage((current) => current ?? { number: 1, total: Number(reply?.total_paging) || 0, rows: [] });
          return;
        }
        setPage({ number, total: Number(reply.total_paging) || 0, rows });
      } catch (error) {
        notify.error(error);
      } finally {
        setLoading(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [message, t],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const go = (move: PageMove) => {
    if ('message' in move) void message.warning(t(`paging.${move.message}`));
    else void load(move.page);
  };
  const current = page?.number ?? 1;
  const total = page?.total ?? 0;

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => go(step(current, -1, total))} disabled={loading}>
            {t('paging.prev')}
          </Button>
          <Button icon={<RightOutlined />} iconPosition="end" onClick={() => go(step(current, 1, total))} disabled={loading}>
            {t('paging.next')}
          </Button>
          <Typography.Text data-testid="page-indicator">{t('paging.page', { page: current, total })}</Typography.Text>
        </Space>
        <Space.Compact>
          <Input
            aria-label={t('paging.jumpLabel')}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onPressEnter={() => go(jumpTo(input))}
            inputMode="numeric"
            style={{ width: 96 }}
          />
          <Button onClick={() => go(jumpTo(input))} disabled={loading}>
            {t('paging.jump')}
          </Button>
        </Space.Compact>
      </Flex>
      <OrderTable title={() => t('paging.title')} rows={keyed(page?.rows ?? [], `p${current}-`)} loading={loading} pagination={false} />
    </Flex>
  );
}
