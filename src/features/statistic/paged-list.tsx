import { useEffect, useEffectEvent, useState } from 'react';
import { useTable } from '@refinedev/antd';
import { App, Button, Flex, Input, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGING } from '#contract/rules/constants';
import { jumpTo, step, type PageMove } from './statistics';
import type { OrderStatisticRow } from '#contract/types/orders';
import { keyed, OrderTable } from './order-table';

/** The page on screen: its number, its rows and how many pages there were when it came. */
interface Shown {
  page: number;
  pages: number;
  rows: OrderStatisticRow[];
}

/**
 * §2 paged order list: the `orders` resource (/web/get/order/paging {eachPageNumber 18, pagingNumber})
 * through Refine's useTable; previous / next and a jump-to-page input (digits only, else the §8 'please
 * enter a number' message); a page that comes back empty says 'no more data' (§8) and the list goes back
 * to the page it was on.
 */
export function PagedOrderList() {
  const { t } = useTranslation('statistic');
  const { message } = App.useApp();
  const { tableQuery, currentPage, setCurrentPage } = useTable<OrderStatisticRow>({
    resource: 'orders',
    pagination: { mode: 'server', currentPage: 1, pageSize: PAGING.orderPageSize },
    syncWithLocation: false,
  });
  const [shown, setShown] = useState<Shown>({ page: 1, pages: 0, rows: [] });
  const [input, setInput] = useState('');
  // a reply of the page asked for (not the previous page's rows kept while it loads)
  const reply = tableQuery.isPlaceholderData ? undefined : tableQuery.data;

  // once per reply
  const onReply = useEffectEvent((reply: NonNullable<typeof tableQuery.data>) => {
    const pages = Math.ceil((reply.total ?? 0) / PAGING.orderPageSize);
    if (reply.data.length === 0) void message.warning(t('paging.noMoreData'));
    // the first page may be empty: show an empty table rather than nothing; a later empty page goes back
    if (reply.data.length > 0 || currentPage === 1) setShown({ page: currentPage, pages, rows: reply.data });
    else setCurrentPage(shown.page);
  });
  useEffect(() => {
    if (reply) onReply(reply);
  }, [reply]);

  const go = (move: PageMove) => {
    if ('message' in move) void message.warning(t(`paging.${move.message}`));
    else setCurrentPage(move.page);
  };
  const loading = tableQuery.isFetching;

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => go(step(shown.page, -1, shown.pages))} disabled={loading}>
            {t('paging.prev')}
          </Button>
          <Button icon={<RightOutlined />} iconPosition="end" onClick={() => go(step(shown.page, 1, shown.pages))} disabled={loading}>
            {t('paging.next')}
          </Button>
          <Typography.Text data-testid="page-indicator">{t('paging.page', { page: shown.page, total: shown.pages })}</Typography.Text>
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
      <OrderTable title={() => t('paging.title')} rows={keyed(shown.rows, `p${shown.page}-`)} loading={loading} pagination={false} />
    </Flex>
  );
}
