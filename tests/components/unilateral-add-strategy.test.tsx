import { screen, waitFor, within } from '@testing-library/react';
import UnilateralStrategyListPage from '../../src/features/unilateral/list';
import { envelope, onCall, server } from './msw';
import { adminSession, renderPage } from './render';
import { taskPageSetup } from './task-helpers';
import { followerSession, unilateralHandlers, userEvent } from './unilateral-helpers';

taskPageSetup();

async function renderList(session = adminSession) {
  unilateralHandlers({ tasks: [] });
  renderPage(<UnilateralStrategyListPage />, { path: '/main/index/unilateral', session });
  await screen.findByText('trend-btc');
}

describe('adding a unilateral strategy', () => {
  it('the super user adds one: the rule is checked field by field, a failed save keeps what was typed, then it is sent and the dialog closes', async () => {
    const added: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      onCall('unilateralStrategyAdd', ({ payload }) => {
        added.push(payload);
        if (refuse) return envelope(null, 400, '名称已存在');
        return envelope({ id: 9 });
      }),
    );
    await renderList();
    await userEvent.click(screen.getByRole('button', { name: /添加策略/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('策略名称'), '  ma-btc ');
    await userEvent.click(within(dialog).getByLabelText('币种'));
    await userEvent.click(await screen.findByTitle('BTC'));
    await userEvent.type(within(dialog).getByLabelText('初始资金 (USDT)'), '5000');
    const slow = within(dialog).getByLabelText('慢均线周期');
    await userEvent.clear(slow);
    await userEvent.type(slow, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('慢均线周期必须大于快均线周期!')).toBeInTheDocument();
    expect(added).toHaveLength(0);

    await userEvent.clear(slow);
    await userEvent.type(slow, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ names: 'ma-btc', coin: 'btc', initialMoney: 5000, barMinutes: 60, fast: 10, slow: 30 });
    expect(within(dialog).getByLabelText('策略名称')).toHaveValue('  ma-btc ');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added).toHaveLength(2);
  });

  it('is not offered to a follower', async () => {
    await renderList(followerSession);
    expect(screen.queryByRole('button', { name: /添加策略/ })).not.toBeInTheDocument();
  });
});
