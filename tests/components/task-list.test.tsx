import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import TaskListPage from '../../src/features/tasks/list';
import { FakeSocket } from '../unit/fake-socket';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage } from './render';
import { button, card, cardAction, dialog, openMenuItems, taskHandlers, taskPageSetup, tasks, userEvent } from './task-helpers';

taskPageSetup();

/** Media queries match: antd's breakpoints see a wide screen. */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

/** Picks an option of the select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getAllByLabelText(label)[0]!.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const item = await screen.findByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
  await userEvent.click(item);
}

async function renderTasks(language: 'zh-CN' | 'en' = 'zh-CN') {
  const handlers = taskHandlers();
  renderPage(<TaskListPage />, { path: '/task', language });
  await screen.findByTestId('task-card-1');
  return handlers;
}

describe('task page', () => {
  it("shows the tasks of the 'arbitrage 2' strategy with the running/total counter, and filters by currency and pair", async () => {
    await renderTasks();
    expect(screen.getByTestId('task-card-2')).toBeInTheDocument();
    expect(screen.queryByTestId('task-card-3')).not.toBeInTheDocument();
    expect(screen.getByTestId('task-counter')).toHaveTextContent('运行中 1/3');
    // name-id, currency, exchange/type pairs, child count and the child row
    const first = card(1);
    expect(within(first).getByText('alpha-1')).toBeInTheDocument();
    expect(within(first).getByText('BTC')).toBeInTheDocument();
    expect(within(first).getByText(/OKEx 现货 \/ Huobi 季度/)).toBeInTheDocument();
    expect(await within(first).findByText('子任务 1')).toBeInTheDocument();
    expect(within(first).getByText('okex-a / huobi-b')).toBeInTheDocument();

    // a narrow screen (tests/setup.ts: media queries match nothing): the filters are two selects
    await choose('币种', 'ETH');
    await waitFor(() => expect(screen.queryByTestId('task-card-1')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('task-card-2')).toBeInTheDocument());
    await choose('合约对类型', '现货/季度');
    await waitFor(() => expect(screen.queryByTestId('task-card-2')).not.toBeInTheDocument());
    await choose('币种', '全部');
    await waitFor(() => expect(screen.queryByTestId('task-card-1')).toBeInTheDocument());
    await choose('策略名称', 'arbitrage 1 basic');
    await waitFor(() => expect(screen.queryByTestId('task-card-1')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('task-card-3')).not.toBeInTheDocument());
    await choose('合约对类型', '当周/季度');
    await waitFor(() => expect(screen.queryByTestId('task-card-3')).toBeInTheDocument());
  });

  it('on a wide screen shows the filters as buttons and a card width slider (320–500, default 440) that is remembered', async () => {
    wideScreen();
    await renderTasks();
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuenow', '440');
    expect(slider).toHaveAttribute('aria-valuemin', '320');
    expect(slider).toHaveAttribute('aria-valuemax', '500');
    await userEvent.click(screen.getByText('ETH', { selector: '.ant-radio-button-wrapper span' }));
    await waitFor(() => expect(screen.queryByTestId('task-card-1')).not.toBeInTheDocument());
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(localStorage.getItem('console.task.cardWidth')).toBe('441');
  });

  it('offers the card menu of §2 with the §4 rules: close position only when running, add child hidden when running', async () => {
    await renderTasks();
    await userEvent.click(within(card(1)).getByLabelText('操作 1'));
    expect(openMenuItems()).toEqual(['停止', '暂停', '平仓', '手动平仓', '手动开仓', '删除', '配置', '详情', '交易详情', '复制任务']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(card(2)).getByLabelText('操作 2'));
    await waitFor(() => expect(openMenuItems()).toContain('添加子任务'));
    expect(openMenuItems()).toEqual(['启动', '暂停', '手动平仓', '手动开仓', '删除', '配置', '详情', '交易详情', '添加子任务', '复制任务']);
  });

  it('starts a task, polls /task/status/detection every 800 ms until 2, then reads the list again 1 s later', async () => {
    vi.useFakeTimers();
    const { listCalls } = await renderTasks();
    const update = recordCall('taskStatusUpdate');
    const detections: number[] = [];
    let reloadAt = 0;
    server.use(
      update.handler,
      onCall('taskStatusDetection', () => {
        detections.push(Date.now());
        return envelope({ status: detections.length < 3 ? 4 : 2 });
      }),
    );
    const before = listCalls.length;
    await cardAction(2, '启动');
    await waitFor(() => expect(update.calls).toEqual([expect.objectContaining({ taskId: '2', settingStatus: '2' })]));
    await act(() => vi.advanceTimersByTimeAsync(800 * 3));
    await waitFor(() => expect(detections).toHaveLength(3));
    expect(detections[1]! - detections[0]!).toBeGreaterThanOrEqual(800);
    expect(detections[2]! - detections[1]!).toBeGreaterThanOrEqual(800);
    expect(listCalls.length).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
    reloadAt = Date.now();
    expect(reloadAt - detections[2]!).toBeGreaterThanOrEqual(1000);
    expect(detections).toHaveLength(3);
  });

  it("batch: 'please select tasks!' with none selected; confirm, poll the batch detection every 1 s until done, then reload", async () => {
    vi.useFakeTimers();
    const { listCalls } = await renderTasks();
    await userEvent.click(await screen.findByText('批量操作'));
    await userEvent.click(await screen.findByText('启动', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('请选择任务!')).toBeInTheDocument();

    const update = recordCall('taskStatusUpdateBatch');
    const checks: number[] = [];
    server.use(
      update.handler,
      onCall('taskStatusDetectionBatch', () => {
        checks.push(Date.now());
        return envelope({ updateStatusAccomplishing: checks.length >= 2 });
      }),
    );
    await userEvent.click(screen.getByText('批量操作'));
    await userEvent.click(await screen.findByText('全选', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    // select all asks the server for the ids of every task the filters show
    await waitFor(() => expect(screen.getByLabelText('选择任务 2')).toBeChecked());
    expect(listCalls.at(-1)).toMatchObject({ strategy_name: 'arbitrage 2', select_all: '1' });
    await userEvent.click(screen.getByText('批量操作'));
    await userEvent.click(await screen.findByText('停止', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    const confirm = await dialog('执行批量操作?');
    const before = listCalls.length;
    await userEvent.click(button(confirm, /确\s*定/));
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]).toMatchObject({ taskIds: [1, 2], settingStatus: 4 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]! - checks[0]!).toBeGreaterThanOrEqual(1000);
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it('gives up polling a task that does not reach 2 within a minute (75 checks at 800 ms): says so, reads the list again, the card usable', async () => {
    vi.useFakeTimers();
    const { listCalls } = await renderTasks();
    const update = recordCall('taskStatusUpdate');
    let detections = 0;
    server.use(
      update.handler,
      onCall('taskStatusDetection', () => {
        detections += 1;
        return envelope({ status: 4 });
      }),
    );
    await cardAction(2, '启动');
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(within(card(2)).getByLabelText('等待任务状态更新…')).toBeInTheDocument();
    const before = listCalls.length;
    for (let check = 1; check <= 75; check++) {
      await act(() => vi.advanceTimersByTimeAsync(800));
      await waitFor(() => expect(detections).toBe(check));
    }
    const notice = (await screen.findByText('任务状态未更新')).closest('.ant-notification-notice') as HTMLElement;
    expect(notice).toHaveTextContent(
      '任务 beta-2 在 60 秒内没有变为「运行中」，已停止等待。列表已刷新，卡片显示它现在的状态：可再试一次该操作，或打开「详情」查看原因。',
    );
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
    await waitFor(() => expect(within(card(2)).queryByLabelText('等待任务状态更新…')).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(800 * 3));
    expect(detections).toBe(75);
  });

  it('gives up polling a batch not done within a minute (60 checks at 1 s): says so and the batch button is usable again', async () => {
    vi.useFakeTimers();
    await renderTasks();
    let checks = 0;
    server.use(
      recordCall('taskStatusUpdateBatch').handler,
      onCall('taskStatusDetectionBatch', () => {
        checks += 1;
        return envelope({ updateStatusAccomplishing: false });
      }),
    );
    const batchMenu = () => screen.getByText('批量操作').closest('button')!;
    await userEvent.click(batchMenu());
    await userEvent.click(await screen.findByText('全选', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(screen.getByLabelText('选择任务 2')).toBeChecked());
    await userEvent.click(batchMenu());
    await userEvent.click(await screen.findByText('暂停', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    await userEvent.click(button(await dialog('执行批量操作?'), /确\s*定/));
    await waitFor(() => expect(batchMenu()).toHaveClass('ant-btn-loading'));
    for (let check = 1; check <= 60; check++) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(checks).toBe(check));
    }
    const notice = (await screen.findByText('任务状态未更新')).closest('.ant-notification-notice') as HTMLElement;
    expect(notice).toHaveTextContent('批量操作在 60 秒内没有全部完成，已停止等待。列表已刷新：请查看各任务现在的状态，对没有变化的任务再试一次。');
    await waitFor(() => expect(batchMenu()).not.toHaveClass('ant-btn-loading'));
    await act(() => vi.advanceTimersByTimeAsync(1000 * 3));
    expect(checks).toBe(60);
  });

  it('refuses to delete a running task (任务正在运行中!) and shows the server message when a child cannot stop (请先停止主任务，再操作!)', async () => {
    await renderTasks();
    const remove = recordCall('taskDelete');
    server.use(
      remove.handler,
      onCall('taskChildrenStatusUpdate', () => envelope(null, 4, '请先停止主任务，再操作!')),
    );
    await cardAction(1, '删除');
    expect(await screen.findByText('任务正在运行中!')).toBeInTheDocument();
    expect(remove.calls).toHaveLength(0);

    await userEvent.click(await screen.findByLabelText('子任务操作 11'));
    await userEvent.click(await screen.findByText('停止', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('请先停止主任务，再操作!')).toBeInTheDocument();
  });

  it('renames by clicking the name, sending only a changed name (修改任务名字成功!)', async () => {
    await renderTasks();
    const rename = recordCall('taskNameUpdate');
    server.use(rename.handler);
    await userEvent.click(screen.getByText('alpha-1'));
    let modal = await dialog('修改任务名字');
    await userEvent.click(button(modal, /确\s*定/));
    await waitFor(() => expect(screen.queryByText('修改任务名字', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(rename.calls).toHaveLength(0);

    await userEvent.click(screen.getByText('alpha-1'));
    modal = await dialog('修改任务名字');
    const input = within(modal).getByLabelText('任务名称');
    await userEvent.clear(input);
    await userEvent.type(input, 'omega');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('修改任务名字成功!')).toBeInTheDocument();
    expect(rename.calls).toEqual([expect.objectContaining({ taskId: 1, name: 'omega' })]);
  });

  it('starts from the remembered card width', async () => {
    wideScreen();
    localStorage.setItem('console.task.cardWidth', '480');
    await renderTasks();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '480');
  });

  it('speaks English when the console does', async () => {
    await renderTasks('en');
    expect(screen.getByText('Scheduled tasks')).toBeInTheDocument();
    expect(screen.getByTestId('task-counter')).toHaveTextContent('Running 1/3');
    await userEvent.click(await screen.findByText('Batch'));
    await userEvent.click(await screen.findByText('Configure', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('please select tasks!')).toBeInTheDocument();
  });

  it('keeps each card live from the task socket: status, position bar, price ratios and the counter change without a reload', async () => {
    const { listCalls } = await renderTasks();
    const socket = FakeSocket.instances.find((x) => x.url.includes('/ts/websocket'))!;
    act(() => socket.open());
    const before = listCalls.length;
    act(() =>
      socket.receive(
        JSON.stringify({
          code: 200,
          data: [
            {
              id: 2,
              status: 2,
              position: {
                f: [
                  [100, 3],
                  [101, 3],
                ],
                r: [
                  [0, 0],
                  [0, 0],
                ],
                pro_rate: 0.75,
              },
              muldata: { earnings: 4.567 },
              analysis: { positive: 1.23456 },
            },
          ],
          counter: { running: 2, total: 3 },
        }),
      ),
    );
    await waitFor(() => expect(within(card(2)).getByText(/positive: 1\.23/)).toBeInTheDocument());
    expect(within(card(2)).getByRole('img', { name: '运行中' })).toBeInTheDocument();
    expect(within(card(2)).getByText('75%')).toBeInTheDocument();
    expect(within(card(2)).getByTestId('task-holding-2')).toHaveTextContent('持仓数量: 3.0000');
    expect(within(card(2)).getByTestId('task-pnl-2')).toHaveTextContent('收益: 4.57');
    expect(screen.getByTestId('task-counter')).toHaveTextContent('运行中 2/3');
    expect(listCalls.length).toBe(before);
  });

  it('at 10,000 tasks shows the counter and the total the server counts, reads only the pages on screen, subscribes only their cards, and asks the server on a filter change', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      ...tasks[1]!,
      id: 10_000 - i,
      name: `t${i}`,
      status: i % 4 === 0 ? 2 : 4,
      params: { ...tasks[1]!.params, currency_type: i % 2 ? 'eth' : 'btc' },
    }));
    const { listCalls } = taskHandlers(many);
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-10000');
    expect(screen.getByTestId('task-counter')).toHaveTextContent('运行中 2500/10000');
    expect(screen.getByTestId('task-grid')).toHaveAttribute('data-rows', '10000');
    const mounted = () =>
      [...document.querySelectorAll('[data-testid^="task-card-"]')].map((el) => Number(el.getAttribute('data-testid')!.replace('task-card-', '')));
    expect(mounted().length).toBeLessThan(12);
    expect(listCalls.map((call) => call.pagesize)).toEqual(listCalls.map(() => '100'));

    const socket = FakeSocket.instances.find((x) => x.url.includes('/ts/websocket'))!;
    act(() => socket.open());
    expect((JSON.parse(socket.sent.at(-1)!) as { data: number[] }).data.sort()).toEqual(mounted().sort());

    // a jump halfway down the grid reads only the pages there (rows of 280 + 12 px until measured)
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: this.dataset.testid === 'task-grid' ? -292 * 5000 : 0 } as DOMRect;
    });
    fireEvent.scroll(window);
    await screen.findByTestId('task-card-5000');
    expect(
      listCalls
        .slice(-2)
        .map((call) => call.page)
        .sort(),
    ).toEqual(['50', '51']);
    rect.mockRestore();
    fireEvent.scroll(window);
    await screen.findByTestId('task-card-10000');

    await choose('币种', 'ETH');
    await waitFor(() => expect(screen.getByTestId('task-grid')).toHaveAttribute('data-rows', '5000'));
    expect(listCalls.at(-1)).toMatchObject({ currency_type: 'eth', strategy_name: 'arbitrage 2', page: '1' });
    expect(screen.getByTestId('task-counter')).toHaveTextContent('运行中 2500/10000');
  });

  it("opens the market chart of the task's pair: the K-line of its two legs, read as market codes", async () => {
    const queries: Record<string, unknown>[] = [];
    server.use(
      onCall('klineData', ({ payload }) => {
        queries.push(payload);
        return envelope({ granularity: '1T', field: 'positive', timezone: 'UTC+8', candles: [] });
      }),
    );
    await renderTasks();
    await userEvent.click(within(card(1)).getByLabelText('行情图表'));
    await waitFor(() => expect(queries).toHaveLength(1));
    // leg A: exchange 1 spot (task code 1); leg B: exchange 2 quarter (task code 9, the market's 4)
    expect(queries[0]).toMatchObject({ excheng: '1,2', types: '1,4', currencys: 'btc', granularity: '1T' });
  });

  it('copies a task as a new task with the same strategy and params (添加任务成功)', async () => {
    vi.useFakeTimers();
    const { listCalls } = await renderTasks();
    const add = recordCall('taskAdd');
    server.use(add.handler);
    const before = listCalls.length;
    await cardAction(2, '复制任务');
    expect(await screen.findByText('添加任务成功')).toBeInTheDocument();
    expect(add.calls).toEqual([expect.objectContaining({ strategyId: 1, name: 'beta-副本', params: tasks[1]!.params })]);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it('offers stop, and restart in the pause slot, for a paused task', async () => {
    taskHandlers([{ ...tasks[1]!, status: 3 }]);
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-2');
    expect(within(card(2)).getByRole('img', { name: '已暂停' })).toBeInTheDocument();
    await userEvent.click(within(card(2)).getByLabelText('操作 2'));
    await waitFor(() => expect(openMenuItems()).toContain('重启'));
    expect(openMenuItems()).toEqual(['停止', '重启', '手动平仓', '手动开仓', '删除', '配置', '详情', '交易详情', '添加子任务', '复制任务']);
  });
});
