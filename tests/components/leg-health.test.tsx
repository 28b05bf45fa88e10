import { act, screen, waitFor, within } from '@testing-library/react';
import TaskDetailPage from '../../src/features/tasks/detail';
import TaskListPage from '../../src/features/tasks/list';
import { childLegHealth, taskLegHealth } from '#contract/rules/leg-health';
import { FakeSocket } from '../unit/fake-socket';
import { envelope, onCall, server } from './msw';
import { renderPage } from './render';
import { card, taskHandlers, taskPageSetup } from './task-helpers';

taskPageSetup();

/** BTC at 40 000 on leg A: child 11 holds 0.05 on A, 0.03 on B (8 contracts, 800 USDT apart). */
const position = (a: number, b: number) => ({
  f: [
    [40_000, a],
    [40_100, b],
  ] as const,
  r: [
    [0, 0],
    [0, 0],
  ] as const,
});
const unbalanced = taskLegHealth({ 11: childLegHealth(position(0.05, 0.03), 'btc', 40_000, [Date.UTC(2024, 4, 1, 10), Date.UTC(2024, 4, 1, 9, 58)], 0) });
const abnormal = taskLegHealth({ 11: childLegHealth(position(0.05, 0.05), 'btc', 40_000, [null, null], 2) });

const taskSocket = () => FakeSocket.instances.find((x) => x.url.includes('/ts/websocket'))!;
const push = (id: number, legHealth: unknown) =>
  act(() => taskSocket().receive(JSON.stringify({ code: 200, data: [{ id, status: 2, leg_health: legHealth }] })));

describe('leg health on the task card and its child rows', () => {
  it('shows the state as a word with an icon: unbalanced with the exposure, then abnormal with the count', async () => {
    taskHandlers();
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-1');
    await within(card(1)).findByText('okex-a / huobi-b');
    act(() => taskSocket().open());
    push(1, unbalanced);
    const legs = await within(card(1)).findByTestId('task-legs-1');
    expect(legs).toHaveTextContent('不平衡 · 敞口 800.00 USDT');
    expect(legs).toHaveAttribute('data-state', 'unbalanced');
    expect(legs.querySelector('[role="img"], .anticon')).not.toBeNull();
    expect(within(card(1)).getByTestId('legs-child-11')).toHaveTextContent('不平衡 · 敞口 800.00 USDT');
    push(1, abnormal);
    await waitFor(() => expect(within(card(1)).getByTestId('task-legs-1')).toHaveTextContent('异常 · 异常单 2'));
    expect(within(card(1)).getByTestId('legs-child-11')).toHaveAttribute('data-state', 'abnormal');
  });
});

describe('leg health on the task detail', () => {
  it('shows both legs side by side, imbalance, exposure, the age of the last fills, abnormal orders; and names a re-hedge order', async () => {
    const hedge = {
      id: 9,
      client_id: '7-11-40bh',
      task_id: 7,
      task_children_id: 11,
      cparam: JSON.stringify({ bourse_name: 'Huobi', instrument_id: 'BTC-USD-250328', otype: 2, price: 40_100, amount: 0.02, spread: 0, order_type: 'hedge' }),
      result: JSON.stringify({ deal_price: 40_100 }),
      pairing_id: '7-p40',
      status_: 3,
      createtime: '2024-05-01 10:01:00',
    };
    server.use(onCall('orderNewest', () => envelope([hedge])));
    renderPage(<TaskDetailPage />, { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail' });
    expect(await screen.findByText('等待实时数据…')).toBeInTheDocument();
    expect(within((await screen.findByText('7-11-40bh')).closest('tr')!).getByText('补单对冲')).toBeInTheDocument();
    act(() => taskSocket().open());
    push(7, unbalanced);
    const table = await screen.findByTestId('leg-health-table');
    expect(within(table).getByTestId('leg-a-task')).toHaveTextContent('0.050000');
    expect(within(table).getByTestId('leg-b-task')).toHaveTextContent('0.030000');
    expect(within(table).getByTestId('leg-exposure-11')).toHaveTextContent('800.00');
    const taskRow = within(table).getByText('任务合计').closest('tr')!;
    expect(within(taskRow).getByText('8.00')).toBeInTheDocument();
    expect(within(taskRow).getByTestId('leg-state-task')).toHaveTextContent('不平衡');
    // the ages are counted at the message's arrival: both fills are some minutes or hours old
    expect(within(taskRow).getAllByText(/(分钟|小时)前/)).toHaveLength(2);
    expect(within(table).getByText('子任务 11')).toBeInTheDocument();
  });
});
