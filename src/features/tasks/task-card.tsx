import { memo } from 'react';
import { Button, Card, Checkbox, Dropdown, Spin, Tag, theme, type MenuProps } from 'antd';
import { LineChartOutlined, MoreOutlined, PauseCircleTwoTone, PlayCircleTwoTone, StopTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChildTask } from '#contract/types/tasks';
import type { Task } from '#contract/types/tasks';
import type { TaskLive } from '#contract/types/feeds';
import { KEYBOARD_MENU } from '../../components/keyboard-menu';
import { UsedRateBar } from '../../components/used-rate-bar';
import { formatAmount, formatStatistic } from '../../domain/format';
import { earningsOf, positionAmountOf, priceRatiosOf, tradeTypeOfTransaction, usedRatioOf } from '../../domain/task';
import { TASK_STATUS, isRunning, taskStatusLabelKey } from '#contract/rules/task-status';
import { ELLIPSIS_STYLE } from './styles';
import { ChildList, useChildTasks, type ChildAction } from './child-tasks/child-list';
import { legHealthOf } from '#contract/rules/leg-health';
import { LegHealthTag } from '../../components/leg-health';

/** A task as the list holds it: the record of /task/list with the socket's live fields merged in. */
export type LiveTask = Task & Partial<Omit<TaskLive, 'id'>>;

/** What a card's menu asks the page to do. */
export type CardAction =
  | 'start'
  | 'stop'
  | 'pause'
  | 'restart'
  | 'closePosition'
  | 'manualClose'
  | 'manualOpen'
  | 'delete'
  | 'configure'
  | 'details'
  | 'tradeDetails'
  | 'addChild'
  | 'copy';

interface Props {
  task: LiveTask;
  selected: boolean;
  polling: boolean;
  bourseName: (id: number) => string;
  onSelect: (id: number, selected: boolean) => void;
  onAction: (action: CardAction, task: LiveTask) => void;
  onRename: (task: LiveTask) => void;
  onChart: (task: LiveTask) => void;
  /** the menu of a task in this status (cardMenuItems, made once per status by the page). */
  menuFor: (status: number) => MenuProps['items'];
  onChildAction: (action: ChildAction, child: ChildTask, task: Task) => void;
}

const NAME_STYLE = { ...ELLIPSIS_STYLE, display: 'inline-block', maxWidth: 180, verticalAlign: 'bottom' } as const;
/** the rename button looks like the link it replaced: no button chrome, the card title's font */
const NAME_BUTTON_STYLE = { padding: 0, border: 0, background: 'none', font: 'inherit', cursor: 'pointer' } as const;

function StatusIcon({ status, label }: { status: number; label: string }) {
  const icon =
    status === TASK_STATUS.running ? (
      <PlayCircleTwoTone twoToneColor="#52c41a" />
    ) : status === TASK_STATUS.paused ? (
      <PauseCircleTwoTone twoToneColor="#faad14" />
    ) : (
      <StopTwoTone twoToneColor="#bfbfbf" />
    );
  return (
    <span role="img" aria-label={label} title={label}>
      {icon}
    </span>
  );
}

/** The card menu of §2, with the rules of §4: close position only when running, add child hidden when running, stop for a running or paused task. */
export function cardMenuItems(status: number, t: (key: string) => string): MenuProps['items'] {
  const running = isRunning({ status });
  const paused = status === TASK_STATUS.paused;
  const item = (key: CardAction, extra: { danger?: boolean; disabled?: boolean } = {}) => ({ key, label: t(`actions.${key}`), ...extra });
  // a paused task is still live (it cannot be deleted): it offers stop, and restart in the pause slot
  return [
    running || paused ? item('stop') : item('start'),
    paused ? item('restart') : item('pause', { disabled: !running }),
    ...(running ? [item('closePosition')] : []),
    item('manualClose'),
    item('manualOpen'),
    item('delete', { danger: true }),
    item('configure'),
    item('details'),
    item('tradeDetails'),
    ...(running ? [] : [item('addChild')]),
    item('copy'),
  ];
}

const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', minWidth: 0 } as const;
const TITLE_STYLE = { ...ROW, flexWrap: 'nowrap', gap: 6 } as const;
const BODY_STYLE = { display: 'flex', flexDirection: 'column', gap: 4, width: '100%' } as const;
const CODE_STYLE = { fontFamily: 'monospace', fontSize: '0.9em' } as const;

/**
 * One task (§2 task card): status icon, currency, checkbox, position bar, price ratios, strategy, child
 * count, name-id, pairs, children. Drawn with plain elements where antd adds nothing (rows, texts): a
 * card re-renders on every live update, and each antd component is a style lookup per render (bench/README.md).
 */
export const TaskCard = memo(function TaskCard({ task, selected, polling, bourseName, onSelect, onAction, onRename, onChart, menuFor, onChildAction }: Props) {
  const { t } = useTranslation('task');
  const { token } = theme.useToken();
  const muted = token.colorTextSecondary;
  const { children } = useChildTasks(task.id);
  const statusLabel = t(taskStatusLabelKey(task.status));
  const ratio = usedRatioOf(task.position);
  const ratios = priceRatiosOf(task.analysis);
  const holding = positionAmountOf(task.position);
  const pnl = earningsOf(task.muldata);
  const legHealth = legHealthOf(task.leg_health);
  const leg = (bourse: unknown, type: unknown) => {
    const tradeType = tradeTypeOfTransaction(Number(type));
    return `${bourseName(Number(bourse))} ${tradeType ? t(`tradeTypes.${tradeType}`) : String(type ?? '-')}`;
  };

  return (
    <Card
      size="small"
      data-testid={`task-card-${task.id}`}
      title={
        <div style={TITLE_STYLE}>
          <Checkbox aria-label={t('card.select', { id: task.id })} checked={selected} onChange={(e) => onSelect(task.id, e.target.checked)} />
          <StatusIcon status={task.status} label={statusLabel} />
          <Tag color="blue">{String(task.params.currency_type ?? '').toUpperCase()}</Tag>
          {/* a real button (an anchor without href is no tab stop): named by the text it shows, the title says what it does */}
          <button
            type="button"
            title={t('card.rename')}
            aria-haspopup="dialog"
            onClick={() => onRename(task)}
            style={{ ...NAME_STYLE, ...NAME_BUTTON_STYLE, color: token.colorLink }}
          >
            {`${task.name}-${task.id}`}
          </button>
          {polling && <Spin size="small" aria-label={t('polling')} />}
        </div>
      }
      extra={
        <div style={ROW}>
          <Button type="text" size="small" icon={<LineChartOutlined />} aria-label={t('actions.chart')} onClick={() => onChart(task)} />
          <Dropdown menu={{ items: menuFor(task.status), onClick: ({ key }) => onAction(key as CardAction, task) }} {...KEYBOARD_MENU}>
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${t('buttons.menu')} ${task.id}`} />
          </Dropdown>
        </div>
      }
    >
      <div style={BODY_STYLE}>
        <span style={{ color: muted }}>
          {leg(task.params.a_bourse, task.params.a_transaction_type)} / {leg(task.params.b_bourse, task.params.b_transaction_type)}
        </span>
        <div>
          <span style={{ color: muted }}>{t('card.position')}</span>
          <UsedRateBar ratio={ratio ?? 0} label={t('card.position')} />
        </div>
        {(holding !== undefined || pnl !== undefined) && (
          <div style={{ ...ROW, columnGap: 12 }}>
            <span data-testid={`task-holding-${task.id}`}>
              {t('card.holding')}: {formatAmount(holding)}
            </span>
            <span data-testid={`task-pnl-${task.id}`}>
              {t('card.pnl')}: {formatStatistic(pnl)}
            </span>
          </div>
        )}
        <LegHealthTag health={legHealth} testId={`task-legs-${task.id}`} />
        {ratios.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are figures to read
          <div style={{ ...ROW, columnGap: 8 }} role="group" aria-label={t('card.ratios')}>
            {ratios.map(([key, value]) => (
              <code key={key} style={CODE_STYLE}>
                {key}: {formatStatistic(value)}
              </code>
            ))}
          </div>
        )}
        <div style={{ ...ROW, gap: 8 }}>
          <Tag>{statusLabel}</Tag>
          <span>
            {t('card.strategy')}: {task.strategy_name}
          </span>
          <span style={{ color: muted }}>{t('card.children', { count: children.length })}</span>
        </div>
        {/* biome-ignore lint/correctness/noChildrenProp: ChildList's children are the task's child tasks (data, the spec's word), not React children */}
        <ChildList task={task} children={children} onAction={onChildAction} muted={muted} legHealth={legHealth?.children} />
      </div>
    </Card>
  );
});
