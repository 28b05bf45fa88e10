import { Table, Typography, theme } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedAge } from '../feed-status/age';
import { formatQuantity, formatStatistic } from '../../domain/format';
import { legsApart, type LegHealth, type LegState, type TaskLegHealth } from '#contract/rules/leg-health';

const ICONS: Record<LegState, typeof CheckCircleOutlined> = { balanced: CheckCircleOutlined, unbalanced: WarningOutlined, abnormal: CloseCircleOutlined };

/** The state's colour: green, orange, red (with a word and an icon beside it, never the colour alone). */
function useStateColour(state: LegState): string {
  const { token } = theme.useToken();
  return state === 'balanced' ? token.colorSuccessText : state === 'unbalanced' ? token.colorWarningText : token.colorErrorText;
}

/** The words of a leg health: the state, the exposure when the legs are apart, the abnormal count when there are any. */
export function useLegHealthText() {
  const { t } = useTranslation('risk');
  return (health: LegHealth): string =>
    [
      t(`state.${health.state}`),
      ...(legsApart(health) ? [t('exposure', { value: formatStatistic(health.exposure) })] : []),
      ...(health.abnormal > 0 ? [t('abnormalCount', { count: health.abnormal })] : []),
    ].join(' · ');
}

/**
 * A task's or child's leg health in one line: icon, state word, exposure in USDT when the
 * legs are apart, abnormal orders of the last hour. Plain elements: it is drawn on every live update of a card.
 */
export function LegHealthTag({ health, testId }: { health: LegHealth | undefined; testId?: string }) {
  const { t } = useTranslation('risk');
  const text = useLegHealthText();
  const colour = useStateColour(health?.state ?? 'balanced');
  if (!health) return null;
  const Icon = ICONS[health.state];
  const words = text(health);
  return (
    <span
      data-testid={testId}
      data-state={health.state}
      title={t('summary', { text: words })}
      style={{ color: colour, display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}
    >
      <Icon aria-hidden />
      <span>{words}</span>
    </span>
  );
}

interface Row {
  key: string;
  name: string;
  health: LegHealth;
}

/**
 * The task detail's full figures: the task's total and each child's, both legs' held quantities side by
 * side, imbalance, exposure, the age of the last fill per leg, abnormal orders of the last hour, state.
 */
export function LegHealthTable({ health, now }: { health: TaskLegHealth; now: number }) {
  const { t } = useTranslation(['risk', 'live']);
  const age = (at: number | null) => {
    if (at === null) return t('detail.never');
    const a = feedAge(at, now);
    return t(`live:${a.key}`, { count: a.count });
  };
  const rows: Row[] = [
    { key: 'task', name: t('detail.task'), health },
    ...Object.entries(health.children).map(([id, child]) => ({ key: id, name: t('detail.child', { id }), health: child })),
  ];
  return (
    <Table<Row>
      dataSource={rows}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      data-testid="leg-health-table"
      columns={[
        { key: 'name', title: t('detail.leg'), render: (_, row) => <Typography.Text strong={row.key === 'task'}>{row.name}</Typography.Text> },
        { key: 'state', title: t('detail.state'), render: (_, row) => <LegHealthTag health={row.health} testId={`leg-state-${row.key}`} /> },
        {
          key: 'filled',
          title: t('detail.filled'),
          children: [
            {
              key: 'filledA',
              title: t('detail.legA'),
              align: 'right',
              render: (_, row) => <span data-testid={`leg-a-${row.key}`}>{formatQuantity(row.health.filled[0])}</span>,
            },
            {
              key: 'filledB',
              title: t('detail.legB'),
              align: 'right',
              render: (_, row) => <span data-testid={`leg-b-${row.key}`}>{formatQuantity(row.health.filled[1])}</span>,
            },
          ],
        },
        { key: 'imbalance', title: t('detail.imbalance'), align: 'right', render: (_, row) => formatStatistic(row.health.imbalance) },
        {
          key: 'exposure',
          title: t('detail.exposure'),
          align: 'right',
          render: (_, row) => <span data-testid={`leg-exposure-${row.key}`}>{formatStatistic(row.health.exposure)}</span>,
        },
        {
          key: 'lastFill',
          title: t('detail.lastFill'),
          children: [
            { key: 'lastA', title: t('detail.legA'), render: (_, row) => age(row.health.lastFill[0]) },
            { key: 'lastB', title: t('detail.legB'), render: (_, row) => age(row.health.lastFill[1]) },
          ],
        },
        { key: 'abnormal', title: t('detail.abnormal'), align: 'right', render: (_, row) => row.health.abnormal },
      ]}
    />
  );
}
