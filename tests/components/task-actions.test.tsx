import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CanAccess } from '@refinedev/core';
import TaskListPage from '../../src/features/tasks/list';
import { demoPermissions, envelope, onCall, recordCall, server } from './msw';
import { renderPage } from './render';
import { button, card, cardAction, dialog, taskHandlers, taskPageSetup, userEvent } from './task-helpers';

taskPageSetup();

const menuItem = (label: string) => screen.findByText(label, { selector: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content' });

async function renderTasks() {
  const handlers = taskHandlers();
  renderPage(<TaskListPage />, { path: '/task' });
  await screen.findByTestId('task-card-1');
  return handlers;
}

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getAllByLabelText(label)[0]!.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  await userEvent.click(await screen.findByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' }));
}

describe('task card actions', () => {
  it('close position (running only) confirms first, then shows the server message and polls until 4', async () => {
    vi.useFakeTimers();
    await renderTasks();
    const update = recordCall('taskStatusUpdate', '平仓指令已下达');
    const detections: number[] = [];
    server.use(
      update.handler,
      onCall('taskStatusDetection', () => {
        detections.push(Date.now());
        return envelope({ status: detections.length < 2 ? 1 : 4 });
      }),
    );
    await cardAction(1, '平仓');
    const confirm = await dialog('确定平仓?');
    expect(update.calls).toHaveLength(0);
    await userEvent.click(button(confirm, /确\s*定/));
    expect(await screen.findByText('平仓指令已下达')).toBeInTheDocument();
    expect(update.calls[0]).toMatchObject({ taskId: '1', settingStatus: '1' });
    await act(() => vi.advanceTimersByTimeAsync(800 * 3));
    await waitFor(() => expect(detections).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(800 * 2));
    expect(detections).toHaveLength(2);
  });

  it("configure a stopped task: the name fixed, 'params not fully filled in!' (参数未填写完整!), then 配置任务成功", async () => {
    const sections = {
      taskBaseParams: { currency_type: 'eth', a_bourse: 1, a_transaction_type: 2, b_bourse: 2, b_transaction_type: 8, fund_occupy: '50%', price_limit: 'no' },
      debitCreditParams: { is_borrow: false },
      strategyParams: { dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: { CW: 1, NW: 1, CQ: 2, NQ: 2 } },
    };
    await renderTasks();
    const update = recordCall('taskParamsUpdate');
    server.use(
      onCall('taskParamsGet', () => envelope(sections)),
      update.handler,
    );
    await cardAction(2, '配置');
    const modal = await dialog('配置任务');
    expect(await within(modal).findByLabelText('dlt CQ')).toHaveValue('0.004');
    expect(within(modal).getByLabelText('任务名称')).toBeDisabled();
    await userEvent.clear(within(modal).getByLabelText('m CW'));
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('参数未填写完整!')).toBeInTheDocument();
    expect(update.calls).toHaveLength(0);
    await userEvent.type(within(modal).getByLabelText('m CW'), '3');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('配置任务成功')).toBeInTheDocument();
    expect(update.calls[0]).toMatchObject({ taskId: 2, params: { a_bourse: 1, b_transaction_type: 8, fund_occupy: '50%', m: { CW: 3, NW: 1, CQ: 2, NQ: 2 } } });
  });

  it('add child: one API per exchange of the task plus a weight (添加成功)', async () => {
    await renderTasks();
    const add = recordCall('taskChildrenAdd');
    const asked: Record<string, unknown>[] = [];
    server.use(
      add.handler,
      onCall('taskAvailableApi', ({ payload }) => {
        asked.push(payload);
        // the reference server answers the accounts of both exchanges, each with its bourse_id
        return envelope([
          { id: 5, name: 'okex-main', bourse_id: 1 },
          { id: 6, name: 'huobi-main', bourse_id: 2 },
        ]);
      }),
    );
    await cardAction(2, '添加子任务');
    const modal = await dialog('添加子任务');
    await userEvent.click(button(modal, /确\s*定/));
    await waitFor(() => expect(within(modal).getAllByText('请选择API')).toHaveLength(2));
    fireEvent.mouseDown(within(modal).getAllByLabelText('OKEx API')[0]!.closest('.ant-select')!.querySelector('.ant-select-selector')!);
    const okex = await screen.findByText('okex-main', { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' });
    expect(within(okex.closest('.ant-select-dropdown') as HTMLElement).queryByText('huobi-main')).not.toBeInTheDocument();
    await userEvent.click(okex);
    await choose(modal, 'Huobi API', 'huobi-main');
    await userEvent.clear(within(modal).getByLabelText('权重'));
    await userEvent.type(within(modal).getByLabelText('权重'), '3');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(asked.map((p) => p.status).sort()).toEqual(['1', '2']);
    expect(add.calls[0]).toEqual(expect.objectContaining({ taskId: 2, linkApiId: [5, 6], weight: 3 }));
  });

  it('manual close: the §9 defaults, only CQ enabled, not sent without a child, confirm first', async () => {
    await renderTasks();
    const manual = recordCall('manualTrade');
    server.use(manual.handler);
    await cardAction(1, '手动平仓');
    const modal = await dialog('手动平仓');
    expect(within(modal).getByLabelText('任务ID')).toHaveValue('1');
    expect(within(modal).getByLabelText('盈利点 (%)')).toHaveValue('-0.01');
    expect(within(modal).getByLabelText('数量')).toHaveValue('20');
    expect(within(modal).getByLabelText('持续时间')).toHaveValue('1');
    expect(within(modal).queryByText('方向')).not.toBeInTheDocument();
    const types = within(modal).getAllByRole('radio');
    expect(types.filter((r) => !(r as HTMLInputElement).disabled).map((r) => (r as HTMLInputElement).value)).toEqual(['CQ']);
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('请选择子任务')).toBeInTheDocument();
    expect(manual.calls).toHaveLength(0);
    await userEvent.click(await within(modal).findByText(/^11 okex-a/));
    await userEvent.click(button(modal, /确\s*定/));
    await userEvent.click(button(await dialog('确定手动交易?'), /确\s*定/));
    expect(await screen.findByText('提交成功!')).toBeInTheDocument();
    expect(JSON.parse(String(manual.calls[0]!.cparam))).toEqual({ dlt: -0.01, count: 20, duration: 1, cid: '11', change_type: 'close' });
  });

  it('manual close: 立即全部平仓 asks with the children named, then sends /ts/delstock {task_id, cids}', async () => {
    await renderTasks();
    const closeAll = recordCall('manualClosePosition');
    server.use(closeAll.handler);
    await cardAction(1, '手动平仓');
    const modal = await dialog('手动平仓');
    await userEvent.click(button(modal, /立即全部平仓/));
    expect(await screen.findByText('请选择子任务')).toBeInTheDocument();
    await userEvent.click(await within(modal).findByText(/^11 okex-a/));
    await userEvent.click(button(modal, /立即全部平仓/));
    await userEvent.click(button(await dialog('确定立即以市价平掉子任务 11 的全部持仓?'), /确\s*定/));
    expect(await screen.findByText('提交成功!')).toBeInTheDocument();
    expect(closeAll.calls).toEqual([expect.objectContaining({ task_id: '1', cids: '11' })]);
  });

  it('child rows: start, delete after a confirm, stop closing', async () => {
    await renderTasks();
    const status = recordCall('taskChildrenStatusUpdate');
    const remove = recordCall('taskChildrenDelete');
    const end = recordCall('manualTradeEnd');
    server.use(status.handler, remove.handler, end.handler);
    const childMenu = () => userEvent.click(within(card(2)).getByLabelText('子任务操作 21'));
    await within(card(2)).findByText('okex-c / huobi-d');
    await childMenu();
    await userEvent.click(await menuItem('启动'));
    await waitFor(() => expect(status.calls).toEqual([expect.objectContaining({ taskChildrenId: '21', settingStatus: '2' })]));
    await childMenu();
    await userEvent.click(await menuItem('删除'));
    await userEvent.click(button(await dialog('确定删除子任务 21?'), /确\s*定/));
    await waitFor(() => expect(remove.calls).toEqual([expect.objectContaining({ taskChildrenId: '21' })]));
    await childMenu();
    await userEvent.click(await menuItem('停止平仓'));
    await waitFor(() => expect(end.calls).toEqual([expect.objectContaining({ task_id: '2' })]));
  });

  it("a child's start refused with code 4 says 请先停止主任务，再操作! under 提示, not the server's text", async () => {
    await renderTasks();
    server.use(onCall('taskChildrenStatusUpdate', () => envelope(null, 4, 'task 2 is running')));
    await within(card(2)).findByText('okex-c / huobi-d');
    await userEvent.click(within(card(2)).getByLabelText('子任务操作 21'));
    await userEvent.click(await menuItem('启动'));
    const note = (await screen.findByText('请先停止主任务，再操作!')).closest('.ant-notification-notice')!;
    expect(within(note as HTMLElement).getByText('提示')).toBeInTheDocument();
    expect(screen.queryByText('task 2 is running')).not.toBeInTheDocument();
  });

  it('rename: OK is busy while the call runs (a second click sends nothing); a failure keeps the dialog and the typed name under 提示', async () => {
    await renderTasks();
    const sent: Record<string, unknown>[] = [];
    let answer: (reply: Response) => void = () => {};
    server.use(
      onCall('taskNameUpdate', ({ payload }) => {
        sent.push(payload);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    await userEvent.click(screen.getByText('alpha-1'));
    const modal = await dialog('修改任务名字');
    const input = within(modal).getByLabelText('任务名称');
    await userEvent.clear(input);
    await userEvent.type(input, 'omega');
    await userEvent.click(button(modal, /确\s*定/));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(button(modal, /确\s*定/)).toHaveClass('ant-btn-loading'));
    await userEvent.click(button(modal, /确\s*定/));
    answer(envelope(null, 1, 'name taken'));
    const note = (await screen.findByText('name taken')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(note).getByText('提示')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(within(await dialog('修改任务名字')).getByLabelText('任务名称')).toHaveValue('omega');
    expect(button(modal, /确\s*定/)).not.toHaveClass('ant-btn-loading');
  });

  it('add child: a failure keeps the dialog with what was picked', async () => {
    await renderTasks();
    server.use(
      onCall('taskChildrenAdd', () => envelope(null, 1, 'weight too high')),
      onCall('taskAvailableApi', () =>
        envelope([
          { id: 5, name: 'okex-main', bourse_id: 1 },
          { id: 6, name: 'huobi-main', bourse_id: 2 },
        ]),
      ),
    );
    await cardAction(2, '添加子任务');
    const modal = await dialog('添加子任务');
    await choose(modal, 'OKEx API', 'okex-main');
    await choose(modal, 'Huobi API', 'huobi-main');
    await userEvent.click(button(modal, /确\s*定/));
    expect(await screen.findByText('weight too high')).toBeInTheDocument();
    expect(within(await dialog('添加子任务')).getByTitle('okex-main')).toBeInTheDocument();
    expect(within(modal).getByTitle('huobi-main')).toBeInTheDocument();
  });

  it("the add and batch buttons are there by Refine's access control: absent for a user without the task column (§6)", async () => {
    server.use(onCall('permissions', () => envelope({ ...demoPermissions('trader'), columns: ['/market'] })));
    taskHandlers();
    // a probe asking what the add button asks: it answers in the same render, so its fallback says the answer has come
    renderPage(
      <>
        <TaskListPage />
        <CanAccess resource="tasks" action="create" fallback={<span>denied</span>}>
          <span>allowed</span>
        </CanAccess>
      </>,
      { path: '/task' },
    );
    await screen.findByTestId('task-card-1');
    await screen.findByText('denied');
    expect(screen.queryByText('添加任务', { selector: 'button span' })).not.toBeInTheDocument();
    expect(screen.queryByText('批量操作', { selector: 'button span' })).not.toBeInTheDocument();
  });
});
