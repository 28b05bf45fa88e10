import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FollowTaskDialog } from '../../src/features/unilateral/follow-tasks/follow-dialog';
import { UnilateralStrategyDialog } from '../../src/features/unilateral/strategy-dialog';
import { envelope, onCall, server } from './msw';
import { renderPage } from './render';
import { FOLLOW_TASK_DETAIL, choose, dialog, followTask, followerSession, managerSession, okButton, unilateralHandlers } from './unilateral-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

async function openAdd(session = managerSession, onSaved = () => {}) {
  unilateralHandlers();
  renderPage(<FollowTaskDialog mode="add" onClose={() => {}} onSaved={onSaved} />, { path: '/main/index/unilateral', session });
  return dialog('添加跟随任务');
}

describe('follow task dialog (§5)', () => {
  it('shows every required message of an empty form, the priority ones for level 1', async () => {
    const form = await openAdd();
    fireEvent.click(okButton(form));
    for (const message of ['API不能为空！', '策略不能为空！', '优先级不能为空!', '止损百分数不能为空!', '是否做多必选！', '是否开空必选！']) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    // both leverages say so
    expect(within(form).getAllByText('杠杆倍数不能为空!')).toHaveLength(2);
  });

  it('lists only the accounts that can follow (one-sided, no follow task yet) and says why the others are missing', async () => {
    // okex-main and htx-main are one-sided, hedge-main is a hedging account; htx-main already follows
    unilateralHandlers({ tasks: [followTask(8, 1)] });
    renderPage(<FollowTaskDialog mode="add" onClose={() => {}} onSaved={() => {}} />, { path: '/main/index/api', session: managerSession });
    const form = await dialog('添加跟随任务');
    expect(await within(form).findByText('只列出能跟随的账户：单边（类型 4）且还没有跟随任务。未列出：对冲账户 1 个，已在跟随的 1 个。')).toBeInTheDocument();
    fireEvent.mouseDown(within(form).getByLabelText('API').closest('.ant-select')!.querySelector('.ant-select-selector')!);
    const offered = await waitFor(() => {
      const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')];
      expect(options.length).toBeGreaterThan(0);
      return options.map((option) => option.textContent);
    });
    expect(offered).toEqual(['okex-main']);
  });

  it('bounds the stop-loss to 0~100 and the priority to 0~5', async () => {
    const form = await openAdd();
    type(form, '止损百分数', '150');
    type(form, '优先级', '9');
    expect(await within(form).findByText('值大小在0~100之间!')).toBeInTheDocument();
    expect(await within(form).findByText('值大小在0~5之间!')).toBeInTheDocument();
    type(form, '止损百分数', '100');
    type(form, '优先级', '5');
    await waitFor(() => expect(within(form).queryByText('值大小在0~100之间!')).not.toBeInTheDocument());
    await waitFor(() => expect(within(form).queryByText('值大小在0~5之间!')).not.toBeInTheDocument());
  });

  it('has no priority field for a follower (level 2)', async () => {
    const form = await openAdd(followerSession);
    expect(within(form).getByLabelText('止损百分数')).toBeInTheDocument();
    expect(within(form).queryByLabelText('优先级')).not.toBeInTheDocument();
    fireEvent.click(okButton(form));
    expect(await within(form).findByText('API不能为空！')).toBeInTheDocument();
    expect(within(form).queryByText('优先级不能为空!')).not.toBeInTheDocument();
  });

  async function fillValid(form: HTMLElement) {
    await choose(form, 'API', 'okex-main');
    await choose(form, '策略', 'mean-eth');
    type(form, '优先级', '3');
    type(form, '止损百分数', '20');
    type(form, '做多杠杆倍数', '2');
    type(form, '做空杠杆倍数', '1.5');
    fireEvent.click(within(form).getAllByText('是')[0]!);
    fireEvent.click(within(form).getAllByText('否')[1]!);
    type(form, '初始成本', '1000');
  }

  it('sends the form as §7 lists it (numbers, flags 1/0, unit usd on add)', async () => {
    const saves: Record<string, unknown>[] = [];
    const saved = vi.fn();
    const form = await openAdd(managerSession, saved);
    server.use(
      onCall('followTaskAdd', ({ payload }) => {
        saves.push(payload);
        return envelope({});
      }),
    );
    await fillValid(form);
    fireEvent.click(okButton(form));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      token: 'manager-token',
      apiId: 7,
      strategyId: 2,
      priority: 3,
      stopLoss: 20,
      positiveLeverage: 2,
      negativeLeverage: 1.5,
      isBuy: 1,
      isSell: 0,
      archiveCurrency: '',
      calculateCost: 0,
      initialCost: 1000,
      unit: 'usd',
    });
    await waitFor(() => expect(saved).toHaveBeenCalled());
  });

  it('keeps what was typed when the save fails, and shows the server message', async () => {
    const saved = vi.fn();
    const form = await openAdd(managerSession, saved);
    server.use(onCall('followTaskAdd', () => envelope(null, 500, '该API已有跟随任务')));
    await fillValid(form);
    fireEvent.click(okButton(form));
    expect(await screen.findByText('该API已有跟随任务')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('止损百分数')).toHaveValue('20');
    expect(within(form).getByLabelText('做空杠杆倍数')).toHaveValue('1.5');
    expect(within(form).getByLabelText('初始成本')).toHaveValue('1000');
  });

  it('edits a task: loads it, leaves out the unit', async () => {
    unilateralHandlers();
    const saves: Record<string, unknown>[] = [];
    server.use(
      onCall('followTaskDetail', () => envelope(FOLLOW_TASK_DETAIL)),
      onCall('followTaskUpdate', ({ payload }) => {
        saves.push(payload);
        return envelope({});
      }),
    );
    renderPage(<FollowTaskDialog mode="edit" apiId={7} onClose={() => {}} onSaved={() => {}} />, { path: '/main/index/api', session: managerSession });
    const form = await dialog('编辑跟随任务');
    await waitFor(() => expect(within(form).getByLabelText('止损百分数')).toHaveValue('30'));
    type(form, '止损百分数', '25');
    fireEvent.click(okButton(form));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ apiId: 7, strategyId: 1, stopLoss: 25, positiveLeverage: 3, archiveCurrency: 'usdt' });
    expect(saves[0]).not.toHaveProperty('unit');
  });

  it('moves a task to another strategy through /change/task, after a confirm that says its position is closed first', async () => {
    unilateralHandlers();
    const calls: string[] = [];
    server.use(
      onCall('followTaskDetail', () => envelope(FOLLOW_TASK_DETAIL)),
      onCall('followChangeTask', ({ payload }) => {
        calls.push(`change ${payload.apiId} → ${payload.strategyId}`);
        return envelope(followTask(7, 1, 2));
      }),
      onCall('followTaskUpdate', ({ payload }) => {
        calls.push(`update ${payload.strategyId}`);
        return envelope({});
      }),
    );
    renderPage(<FollowTaskDialog mode="edit" apiId={7} onClose={() => {}} onSaved={() => {}} />, { path: '/main/index/api', session: managerSession });
    const form = await dialog('编辑跟随任务');
    await waitFor(() => expect(within(form).getByLabelText('止损百分数')).toHaveValue('30'));
    expect(within(form).getByText(/原策略上的持仓会先按市价平掉/)).toBeInTheDocument();
    await choose(form, '策略', 'mean-eth');
    fireEvent.click(okButton(form));
    const confirm = (await screen.findByText('更换跟随的策略', { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    expect(calls).toEqual([]);
    fireEvent.click(okButton(confirm));
    await waitFor(() => expect(calls).toEqual(['change 7 → 2', 'update 2']));
  });
});

describe('strategy dialog priority (§5, its own messages)', () => {
  async function openStrategy() {
    const saves: Record<string, unknown>[] = [];
    server.use(
      onCall('unilateralStrategyReproduction', () => envelope({ names: 'trend-btc', target: 1 })),
      onCall('unilateralStrategyUpdate', ({ payload }) => {
        saves.push(payload);
        return envelope({ names: 'trend-btc', target: 1 });
      }),
    );
    renderPage(<UnilateralStrategyDialog strategyId={1} onClose={() => {}} onSaved={() => {}} />, { path: '/main/index/unilateral', session: managerSession });
    const form = await dialog('编辑策略');
    await waitFor(() => expect(within(form).getByLabelText('策略名称')).toHaveValue('trend-btc'));
    return { form, saves };
  }

  it('says 优先级不能为空！, 请输入数字! and 请输入0~5之间的数字!', async () => {
    const { form, saves } = await openStrategy();
    fireEvent.click(okButton(form));
    expect(await within(form).findByText('优先级不能为空！')).toBeInTheDocument();
    type(form, '优先级', 'abc');
    expect(await within(form).findByText('请输入数字!')).toBeInTheDocument();
    type(form, '优先级', '7');
    expect(await within(form).findByText('请输入0~5之间的数字!')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('saves names, target and priority', async () => {
    const { form, saves } = await openStrategy();
    type(form, '策略名称', 'trend-btc v2');
    type(form, '优先级', '4');
    fireEvent.click(okButton(form));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ strategyId: 1, names: 'trend-btc v2', target: 1, priority: 4 });
  });
});
