import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { theme } from 'antd';
import MarketPage from '../../src/features/market';
import { UP_DOWN_STORAGE_KEY, UpDownColorSetting } from '../../src/components/up-down-colors';
import type { MarketTable } from '#contract/types/market';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';
import { marketRow, push, socketOf, useFakeSockets } from './market-feed';

const { colorErrorText: RED, colorSuccessText: GREEN } = theme.getDesignToken();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
useFakeSockets();
beforeEach(() => {
  localStorage.clear();
  window.innerWidth = 1920;
});

const bourses = [
  { id: 1, name: 'OKEx' },
  { id: 2, name: 'Huobi' },
  { id: 3, name: 'Binance' },
];
// stored out of spread order: the board shows CQ/SS (4→1) before CS/SS (5→1)
const STORED: MarketTable[] = [
  [1, 3, 5, 1],
  [1, 2, 4, 1],
];

const row = marketRow;

const DELIVERY_CODES = { CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' };

/** The user's API accounts (apiList) and each one's fee config (apiChargesGet, by apiId): none by default. */
interface Account {
  id: number;
  bourse_id: number;
  fees: Record<string, number>;
}

function baseHandlers(stored: unknown = STORED, params: unknown = {}, accounts: readonly Account[] = []) {
  const put2 = recordCall('marketPut2');
  const put = recordCall('marketPut');
  server.use(
    onCall('apiList', () =>
      envelope(
        accounts.map(({ id, bourse_id }) => ({ id, name: `api ${id}`, bourse_id, bourse_name: '', status_info: '', apiKey: 'k', apiSecret: '', status: 1 })),
      ),
    ),
    onCall('apiChargesGet', ({ payload }) => envelope(accounts.find((a) => a.id === Number(payload.apiId))?.fees ?? null)),
    onCall('bourseGet', () => envelope(bourses)),
    onCall('marketParamGet2', () => envelope(stored)),
    onCall('marketParamGet', () => envelope(params)),
    onCall('deliveryCode', () => envelope(DELIVERY_CODES)),
    onCall('currencyTypeGet', () => envelope(['eth', 'btc'])),
    // each row's alert button reads the user's rules
    onCall('alertRuleList', () => envelope([])),
    put2.handler,
    put.handler,
  );
  return { put2, put };
}

async function renderMarket(options: { language?: 'zh-CN' | 'en'; stored?: unknown; params?: unknown; accounts?: readonly Account[] } = {}) {
  const { put2, put } = baseHandlers(options.stored, options.params, options.accounts);
  const view = renderPage(
    <>
      <UpDownColorSetting />
      <MarketPage />
    </>,
    { path: '/market', language: options.language },
  );
  await waitFor(() => expect(screen.getAllByTestId('market-table')).toHaveLength(Array.isArray(options.stored) ? options.stored.length : 2));
  return { put2, put, view };
}

const tables = () => screen.getAllByTestId('market-table');
/** The columns of a board table (each td's data-column); prices and validities hold A's line over B's. */
type Column = 'currency' | 'positive' | 'negative' | 'prices' | 'validity';
const rowOf = (table: HTMLElement, currency: string) => within(table).getByText(currency.toUpperCase()).closest('tr')!;
const columnOf = (table: HTMLElement, currency: string, column: Column) => rowOf(table, currency).querySelector(`td[data-column="${column}"]`) as HTMLElement;
/** A figure of a row: a spread's cell, or one leg's line of the prices or validities. */
const cellOf = (table: HTMLElement, currency: string, column: 'aBuy' | 'bSell' | 'aValidity' | 'bValidity' | 'positive' | 'negative') => {
  if (column === 'positive' || column === 'negative') return columnOf(table, currency, column);
  const pair = columnOf(table, currency, column.endsWith('Validity') ? 'validity' : 'prices');
  return pair.querySelectorAll('.market-line')[column.startsWith('a') ? 0 : 1] as HTMLElement;
};

/** Picks an option of a labelled select in the dialog; returns every option the select offered. */
async function chooseIn(modal: HTMLElement, label: string, option: string) {
  const select = within(modal).getByLabelText(label).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].pop();
    expect(open).toBeTruthy();
    return open as HTMLElement;
  });
  const options = [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  await userEvent.click(within(dropdown).getByText(option, { selector: '.ant-select-item-option-content' }));
  return options;
}
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
const ok = (scope: HTMLElement) => within(scope).getByText(/确\s*定|OK/, { selector: 'button span' });

describe('market page', () => {
  it('restores the stored tables in spread order and subscribes the feed with them', async () => {
    await renderMarket();
    expect(tables().map((t) => t.dataset.table)).toEqual(['1-2-4-1', '1-3-5-1']);
    // a delivery leg shows its contract's code (get_delivery_code), spot and perpetual none
    expect(await within(tables()[0]).findByText('OKEx 季度（250328） / Huobi 现货')).toBeInTheDocument();
    expect(within(tables()[1]).getByText('OKEx 永续 / Binance 现货')).toBeInTheDocument();
    const socket = socketOf('/get2')!;
    expect(socket.protocols).toEqual(['bearer', 'admin-token']);
    // the token is in the handshake, not the URL, which names only the console's language
    expect(new URL(socket.url).search).toBe('?lang=zh-CN');
    act(() => socket.open());
    expect(JSON.parse(socket.sent[0])).toEqual({
      token: 'admin-token',
      data: [
        [1, 2, 4, 1],
        [1, 3, 5, 1],
      ],
    });
  });

  it('shows prices with 4 decimals, validity of 1 or more in red, and the feed state per table', async () => {
    await renderMarket();
    const socket = socketOf('/get2')!;
    await push(socket, {
      data: [
        { table: [1, 2, 4, 1], rows: [row('eth', 3000.5, { a_validity: 2 }), row('btc', 60000.1), row('trx', 0.12345, { b_validity: 1 })] },
        { table: [1, 3, 5, 1], rows: [row('btc', 60001)] },
      ],
    });
    const [first] = tables();
    // §9 order of currencies, whatever order the feed sent
    expect(
      within(first)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')!.textContent),
    ).toEqual(['BTC', 'ETH', 'TRX']);
    expect(cellOf(first, 'btc', 'aBuy')).toHaveTextContent('60000.1000/1.5000');
    expect(cellOf(first, 'btc', 'bSell')).toHaveTextContent('59990.1000/2.0000');
    expect(cellOf(first, 'btc', 'positive')).toHaveTextContent('10.1200/0.0169%');
    // a finer tick (TRX) is kept, not rounded to 4
    expect(cellOf(first, 'trx', 'aBuy')).toHaveTextContent('0.12345/1.5000');
    expect(cellOf(first, 'eth', 'aValidity').querySelector('[data-stale]')).toHaveClass('ant-typography-danger');
    // not the colour alone: a stale quote carries an icon that says so
    expect(within(cellOf(first, 'eth', 'aValidity')).getByRole('img', { name: '报价已过时' })).toBeInTheDocument();
    expect(cellOf(first, 'btc', 'aValidity').querySelector('[data-stale]')).not.toHaveClass('ant-typography-danger');
    expect(within(cellOf(first, 'btc', 'aValidity')).queryByRole('img', { name: '报价已过时' })).toBeNull();
    expect(cellOf(first, 'trx', 'bValidity').querySelector('[data-stale]')).toHaveClass('ant-typography-danger');
    for (const table of tables()) {
      expect(table.querySelector('[data-feed="market"]')).toHaveAttribute('data-feed-state', 'live');
      expect(within(table).getByText(/实时/)).toBeInTheDocument();
    }
  });

  it("puts each row's spreads, gross and net, right after its currency and its chart and alert buttons; the prices and validities after them, A over B", async () => {
    await renderMarket();
    await push(socketOf('/get2')!, {
      data: [
        { table: [1, 2, 4, 1], rows: [row('btc', 60000.1)] },
        { table: [1, 3, 5, 1], rows: [] },
      ],
    });
    const [first] = tables();
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['币种', '正向净', '反向净', 'A买一B卖一', 'A有效性B有效性']);
    expect([...rowOf(first, 'btc').querySelectorAll('td')].map((td) => td.dataset.column)).toEqual(['currency', 'positive', 'negative', 'prices', 'validity']);
    const currency = columnOf(first, 'btc', 'currency');
    expect(within(currency).getByRole('button', { name: '查看K线' })).toBeInTheDocument();
    expect(within(currency).getByRole('button', { name: '设置 BTC 价差提醒' })).toBeInTheDocument();
    // a narrow card (a phone) puts a spread's percentage on a line of its own (CSS container query on its span)
    expect(columnOf(first, 'btc', 'positive').querySelector('.market-tail')).toHaveTextContent(/^0\.0169%$/);
  });

  it('flashes a changed cell in the up or down colour, and the setting flips the colours', async () => {
    await renderMarket();
    const socket = socketOf('/get2')!;
    const send = (aBid: number, positive: string) =>
      push(socket, {
        data: [
          { table: [1, 2, 4, 1], rows: [row('btc', aBid, { positive })] },
          { table: [1, 3, 5, 1], rows: [] },
        ],
      });
    await send(60000, '10/0.01%');
    const cell = (column: 'aBuy' | 'positive') => cellOf(tables()[0], 'btc', column).querySelector('.market-cell') as HTMLElement;
    expect(cell('aBuy')).not.toHaveAttribute('data-flash');

    await send(60010, '5/0.005%');
    expect(cell('aBuy')).toHaveAttribute('data-flash', 'up');
    expect(cell('positive')).toHaveAttribute('data-flash', 'down');
    // zh-CN default: red up, green down
    expect(cell('aBuy').style.getPropertyValue('--market-flash')).toBe(RED);
    expect(cell('positive').style.getPropertyValue('--market-flash')).toBe(GREEN);

    await userEvent.click(screen.getByText('绿涨红跌'));
    expect(cell('aBuy').style.getPropertyValue('--market-flash')).toBe(GREEN);
    expect(cell('positive').style.getPropertyValue('--market-flash')).toBe(RED);
    expect(localStorage.getItem(UP_DOWN_STORAGE_KEY)).toBe('greenUp');
  });

  it('defaults to green up in English', async () => {
    await renderMarket({ language: 'en' });
    const socket = socketOf('/get2')!;
    await push(socket, { data: [{ table: [1, 2, 4, 1], rows: [row('btc', 60000)] }] });
    await push(socket, { data: [{ table: [1, 2, 4, 1], rows: [row('btc', 59000)] }] });
    const cell = cellOf(tables()[0], 'btc', 'aBuy').querySelector('.market-cell') as HTMLElement;
    expect(cell).toHaveAttribute('data-flash', 'down');
    expect(cell.style.getPropertyValue('--market-flash')).toBe(RED);
  });

  it.each([
    [375, 'auto', 24],
    [899, 'auto', 24],
    [900, 'auto', 12],
    [1499, 'auto', 12],
    [1700, 'auto', 12],
    [1900, 'auto', 8],
    [2400, 'auto', 8],
    [1900, '24/24', 24],
    [1200, '8/24', 8],
    [600, '8/24', 24],
  ])('lays tables out on a grid: %i px, width %s → span %i', async (width, choice, span) => {
    window.innerWidth = width;
    const { put } = await renderMarket({ params: { other: 'kept' } });
    if (choice !== 'auto') {
      await userEvent.click(within(screen.getByTestId('table-width')).getByText(choice));
      // §2: the market parameters are pushed when they change (PUT /market/put), the stored ones kept
      await waitFor(() => expect(put.calls).toEqual([{ token: 'admin-token', params: { other: 'kept', span: Number(choice.split('/')[0]) } }]));
    }
    for (const col of screen.getAllByTestId('market-col')) expect(col).toHaveClass(`ant-col-${span}`);
  });

  it('takes the width choice from the stored market params (GET /market/param/get)', async () => {
    await renderMarket({ params: { span: 12 } });
    await waitFor(() => expect(screen.getAllByTestId('market-col')[0]).toHaveClass('ant-col-12'));
    expect(within(screen.getByTestId('table-width')).getByText('12/24').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');
  });

  it('follows a resize of the window', async () => {
    await renderMarket();
    expect(screen.getAllByTestId('market-col')[0]).toHaveClass('ant-col-8');
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getAllByTestId('market-col')[0]).toHaveClass('ant-col-24');
  });

  it('adds a table with only the combinations the exchanges offer, shows the currencies it will list, and pushes it with put2', async () => {
    const { put2 } = await renderMarket();
    await userEvent.click(screen.getByText('添加行情表'));
    const modal = await dialog('添加行情表');
    const choose = (label: string, option: string) => chooseIn(modal, label, option);
    await choose('A交易所', 'Huobi');
    await choose('B交易所', 'Huobi');
    const aTypes = await choose('A类型', '季度');
    // exchange 2 offers 1–4 only
    expect(aTypes).toEqual(['现货', '当周', '次周', '季度']);
    const currencyQueries = recordCall('currencyTypeGet', ['eth', 'btc', 'trx']);
    server.use(currencyQueries.handler);
    const bTypes = await choose('B类型', '当周');
    // every offered leg but the one leg A already is
    expect(bTypes).toEqual(['现货', '当周', '次周']);
    // the currencies the table will list (GET /currencyType/get of the two types), in §9 order
    expect(await within(modal).findByTestId('table-currencies')).toHaveTextContent('BTC, ETH, TRX');
    expect(currencyQueries.calls).toEqual([{ token: 'admin-token', aTransactionType: '4', bTransactionType: '2' }]);
    await userEvent.click(ok(modal));

    await waitFor(() => expect(put2.calls).toHaveLength(1));
    expect(put2.calls[0]).toEqual({
      token: 'admin-token',
      params: [
        [2, 2, 4, 2],
        [1, 2, 4, 1],
        [1, 3, 5, 1],
      ],
    });
    expect(tables().map((t) => t.dataset.table)).toEqual(['2-2-4-2', '1-2-4-1', '1-3-5-1']);
  });

  it('edits a table and pushes the change with put2', async () => {
    const { put2 } = await renderMarket();
    await userEvent.click(within(tables()[0]).getByLabelText('编辑行情表'));
    const modal = await dialog('编辑行情表');
    await chooseIn(modal, 'B类型', '当周');
    await userEvent.click(ok(modal));
    await waitFor(() => expect(put2.calls).toHaveLength(1));
    expect(put2.calls[0].params).toEqual([
      [1, 2, 4, 2],
      [1, 3, 5, 1],
    ]);
    expect(tables().map((t) => t.dataset.table)).toEqual(['1-2-4-2', '1-3-5-1']);
  });

  it('removes a table after confirmation and pushes the rest with put2', async () => {
    const { put2 } = await renderMarket();
    await userEvent.click(within(tables()[0]).getByLabelText('删除行情表'));
    const confirm = await screen.findByText('确定删除这个行情表？');
    await userEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByText(/确\s*定|OK/, { selector: 'button span' }));
    await waitFor(() => expect(put2.calls).toHaveLength(1));
    expect(put2.calls[0].params).toEqual([[1, 3, 5, 1]]);
    expect(tables().map((t) => t.dataset.table)).toEqual(['1-3-5-1']);
  });

  it('drops stored tables the exchanges do not offer and shows an empty board with none', async () => {
    baseHandlers([[2, 2, 5, 1]]);
    renderPage(<MarketPage />, { path: '/market' });
    expect(await screen.findByText(/还没有行情表/)).toBeInTheDocument();
    expect(socketOf('/get2')).toBeUndefined();
  });

  it('shows every table reconnecting after a drop, then resubscribes the same tables by itself', async () => {
    await renderMarket();
    const first = socketOf('/get2')!;
    await push(first, {
      data: [
        { table: [1, 2, 4, 1], rows: [row('btc', 60000)] },
        { table: [1, 3, 5, 1], rows: [row('btc', 60001)] },
      ],
    });
    for (const table of tables()) expect(within(table).getByText(/实时 · 刚刚/)).toBeInTheDocument();

    act(() => first.drop());
    for (const table of tables()) {
      expect(table.querySelector('[data-feed="market"]')).toHaveAttribute('data-feed-state', 'reconnecting');
      expect(within(table).getByText(/重连中/)).toBeInTheDocument();
    }
    // the rows stay while the feed reconnects (after the manager's first backoff, about 1 s)
    expect(cellOf(tables()[0], 'btc', 'aBuy')).toHaveTextContent('60000.0000/1.5000');
    const second = await waitFor(
      () => {
        const socket = socketOf('/get2');
        expect(socket).not.toBe(first);
        return socket!;
      },
      { timeout: 3000 },
    );
    act(() => second.open());
    expect(JSON.parse(second.sent[0])).toEqual({
      token: 'admin-token',
      data: [
        [1, 2, 4, 1],
        [1, 3, 5, 1],
      ],
    });
    await push(second, {
      data: [
        { table: [1, 2, 4, 1], rows: [row('btc', 60002)] },
        { table: [1, 3, 5, 1], rows: [row('btc', 60003)] },
      ],
    });
    expect(cellOf(tables()[0], 'btc', 'aBuy')).toHaveTextContent('60002.0000/1.5000');
    for (const table of tables()) expect(table.querySelector('[data-feed="market"]')).toHaveAttribute('data-feed-state', 'live');
  });

  it('closes the market socket when the page is left', async () => {
    const { view } = await renderMarket();
    const socket = socketOf('/get2')!;
    act(() => socket.open());
    view.unmount();
    expect(socket.closeCalls).toBe(1);
  });
});

describe('market net spreads', () => {
  // a spread cell: the gross figure, the net one under it
  const gross = (table: HTMLElement, column: 'positive' | 'negative') => cellOf(table, 'btc', column).querySelector('.market-cell') as HTMLElement;
  const net = (table: HTMLElement, column: 'positive' | 'negative') => cellOf(table, 'btc', column).querySelector('.market-net') as HTMLElement;

  it("shows each spread net of a round trip's taker fees beside the gross one, the lowest fee of the accounts on an exchange, and names a default fee", async () => {
    // two accounts on exchange 1 (the lower delivery / perpetual rate counts), none on 2 and 3
    const accounts = [
      { id: 7, bourse_id: 1, fees: { ssEatCharges: 0.0008, fuEatCharges: 0.0004, csEatCharges: 0.0003 } },
      { id: 8, bourse_id: 1, fees: { ssEatCharges: 0.0008, fuEatCharges: 0.0002, csEatCharges: 0.0005 } },
    ];
    await renderMarket({ accounts });
    const socket = socketOf('/get2')!;
    const rows = [row('btc', 60900, { positive: '900/1.5%', negative: '960/1.6%' })];
    await push(socket, {
      data: [
        { table: [1, 2, 4, 1], rows },
        { table: [1, 3, 5, 1], rows },
      ],
    });
    const [quarterSpot, perpetualSpot] = tables();
    expect(within(quarterSpot).getByRole('columnheader', { name: '正向 净' })).toBeInTheDocument();
    expect(within(quarterSpot).getByRole('columnheader', { name: '反向 净' })).toBeInTheDocument();
    // OKEx quarter 0.02 % (account 8), Huobi spot default 0.1 %: F(1.5) = 200 · (0.0002 · 1.015 + 0.001) = 0.2406
    await waitFor(() => expect(net(quarterSpot, 'positive')).toHaveTextContent('1.2594%'));
    expect(gross(quarterSpot, 'positive')).toHaveTextContent('900.0000/1.5000%');
    // the long side pays more: 1.6 + 200 · (0.0002 · 1.016 + 0.001) = 1.84064
    expect(gross(quarterSpot, 'negative')).toHaveTextContent('960.0000/1.6000%');
    expect(net(quarterSpot, 'negative')).toHaveTextContent('1.8406%');
    // OKEx perpetual 0.03 % (account 7), Binance spot default: 1.5 − 200 · (0.0003 · 1.015 + 0.001) = 1.2391
    expect(net(perpetualSpot, 'positive')).toHaveTextContent('1.2391%');

    const caption = within(quarterSpot).getByTestId('net-fees');
    expect(caption).toHaveTextContent('OKEx 季度（250328） 0.02% · Huobi 现货 0.10%默认费率');
    expect(caption.querySelector('[data-leg="a"]')).toHaveAttribute('data-default', 'false');
    expect(caption.querySelector('[data-leg="b"]')).toHaveAttribute('data-default', 'true');
    expect(within(perpetualSpot).getByTestId('net-fees')).toHaveTextContent('OKEx 永续 0.03% · Binance 现货 0.10%默认费率');
  });

  it('marks open spreads on the gross figures, or on the net ones once switched on, and pushes the switch with the market params', async () => {
    const { put } = await renderMarket({ params: { other: 'kept' } });
    const socket = socketOf('/get2')!;
    // defaults only: quarter 0.05 %, spot 0.1 %. Positive 0.16 % is closed after fees (0.16 − 200 · (0.0005 · 1.0016 + 0.001) = −0.14016);
    // negative −1 % stays open (−1 + 200 · (0.0005 · 0.99 + 0.001) = −0.701)
    await push(socket, {
      data: [
        { table: [1, 2, 4, 1], rows: [row('btc', 60000, { positive: '96/0.16%', negative: '-600/-1%' })] },
        { table: [1, 3, 5, 1], rows: [] },
      ],
    });
    const [table] = tables();
    await waitFor(() => expect(net(table, 'positive')).toHaveTextContent('-0.1402%'));
    // positive gross, positive net, negative gross, negative net
    const open = () =>
      [gross(table, 'positive'), net(table, 'positive'), gross(table, 'negative'), net(table, 'negative')].map((figure) => figure.dataset.open === 'true');
    expect(open()).toEqual([true, false, true, false]);
    expect(gross(table, 'positive')).toHaveClass('market-open');
    expect(gross(table, 'positive').style.getPropertyValue('--market-open')).toBe(RED);

    await userEvent.click(screen.getByRole('switch', { name: '按净价差标示可开' }));
    expect(open()).toEqual([false, false, false, true]);
    await waitFor(() => expect(put.calls).toEqual([{ token: 'admin-token', params: { other: 'kept', netColouring: true } }]));
  });

  it('takes the switch from the stored market params', async () => {
    await renderMarket({ params: { netColouring: true } });
    await waitFor(() => expect(screen.getByRole('switch', { name: '按净价差标示可开' })).toBeChecked());
  });
});

describe('market K-line popover', () => {
  async function openChart(handler: Parameters<typeof onCall>[1]) {
    const queries: Record<string, unknown>[] = [];
    server.use(
      onCall('klineData', (call) => {
        queries.push(call.payload);
        return handler(call);
      }),
    );
    await renderMarket();
    await push(socketOf('/get2')!, { data: [{ table: [1, 2, 4, 1], rows: [row('btc', 60000)] }] });
    await userEvent.click(within(tables()[0]).getByTestId('chart-btc'));
    return queries;
  }
  const candles = (n: number) => Array.from({ length: n }, (_, i) => ({ time: `2025-01-01 00:0${i}:00`, ts: i, open: 1, high: 2, low: 0.5, close: 1.5 }));

  it('requests the §9 window of each frame for the two legs and draws the candles', async () => {
    const before = Date.now();
    const queries = await openChart(() => envelope({ granularity: '1T', field: 'positive', timezone: 'UTC+8', candles: candles(3) }));
    const chart = await screen.findByTestId('chart-stock');
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAttribute('data-up', RED);
    // its text alternative: the period, how many candles, the first open, the last close, the lowest low, the highest high
    expect(screen.getByRole('img', { name: 'BTC K线（1分钟）' })).toHaveAccessibleDescription(
      '共 3 个点，从 2025-01-01 00:00:00 到 2025-01-01 00:02:00。 正向：从 1.0000 到 1.5000，最低 0.5000，最高 2.0000。',
    );
    const windows: Record<string, number> = { '1T': DAY, '30T': 3 * DAY, '1H': 6 * DAY, '4H': 24 * DAY, '1D': 144 * DAY, '1W': 24 * 7 * DAY };
    for (const frame of ['30T', '1H', '4H', '1D', '1W']) {
      await userEvent.click(within(screen.getByTestId('kline-frames')).getByText(frame));
      await waitFor(() => expect(queries.some((q) => q.granularity === frame)).toBe(true));
    }
    expect(queries.map((q) => q.granularity)).toEqual(['1T', '30T', '1H', '4H', '1D', '1W']);
    for (const q of queries) {
      expect(q).toMatchObject({ token: 'admin-token', excheng: '1,2', types: '4,1', currencys: 'btc', field: 'positive' });
      const [start, end] = [Number(q.starttime), Number(q.endtime)];
      expect(end).toBeGreaterThanOrEqual(before);
      expect(end - start).toBe(windows[q.granularity as string]);
    }
  });

  it("shows a failed query with the 'k线时间查询 Message:' prefix", async () => {
    await openChart(() => envelope(null, 400, 'K线只支持交易所 1, 2，不支持 3'));
    expect(await screen.findByText('k线时间查询 Message:K线只支持交易所 1, 2，不支持 3')).toBeInTheDocument();
    // no chart drawn, so no image: the message is read, not hidden inside one
    expect(screen.queryByRole('img', { name: /K线/ })).toBeNull();
  });
});
