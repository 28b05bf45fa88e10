import { fireEvent, screen, within } from '@testing-library/react';
import type { UnilateralStrategy } from '#contract/types/unilateral';
import type { FollowTask } from '#contract/types/follow-tasks';
import type { Session } from '../../src/providers/session';
import { envelope, onCall, server } from './msw';
import { userEvent } from './render';

export { userEvent };

export const managerSession: Session = { token: 'manager-token', userName: 'manager', level: 1, isSuper: false, kind: 'unilateral' };
export const followerSession: Session = { token: 'follower-token', userName: 'follower', level: 2, isSuper: false, kind: 'unilateral' };

const chart = JSON.stringify({ date: ['2026-11-20 00:00', '2026-11-21 00:00', '2026-11-22 00:00'], value: [0, 1.5, 3.25] });
export const strategy = (id: number, names: string, extra: Partial<UnilateralStrategy> = {}): UnilateralStrategy => ({
  id,
  names,
  status: 1,
  target: 1,
  total_eq: 3.256,
  position: [{ coin_names: 'BTC', position: 0.1234567, cost: 42000.129, ratio: 12.345, type: 1 }],
  update_time: '2026-11-22 08:00',
  last_deal: '2026-11-22 07:59',
  task_ids: [],
  chart_data: chart,
  ...extra,
});
/** Follow task 7's form as /get/task/data answers it (strategy 1). */
export const FOLLOW_TASK_DETAIL = {
  apiId: 7,
  strategyId: 1,
  priority: 2,
  stopLoss: 30,
  archiveCurrency: 'usdt',
  positiveLeverage: 3,
  negativeLeverage: 1,
  isBuy: 1,
  isSell: 1,
  calculateCost: 0,
  initialCost: 500,
};

export const STRATEGIES = [strategy(1, 'trend-btc'), strategy(2, 'mean-eth', { status: 0, total_eq: -1.5 }), strategy(3, 'hidden-sol', { target: 0 })];

export const followTask = (id: number, status: number, strategyId = 1): FollowTask => ({
  id,
  names: strategyId === 1 ? 'trend-btc' : 'mean-eth',
  user: 'follower',
  bourse: 'OKEx',
  ratio: 2,
  strategy_ratio: 1,
  qty: 0.5,
  createtime: '2026-11-01 00:00:00',
  status,
  strategy_id: strategyId,
  name: `api-${id}`,
  username: 'follower',
});

const ONE_SIDED_APIS = [
  { id: 7, name: 'okex-main' },
  { id: 8, name: 'htx-main' },
];
const HEDGING_APIS = [{ id: 10, name: 'hedge-main' }];

/** The calls every unilateral page makes: sign, lists, API names, exchanges. */
export function unilateralHandlers({ strategies = STRATEGIES, tasks = [] as FollowTask[] } = {}) {
  const pageCalls: Record<string, unknown>[] = [];
  server.use(
    onCall('signGet', () => envelope({ sign: 'sign-1' })),
    onCall('unilateralPageData', ({ payload }) => {
      pageCalls.push(payload);
      return envelope({ list: strategies, total: strategies.length });
    }),
    onCall('unilateralStrategyList', () => envelope(strategies)),
    onCall('unilateralApiList', () => envelope(tasks)),
    // two one-sided accounts and a hedging one; all = 0 lists the hedging ones only (as the reference server)
    onCall('apiNames', ({ payload }) => envelope(String(payload.all) === '0' ? HEDGING_APIS : [...ONE_SIDED_APIS, ...HEDGING_APIS])),
    onCall('bourseGet', () => envelope([{ id: 1, name: 'OKEx' }])),
  );
  return { pageCalls };
}

/** Picks an option of the select labelled `label` inside `scope`. */
export async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label).closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const item = await screen.findByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
  await userEvent.click(item);
}

export async function dialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

export const okButton = (scope: HTMLElement) =>
  within(scope)
    .getByText(/确\s?定/, { selector: 'button > span' })
    .closest('button')!;
