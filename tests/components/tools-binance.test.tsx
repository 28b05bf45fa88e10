import { screen, waitFor, within } from '@testing-library/react';
import BinanceTradingPage from '../../src/features/tools/binance/trading';
import BinanceCurrencyPage from '../../src/features/tools/binance/currency';
import AevoPage from '../../src/features/tools/aevo';
import type { AevoTrade } from '#contract/types/aevo';
import type { BinanceAccount } from '#contract/types/binance';
import { envelope, onCall, server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const account = (apiId: number, name: string, leverage: number, follow = true): BinanceAccount => ({
  apiId,
  name,
  leverage,
  follow: follow ? { strategyId: 1, strategyName: 'BTC 趋势跟踪', status: 1, equity: 10_050 } : null,
  positions: follow ? [{ coin_names: 'BTC', position: 0.5, cost: 60_000, ratio: 3, type: 1, price: 61_000, notional: 30_500, margin: 30_500 / leverage }] : [],
});

/** The confirm dialog titled `title`, and its OK button clicked. */
async function confirmIn(title: string, content: string | RegExp) {
  const dialog = (await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
  expect(within(dialog).getByText(content)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByText(/确\s?定/, { selector: 'button > span' }));
}

describe('/binance/trading', () => {
  it('says so with a link to /api when the user has no Binance account', async () => {
    server.use(onCall('binanceAccounts', () => envelope([])));
    renderPage(<BinanceTradingPage />, { path: '/binance/trading' });
    expect(await screen.findByText('您还没有币安（交易所 3）的 API 账户')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/api');
  });

  it('refuses an out-of-range leverage with the form message and sends nothing; a good one goes behind a confirm naming the account, then shows the new leverage', async () => {
    let leverage = 20;
    const sent: Record<string, unknown>[] = [];
    server.use(
      onCall('binanceAccounts', () => envelope([account(7, 'Binance-单边1', leverage), account(8, 'Binance-单边2', 20, false)])),
      onCall('binanceLeverage', ({ payload }) => {
        sent.push(payload);
        leverage = Number(payload.leverage);
        return envelope({ apiId: 7, leverage }, 200, '修改成功');
      }),
    );
    renderPage(<BinanceTradingPage />, { path: '/binance/trading' });
    expect(await screen.findByTestId('binance-leverage')).toHaveTextContent('20x');
    const input = screen.getByLabelText('新杠杆倍数');
    await userEvent.clear(input);
    await userEvent.type(input, '126');
    await userEvent.click(screen.getByRole('button', { name: '修改杠杆' }));
    expect(await screen.findByText('杠杆倍数须为 1 到 125 的整数')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '5');
    await userEvent.click(screen.getByRole('button', { name: '修改杠杆' }));
    await confirmIn('修改杠杆', '将 Binance-单边1 的杠杆改为 5 倍？');
    expect(await screen.findByText('Binance-单边1 的杠杆已改为 5 倍')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ apiId: 7, leverage: 5 })]);
    await waitFor(() => expect(screen.getByTestId('binance-leverage')).toHaveTextContent('5x'));
    // the margin the server sends for the new leverage
    expect(within(screen.getByTestId('binance-positions')).getByText('6100.00')).toBeInTheDocument();
  });

  it('adjusts the position and triggers a signal, each behind its confirm, and shows the order; an API without a follow task says why', async () => {
    const adjusts: Record<string, unknown>[] = [];
    const triggers: Record<string, unknown>[] = [];
    const order = (type: number) => ({
      id: 1,
      createtime: '2026-11-25 10:00:00',
      strategy_name: 'BTC 趋势跟踪',
      instrument_id: 'BTC-USDT-SWAP',
      order_id: '1',
      bourse: 'Binance',
      size: 0.25,
      filled_qty: 0.25,
      price: 61000,
      price_avg: 61000,
      type,
      state: 2,
    });
    server.use(
      onCall('binanceAccounts', () => envelope([account(7, 'Binance-单边1', 20), account(8, 'Binance-单边2', 20, false)])),
      onCall('followAdjustPosition', ({ payload }) => {
        adjusts.push(payload);
        return envelope(order(1));
      }),
      onCall('followIndependentTrigger', ({ payload }) => {
        triggers.push(payload);
        return envelope(order(-2));
      }),
    );
    renderPage(<BinanceTradingPage />, { path: '/binance/trading' });
    await userEvent.type(await screen.findByLabelText('目标持仓（币数，负数为空头）'), '0.75');
    await userEvent.click(screen.getByRole('button', { name: '手动调仓' }));
    await confirmIn('手动调仓', '将 Binance-单边1 的持仓调整为 0.750000？');
    expect(await screen.findByText(/BTC-USDT-SWAP 多开 0\.250000 @ 61000\.0000/)).toBeInTheDocument();
    expect(adjusts).toEqual([expect.objectContaining({ apiId: 7, position: 0.75 })]);

    await userEvent.click(screen.getByRole('button', { name: '独立触发' }));
    await confirmIn('独立触发', '为 Binance-单边1 独立触发信号「多开」？');
    expect(await screen.findByText(/BTC-USDT-SWAP 多平/)).toBeInTheDocument();
    expect(triggers).toEqual([expect.objectContaining({ apiId: 7, type: 1 })]);

    renderPage(<BinanceTradingPage />, { path: '/binance/trading?api=8' });
    expect(await screen.findByText(/该 API 没有跟随任务/)).toBeInTheDocument();
  });
});

describe('/binance/currency', () => {
  it("lists and searches the chosen account's blacklist, refuses a listed coin, adds one and removes one behind a confirm", async () => {
    let coins = ['eth', 'xrp'];
    const calls: string[] = [];
    server.use(
      onCall('binanceAccounts', () => envelope([account(7, 'Binance-单边1', 20)])),
      onCall('binanceBlacklistGet', ({ payload }) => {
        calls.push(`get ${payload.apiId}`);
        return envelope({ coins });
      }),
      onCall('binanceBlacklistSave', ({ payload }) => {
        calls.push(`add ${payload.apiId} ${payload.currency}`);
        coins = [...coins, String(payload.currency)];
        return envelope({ coins });
      }),
      onCall('binanceBlacklistDelete', ({ payload }) => {
        calls.push(`delete ${payload.apiId} ${payload.currency}`);
        coins = coins.filter((c) => c !== payload.currency);
        return envelope({ coins });
      }),
    );
    renderPage(<BinanceCurrencyPage />, { path: '/binance/currency' });
    const table = await screen.findByTestId('binance-blacklist');
    expect(await within(table).findByText('ETH')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('搜索币种'), 'xr');
    expect(within(table).queryByText('ETH')).not.toBeInTheDocument();
    expect(within(table).getByText('XRP')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('搜索币种'));

    const choose = async (coin: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: '币种' }));
      await userEvent.click(await screen.findByText(coin, { selector: '.ant-select-item-option-content' }));
    };
    await choose('ETH');
    await userEvent.click(screen.getByRole('button', { name: '加入黑名单' }));
    expect(await screen.findByText('ETH 已在 Binance-单边1 的黑名单中')).toBeInTheDocument();
    await choose('LTC');
    await userEvent.click(screen.getByRole('button', { name: '加入黑名单' }));
    expect(await within(table).findByText('LTC')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: '移出 ETH' }));
    await confirmIn('移出', '将 ETH 移出 Binance-单边1 的黑名单？');
    await waitFor(() => expect(within(table).queryByText('ETH')).not.toBeInTheDocument());
    expect(calls.filter((c) => !c.startsWith('get'))).toEqual(['add 7 ltc', 'delete 7 eth']);
  });
});

describe('/aveo', () => {
  it('shows the fills paged on the server and "sync now" says how many came and shows them', async () => {
    const trade = (id: number): AevoTrade => ({
      id,
      time: `2026-11-25 0${id % 10}:00:00`,
      instrument: 'ETH-PERP',
      side: id % 2 ? 'buy' : 'sell',
      price: 3000.5,
      amount: 0.25,
      fee: 0.3751,
    });
    let total = 45;
    const pages: unknown[] = [];
    server.use(
      onCall('aevoTradeData', ({ payload }) => {
        pages.push(payload.page);
        const page = Number(payload.page);
        const ids = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * 20, page * 20);
        return envelope({ list: ids.map(trade), total, syncedAt: total === 45 ? '2026-11-25 04:00:00' : '2026-11-25 10:00:00' });
      }),
      onCall('aevoTradeUpdate', () => {
        total = 48;
        return envelope({ added: 3, syncedAt: '2026-11-25 10:00:00' });
      }),
    );
    renderPage(<AevoPage />, { path: '/aveo' });
    expect(await screen.findByText('上次同步：2026-11-25 04:00:00')).toBeInTheDocument();
    expect(screen.getByText('共 45 笔')).toBeInTheDocument();
    expect(screen.getByTestId('aevo-simulated')).toHaveTextContent('这些成交由参考服务器模拟生成，不属于任何 API 账户或持仓');
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(pages).toContain('3'));
    expect(await screen.findAllByText('ETH-PERP')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: /立即同步/ }));
    expect(await screen.findByText('同步了 3 笔新成交')).toBeInTheDocument();
    expect(await screen.findByText('共 48 笔')).toBeInTheDocument();
    expect(screen.getByText('上次同步：2026-11-25 10:00:00')).toBeInTheDocument();
    expect(pages.at(-1)).toBe('1');
  });
});
