import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import UnilateralStatisticPage from '../../src/features/unilateral/statistic';
import MonitoringPage from '../../src/features/unilateral/monitoring';
import UnilateralApiDetailPage from '../../src/features/unilateral/api-detail';
import BadataPage from '../../src/features/tools/badata';
import { envelope, onCall, server } from './msw';
import { adminSession, renderPage } from './render';
import { FakeSocket } from '../unit/fake-socket';
import { setRuntimeConfig } from '../../src/api/config';
import { followTask, followerSession, unilateralHandlers, userEvent } from './unilateral-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const NOW = Date.UTC(2026, 10, 25, 0, 0, 0);
const mark = (createtime: string, type: number) => ({ createtime, price: 100, type, trade_num: 0.5 });

/** The markers drawn: each direction is one path with one triangle (subpath) per marker; [up, down]. */
function drawnMarkers(): [number, number] {
  const count = (direction: string) =>
    (screen.getByTestId('signal-markers').querySelector(`path[data-direction="${direction}"]`)?.getAttribute('d')?.match(/M/g) ?? []).length;
  return [count('up'), count('down')];
}

describe('strategy statistics page', () => {
  function statisticHandlers() {
    const chartCalls: Record<string, unknown>[] = [];
    server.use(
      onCall('unilateralTransactionIdentifier', ({ payload }) => {
        chartCalls.push(payload);
        // as many markers as the cycle's position in the list, plus one: each cycle draws its own
        const count = ['1T', '10T', '1H', '1D'].indexOf(String(payload.cycle)) + 1;
        return envelope({
          cycle: payload.cycle,
          market: Array.from({ length: 50 }, (_, i) => ({
            createtime: `2026-11-24 ${String(8 + Math.floor(i / 10)).padStart(2, '0')}:${String((i % 10) * 5).padStart(2, '0')}:00`,
            price: 100 + i,
          })),
          up_direction: Array.from({ length: count }, () => mark('2026-11-24 09:00:00', 1)),
          down_direction: [mark('2026-11-24 10:00:00', -2)],
          curve: [],
        });
      }),
      onCall('unilateralRetreatIndicators', () =>
        envelope({
          capital: 1000,
          cash: 500,
          equity: 1200.456,
          initial_money: 1000,
          win_rate: 55.556,
          win_lose_rate: 1.5,
          accumulated_earnings: 200.456,
          len_days: 12,
          max_drawdown: 7.5,
          return_volatility: 3.2,
          last_trading_time: '2026-11-24 10:00:00',
        }),
      ),
      onCall('strategyData', () =>
        envelope({
          assets: [],
          position: [{ coin_names: 'BTC', position: 1.23456789, cost: 42000.456, ratio: 12.3456, type: 1 }],
          trade: Array.from({ length: 20 }, (_, i) => ({
            id: i + 1,
            create_time: `2026-11-24 10:${String(i).padStart(2, '0')}:00`,
            price: 100,
            trade_num: 0.1234567,
            type: 1,
            win_lost: 1.005,
          })),
          position_len: 1,
          trade_len: 25,
        }),
      ),
      onCall('pagesData', ({ payload }) =>
        envelope({ list: [{ id: 21, create_time: 'page-2-row', price: 1, trade_num: 1, type: -2, win_lost: -3.456 }], total: 25, page: payload.page }),
      ),
    );
    return { chartCalls };
  }

  it('asks each cycle with its default window and draws every marker, with indicators and paged tables', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { chartCalls } = statisticHandlers();
    renderPage(<UnilateralStatisticPage />, { path: '/unilateral/statistic?key=3', session: adminSession });
    await waitFor(() => expect(drawnMarkers()).toEqual([1, 1]));
    expect(chartCalls[0]).toMatchObject({ strategyId: '3', cycle: '1T', startTime: '2026-11-24 08:00:00', endTime: '2026-11-25 08:00:00' });
    expect(screen.getByText('2 个交易信号')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '价格走势与交易信号' })).toHaveAccessibleDescription(
      '共 50 个点，从 2026-11-24 08:00 到 2026-11-24 12:45。 价格：从 100.0000 到 149.0000，最低 100.0000，最高 149.0000。 向上标记（买入）1 个，向下标记（卖出）1 个。',
    );

    expect(await screen.findByText('55.56%')).toBeInTheDocument(); // win rate
    expect(screen.getByText('200.46')).toBeInTheDocument(); // accumulated earnings, 2 decimals
    expect(screen.getByText('1.234568')).toBeInTheDocument(); // position, 6 decimals
    expect(screen.getByText('42000.46')).toBeInTheDocument(); // cost, 2 decimals

    for (const [cycle, days, markers] of [
      ['1D', 30, 5],
      ['10T', 3, 3],
      ['1H', 10, 4],
    ] as const) {
      fireEvent.click(screen.getByText(cycle));
      await waitFor(() => expect(drawnMarkers()).toEqual([markers - 1, 1]));
      const call = chartCalls.at(-1)!;
      expect(call.cycle).toBe(cycle);
      expect(call.startTime).toBe(new Date(NOW - days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
    }

    // the trade table's second page comes from /get/pages/data
    const trades = screen.getByText('交易记录').closest('.ant-card') as HTMLElement;
    await userEvent.click(within(trades).getByTitle('2'));
    expect(await within(trades).findByText('page-2-row')).toBeInTheDocument();
    expect(within(trades).getByText('-3.46')).toBeInTheDocument();
  });

  it("shows the nearest marker's signal, time and price where the pointer hovers", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    statisticHandlers();
    renderPage(<UnilateralStatisticPage />, { path: '/unilateral/statistic?key=3', session: adminSession });
    await waitFor(() => expect(drawnMarkers()).toEqual([1, 1]));
    // happy-dom lays nothing out: the chart is 800 px wide from x 0; the plot spans 08:00–12:45 from x 64 to 788
    const chart = screen.getByRole('img', { name: '价格走势与交易信号' });
    const xAt = (minutesAfter8: number) => 64 + (minutesAfter8 / 285) * 724;
    // the read-out is drawn at the next animation frame after a move
    const hoverAt = async (clientX: number) => {
      fireEvent.mouseMove(chart, { clientX });
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      return [screen.getByTestId('marker-readout').textContent, screen.getByTestId('price-readout').textContent];
    };
    // the markers: 多开 at 09:00 (60 minutes after 08:00), 多平 at 10:00 (120); the prices: 100 + i at 08:00, 08:05 … 08:45, 09:00 …
    expect(await hoverAt(0)).toEqual(['多开 2026-11-24 09:00:00 100.0000', '2026-11-24 08:00  100.0000']); // the left edge
    expect(await hoverAt(xAt(60))).toEqual(['多开 2026-11-24 09:00:00 100.0000', '2026-11-24 09:00  110.0000']); // on a marker
    expect(await hoverAt(xAt(89))).toEqual(['多开 2026-11-24 09:00:00 100.0000', '2026-11-24 09:30  116.0000']); // between, nearer the first
    expect(await hoverAt(xAt(91))).toEqual(['多平 2026-11-24 10:00:00 100.0000', '2026-11-24 09:30  116.0000']); // between, nearer the second
    expect(await hoverAt(xAt(120))).toEqual(['多平 2026-11-24 10:00:00 100.0000', '2026-11-24 10:00  120.0000']); // on a marker
    expect(await hoverAt(799)).toEqual(['多平 2026-11-24 10:00:00 100.0000', '2026-11-24 12:45  149.0000']); // the right edge
    fireEvent.mouseLeave(chart);
    expect(screen.queryByTestId('chart-hover')).toBeNull();
  });

  it('says so when the key is missing', async () => {
    renderPage(<UnilateralStatisticPage />, { path: '/unilateral/statistic', session: adminSession });
    expect(await screen.findByText('缺少策略 ID')).toBeInTheDocument();
  });
});

describe('monitoring page', () => {
  // the page follows the unilateral feed: a fake socket
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setRuntimeConfig({ websocket: 'ws://feeds.test' });
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setRuntimeConfig({});
  });

  it('shows the three views with a dot and a text label per status', async () => {
    const targets: unknown[] = [];
    server.use(
      onCall('unilateralMonitoringDetail', ({ payload }) => {
        targets.push(payload.target);
        const view = Number(payload.target);
        return envelope([
          { id: 1, name: `view${view}-ok`, status: 1, info: '', update_time: '' },
          { id: 2, name: `view${view}-alarm`, status: 2, info: '', update_time: '' },
          { id: 3, name: `view${view}-idle`, status: 0, info: '', update_time: '' },
        ]);
      }),
    );
    renderPage(<MonitoringPage />, { path: '/unilateral/contral?id=2', session: adminSession });
    const ok = (await screen.findByText('view2-ok')).closest('tr') as HTMLElement;
    expect(within(ok).getByText('正常')).toBeInTheDocument();
    expect(within(screen.getByText('view2-alarm').closest('tr') as HTMLElement).getByText('异常')).toBeInTheDocument();
    expect(within(screen.getByText('view2-idle').closest('tr') as HTMLElement).getByText('未运行')).toBeInTheDocument();
    fireEvent.click(screen.getByText('K线'));
    expect(await screen.findByText('view3-ok')).toBeInTheDocument();
    fireEvent.click(screen.getByText('策略'));
    expect(await screen.findByText('view1-ok')).toBeInTheDocument();
    expect(targets).toEqual(['2', '3', '1']);
  });

  it('follows the unilateral feed: a whole push of its monitoring part replaces the dots the page read, a partial one updates them', async () => {
    const entry = (name: string, status: number) => ({ id: 1, name, status, info: '', update_time: '' });
    server.use(onCall('unilateralMonitoringDetail', () => envelope([entry('okex-main', 1)])));
    renderPage(<MonitoringPage />, { path: '/unilateral/contral?id=2', session: adminSession });
    const dotOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    expect(within((await screen.findByText('okex-main')).closest('tr') as HTMLElement).getByText('正常')).toBeInTheDocument();
    const socket = await waitFor(() => {
      const opened = FakeSocket.instances.find((s) => s.url.includes('/web/all/data'));
      expect(opened).toBeDefined();
      return opened!;
    });
    act(() => socket.open());
    const monitoring = { strategy: [entry('trend-btc', 1)], api: [entry('okex-main', 2)], kline: [entry('1:BTC-USDT', 0)] };
    act(() => socket.receive(JSON.stringify({ strategy: { strategy: [], monitoring }, api: [] })));
    expect(await within(dotOf('okex-main')).findByText('异常')).toBeInTheDocument();
    act(() => socket.receive(JSON.stringify({ strategy: { strategy: [], monitoring: { ...monitoring, api: [entry('okex-main', 0)] } }, api: [] })));
    expect(await within(dotOf('okex-main')).findByText('未运行')).toBeInTheDocument();
    // a partial push carries the entries that changed: merged by id, the others kept
    const partial = { strategy: [], api: [{ ...entry('binance-2', 1), id: 2 }], kline: [] };
    act(() => socket.receive(JSON.stringify({ partial: true, strategy: { strategy: [], monitoring: partial }, api: [] })));
    expect(await within(await waitFor(() => dotOf('binance-2'))).findByText('正常')).toBeInTheDocument();
    expect(within(dotOf('okex-main')).getByText('未运行')).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    renderPage(<MonitoringPage />, { path: '/unilateral/contral?id=1', session: followerSession });
    expect(await screen.findByText('仅管理员可见')).toBeInTheDocument();
  });
});

describe('API detail page', () => {
  it("pages the chosen API's orders by ±20 from the edge row", async () => {
    unilateralHandlers();
    const orderCalls: Record<string, unknown>[] = [];
    const order = (id: number) => ({
      id,
      createtime: `t${id}`,
      strategy_name: 's',
      instrument_id: 'BTC-USDT',
      order_id: `o${id}`,
      bourse: 'Binance',
      size: 1,
      filled_qty: 1,
      price: 1,
      price_avg: 1,
      type: 1,
      state: 2,
    });
    server.use(
      onCall('accountPage', () => envelope([followTask(7, 1), followTask(8, 0)])),
      onCall('followTaskDetail', () =>
        envelope({
          apiId: 7,
          strategyId: 1,
          priority: 0,
          stopLoss: 20,
          archiveCurrency: '',
          positiveLeverage: 2,
          negativeLeverage: 1,
          isBuy: 1,
          isSell: 1,
          calculateCost: 0,
          initialCost: 0,
        }),
      ),
      onCall('apiData', () => envelope({ apiId: 7, strategy_id: 1, status: 1, equity: 1100, initial_cost: 1000, earnings: 100, position: [] })),
      onCall('followAssetRateChart', () => envelope([])),
      onCall('followOrderDetail', ({ payload }) => {
        orderCalls.push(payload);
        const recordId = Number(payload.recordId);
        const start = recordId === 0 ? 100 : Number(payload.number) > 0 ? recordId - 1 : recordId + 20;
        return envelope(Array.from({ length: 20 }, (_, i) => order(start - i)));
      }),
    );
    renderPage(<UnilateralApiDetailPage />, { path: '/main/index/api/detail?key=1', session: adminSession });
    expect(await screen.findByText('o100')).toBeInTheDocument();
    // the order's state is a word: state 2 is a filled order
    const row = screen.getByText('o100').closest('tr')!;
    expect(within(row).getByText('完全成交')).toBeInTheDocument();
    expect(orderCalls[0]).toMatchObject({ recordId: '0', number: '20' });
    await userEvent.click(screen.getByText('下一页'));
    expect(await screen.findByText('o80')).toBeInTheDocument();
    expect(orderCalls.at(-1)).toMatchObject({ recordId: '81', number: '20' });
    await userEvent.click(screen.getByText('上一页'));
    expect(await screen.findByText('o100')).toBeInTheDocument();
    expect(orderCalls.at(-1)).toMatchObject({ recordId: '80', number: '-20' });
    expect(orderCalls.every((c) => String(c.api_ids).includes('7'))).toBe(true);
  });
});

describe('/badata API data', () => {
  it("says the API's follow state in words", async () => {
    unilateralHandlers();
    server.use(
      onCall('unilateralStrategyList', () => envelope([])),
      onCall('internalKline', () => envelope([])),
      onCall('unilateralApiList', () => envelope([followTask(7, 1)])),
      onCall('apiData', () => envelope({ apiId: 7, strategy_id: 1, status: 4, equity: 1100, initial_cost: 1000, earnings: 100, position: [] })),
    );
    renderPage(<BadataPage />, { path: '/badata', session: adminSession });
    await userEvent.click(await screen.findByRole('tab', { name: 'API 数据' }));
    const status = (await screen.findByText('止损')).closest('td')!;
    expect(status.textContent).toBe('止损');
  });
});
