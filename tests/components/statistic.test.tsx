import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setRuntimeConfig } from '../../src/api/config';
import { ShellFeedStatus } from '../../src/components/feed-status';
import { FeedManager } from '../../src/live/manager';
import StatisticPage from '../../src/features/statistic/list';
import { FakeSocket } from '../unit/fake-socket';
import { ManualFrames } from '../unit/live-harness';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

const group = (currency: string, minutes: number, n: number) => ({
  currency,
  minutes,
  pool: n,
  pool_accounted: n,
  more: n,
  empty: n,
  fu_more: n,
  fu_empty: n,
  ss_buy: n,
  ss_sell: n,
});
const order = (id: number, extra: Record<string, unknown> = {}) => ({
  client_id: `c${id}`,
  api_name: 'alpha',
  bourse: 'okex',
  task_id: 7,
  instrument_id: 'BTC-USDT',
  price: 50000.123456,
  amount: 0.1234567,
  type: 'buy',
  filled_amount: 0.1,
  filled_price: 50000,
  filled_notional: 5000,
  types: 'auto',
  fee: 0.5,
  timestamp: '2026-11-01 10:00:00',
  trading_time: '2026-11-01 10:00:01',
  state: 'filled',
  order_id: `o${id}`,
  ...extra,
});

let frames: ManualFrames;
let manager: FeedManager;
const socket = () => FakeSocket.instances[FakeSocket.instances.length - 1];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setRuntimeConfig({ websocket: 'ws://feeds.test' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  frames = new ManualFrames();
  manager = new FeedManager({ random: () => 0.5, requestFrame: frames.request, getToken: () => 'admin-token' });
});
afterEach(() => {
  manager.closeAll();
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setRuntimeConfig({});
});

const open = () =>
  renderPage(
    <>
      <ShellFeedStatus manager={manager} />
      <StatisticPage manager={manager} />
    </>,
    { path: '/statistic' },
  );

describe('/statistic live', () => {
  it('subscribes with the nine default currencies for 48 h and 18 orders; cards and the overall summary update live', async () => {
    open();
    expect(await screen.findByRole('heading', { name: '订单统计' })).toBeInTheDocument();
    act(() => socket().open());
    expect(JSON.parse(socket().sent[0])).toEqual({
      currencys: ['eos', 'btc', 'etc', 'bch', 'eth', 'ltc', 'xrp', 'bsv', 'trx'].map((c) => [c, 2880]),
      number: 18,
    });
    act(() => {
      socket().receive(
        JSON.stringify({
          code: 200,
          data: { automatic: [group('btc', 2880, 1.234), group('eth', 2880, 2)], manual: [group('btc', 2880, 5)], order: [order(1)] },
        }),
      );
      frames.run();
    });
    const btc = screen.getByTestId('card-btc');
    expect(within(btc).getAllByText('1.23')).toHaveLength(8);
    expect(within(btc).getAllByText('5.00')).toHaveLength(8);
    // overall: automatic 1.234 + 2, manual 5
    const overall = screen.getByText('总体统计').closest('.ant-table-wrapper')!;
    const [automatic, manual] = within(overall as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(
      within(automatic)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['自动', ...Array(8).fill('3.23')]);
    expect(within(manual).getAllByRole('cell')[1]).toHaveTextContent('5.00');
    // the newest orders, with the §9 decimals
    expect(screen.getByText('o1')).toBeInTheDocument();
    expect(screen.getByText('50000.1235')).toBeInTheDocument();
    expect(screen.getByText('0.123457')).toBeInTheDocument();
    expect(document.querySelector('[data-feed="statistics"]')).toHaveAttribute('data-feed-state', 'live');

    await userEvent.click(screen.getByText('1小时'));
    await waitFor(() => expect(JSON.parse(socket().sent.at(-1)!).currencys[0]).toEqual(['eos', 60]));
  });
});

describe('/statistic query panel', () => {
  it('offers the API names with their order counts, sends the SDC arrays, shows the result and exports the orders shown as CSV', async () => {
    const sdc = recordCall('orderQuerySDC', { automatic: [group('btc', 0, 1)], manual: [], order: [order(1, { instrument_id: 'BTC,USDT' }), order(2)] });
    const names = recordCall('apiNames', [
      { id: 3, name: 'alpha' },
      { id: 4, name: 'beta' },
    ]);
    server.use(
      sdc.handler,
      names.handler,
      onCall('orderApiNumber', () => envelope({ '3': 5, '4': 0 })),
    );
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '订单查询' }));
    expect(screen.getByRole('button', { name: /导出CSV/ })).toBeDisabled();
    const tasks = screen.getByLabelText('任务ID');
    await userEvent.type(tasks, '7,');
    await userEvent.click(screen.getByText('分别统计'));
    // the API choice: every account's name (/api/name, all) with its order count (/web/get/order/apiNumber)
    await userEvent.click(screen.getByLabelText('API'));
    await userEvent.click(await screen.findByText('alpha（5 笔订单）'));
    expect(screen.getByText('beta（0 笔订单）')).toBeInTheDocument();
    expect(names.calls[0]).toMatchObject({ all: '1' });
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(sdc.calls).toHaveLength(1));
    expect(JSON.parse(String(sdc.calls[0].tasks))).toEqual([1, 7]);
    expect(JSON.parse(String(sdc.calls[0].apis))).toEqual([1, 3]);
    const days = JSON.parse(String(sdc.calls[0].days));
    expect(days[0]).toBe(0);
    expect(days[1]).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(await screen.findByText('o2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /导出CSV/ }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',')).toHaveLength(17);
    expect(lines[0].startsWith('客户端ID,API名称')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"BTC,USDT"');
    expect(lines[1]).toContain('50000.1235');
  });
});

describe('/statistic totals', () => {
  it('asks /web/get/order/totalData with the period chosen (default 48 h)', async () => {
    const totals = recordCall('orderTotalData', { automatic: [group('btc', 1440, 2)], manual: [group('btc', 1440, 1)] });
    server.use(totals.handler);
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '汇总' }));
    await waitFor(() => expect(totals.calls[0]).toMatchObject({ number: '2880' }));
    await userEvent.click(screen.getByText('24小时'));
    await waitFor(() => expect(totals.calls.at(-1)).toMatchObject({ number: '1440' }));
    expect(await screen.findAllByText('2.00')).toHaveLength(8);
  });
});

describe('/statistic paged list', () => {
  it('pages 18 at a time; first/last page, digits-only jump and an empty page each say so', async () => {
    const pages = recordCall('orderPaging');
    server.use(
      onCall('orderPaging', ({ payload }) => {
        pages.calls.push(payload);
        const n = Number(payload.pagingNumber);
        return envelope({ total_paging: 2, data: n <= 2 ? [order(n * 100)] : [] });
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '订单列表' }));
    expect(await screen.findByText('o100')).toBeInTheDocument();
    expect(pages.calls[0]).toMatchObject({ eachPageNumber: '18', pagingNumber: '1' });

    await userEvent.click(screen.getByRole('button', { name: /上一页/ }));
    expect(await screen.findByText('已经是第一页了!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /下一页/ }));
    expect(await screen.findByText('o200')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /下一页/ }));
    expect(await screen.findByText('已经是最后一页了!')).toBeInTheDocument();

    const jump = screen.getByLabelText('页码');
    fireEvent.change(jump, { target: { value: '2a' } });
    await userEvent.click(screen.getByRole('button', { name: /跳\s*转/ }));
    expect(await screen.findByText('请输入数字')).toBeInTheDocument();

    fireEvent.change(jump, { target: { value: '9' } });
    await userEvent.click(screen.getByRole('button', { name: /跳\s*转/ }));
    expect(await screen.findByText('没有更多数据了!')).toBeInTheDocument();
    // the list stays on the page it was
    expect(screen.getByText('o200')).toBeInTheDocument();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('第 2 / 2 页');
  });
});
