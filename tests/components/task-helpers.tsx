import { screen, within } from '@testing-library/react';
import { userEvent } from './render';
import type { ChildTask } from '#contract/types/tasks';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import type { Task, TaskPage } from '#contract/types/tasks';
import { PAGING } from '#contract/rules/constants';
import { contractPairOf } from '#contract/rules/task-filters';
import { isRunning } from '#contract/rules/task-status';
import { setRuntimeConfig } from '../../src/api/config';
import { FakeSocket } from '../unit/fake-socket';
import { envelope, onCall, server } from './msw';

export { userEvent };

export const strategies = [
  { id: 1, name: 'arbitrage 2' },
  { id: 2, name: 'arbitrage 1 basic' },
] as ArbitrageStrategy[];
export const bourses = [
  { id: 1, name: 'OKEx' },
  { id: 2, name: 'Huobi' },
];
const params = (currency: string, a: number, b: number) => ({
  currency_type: currency,
  a_bourse: 1,
  a_transaction_type: a,
  b_bourse: 2,
  b_transaction_type: b,
  fund_occupy: '50%',
});
export const tasks: Task[] = [
  { id: 1, name: 'alpha', strategy_name: 'arbitrage 2', status: 2, createtime: '2024-05-01 00:00:00', params: params('btc', 1, 9) },
  { id: 2, name: 'beta', strategy_name: 'arbitrage 2', status: 4, createtime: '2024-05-01 00:00:00', params: params('eth', 2, 8) },
  { id: 3, name: 'gamma', strategy_name: 'arbitrage 1 basic', status: 4, createtime: '2024-05-01 00:00:00', params: params('btc', 2, 4) },
];
export const children: Record<number, ChildTask[]> = {
  1: [{ task_children_id: 11, id: 11, status: 2, weight: 1, task_children_info: [{ name: 'okex-a' }, { name: 'huobi-b' }] }],
  2: [{ task_children_id: 21, id: 21, status: 0, weight: 2, task_children_info: [{ name: 'okex-c' }, { name: 'huobi-d' }] }],
};

const counted = (list: readonly Task[]) => ({ running: list.filter(isRunning).length, total: list.length });

/** /task/list as the reference server answers it: filtered (contract/rules/task-filters.ts), paged, counted; the ids with select_all. */
export function taskPageOf(list: readonly Task[], payload: Record<string, unknown>): TaskPage {
  const wants = (field: string, value: unknown) => payload[field] === undefined || String(payload[field]) === String(value);
  const filtered = list.filter(
    (task) =>
      wants('strategy_name', task.strategy_name) &&
      wants('currency_type', task.params.currency_type) &&
      wants('pair', contractPairOf(task.params)) &&
      wants('status', task.status),
  );
  const size = Number(payload.pagesize ?? 10);
  const page = Number(payload.page ?? 1);
  return {
    list: filtered.slice((page - 1) * size, page * size),
    total: filtered.length,
    running: counted(filtered).running,
    counter: counted(list),
    ...(payload.select_all ? { ids: filtered.slice(0, PAGING.taskBatchMax).map((task) => task.id) } : {}),
  };
}

/** The calls the task page makes on every render; returns the list calls it received. */
export function taskHandlers(list: Task[] = tasks) {
  const listCalls: Record<string, unknown>[] = [];
  server.use(
    onCall('taskList', ({ payload }) => {
      listCalls.push(payload);
      return envelope(taskPageOf(list, payload));
    }),
    onCall('strategyHome', () => envelope(strategies)),
    onCall('bourseGet', () => envelope(bourses)),
    onCall('taskChildrenList', ({ payload }) => envelope(children[Number(payload.taskId)] ?? [])),
  );
  return { listCalls };
}

export const card = (id: number) => screen.getByTestId(`task-card-${id}`);

/** Opens a card's menu and clicks one item. */
export async function cardAction(id: number, label: string) {
  await userEvent.click(within(card(id)).getByLabelText(`操作 ${id}`));
  await userEvent.click(await screen.findByText(label, { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
}

/** The items of the open dropdown menu. */
export const openMenuItems = () =>
  [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content')].map((el) => el.textContent);

export async function dialog(title: string | RegExp): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title, .ant-modal-confirm-content' });
  return heading!.closest('.ant-modal') as HTMLElement;
}
export const button = (scope: HTMLElement, name: RegExp) => within(scope).getByText(name, { selector: 'button > span' }).closest('button')!;

/** The hooks of every task page test file: msw, a fake task socket, real timers and a clean slate after each test. */
export function taskPageSetup() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setRuntimeConfig({ websocket: 'ws://feeds.test' });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    localStorage.clear();
  });
  afterEach(() => {
    server.resetHandlers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setRuntimeConfig({});
  });
  afterAll(() => server.close());
}
