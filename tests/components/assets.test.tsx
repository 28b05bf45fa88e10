import { act, screen, waitFor, within } from '@testing-library/react';
import type { ApiAccount } from '#contract/types/api-accounts';
import { setRuntimeConfig } from '../../src/api/config';
import { ShellFeedStatus } from '../../src/components/feed-status';
import { FeedManager } from '../../src/live/manager';
import AssetsPage from '../../src/features/assets/list';
import { FakeSocket } from '../unit/fake-socket';
import { ManualFrames } from '../unit/live-harness';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

const api = (id: number, name: string, status: 1 | 4 = 4): ApiAccount =>
  ({ id, name, bourse_id: 1, bourse_name: 'okex', status_info: 'ok', apiKey: 'k', apiSecret: '', status }) as ApiAccount;
const APIS = [api(1, 'alpha'), api(2, 'beta', 1)];

const assetMessage = (apiId: number, equity: number, extra: Partial<{ list: unknown[]; borrow: unknown[]; ledger: unknown[] }> = {}) =>
  JSON.stringify({
    code: 200,
    data: {
      apiId,
      asset_info: {
        statistics: {
          'total_equity(USDT)': equity,
          'principal/surplus(USDT)': `${equity / 2}/${equity / 2}`,
          total_position: 2,
          'total_used/surplus(USDT)': `${equity * 0.6}/${equity * 0.4}`,
          'futures_used/surplus(USDT)': `${equity * 0.1}/${equity * 0.9}`,
          'swap_used/surplus(USDT)': '0/0',
          'borrow_pledge_used/surplus(USDT)': '0/0',
          'borrow_used/surplus(USDT)': `${equity * 0.1}/${equity * 0.1}`,
        },
        list: extra.list ?? [{ currency: 'btc', spot: 0.1, self_worth: equity, price: 50000 }],
      },
      ledger: extra.ledger ?? [],
      borrow: extra.borrow ?? [],
    },
  });

let frames: ManualFrames;
let manager: FeedManager;
const socket = () => FakeSocket.instances[FakeSocket.instances.length - 1];
const sentIds = () => socket().sent.map((text) => JSON.parse(text).data as number[]);
/** Delivers socket messages; the live provider writes them into Refine's cache at the end of the turn. */
const push = (...messages: string[]) =>
  act(async () => {
    messages.forEach((m) => {
      socket().receive(m);
    });
    frames.run();
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setRuntimeConfig({ websocket: 'ws://feeds.test' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  frames = new ManualFrames();
  manager = new FeedManager({ random: () => 0.5, requestFrame: frames.request, getToken: () => 'admin-token' });
  server.use(
    onCall('assetStatistics', () => envelope([{ dateTime: '2026-11-01 10:00', equity_usdt: 10, rate_usdt: 0.1, equity: 1, equity_rate_usdt: 0.2 }])),
    onCall('assetTradeRecords', () => envelope([])),
  );
});
afterEach(() => {
  manager.closeAll();
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setRuntimeConfig({});
});

async function openWithApis(apis = APIS) {
  server.use(onCall('apiList', () => envelope(apis)));
  renderPage(
    <>
      <ShellFeedStatus manager={manager} />
      <AssetsPage manager={manager} />
    </>,
    { path: '/assets' },
  );
  await screen.findByRole('menuitem', { name: '全部API' });
  act(() => socket().open());
}

describe('/assets', () => {
  it('a user without an API sees an empty state that links to /api, and no socket opens', async () => {
    server.use(onCall('apiList', () => envelope([])));
    renderPage(
      <>
        <ShellFeedStatus manager={manager} />
        <AssetsPage manager={manager} />
      </>,
      { path: '/assets' },
    );
    const link = await screen.findByRole('link', { name: '去添加API' });
    expect(link).toHaveAttribute('href', '/api');
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it("sums every API's message for 'all APIs'; choosing one API sends its id alone and shows its numbers", async () => {
    await openWithApis();
    expect(screen.getByRole('heading', { name: '权益' })).toBeInTheDocument();
    expect(sentIds()[0]).toEqual([1, 2]);
    await push(assetMessage(1, 1000), assetMessage(2, 500));
    expect(await screen.findByText('各币种自有价值合计 1500.0000 USDT')).toBeInTheDocument();
    expect(within(screen.getByTestId('summary-netAssets')).getByText('1500.0000')).toBeInTheDocument();
    expect(within(screen.getByTestId('summary-principal')).getByText(/750/)).toBeInTheDocument();
    // the feed's state and age are on the page
    expect(document.querySelector('[data-feed="asset"]')).toHaveAttribute('data-feed-state', 'live');
    expect(screen.queryByRole('tab', { name: '手动交易' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('menuitem', { name: 'beta' }));
    await waitFor(() => expect(sentIds().at(-1)).toEqual([2]));
    expect(within(screen.getByTestId('summary-netAssets')).getByText(/^500/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '手动交易' })).toBeInTheDocument();
  });

  it('shows the 20 columns of §2 in order with §9 decimals; a currency opens its chart', async () => {
    const chart = recordCall('currencyInformation', [{ dateTime: '2026-11-01 10:00', price: 50000 }]);
    server.use(chart.handler);
    await openWithApis([APIS[0]]);
    await push(
      assetMessage(1, 100, {
        list: [
          {
            currency: 'btc',
            spot: 1.23456789,
            futures: 2,
            P_CW: 1.23456789,
            F_CS: 0.5,
            wallet: 1,
            transfer: 0,
            self_worth: 100,
            price: 50123.456789,
            principal: 1,
            principal_usdt: 50,
          },
        ],
      }),
    );
    await screen.findByText('各币种自有价值合计 100.0000 USDT');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '币种',
      '现货',
      '期货',
      'P_CW',
      'P_NW',
      'P_CQ',
      'P_NQ',
      'P_CS',
      'F_CW',
      'F_NW',
      'F_CQ',
      'F_NQ',
      'F_CS',
      '钱包',
      '划转',
      '自有价值',
      '价格',
      '本金',
      '本金(USDT)',
      '占比%',
    ]);
    const cells = within(screen.getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 4)).toEqual(['1.2346', '2.0000', '1.234568']);
    expect(cells[16]).toBe('50123.4568');
    expect(cells[19]).toBe('100.00');

    await userEvent.click(screen.getByRole('button', { name: '查看 BTC 走势' }));
    expect(await screen.findByTestId('chart-line')).toHaveAttribute('data-points', '1');
    expect(chart.calls[0]).toMatchObject({ currency: 'btc', bourse: '1', types: '1' });
  });

  it("borrow tab: 'no borrow records yet' when empty, else numbered lines; transfer records list currency, amount, type, time", async () => {
    await openWithApis([APIS[0]]);
    await push(assetMessage(1, 100));
    await screen.findByText('各币种自有价值合计 100.0000 USDT');
    await userEvent.click(screen.getByRole('tab', { name: '借币记录' }));
    expect(await screen.findByText('暂无借币记录')).toBeInTheDocument();

    await push(
      assetMessage(1, 100, {
        borrow: [{ currency: 'usdt', amount: 10 }, 'btc 0.1'],
        ledger: [{ currency: 'btc', amount: 0.5, type: 'transfer in', time: '2026-11-01 08:30:00' }],
      }),
    );
    const lines = within(await screen.findByTestId('borrow-records')).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['currency: usdt, amount: 10', 'btc 0.1']);
    expect(screen.getByTestId('borrow-records').tagName).toBe('OL');

    await userEvent.click(screen.getByRole('tab', { name: '划转记录' }));
    const row = (await screen.findByText('transfer in')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['BTC', '0.5000', 'transfer in', '2026-11-01 08:30']);
  });

  it('records the socket has not delivered yet are fetched by their calls into the account; its message then replaces them', async () => {
    const ledger = recordCall('assetLedgerLog', [{ currency: 'eth', amount: 2, type: 'deposit', time: '2026-11-01 08:00:00' }]);
    const borrow = recordCall('assetBorrowRecords', [{ currency: 'usdt', type: 'borrow', amount: 5, balance: 5, time: '2026-11-01 09:00:00' }]);
    server.use(ledger.handler, borrow.handler);
    await openWithApis([APIS[0]]);
    await userEvent.click(screen.getByRole('tab', { name: '划转记录' }));
    const fetched = (await screen.findByText('入金')).closest('tr')!;
    expect(
      within(fetched)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ETH', '2.0000', '入金', '2026-11-01 08:00']);
    expect(ledger.calls).toEqual([expect.objectContaining({ apiId: '1' })]);
    await userEvent.click(screen.getByRole('tab', { name: '借币记录' }));
    expect(await screen.findByText('2026-11-01 09:00 借币 USDT 5.0000（未还 5.0000）')).toBeInTheDocument();

    // the socket's message is the newer word: its records replace the fetched ones, and nothing is fetched again
    await push(assetMessage(1, 100, { borrow: [], ledger: [{ currency: 'btc', amount: 0.5, type: 'withdraw', time: '2026-11-01 10:00:00' }] }));
    expect(await screen.findByText('暂无借币记录')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '划转记录' }));
    expect(await screen.findByText('出金')).toBeInTheDocument();
    expect(screen.queryByText('入金')).not.toBeInTheDocument();
    expect(ledger.calls).toHaveLength(1);
    expect(borrow.calls).toHaveLength(1);
  });

  it("a testnet account's figures are its exchange's: nothing before the first read, then when they were read; stale with the error, never zeros", async () => {
    await openWithApis([api(7, 'okx testnet')]);
    const reading = (exchange: Record<string, unknown>) => ({ readAt: null, stale: false, unavailable: [], error: null, ...exchange });
    const withReading = (message: string, exchange: Record<string, unknown>) => {
      const parsed = JSON.parse(message);
      parsed.data.exchange = reading(exchange);
      return JSON.stringify(parsed);
    };
    // not read yet: its empty figures are not summed as zeros
    await push(withReading(JSON.stringify({ code: 200, data: { apiId: 7, asset_info: { statistics: {}, list: [] }, ledger: [], borrow: [] } }), {}));
    expect(await screen.findByText('okx testnet：正在从交易所读取，尚无数据')).toBeInTheDocument();
    expect(screen.getByText(/每 60 秒从交易所读取一次；超过 120 秒/)).toBeInTheDocument();
    expect(screen.queryByTestId('summary-netAssets')).not.toBeInTheDocument();

    const readAt = new Date(2026, 10, 2, 9, 0, 5).getTime();
    await push(withReading(assetMessage(7, 1000), { readAt, unavailable: ['borrow', 'wallet'] }));
    const line = await screen.findByTestId('exchange-reading-7');
    expect(line).toHaveTextContent('okx testnet：2026-11-02 09:00:05 从交易所读取');
    expect(line).toHaveTextContent('交易所不提供：借币利息和资金账户');
    expect(within(line).queryByText('已过期')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('summary-netAssets')).getByText('1000.0000')).toBeInTheDocument();

    // the exchange stopped answering: the same figures, said stale, with why
    await push(withReading(assetMessage(7, 1000), { readAt, stale: true, error: 'okx GET 503 Service Unavailable' }));
    await waitFor(() => expect(within(line).getByText('已过期')).toBeInTheDocument());
    expect(line).toHaveTextContent('最近一次读取失败：okx GET 503 Service Unavailable');
    expect(within(screen.getByTestId('summary-netAssets')).getByText('1000.0000')).toBeInTheDocument();
  });

  it('the API statistics tab asks /asset/statistics for the ids shown with layout 3, before the feed has said anything; the range and unit change it', async () => {
    const statistics = recordCall('assetStatistics', [{ dateTime: '2026-11-01 10:00', equity_usdt: 10, rate_usdt: 0.1, equity: 1, equity_rate_usdt: 0.2 }]);
    server.use(statistics.handler);
    await openWithApis();
    // a read of its own: a feed that never answers does not hold it
    expect(await screen.findByTestId('chart-dual')).toHaveAttribute('data-fields', 'equity,ratio');
    expect(statistics.calls[0]).toMatchObject({ apiId: '1,2', layout: '3' });
    await userEvent.click(screen.getByText('1周'));
    await waitFor(() => expect(statistics.calls.at(-1)).toMatchObject({ layout: '4' }));
    await userEvent.click(screen.getByText('币'));
    expect(screen.getByTestId('ratio-panel')).toHaveAttribute('data-unit', 'coin');
  });

  it('the ratio curve dialog offers the five ranges and draws /asset/imaging/get of the API', async () => {
    const imaging = recordCall('assetImaging', [{ dateTime: '2026-11-01 10:00', equity_usdt: 10, rate_usdt: 0.1, equity: 1, equity_rate_usdt: 0.2 }]);
    server.use(imaging.handler);
    await openWithApis();
    await userEvent.click(screen.getByRole('button', { name: /比例曲线/ }));
    const dialog = await screen.findByRole('dialog');
    for (const range of ['10分钟', '1小时', '1天', '1周', '1个月']) expect(within(dialog).getByText(range)).toBeInTheDocument();
    await waitFor(() => expect(imaging.calls[0]).toMatchObject({ apiId: '1', layout: '3' }));
    await userEvent.click(within(dialog).getByText('10分钟'));
    await waitFor(() => expect(imaging.calls.at(-1)).toMatchObject({ apiId: '1', layout: '1' }));
  });

  it('resume following sends the one-sided and the hedging ids, each list joined as a string, and names what was resumed', async () => {
    const restore = recordCall('restoreTask', { apiId: '1,3', resumed: [{ id: 3, name: 'gamma' }] });
    const hedging = recordCall('hedgingRestoreTask', { apiId: '2', resumed: [] });
    server.use(hedging.handler, restore.handler); // '*/restore/task' would also match the hedging path
    await openWithApis([api(1, 'alpha'), api(3, 'gamma'), api(2, 'beta', 1)]);
    await userEvent.click(screen.getByRole('button', { name: /恢复跟随/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(restore.calls).toHaveLength(1));
    expect(restore.calls[0]).toMatchObject({ apiId: '1,3' });
    expect(hedging.calls[0]).toMatchObject({ apiId: '2' });
    expect(await screen.findByText('已恢复跟随：gamma')).toBeInTheDocument();
  });
});
