import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import UnilateralStrategyListPage, { trendPoints } from '../../src/features/unilateral/list';
import { followActions } from '../../src/features/unilateral/follow-tasks/task-table';
import { FakeSocket } from '../unit/fake-socket';
import { readSign, saveSession } from '../../src/providers/session';
import { envelope, onCall, server } from './msw';
import { adminSession, renderPage } from './render';
import { taskPageSetup } from './task-helpers';
import { followTask, followerSession, strategy, unilateralHandlers, userEvent } from './unilateral-helpers';

taskPageSetup();

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
/** antd puts a space between the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);
const findButton = async (scope: HTMLElement, label: string) =>
  (await within(scope).findByText(spaced(label), { selector: 'button > span' })).closest('button')!;
const buttonIn = (scope: HTMLElement, label: string) => within(scope).queryByText(spaced(label), { selector: 'button > span' })?.closest('button') ?? null;

async function renderList(session = adminSession, tasks = [followTask(7, 1), followTask(8, 0), followTask(9, 4, 2)]) {
  const handlers = unilateralHandlers({ tasks });
  renderPage(<UnilateralStrategyListPage />, { path: '/main/index/unilateral', session });
  await screen.findByText('trend-btc');
  return handlers;
}

describe('unilateral strategy list', () => {
  it('shows return (2 decimals), position, trend, times; pages with the session sign', async () => {
    const { pageCalls } = await renderList();
    const first = row('trend-btc');
    expect(within(first).getByText('3.26%')).toBeInTheDocument();
    expect(within(row('mean-eth')).getByText('-1.50%')).toBeInTheDocument();
    expect(within(first).getByText('BTC 0.123457')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'trend-btc 收益走势' })).toBeInTheDocument();
    expect(within(first).getByText('2026-11-22 07:59')).toBeInTheDocument();
    expect(within(row('hidden-sol')).getByText('已隐藏')).toBeInTheDocument();
    expect(pageCalls[0]).toMatchObject({ sign: 'sign-1', types: '1', ids: '0', number: '20' });
    // the signature token is kept with the session
    expect(readSign()).toBe('sign-1');
    // a new login gets its own
    saveSession(adminSession);
    expect(readSign()).toBeUndefined();
  });

  it('draws the last 180 points and 7 empty future days', () => {
    const date = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString().slice(0, 16).replace('T', ' '));
    const points = trendPoints(JSON.stringify({ date, value: date.map((_, i) => i) }));
    const values = points.map((point) => point.value);
    expect(values).toHaveLength(187);
    expect(values[0]).toBe(20);
    expect(values.slice(180)).toEqual(Array(7).fill(null));
    expect(points[0]!.date).toBe(date[20]);
    expect(trendPoints('not json')).toEqual([]);
  });

  it('admin: status column, hide sends target 0, start several at once through the dropdown', async () => {
    const hides: Record<string, unknown>[] = [];
    const states: Record<string, unknown>[] = [];
    await renderList();
    server.use(
      onCall('unilateralStrategyShow', ({ payload }) => {
        hides.push(payload);
        return envelope({ names: 'trend-btc', target: 0 });
      }),
      onCall('unilateralStrategyState', ({ payload }) => {
        states.push(payload);
        return envelope(payload);
      }),
    );
    expect(screen.getByText('状态')).toBeInTheDocument();
    expect(within(row('mean-eth')).getByText('暂停')).toBeInTheDocument();
    expect(await findButton(row('hidden-sol'), '显示')).toBeInTheDocument();

    await userEvent.click(await findButton(row('trend-btc'), '隐藏'));
    await waitFor(() => expect(hides).toEqual([expect.objectContaining({ strategyId: 1, target: 0 })]));

    fireEvent.click(within(row('trend-btc')).getByRole('checkbox'));
    fireEvent.click(within(row('mean-eth')).getByRole('checkbox'));
    await userEvent.click(screen.getByText(spaced('操作'), { selector: 'button span' }));
    await userEvent.click(await screen.findByText(spaced('启动'), { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(states).toEqual([expect.objectContaining({ strategyIds: [1, 2], state: 1 })]));
  });

  it('follower: no status column, no operations, no hide/edit/start; add task and one-click follow are there', async () => {
    await renderList(followerSession);
    await screen.findAllByText('一键跟随');
    const first = row('trend-btc');
    expect(screen.queryByText('状态')).not.toBeInTheDocument();
    expect(screen.queryByText(spaced('操作'), { selector: 'button span' })).not.toBeInTheDocument();
    expect(buttonIn(first, '隐藏')).toBeNull();
    expect(buttonIn(first, '编辑')).toBeNull();
    expect(buttonIn(row('hidden-sol'), '显示')).toBeNull();
    expect(buttonIn(first, '添加任务')).not.toBeNull();
    expect(within(first).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('one-click follow asks 是否一键跟随？ first', async () => {
    const follows: Record<string, unknown>[] = [];
    await renderList(followerSession);
    server.use(
      onCall('unilateralOneClickFollow', ({ payload }) => {
        follows.push(payload);
        return envelope({ apiIds: [7] });
      }),
    );
    await userEvent.click(await findButton(row('trend-btc'), '一键跟随'));
    const confirm = (await screen.findByText('是否一键跟随？', { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    expect(follows).toHaveLength(0);
    await userEvent.click(within(confirm).getByText(/确\s?定/, { selector: 'button > span' }));
    await waitFor(() => expect(follows).toEqual([expect.objectContaining({ strategyId: 1, type: 1 })]));
  });

  it('updates rows from the /web/all/data socket: both message shapes, and a partial push merged into them', async () => {
    await renderList();
    const socket = FakeSocket.instances.find((s) => s.url.includes('/web/all/data'))!;
    expect(socket).toBeDefined();
    act(() => socket.open());
    act(() => socket.receive(JSON.stringify({ code: 200, data: { strategy: [strategy(1, 'trend-btc', { total_eq: 9.5 })] }, task: [] })));
    expect(await within(row('trend-btc')).findByText('9.50%')).toBeInTheDocument();
    act(() =>
      socket.receive(
        JSON.stringify({
          strategy: { strategy: [strategy(2, 'mean-eth', { status: 1, total_eq: 4 })], monitoring: { strategy: [], api: [], kline: [] } },
          api: [],
        }),
      ),
    );
    expect(await within(row('mean-eth')).findByText('4.00%')).toBeInTheDocument();
    expect(within(row('mean-eth')).getByText('运行中')).toBeInTheDocument();

    // a partial push: the fields that changed and the trend line's new points (one already drawn, one new)
    const trend = () => within(row('trend-btc')).getByRole('img', { name: 'trend-btc 收益走势' });
    expect(trend()).toHaveAccessibleDescription(/共 3 个点，从 2026-11-20 00:00 到 2026-11-22 00:00。/);
    act(() =>
      socket.receive(
        JSON.stringify({
          partial: true,
          strategy: {
            strategy: [{ id: 1, total_eq: 7.75, chart_append: { date: ['2026-11-22 00:00', '2026-11-23 00:00'], value: [3.25, 7.75] } }],
            monitoring: { strategy: [], api: [], kline: [] },
          },
          api: [],
        }),
      ),
    );
    expect(await within(row('trend-btc')).findByText('7.75%')).toBeInTheDocument();
    expect(trend()).toHaveAccessibleDescription(/共 4 个点，从 2026-11-20 00:00 到 2026-11-23 00:00。 收益走势：从 0.00 到 7.75/);
    // what the push did not carry is kept
    expect(within(row('trend-btc')).getByText('BTC 0.123457')).toBeInTheDocument();
    expect(within(row('mean-eth')).getByText('4.00%')).toBeInTheDocument();
  });

  it('expands a strategy to its follow tasks with their state labels and actions', async () => {
    const states: Record<string, unknown>[] = [];
    await renderList();
    server.use(
      onCall('followTaskState', ({ payload }) => {
        states.push(payload);
        return envelope(payload);
      }),
    );
    fireEvent.click(within(row('trend-btc')).getByRole('button', { name: /展开行|Expand row/ }));
    const task7 = (await screen.findByText('api-7')).closest('tr') as HTMLElement;
    expect(within(task7).getByText('自动')).toBeInTheDocument();
    expect(within(row('api-8')).getByText('停止')).toBeInTheDocument();
    expect(screen.queryByText('api-9')).not.toBeInTheDocument(); // strategy 2's task
    await userEvent.click(await findButton(row('api-8'), '延时启动'));
    await waitFor(() => expect(states).toEqual([expect.objectContaining({ apis: [8], state: 3 })]));
  });
});

describe('follow task actions by state (§4)', () => {
  it('offers start/delay when stopped, stop when following, continue after stop-loss or hedge', () => {
    expect(followActions({ status: 0 })).toEqual(['start', 'startDelay']);
    expect(followActions({ status: 1 })).toEqual(['stop']);
    expect(followActions({ status: 3 })).toEqual(['start', 'stop']);
    expect(followActions({ status: 4 })).toEqual(['continue', 'startDelay']);
    expect(followActions({ status: 2 })).toEqual(['continue', 'stop']);
  });
});
