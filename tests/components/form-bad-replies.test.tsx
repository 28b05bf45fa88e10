import { screen, waitFor, within } from '@testing-library/react';
import ApiListPage from '../../src/features/apis/list';
import TaskListPage from '../../src/features/tasks/list';
import GlobalConfigEditPage from '../../src/features/global-config/edit';
import { ChangePasswordDialog } from '../../src/components/auth-forms/change-password-dialog';
import { FollowTaskDialog } from '../../src/features/unilateral/follow-tasks/follow-dialog';
import { UnilateralStrategyDialog } from '../../src/features/unilateral/strategy-dialog';
import { envelope, onCall, server } from './msw';
import { FOLLOW_TASK_DETAIL, managerSession, okButton, unilateralHandlers } from './unilateral-helpers';
import { renderPage } from './render';
import { cardAction, taskHandlers, taskPageSetup, userEvent } from './task-helpers';
import { ARBITRAGE_2, fill, listing } from './strategies-helpers';
import StrategyListPage from '../../src/features/strategies/list';
import { buttonIn, choose, describeFormBadReplies, type FormCase } from './bad-replies-harness';

/**
 * "Bad replies" for forms: while a dialog's call is pending its submit button is busy (a second click
 * sends nothing); when the call fails with a reply that is not an envelope, a notification says so and the form
 * keeps what the user typed.
 */
taskPageSetup();

const OK = /^确\s*定$/;

async function dialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  return heading!.closest('.ant-modal') as HTMLElement;
}
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const SECTIONS = {
  taskBaseParams: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 9, fund_occupy: '50%', price_limit: 'no' },
  debitCreditParams: { is_borrow: false },
  strategyParams: { dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: { CW: 1, NW: 1, CQ: 2, NQ: 2 }, close_dlt: 0.001 },
};

const FORMS: FormCase[] = [
  {
    name: 'task rename',
    call: 'taskNameUpdate',
    open: async (typed) => {
      taskHandlers();
      renderPage(<TaskListPage />, { path: '/task' });
      await userEvent.click(await screen.findByText('alpha-1'));
      const modal = await dialog('修改任务名字');
      await retype(within(modal).getByLabelText('任务名称'), typed);
      return { field: () => within(modal).getByLabelText('任务名称'), submit: () => buttonIn(modal, OK) };
    },
  },
  {
    name: 'API add',
    call: 'apiAdd',
    open: async (typed) => {
      server.use(
        onCall('apiList', () => envelope([])),
        onCall('bourseGet', () => envelope([{ id: 1, name: 'OKEx' }])),
        onCall('assetImaging', () => envelope([])),
      );
      renderPage(<ApiListPage />, { path: '/api' });
      await userEvent.click(await screen.findByText('添加API', { selector: 'button span' }));
      const modal = await dialog('添加API');
      await userEvent.type(within(modal).getByLabelText('API名称'), typed);
      await userEvent.type(within(modal).getByLabelText('API Key'), 'the-key');
      await userEvent.type(within(modal).getByLabelText('API Secret'), 'the-secret');
      return { field: () => within(modal).getByLabelText('API名称'), submit: () => buttonIn(modal, /^保\s*存$/) };
    },
  },
  {
    name: 'global config',
    call: 'globalConfigUpdate',
    open: async (typed) => {
      server.use(
        onCall('globalConfigGet', () =>
          envelope({
            depthMarket: 5,
            priceSlippage: 0.001,
            voiceIntervalTime: 60,
            messageIntervalTime: 300,
            tradingIntervalTime: 1,
            isBorrow: false,
            maxBorrowBTC: 50,
            maxBorrowLTC: 30,
            maxBorrowETH: 45,
            maxBorrowETC: 30,
            maxBorrowXRP: 20,
            maxBorrowEOS: 30,
            maxBorrowBCH: 30,
            maxBorrowBSV: 20,
            maxBorrowTRX: 10,
          }),
        ),
      );
      renderPage(<GlobalConfigEditPage />, { path: '/config' });
      await waitFor(() => expect(screen.getByLabelText('深度档位')).toHaveValue('5'));
      await retype(screen.getByLabelText('深度档位'), typed);
      return { field: () => screen.getByLabelText('深度档位'), submit: () => screen.getByText(/^保\s*存$/).closest('button')! };
    },
  },
  {
    name: 'change password',
    call: 'changePassword',
    open: async (typed) => {
      renderPage(<ChangePasswordDialog open onClose={() => {}} />);
      await userEvent.type(screen.getByLabelText('原密码'), typed);
      await userEvent.type(screen.getByLabelText('新密码'), 'new-pass');
      await userEvent.type(screen.getByLabelText('再次输入新密码'), 'new-pass');
      return { field: () => screen.getByLabelText('原密码'), submit: () => screen.getByText(OK, { selector: 'button > span' }).closest('button')! };
    },
  },
  {
    name: 'follow task edit',
    call: 'followTaskUpdate',
    open: async (typed) => {
      unilateralHandlers();
      server.use(onCall('followTaskDetail', () => envelope(FOLLOW_TASK_DETAIL)));
      renderPage(<FollowTaskDialog mode="edit" apiId={7} onClose={() => {}} onSaved={() => {}} />, { path: '/main/index/api', session: managerSession });
      const modal = await dialog('编辑跟随任务');
      await waitFor(() => expect(within(modal).getByLabelText('止损百分数')).toHaveValue('30'));
      await retype(within(modal).getByLabelText('止损百分数'), typed);
      return { field: () => within(modal).getByLabelText('止损百分数'), submit: () => okButton(modal) };
    },
  },
  {
    name: 'unilateral strategy edit',
    call: 'unilateralStrategyUpdate',
    open: async (typed) => {
      server.use(onCall('unilateralStrategyReproduction', () => envelope({ names: 'trend-btc', target: 1, priority: 1 })));
      renderPage(<UnilateralStrategyDialog strategyId={1} onClose={() => {}} onSaved={() => {}} />, {
        path: '/main/index/unilateral',
        session: managerSession,
      });
      const modal = await dialog('编辑策略');
      await waitFor(() => expect(within(modal).getByLabelText('策略名称')).toHaveValue('trend-btc'));
      await retype(within(modal).getByLabelText('策略名称'), `trend ${typed}`);
      await retype(within(modal).getByLabelText('优先级'), '1');
      return { field: () => within(modal).getByLabelText('策略名称'), submit: () => okButton(modal) };
    },
  },
  {
    name: 'task add',
    call: 'taskAdd',
    open: async (typed) => {
      taskHandlers();
      server.use(onCall('strategyParamsGet', () => envelope(SECTIONS)));
      renderPage(<TaskListPage />, { path: '/task' });
      await userEvent.click(await screen.findByText('添加任务', { selector: 'button span' }));
      const modal = await dialog('添加任务');
      await within(modal).findByLabelText('dlt NW');
      await userEvent.type(within(modal).getByLabelText('任务名称'), `task ${typed}`);
      return { field: () => within(modal).getByLabelText('任务名称'), submit: () => buttonIn(modal, OK) };
    },
  },
  {
    name: 'task configure',
    call: 'taskParamsUpdate',
    open: async (typed) => {
      taskHandlers();
      server.use(onCall('taskParamsGet', () => envelope(SECTIONS)));
      renderPage(<TaskListPage />, { path: '/task' });
      await screen.findByTestId('task-card-2');
      await cardAction(2, '配置');
      const modal = await dialog('配置任务');
      await retype(await within(modal).findByLabelText('dlt NW'), `0.00${typed}`);
      return { field: () => within(modal).getByLabelText('dlt NW'), submit: () => buttonIn(modal, OK) };
    },
  },
  {
    name: 'child task add',
    call: 'taskChildrenAdd',
    open: async () => {
      taskHandlers();
      server.use(
        onCall('taskAvailableApi', () =>
          envelope([
            { id: 5, name: 'okex-main', bourse_id: 1 },
            { id: 6, name: 'huobi-main', bourse_id: 2 },
          ]),
        ),
      );
      renderPage(<TaskListPage />, { path: '/task' });
      await screen.findByTestId('task-card-2');
      await cardAction(2, '添加子任务');
      const modal = await dialog('添加子任务');
      await choose(modal, 'OKEx API', 'okex-main');
      await choose(modal, 'Huobi API', 'huobi-main');
      return { field: () => within(modal).getByTitle('huobi-main'), submit: () => buttonIn(modal, OK) };
    },
  },
  {
    name: 'strategy configure',
    call: 'strategyUpdate',
    open: async (typed) => {
      server.use(listing(() => [ARBITRAGE_2]).handler);
      renderPage(<StrategyListPage />, { path: '/strategy' });
      const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
      await userEvent.click(within(row).getByText(/^配\s*置$/, { selector: 'button > span' }));
      const modal = await dialog('配置策略');
      fill(within(modal).getByLabelText('策略名称'), `arbitrage ${typed}`);
      return { field: () => within(modal).getByLabelText('策略名称'), submit: () => buttonIn(modal, /^保\s*存$/) };
    },
  },
];

describeFormBadReplies(FORMS);
