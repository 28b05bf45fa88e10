import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_FIELDS, sumGroups, type GroupTotals } from '#contract/rules/statistics';
import type { QueryGroup } from '#contract/types/orders';
import { formatStatistic } from '../../domain/format';

interface GroupRow extends GroupTotals {
  key: string;
  kind: 'automatic' | 'manual';
  currency?: string;
  minutes?: number;
  api_name?: string | null;
  task_id?: number | null;
}

/** The server's name for a sum over every currency (SDC in sum mode). */
const ALL_CURRENCIES = 'all';

/** §3 statistic group fields, automatic and manual apart: one row each (overall) or one per group. */
export function GroupTable({
  automatic,
  manual,
  perGroup = false,
  title,
}: {
  automatic: readonly QueryGroup[];
  manual: readonly QueryGroup[];
  perGroup?: boolean;
  title?: string;
}) {
  const { t } = useTranslation('statistic');
  const rowsOf = (kind: GroupRow['kind'], groups: readonly QueryGroup[]): GroupRow[] =>
    perGroup
      ? groups.map((g, i) => ({
          ...sumGroups([g]),
          key: `${kind}-${i}`,
          kind,
          currency: g.currency,
          minutes: g.minutes,
          api_name: g.api_name,
          task_id: g.task_id,
        }))
      : [{ ...sumGroups(groups), key: kind, kind }];
  const rows = [...rowsOf('automatic', automatic), ...rowsOf('manual', manual)];
  // individual groups name their API account and task (SDC mode 1)
  const byApi = rows.some((r) => r.api_name !== undefined);
  const byTask = rows.some((r) => r.task_id !== undefined);
  const columns: TableColumnsType<GroupRow> = [
    { key: 'kind', dataIndex: 'kind', title: t('groups.kind'), fixed: 'left', render: (kind: GroupRow['kind']) => t(`overall.${kind}`) },
    ...(perGroup
      ? [
          {
            key: 'currency',
            dataIndex: 'currency',
            title: t('groups.currency'),
            render: (c?: string) => (c === ALL_CURRENCIES ? t('query.all') : c?.toUpperCase()),
          },
          { key: 'minutes', dataIndex: 'minutes', title: t('groups.period') },
          ...(byApi ? [{ key: 'api_name', dataIndex: 'api_name', title: t('columns.api_name') }] : []),
          ...(byTask ? [{ key: 'task_id', dataIndex: 'task_id', title: t('columns.task_id') }] : []),
        ]
      : []),
    ...GROUP_FIELDS.map((field) => ({ key: field, dataIndex: field, title: t(`fields.${field}`), align: 'right' as const, render: formatStatistic })),
  ];
  return (
    <Table<GroupRow>
      rowKey="key"
      size="small"
      title={title ? () => title : undefined}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
