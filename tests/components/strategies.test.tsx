import { screen, waitFor, within } from '@testing-library/react';
import StrategyListPage from '../../src/features/strategies/list';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, traderSession } from './render';
import { ARBITRAGE_2, listing, user } from './strategies-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('strategy list', () => {
  it('shows an ordinary user the strategies with 没有权限 instead of add, configure and delete', async () => {
    server.use(listing(() => [ARBITRAGE_2]).handler);
    renderPage(<StrategyListPage />, { path: '/strategy', session: traderSession });

    expect(await screen.findByText('arbitrage 2')).toBeInTheDocument();
    const row = screen.getByText('arbitrage 2').closest('tr')!;
    expect(within(row).getByText('2025-01-02 03:04:05')).toBeInTheDocument();
    expect(await within(row).findByText('没有权限')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /配\s*置/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增策略/ })).not.toBeInTheDocument();
  });

  it('shows the super user add, configure and delete, and no 没有权限', async () => {
    server.use(listing(() => [ARBITRAGE_2]).handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
    expect(await within(row).findByRole('button', { name: /配\s*置/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增策略/ })).toBeInTheDocument();
    expect(screen.queryByText('没有权限')).not.toBeInTheDocument();
  });

  it('shows the default parameters of a strategy in its popover from /strategy/params/get2, by section, objects key by key', async () => {
    const sections = recordCall('strategyParamsGet2', {
      taskBaseParams: { currency_type: 'btc' },
      debitCreditParams: { is_borrow: false },
      strategyParams: { dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: 2 },
    });
    server.use(listing(() => [ARBITRAGE_2]).handler, sections.handler);
    renderPage(<StrategyListPage />, { path: '/strategy', session: traderSession });
    await user.click(await screen.findByRole('button', { name: '默认参数' }));

    const popover = await screen.findByRole('tooltip');
    expect(within(popover).getByText('arbitrage 2 的默认参数')).toBeInTheDocument();
    expect(await within(popover).findByText('dlt')).toBeInTheDocument();
    expect(sections.calls).toEqual([expect.objectContaining({ strategyId: String(ARBITRAGE_2.id) })]);
    const sectionOf = (key: string) => within(popover).getByText(key).closest('.ant-descriptions')!.querySelector('.ant-descriptions-title')!.textContent;
    expect(sectionOf('currency_type')).toBe('任务基础参数');
    expect(sectionOf('is_borrow')).toBe('借贷参数');
    expect(sectionOf('dlt')).toBe('策略参数');
    for (const text of ['CW: 0.002', 'NW: 0.003', 'CQ: 0.004', 'NQ: 0.005']) expect(within(popover).getByText(text)).toBeInTheDocument();
    expect(within(popover).getByText('is_borrow').closest('tr')).toHaveTextContent('否');
    expect(within(popover).getByText('currency_type').closest('tr')).toHaveTextContent('btc');
    expect(within(popover).getByText('a1b2c3d4e5f60718')).toBeInTheDocument();
    // closed and opened again, it reads them again (a configure in between shows)
    await user.click(screen.getByRole('button', { name: '默认参数' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '默认参数' }));
    await waitFor(() => expect(sections.calls).toHaveLength(2));
    expect(await within(await screen.findByRole('tooltip')).findByText('dlt')).toBeInTheDocument();
  });

  it('renders a strategy name as text, never as markup', async () => {
    server.use(listing(() => [{ ...ARBITRAGE_2, name: '<img src=x onerror=alert(1)>' }]).handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('deleting a strategy', () => {
  it('asks first, then sends DELETE /strategy/delete {strategyId} and says 删除成功', async () => {
    let rows = [ARBITRAGE_2];
    const remove = { calls: [] as Record<string, unknown>[] };
    server.use(
      listing(() => rows).handler,
      onCall('strategyDelete', ({ payload }) => {
        remove.calls.push(payload);
        rows = [];
        return envelope(null, 200, '删除成功');
      }),
    );
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
    await user.click(await within(row).findByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除策略“arbitrage 2”吗？')).toBeInTheDocument();
    expect(remove.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(remove.calls).toHaveLength(1));
    expect(remove.calls[0]).toMatchObject({ strategyId: '1', token: 'admin-token' });
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('arbitrage 2')).not.toBeInTheDocument());
  });

  it("a refused delete is titled 提示 (§8) with the server's text, and the strategy stays", async () => {
    server.use(
      listing(() => [ARBITRAGE_2]).handler,
      onCall('strategyDelete', () => envelope(null, 500, '策略正在被任务使用')),
    );
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
    await user.click(await within(row).findByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const note = (await screen.findByText('策略正在被任务使用')).closest('.ant-notification-notice')!;
    expect(within(note as HTMLElement).getByText('提示')).toBeInTheDocument();
    expect(screen.queryByText('删除失败')).not.toBeInTheDocument();
    expect(screen.getByText('arbitrage 2')).toBeInTheDocument();
  });
});
