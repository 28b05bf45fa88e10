import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticGroup } from '../../live/messages';
import { GROUP_FIELDS, sumGroups, type GroupTotals } from '../../domain/statistics';
import { formatStatistic } from '../../domain/format';

interface GroupRow extends GroupTotals {
  key: string;
  kind: 'automatic' | 'manual';
  currency?: string;
  minutes?: number;
}

/** §3 statistic group fields, automatic and manual apart: one row each (overall) or one per group. */
export function GroupTable({ automatic, manual, perGroup = false, title }: { automatic: readonly StatisticGroup[]; manual: readonly StatisticGroup[]; perGroup?: boolean; title?: string }) {
  const { t } = useTranslation('statistic');
  const rowsOf = (kind: GroupRow['kind'], groups: readonly StatisticGroup[]): GroupRow[] =>
    perGroup
      ? groups.map((g, i) => ({ ...sumGroups([g]), key: `${kind}-${i}`, kind, currency: g.currency, minutes: g.minutes }))
      : [{ ...sumGroups(groups), key: kind, kind }];
  const rows = [...rowsOf('automatic', automatic), ...rowsOf('manual', manual)];
  const columns: TableColumnsType<GroupRow> = [
    { key: 'kind', dataIndex: 'kind', title: t('groups.kind'), fixed: 'left', render: (kind: GroupRow['kind']) => t(`overall.${kind}`) },
    ...(perGroup
      ? [
          { key: 'currency', dataIndex: 'currency', title: t('groups.currency'), render: (c?: string) => c?.toUpperCase() },
          { key: 'minutes', dataIndex: 'minutes', title: t('groups.period') },
        ]
      : []),
    ...GROUP_FIELDS.map((field) => ({ key: field, dataIndex: field, title: t(`fields.${field}`), align: 'right' as const, render: formatStatistic })),
  ];
  return <Table<GroupRow> rowKey="key" size="small" title={title ? () => title : undefined} columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('empty') }} />;
}
