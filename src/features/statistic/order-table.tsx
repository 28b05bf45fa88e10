import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatisticRow } from '#contract/types/orders';
import { ORDER_COLUMNS, type OrderColumn } from './statistics';
import { EMPTY_VALUE, formatNumber, type DecimalKind } from '../../domain/format';
import { PAGING } from '#contract/rules/constants';

/** A cell as the table shows it (or the CSV export, with `number` formatFileNumber): §9 decimals where the column has them. */
export function orderCell(
  row: OrderStatisticRow,
  { key, decimals }: OrderColumn,
  number: (value: unknown, kind: DecimalKind) => string = formatNumber,
): string {
  const value = row[key];
  if (decimals) return number(value, decimals);
  return value === undefined || value === null || value === '' ? EMPTY_VALUE : String(value);
}

export type KeyedOrder = OrderStatisticRow & { key: string };

export const keyed = (rows: readonly OrderStatisticRow[], prefix = ''): KeyedOrder[] =>
  rows.map((row, i) => ({ ...row, key: `${prefix}${row.order_id ?? row.client_id ?? ''}-${i}` }));

/** §3 order statistic rows, every column in order; 18 per page (§9) unless paged elsewhere. */
export function OrderTable({ rows, pagination, ...props }: { rows: readonly KeyedOrder[] } & Omit<TableProps<KeyedOrder>, 'columns' | 'dataSource'>) {
  const { t } = useTranslation('statistic');
  const columns: TableColumnsType<KeyedOrder> = ORDER_COLUMNS.map((column) => ({
    key: column.key,
    title: t(`columns.${column.key}`),
    align: column.decimals ? ('right' as const) : undefined,
    // a re-hedge order (the console's own order type) is named; the others are shown as sent
    render: (_: unknown, row: KeyedOrder) => (column.key === 'types' && row.types === 'hedge' ? t('risk:orderType.hedge') : orderCell(row, column)),
  }));
  return (
    <Table<KeyedOrder>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      pagination={pagination ?? { pageSize: PAGING.orderPageSize, showSizeChanger: false, hideOnSinglePage: true }}
      {...props}
    />
  );
}
