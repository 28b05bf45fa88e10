import { act, screen, waitFor, within } from '@testing-library/react';
import TaskDetailPage from '../../src/features/tasks/detail';
import TaskTradeInfoPage from '../../src/features/tasks/trade-info';
import TaskListPage from '../../src/features/tasks/list';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage } from './render';
import { button, cardAction, dialog, taskHandlers, taskPageSetup, userEvent } from './task-helpers';

taskPageSetup();

const order = (id: number, status_: number) => ({
  id,
  client_id: `c-${id}`,
  task_id: 7,
  task_children_id: 70,
  cparam: JSON.stringify({ bourse_name: 'OKEx', instrument_id: 'BTC-USD', otype: 1, price: 100, amount: 2, spread: 0.01 }),
  result: JSON.stringify({ deal_price: 101, spread: 0.012 }),
  pairing_id: 'p',
  status_,
  createtime: '2024-05-01 10:00:00',
});

describe('task detail', () => {
  it('pages the task’s newest orders by order id with status_ labels (orderNum the page size), refusing to go before the first page or past the last', async () => {
    const calls: Record<string, unknown>[] = [];
    // orders 5…1 of task 7, paged as /web/get/order/newest does
    const ids = [5, 4, 3, 2, 1];
    server.use(
      onCall('orderNewest', ({ payload }) => {
        const { token, ...asked } = payload;
        calls.push(asked);
        const number = Number(payload.number);
        const cursor = String(payload.orderId ?? '');
        const page = !cursor
          ? ids.slice(0, number)
          : cursor.startsWith('-')
            ? ids.filter((id) => id > Number(cursor.slice(1))).slice(-number)
            : ids.filter((id) => id < Number(cursor)).slice(0, number);
        return envelope(page.map((id) => order(id, id === 5 ? 3 : 5)));
      }),
    );
    const shownIds = () => screen.getAllByText(/^c-\d$/).map((cell) => Number(cell.textContent!.slice(2)));
    renderPage(<TaskDetailPage />, { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail' });
    expect(await screen.findByText('c-5')).toBeInTheDocument();
    expect(calls[0]).toEqual({ number: '100', taskId: '7' });
    const row = screen.getByText('c-5').closest('tr')!;
    expect(within(row).getByText('已完成')).toBeInTheDocument();
    expect(within(row).getByText('7-70')).toBeInTheDocument();
    expect(within(screen.getByText('c-4').closest('tr')!).getByText('部分成交')).toBeInTheDocument();
    await userEvent.click(screen.getByText('上一页'));
    expect(await screen.findByText('已经是第一页了!')).toBeInTheDocument();
    await userEvent.click(screen.getByText('下一页'));
    expect(await screen.findByText('已经是最后一页了!')).toBeInTheDocument();
    const size = screen.getByLabelText('每页条数');
    await userEvent.clear(size);
    await userEvent.type(size, 'x{Enter}');
    expect(await screen.findByText('请输入数字')).toBeInTheDocument();
    await userEvent.clear(size);
    await userEvent.type(size, '2{Enter}');
    await waitFor(() => expect(shownIds()).toEqual([5, 4]));
    expect(calls.at(-1)).toEqual({ number: '2', taskId: '7' });
    await userEvent.click(screen.getByText('下一页'));
    await waitFor(() => expect(shownIds()).toEqual([3, 2]));
    expect(calls.at(-1)).toEqual({ number: '2', taskId: '7', orderId: '4' });
    await userEvent.click(screen.getByText('下一页'));
    await waitFor(() => expect(shownIds()).toEqual([1]));
    await userEvent.click(screen.getByText('下一页'));
    await waitFor(() => expect(screen.getAllByText('已经是最后一页了!')).toHaveLength(2));
    await userEvent.click(screen.getByText('上一页'));
    await waitFor(() => expect(shownIds()).toEqual([3, 2]));
    expect(calls.at(-1)).toEqual({ number: '2', taskId: '7', orderId: '-1' });
    // a full page with nothing after it: 没有更多数据了! each time it is asked, and the page stays
    ids.splice(4);
    await userEvent.clear(size);
    await userEvent.type(size, '4{Enter}');
    await waitFor(() => expect(shownIds()).toEqual([5, 4, 3, 2]));
    await userEvent.click(screen.getByText('下一页'));
    expect(await screen.findByText('没有更多数据了!')).toBeInTheDocument();
    await userEvent.click(screen.getByText('下一页'));
    await waitFor(() => expect(screen.getAllByText('没有更多数据了!')).toHaveLength(2));
    expect(shownIds()).toEqual([5, 4, 3, 2]);
  });

  it("says 'no trade data' and goes back after 0.8 s", async () => {
    vi.useFakeTimers();
    server.use(onCall('orderNewest', () => envelope([])));
    renderPage(<TaskDetailPage />, { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail', language: 'en', from: '/task' });
    expect(await screen.findByText('no trade data')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(screen.queryByTestId('redirected')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('redirected')).toBeInTheDocument();
  });
});

describe('task trade info', () => {
  it('shows current positions, closed P/L, the earnings curve and change records of a task (paged)', async () => {
    const pagesAsked: Record<string, unknown>[] = [];
    server.use(
      onCall('taskPositionStatistics', () =>
        envelope({
          task_virtual_position: { price: 100, amount: 2, earnings_amount: 0.5, earnings: 12.345 },
          task_virtual_earnings: { price: 90, amount: 1, earnings_amount: 0.2, earnings: 3.456 },
        }),
      ),
      onCall('taskEarnings', () =>
        envelope([
          { dateTime: '2024-05-01 10:00', earningsVal: 1 },
          { dateTime: '2024-05-01 11:00', earningsVal: 2 },
        ]),
      ),
      onCall('changeRecords', ({ payload }) => {
        pagesAsked.push(payload);
        return envelope({
          datas: [
            { id: 1, task_id: 7, change_type: 'params', before: { depth: 5 }, after: { depth: 7 }, operator: 'admin', createtime: '2024-05-01 10:00:00' },
          ],
          pages: 2,
        });
      }),
    );
    renderPage(<TaskTradeInfoPage />, { path: '/task/taskTradeInfo?id=7&type=task', pattern: '/task/taskTradeInfo' });
    expect(await screen.findByText('12.35')).toBeInTheDocument();
    expect(screen.getByText('3.46')).toBeInTheDocument();
    const line = await screen.findByTestId('chart-line');
    expect(line).toHaveAttribute('data-points', '2');
    expect(line).toHaveAttribute('data-axis', '时间');
    expect(await screen.findByText('修改参数')).toBeInTheDocument();
    expect(screen.getByText('{"depth":7}')).toBeInTheDocument();
    expect(pagesAsked[0]).toMatchObject({ task_id: '7', bars: '10', page_num: '1' });
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(pagesAsked.at(-1)).toMatchObject({ page_num: '2' }));
  });

  it("shows the server's info when the earnings fail and goes back after 1 s", async () => {
    vi.useFakeTimers();
    server.use(
      onCall('taskChildrenPositionStatistics', () =>
        envelope({
          f: [
            [100, 1],
            [101, 1],
          ],
          mt: [5, 6],
          pro_count: 1,
          pro_rate: 0.2,
        }),
      ),
      onCall('taskChildrenEarnings', () => envelope(null, 1, 'no earnings yet')),
    );
    renderPage(<TaskTradeInfoPage />, { path: '/task/taskTradeInfo?id=70&type=ctask', pattern: '/task/taskTradeInfo', from: '/task' });
    expect(await screen.findByText('no earnings yet')).toBeInTheDocument();
    expect(await screen.findByText('101.0000')).toBeInTheDocument();
    expect(screen.queryByTestId('redirected')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(screen.getByTestId('redirected')).toBeInTheDocument();
  });
});

describe('task dialogs', () => {
  const sections = {
    taskBaseParams: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 9, fund_occupy: '50%', price_limit: 'no' },
    debitCreditParams: { is_borrow: false },
    strategyParams: { dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: { CW: 1, NW: 1, CQ: 2, NQ: 2 }, close_dlt: 0.001 },
  };

  it("add task: 'please fill in task name', 'incomplete parameters', then 添加任务成功 and the list read again 600 ms later", async () => {
    const { listCalls } = taskHandlers();
    const add = recordCall('taskAdd');
    server.use(
      onCall('strategyParamsGet', () => envelope(sections)),
      add.handler,
    );
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-1');
    await userEvent.click(await screen.findByText('添加任务', { selector: 'button span' }));
    const modal = await dialog('添加任务');
    expect(await within(modal).findByLabelText('dlt CQ')).toHaveValue('0.004');
    expect(within(modal).getByLabelText('m NQ')).toHaveValue('2');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await within(modal).findByText('请填写任务名称')).toBeInTheDocument();
    await userEvent.type(within(modal).getByLabelText('任务名称'), 'new one');
    await userEvent.clear(within(modal).getByLabelText('dlt NW'));
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('参数不完整')).toBeInTheDocument();
    expect(add.calls).toHaveLength(0);
    await userEvent.type(within(modal).getByLabelText('dlt NW'), '0.007');
    const before = listCalls.length;
    // the list is read again on the fake clock: waitFor below moves it on instead of waiting 600 ms
    vi.useFakeTimers();
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('添加任务成功')).toBeInTheDocument();
    expect(add.calls[0]).toMatchObject({
      name: 'new one',
      strategyId: 1,
      params: { fund_occupy: '50%', price_limit: 'no', is_borrow: false, dlt: { CW: 0.002, NW: 0.007, CQ: 0.004, NQ: 0.005 }, close_dlt: 0.001 },
    });
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it("add task: a name typed before the strategy's params arrive is still there once they have filled the form", async () => {
    taskHandlers();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      onCall('strategyParamsGet', async () => {
        await held;
        return envelope(sections);
      }),
    );
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-1');
    await userEvent.click(await screen.findByText('添加任务', { selector: 'button span' }));
    const modal = await dialog('添加任务');
    await userEvent.type(within(modal).getByLabelText('任务名称'), 'typed early');
    release();
    expect(await within(modal).findByLabelText('dlt CQ')).toHaveValue('0.004');
    expect(within(modal).getByLabelText('任务名称')).toHaveValue('typed early');
  });

  it('configure hides its confirm for a running task', async () => {
    taskHandlers();
    server.use(onCall('taskParamsGet', () => envelope(sections)));
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-1');
    await cardAction(1, '配置');
    const modal = await dialog('配置任务');
    expect(
      within(modal)
        .getByText(/确\s*定/, { selector: 'button > span' })
        .closest('button'),
    ).not.toBeVisible();
  });

  it("batch configure shows 'task-{id}: operation success!/failed!' per task and closes 4 s after the last", async () => {
    taskHandlers();
    server.use(onCall('taskParamsUpdate', ({ payload }) => (payload.taskId === 2 ? envelope(null, 1, 'no') : envelope(null))));
    renderPage(<TaskListPage />, { path: '/task', language: 'en' });
    await screen.findByTestId('task-card-1');
    await userEvent.click(await screen.findByText('Batch'));
    await userEvent.click(await screen.findByText('Select all', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(screen.getByLabelText('Select task 2')).toBeChecked());
    await userEvent.click(screen.getByText('Batch'));
    await userEvent.click(await screen.findByText('Configure', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' }));
    const modal = await dialog('Batch configure');
    // the fake clock from here on: the dialog's module is loaded in real time (a first open imports it)
    vi.useFakeTimers();
    await userEvent.click(button(modal, /OK/));
    expect(await screen.findByText('params not fully filled in!')).toBeInTheDocument();
    await userEvent.type(within(modal).getByLabelText('Depth'), '7');
    await userEvent.click(button(modal, /OK/));
    expect(await within(modal).findByText('task-1: operation success!')).toBeInTheDocument();
    expect(await within(modal).findByText('task-2: operation failed!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(screen.getByText('Batch configure', { selector: '.ant-modal-title' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.queryByText('Batch configure', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  });

  it('manual open: §9 defaults, not sent without a child, confirm first, then the cparam', async () => {
    taskHandlers();
    const manual = recordCall('manualTrade');
    server.use(manual.handler);
    renderPage(<TaskListPage />, { path: '/task' });
    await screen.findByTestId('task-card-1');
    await cardAction(1, '手动开仓');
    const modal = await dialog('手动开仓');
    expect(within(modal).getByLabelText('开仓价差')).toHaveValue('-0.01');
    expect(within(modal).getByLabelText('数量')).toHaveValue('20');
    expect(within(modal).getByLabelText('持续时间')).toHaveValue('1');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('请选择子任务')).toBeInTheDocument();
    await userEvent.click(await within(modal).findByText(/^11 okex-a/));
    await userEvent.click(button(modal, /确\s*定/));
    const confirm = await dialog('确定手动交易?');
    expect(manual.calls).toHaveLength(0);
    await userEvent.click(button(confirm, /确\s*定/));
    expect(await screen.findByText('提交成功!')).toBeInTheDocument();
    expect(manual.calls[0]!.task_id).toBe('1');
    expect(JSON.parse(String(manual.calls[0]!.cparam))).toEqual({ dlt: -0.01, count: 20, duration: 1, cid: '11', change_type: 'open', direct: 'f' });
  });
});
