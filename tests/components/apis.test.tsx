import { act as settle, screen, waitFor, within, fireEvent } from '@testing-library/react';
import type { ApiAccount, KeyCheck, TradingModes } from '#contract/types/api-accounts';
import ApiListPage from '../../src/features/apis/list';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SECRET_MASK = '******';
const apis: ApiAccount[] = [
  {
    id: 11,
    name: 'OKEx-main',
    bourse_id: 1,
    bourse_name: 'ignored-1',
    status_info: 'normal-11',
    apiKey: 'key-11',
    apiSecret: SECRET_MASK,
    apiToken: SECRET_MASK,
    status: 1,
    mode: 'paper',
    key_check: { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null },
    exchange_down: false,
  },
  {
    id: 12,
    name: 'Huobi-one',
    bourse_id: 2,
    bourse_name: 'ignored-2',
    status_info: 'normal-12',
    apiKey: 'key-12',
    apiSecret: SECRET_MASK,
    apiToken: '',
    status: 4,
    mode: 'paper',
    key_check: { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null },
    exchange_down: false,
  },
];
const bourses = [
  { id: 1, name: 'OKEx' },
  { id: 2, name: 'Huobi' },
  { id: 3, name: 'Binance' },
];
const chart = Array.from({ length: 200 }, (_, i) => ({
  dateTime: `2024-05-01 ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
  equity_usdt: 1000 + i,
  rate_usdt: 0,
  equity: 1,
  equity_rate_usdt: 0,
}));

/** What the server allows: HTX (2) has no test network; live trading off unless a test turns it on. */
const modes = (live = false): TradingModes => ({ live, testnet: { 1: true, 2: false, 3: true } });

/** The calls every render of the page makes. */
function baseHandlers(list: ApiAccount[] = apis, live = false) {
  server.use(
    onCall('apiList', () => envelope(list)),
    onCall('bourseGet', () => envelope(bourses)),
    onCall('assetImaging', () => envelope(chart)),
    onCall('tradingModes', () => envelope(modes(live))),
  );
}

async function renderList(list: ApiAccount[] = apis, live = false) {
  baseHandlers(list, live);
  renderPage(<ApiListPage />, { path: '/api' });
  await screen.findByText(list[0]?.name ?? '');
}

/** Opens the actions menu of a row and clicks one of its items. */
async function act(apiName: string, item: string) {
  const row = screen.getByText(apiName).closest('tr')!;
  await userEvent.click(within(row).getByText('操作'));
  const menuItem = await screen.findByText(item, { selector: '.ant-dropdown-menu-title-content' });
  await userEvent.click(menuItem);
}

/** The open dialog with this title (antd gives every dialog title the same id under test, so not by role name). */
async function dialog(title: string | RegExp): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
/** Opens the add dialog and types the given fields (label → text); returns the dialog. */
async function openAddDialog(fields: Record<string, string>): Promise<HTMLElement> {
  await userEvent.click(screen.getByText('添加API', { selector: 'button span' }));
  const modal = await dialog('添加API');
  for (const [label, text] of Object.entries(fields)) await userEvent.type(within(modal).getByLabelText(label), text);
  return modal;
}
const queryDialog = (title: string) => screen.queryByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
// (queries by role are slow on antd's DOM in an emulated DOM: text and labels are used instead)
const button = (scope: HTMLElement, name: RegExp) => within(scope).getByText(name, { selector: 'button > span' }).closest('button')!;

describe('API list', () => {
  // one render: its imaging calls (layout 3, one per API) are recorded while the list is read
  it('shows each API with its exchange name from /bourse/get, its strategy type and a trend line (/asset/imaging/get with layout 3 for each), never a secret', async () => {
    const imaging = recordCall('assetImaging', chart);
    baseHandlers();
    server.use(imaging.handler);
    renderPage(<ApiListPage />, { path: '/api' });
    await screen.findByText(apis[0]!.name);
    const first = screen.getByText('OKEx-main').closest('tr')!;
    const second = screen.getByText('Huobi-one').closest('tr')!;
    expect(within(first).getByText('11')).toBeInTheDocument();
    expect(within(first).getByText('OKEx')).toBeInTheDocument();
    expect(within(first).getByText('对冲')).toBeInTheDocument();
    expect(within(second).getByText('Huobi')).toBeInTheDocument();
    expect(within(second).getByText('单边')).toBeInTheDocument();
    expect(screen.queryByText('ignored-1')).not.toBeInTheDocument();

    // an SVG line of the last 180 points, then 7 future daily dates left blank at the right
    await waitFor(() => expect(document.querySelectorAll('svg[role="img"][aria-label*="USDT"]')).toHaveLength(2));
    const lines = document.querySelectorAll('svg[role="img"][aria-label*="USDT"]');
    const points = lines[0].querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(180);
    expect(Number(points[179].split(',')[0])).toBeCloseTo((160 * 179) / 186, 0);
    expect(lines[0].querySelector('title')?.textContent).toContain('2024-05-01 03:19');

    expect(document.body.textContent).not.toContain(SECRET_MASK);
    expect(screen.getByText('USDT走势', { selector: 'th' })).toBeInTheDocument();
    await waitFor(() => expect(imaging.calls, 'the imaging calls').toHaveLength(2));
    expect(imaging.calls.map((c) => [c.apiId, c.layout]).sort()).toEqual([
      ['11', '3'],
      ['12', '3'],
    ]);
  });

  it('speaks English when the console does', async () => {
    baseHandlers();
    renderPage(<ApiListPage />, { path: '/api', language: 'en' });
    await screen.findByText('OKEx-main');
    expect(screen.getByText('API accounts')).toBeInTheDocument();
    expect(screen.getByText('Hedging', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('One-sided', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('USDT trend', { selector: 'th' })).toBeInTheDocument();
  });
});

describe('API dialog', () => {
  // one dialog: saved without a secret first (refused), then with it
  it('requires the secret when adding, then adds an API with the defaults exchange 1 and strategy type 4', async () => {
    const add = recordCall('apiAdd', { id: 13 });
    await renderList();
    server.use(add.handler);
    const modal = await openAddDialog({ API名称: 'New one', 'API Key': 'the-key' });
    await userEvent.click(button(modal, /保\s*存/));
    expect(await within(modal).findByText('请输入API Secret')).toBeInTheDocument();
    expect(add.calls, 'added without a secret').toHaveLength(0);

    await userEvent.type(within(modal).getByLabelText('API Secret'), 'the-secret');
    await userEvent.click(button(modal, /保\s*存/));
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(add.calls).toHaveLength(1);
    expect(add.calls[0]).toEqual({ token: 'admin-token', name: 'New one', bourseId: 1, apiKey: 'the-key', apiSecret: 'the-secret', status: 4, mode: 'paper' });
  });

  it('configures an API without sending a secret the user did not type', async () => {
    const update = recordCall('apiUpdate', { id: 11 });
    await renderList();
    server.use(update.handler);
    await act('OKEx-main', '编辑');
    const modal = await dialog('配置API');
    const name = within(modal).getByLabelText('API名称');
    await waitFor(() => expect(name).toHaveValue('OKEx-main'));
    const secret = within(modal).getByLabelText('API Secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', expect.stringContaining('留空则保持不变'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(button(modal, /保\s*存/));

    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(update.calls[0]).toEqual({ token: 'admin-token', apiId: 11, name: 'Renamed', bourseId: 1, apiKey: 'key-11', status: 1, mode: 'paper' });
    expect(update.calls[0]).not.toHaveProperty('apiSecret');
    expect(update.calls[0]).not.toHaveProperty('apiToken');
  });

  it('sends a new secret when one is typed in config mode', async () => {
    const update = recordCall('apiUpdate', { id: 12 });
    await renderList();
    server.use(update.handler);
    await act('Huobi-one', '编辑');
    const modal = await dialog('配置API');
    await waitFor(() => expect(within(modal).getByLabelText('API名称')).toHaveValue('Huobi-one'));
    await userEvent.type(within(modal).getByLabelText('API Secret'), 'fresh-secret');
    await userEvent.click(button(modal, /保\s*存/));
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]).toMatchObject({ apiId: 12, bourseId: 2, status: 4, apiSecret: 'fresh-secret' });
  });

  it('keeps what was typed when the save fails and shows the server info titled 提示', async () => {
    await renderList();
    server.use(onCall('apiAdd', () => envelope(null, 400, 'API名称已存在')));
    const modal = await openAddDialog({ API名称: 'Taken', 'API Key': 'k', 'API Secret': 's' });
    await userEvent.click(button(modal, /保\s*存/));

    expect(await screen.findByText('API名称已存在')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();
    expect(modal).toBeVisible();
    expect(within(modal).getByLabelText('API名称')).toHaveValue('Taken');
    expect(within(modal).getByLabelText('API Secret')).toHaveValue('s');
  });
});

describe('row actions', () => {
  it('deletes after a confirm', async () => {
    const remove = recordCall('apiDelete');
    await renderList();
    server.use(remove.handler);
    await act('Huobi-one', '删除');
    const confirm = await dialog('删除API');
    expect(within(confirm).getByText(/Huobi-one/)).toBeInTheDocument();
    expect(remove.calls).toHaveLength(0);
    await userEvent.click(button(confirm, /确\s*定/));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(remove.calls).toEqual([{ token: 'admin-token', apiId: '12' }]);
  });

  it('refreshes the profit curve and reads the chart again', async () => {
    const clear = recordCall('apiClear');
    const imaging = recordCall('assetImaging', chart);
    baseHandlers();
    server.use(clear.handler, imaging.handler);
    renderPage(<ApiListPage />, { path: '/api' });
    await screen.findByText('OKEx-main');
    await waitFor(() => expect(imaging.calls).toHaveLength(2));
    await act('OKEx-main', '刷新收益曲线');
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(clear.calls).toEqual([{ token: 'admin-token', apiId: '11' }]);
    await waitFor(() => expect(imaging.calls.length).toBeGreaterThan(2));
  });

  it('initialises after a confirm naming cross margin and 10x, with a spinner on the row and no second call while pending', async () => {
    const calls: Record<string, unknown>[] = [];
    let answer: () => void = () => {};
    await renderList();
    server.use(
      onCall('apiInit', ({ payload }) => {
        calls.push(payload);
        return new Promise<Response>((resolve) => (answer = () => resolve(envelope({ marginMode: 'cross', leverage: 10 }))));
      }),
    );
    await act('OKEx-main', '初始化');
    const confirm = await dialog('初始化API');
    expect(within(confirm).getByText(/全仓/)).toHaveTextContent(/10倍杠杆/);
    await userEvent.click(button(confirm, /确\s*定/));

    const row = screen.getByText('OKEx-main').closest('tr')!;
    expect(await within(row).findByText('初始化中…')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));

    // pressing it again while pending does nothing
    await userEvent.click(within(row).getByText('操作'));
    const again = (await screen.findByText('初始化', { selector: '.ant-dropdown-menu-title-content' })).closest('li')!;
    expect(again).toHaveAttribute('aria-disabled', 'true');
    // antd's motion is off under test: a confirm the click opened would be in the document when act returns
    await settle(async () => fireEvent.click(again));
    expect(queryDialog('初始化API')).not.toBeInTheDocument();

    await settle(async () => answer());
    expect(await screen.findByText('初始化成功')).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByText('初始化中…')).not.toBeInTheDocument());
    expect(calls).toEqual([{ token: 'admin-token', apiId: '11' }]);
  });
});

describe('fee configuration', () => {
  const fees = {
    ssHangCharges: 0.0008,
    ssEatCharges: 0.001,
    fuHangCharges: 0.0002,
    fuEatCharges: 0.0005,
    csHangCharges: 0.0002,
    csEatCharges: 0.0005,
    maxLoss: 500,
  };

  // one dialog: a negative fee is refused, then corrected and saved
  it('loads the fees of the API, refuses a negative fee, and saves them with its id', async () => {
    const load = recordCall('apiChargesGet', fees);
    const save = recordCall('apiChargesUpdate', fees);
    await renderList();
    server.use(load.handler, save.handler);
    await act('OKEx-main', '手续费配置');
    const modal = await dialog(/手续费配置/);
    const maxLoss = await within(modal).findByLabelText('最大亏损');
    expect(maxLoss).toHaveValue('500');
    expect(within(modal).getByLabelText('现货挂单手续费')).toHaveValue('0.0008');
    expect(load.calls[0]).toMatchObject({ apiId: '11' });

    const field = within(modal).getByLabelText('现货吃单手续费');
    await userEvent.clear(field);
    await userEvent.type(field, '-1');
    await userEvent.click(button(modal, /保\s*存/));
    // the dialog and its fields looked up again: once in CI (two busy workers) the `modal` found before was detached by then
    const refused = await dialog(/手续费配置/);
    expect(await within(refused).findByText('请输入不小于0的数字')).toBeInTheDocument();
    expect(save.calls, 'saved with a negative fee').toHaveLength(0);
    await userEvent.clear(within(refused).getByLabelText('现货吃单手续费'));
    await userEvent.type(within(refused).getByLabelText('现货吃单手续费'), String(fees.ssEatCharges));
    await userEvent.clear(within(refused).getByLabelText('最大亏损'));
    await userEvent.type(within(refused).getByLabelText('最大亏损'), '600');
    await userEvent.click(button(refused, /保\s*存/));

    expect(await screen.findByText('配置成功')).toBeInTheDocument();
    expect(save.calls[0]).toEqual({ token: 'admin-token', apiId: 11, ...fees, maxLoss: 600 });
  });
});

describe('advanced settings', () => {
  const advanced = {
    is_borrow: false,
    is_auto_repayment: true,
    lever_risk_rate: 0.8,
    total_deposit_multiple: 3,
    proportion_ratio_spot: 5,
    proportion_ratio_deposit: 5,
    max_order_notional: 0,
  };

  it('lowers the spot multiple when the futures multiple would push the sum over 20, and saves', async () => {
    const save = recordCall('apiAdvancedUpdate', advanced);
    await renderList();
    server.use(
      onCall('apiAdvancedGet', () => envelope(advanced)),
      save.handler,
    );
    await act('OKEx-main', '高级设置');
    const modal = await dialog(/高级设置/);
    const spot = await within(modal).findByLabelText('现货倍数');
    const futures = within(modal).getByLabelText('合约倍数');
    expect(spot).toHaveValue('5');

    await userEvent.clear(spot);
    await userEvent.type(spot, '15');
    expect(futures).toHaveValue('5');
    await userEvent.clear(futures);
    await userEvent.type(futures, '10');
    await waitFor(() => expect(spot).toHaveValue('10'));

    await userEvent.click(within(modal).getByLabelText('允许借币'));
    // the per-order notional limit, 0 = none
    const notional = within(modal).getByLabelText('单笔订单最大名义价值（USDT）');
    expect(notional).toHaveValue('0');
    expect(within(modal).getByText('0 = 不限制')).toBeInTheDocument();
    await userEvent.clear(notional);
    await userEvent.type(notional, '5000');
    await userEvent.click(button(modal, /保\s*存/));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(save.calls[0]).toEqual({
      token: 'admin-token',
      apiId: 11,
      ...advanced,
      max_order_notional: 5000,
      is_borrow: true,
      proportion_ratio_spot: 10,
      proportion_ratio_deposit: 10,
    });
  });
});

describe('asset template', () => {
  it('rejects letters with 请输入数字 and saves the principal in USDT', async () => {
    const save = recordCall('apiAssetTemplateSave', { assetTemplate: 20000 });
    await renderList();
    server.use(
      onCall('apiAssetTemplateGet', () => envelope({ assetTemplate: 10000 })),
      save.handler,
    );
    await act('OKEx-main', '资产模板');
    const modal = await dialog(/资产模板/);
    const principal = await within(modal).findByLabelText('本金（USDT）');
    expect(principal).toHaveValue('10000');
    expect(within(modal).getByText('本金不能为0，也不宜过小')).toBeInTheDocument();

    await userEvent.clear(principal);
    await userEvent.type(principal, '12ab');
    await userEvent.click(button(modal, /保\s*存/));
    expect(await within(modal).findByText('请输入数字')).toBeInTheDocument();
    expect(save.calls).toHaveLength(0);

    await userEvent.clear(principal);
    await userEvent.type(principal, '20000');
    await userEvent.click(button(modal, /保\s*存/));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(save.calls[0]).toEqual({ token: 'admin-token', apiId: 11, assetTemplate: 20000 });
  });
});

describe('manual trading', () => {
  const types = [1, 2, 3, 4].map((id) => ({ id, name: `server-${id}` }));

  async function pick(modal: HTMLElement, label: string, option: string) {
    await userEvent.click(within(modal).getByLabelText(label));
    const choice = await screen.findByTitle(option);
    await userEvent.click(choice);
  }

  it('offers buy/sell for spot and open/close long/short for futures, and sends the confirmed order', { timeout: 60_000 }, async () => {
    const trade = recordCall('manualTrading', { id: 1 });
    const typesCall = recordCall('transactionTypeGet', types);
    await renderList();
    server.use(typesCall.handler, trade.handler);
    await act('Huobi-one', '手动交易');
    const modal = await dialog(/手动交易/);
    await waitFor(() => expect(typesCall.calls[0]).toMatchObject({ bourseId: '2' }));

    await pick(modal, '合约类型', '现货');
    expect(within(modal).getByLabelText('买入')).toBeInTheDocument();
    expect(within(modal).getByLabelText('卖出')).toBeInTheDocument();
    expect(within(modal).queryByLabelText('开多')).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByLabelText('卖出'));

    await pick(modal, '合约类型', '季度');
    for (const name of ['开多', '开空', '平多', '平空']) expect(within(modal).getByLabelText(name)).toBeInTheDocument();
    expect(within(modal).queryByLabelText('买入')).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByLabelText('开空'));

    await userEvent.type(within(modal).getByLabelText('币种'), 'BTC');
    await userEvent.click(within(modal).getByLabelText('限价'));
    await userEvent.type(within(modal).getByLabelText('数量'), '3');
    await userEvent.click(button(modal, /提\s*交/));
    expect(await within(modal).findByText('限价单请输入价格')).toBeInTheDocument();
    await userEvent.type(within(modal).getByLabelText('价格'), '100.5');
    await userEvent.click(button(modal, /提\s*交/));

    const confirm = await dialog('确认手动交易');
    expect(trade.calls).toHaveLength(0);
    await userEvent.click(button(confirm, /确\s*定/));
    expect(await screen.findByText('提交成功!')).toBeInTheDocument();
    expect(trade.calls[0]).toEqual({ token: 'admin-token', apiId: 12, symbol: 'BTC', type: 4, direction: 2, way: 0, price: 100.5, amount: 3 });
  });

  it('sends a market order without a price', { timeout: 60_000 }, async () => {
    const trade = recordCall('manualTrading', { id: 1 });
    await renderList();
    server.use(
      onCall('transactionTypeGet', () => envelope(types)),
      trade.handler,
    );
    await act('OKEx-main', '手动交易');
    const modal = await dialog(/手动交易/);
    await pick(modal, '合约类型', '现货');
    await userEvent.click(within(modal).getByLabelText('买入'));
    await userEvent.type(within(modal).getByLabelText('币种'), 'ETH');
    await userEvent.type(within(modal).getByLabelText('数量'), '0.5');
    await userEvent.click(button(modal, /提\s*交/));
    await userEvent.click(button(await dialog('确认手动交易'), /确\s*定/));
    await waitFor(() => expect(trade.calls).toHaveLength(1));
    expect(trade.calls[0]).toEqual({ token: 'admin-token', apiId: 11, symbol: 'ETH', type: 1, direction: 1, way: 1, amount: 0.5 });
  });
});

describe('trading on exchanges', () => {
  const checked = (over: Partial<KeyCheck> = {}): KeyCheck => ({
    valid: true,
    canTrade: true,
    canWithdraw: false,
    checkedAt: new Date(2026, 10, 27, 9, 30).getTime(),
    error: null,
    ...over,
  });
  const account = (id: number, name: string, over: Partial<ApiAccount>): ApiAccount => ({
    ...apis[0]!,
    id,
    name,
    bourse_id: 1,
    bourse_name: 'OKEx',
    status_info: '',
    mode: 'testnet',
    key_check: checked(),
    ...over,
  });
  const testnet = account(21, 'okx-demo', {});
  const row = (name: string) => screen.getByText(name).closest('tr')!;

  it('offers testnet only where the exchange has one, saying why not on HTX, and adds a testnet account', async () => {
    const add = recordCall('apiAdd', { id: 13 });
    await renderList();
    server.use(add.handler);
    const modal = await openAddDialog({ API名称: 'demo', 'API Key': 'k', 'API Secret': 's' });
    expect(within(modal).getByLabelText('模拟盘')).toBeChecked();
    const testnetChoice = within(modal).getByLabelText('测试网');
    await waitFor(() => expect(testnetChoice).toBeEnabled());

    await userEvent.click(within(modal).getByLabelText('交易所'));
    await userEvent.click(await screen.findByTitle('Huobi'));
    await waitFor(() => expect(testnetChoice).toBeDisabled());
    expect(within(modal).getByText('Huobi 没有测试网，只能使用模拟盘')).toBeInTheDocument();

    await userEvent.click(within(modal).getByLabelText('交易所'));
    // the select's current value carries the title too: the option of the open list is clicked
    const [okx] = (await screen.findAllByTitle('OKEx')).filter((el) => el.closest('.ant-select-item-option'));
    await userEvent.click(okx!);
    await waitFor(() => expect(testnetChoice).toBeEnabled());
    await userEvent.click(testnetChoice);
    await userEvent.click(button(modal, /保\s*存/));
    await waitFor(() => expect(add.calls).toHaveLength(1));
    expect(add.calls[0]).toMatchObject({ bourseId: 1, mode: 'testnet' });
  });

  it('shows each account’s mode and key check, says when permissions could not be checked, and checks a key again', async () => {
    const recheck = recordCall('apiCheck', checked());
    const list = [
      testnet,
      account(22, 'bn-unknown', { bourse_id: 3, bourse_name: 'Binance', key_check: checked({ canWithdraw: null }) }),
      account(23, 'okx-bad', {
        key_check: checked({ valid: false, canTrade: null, canWithdraw: null, error: 'okx {"code":"50113","msg":"Invalid Sign"}' }),
        exchange_down: true,
      }),
      account(24, 'okx-paper', { mode: 'paper', key_check: checked({ valid: null, canTrade: null, canWithdraw: null, checkedAt: null }) }),
    ];
    await renderList(list);
    server.use(recheck.handler);

    expect(within(row('okx-demo')).getByText('测试网')).toBeInTheDocument();
    expect(within(row('okx-demo')).getByText('密钥有效')).toBeInTheDocument();
    expect(within(row('okx-demo')).getByText('可交易')).toBeInTheDocument();
    expect(within(row('okx-demo')).getByText('上次检查：2026-11-27 09:30')).toBeInTheDocument();
    expect(within(row('okx-demo')).queryByText('交易所不报告密钥权限：无法检查')).not.toBeInTheDocument();

    expect(within(row('bn-unknown')).getByText('交易所不报告密钥权限：无法检查')).toBeInTheDocument();

    expect(within(row('okx-bad')).getByText('密钥无效')).toBeInTheDocument();
    expect(within(row('okx-bad')).getByText('最近错误：okx {"code":"50113","msg":"Invalid Sign"}')).toBeInTheDocument();
    expect(within(row('okx-bad')).getByText('交易所无响应')).toBeInTheDocument();

    expect(within(row('okx-paper')).getByText('模拟盘')).toBeInTheDocument();
    expect(within(row('okx-paper')).queryByText(/密钥/)).not.toBeInTheDocument();

    // the server does not allow live: said where the option would be
    await userEvent.click(within(row('okx-demo')).getByText('操作'));
    const liveItem = (await screen.findByText(/开启实盘/, { selector: '.ant-dropdown-menu-title-content' })).closest('li')!;
    expect(liveItem).toHaveTextContent('服务器未允许实盘：由运营方设置 LIVE_TRADING=1，见 README');
    expect(liveItem).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(await screen.findByText('重新检查密钥', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('检查完成')).toBeInTheDocument();
    expect(recheck.calls).toEqual([{ token: 'admin-token', apiId: 21 }]);
  });

  it('turns live on only once the exchange/account is typed exactly, and sends it to apiLive', async () => {
    const live = recordCall('apiLive', { ...testnet, mode: 'live' });
    await renderList([testnet], true);
    server.use(live.handler);
    await act('okx-demo', '开启实盘');
    const modal = await dialog('开启实盘');
    expect(within(modal).getByText('开启后，OKEx 上的API「okx-demo」将使用真实资金下单。')).toBeInTheDocument();
    const ok = button(modal, /开启实盘/);
    expect(ok).toBeDisabled();
    const field = within(modal).getByLabelText('请输入以下内容以确认：');
    await userEvent.type(field, 'OKEx/okx-dem');
    expect(ok).toBeDisabled();
    expect(within(modal).getByText('输入的内容不一致')).toBeInTheDocument();
    await userEvent.type(field, 'o');
    expect(ok).toBeEnabled();
    await userEvent.click(ok);

    expect(await screen.findByText('已开启实盘')).toBeInTheDocument();
    expect(live.calls).toEqual([{ token: 'admin-token', apiId: 21, enable: true, confirm: 'OKEx/okx-demo' }]);
  });

  it('shows what /api/init answered for each instrument', async () => {
    const result = {
      marginMode: 'cross',
      leverage: 10,
      instruments: [
        { instrument: 'BTC-USDT-SWAP', ok: true },
        { instrument: 'ETH-USDT-SWAP', ok: false, error: 'okx 59000 Setting failed' },
      ],
    };
    const init = recordCall('apiInit', result);
    await renderList([testnet]);
    server.use(init.handler);
    await act('okx-demo', '初始化');
    await userEvent.click(button(await dialog('初始化API'), /确\s*定/));

    const report = await dialog('初始化结果 - okx-demo');
    expect(within(report).getByText('1/2 个合约设置成功（全仓、10倍杠杆）')).toBeInTheDocument();
    expect(within(screen.getByTestId('init-BTC-USDT-SWAP')).getByText('成功')).toBeInTheDocument();
    expect(within(screen.getByTestId('init-ETH-USDT-SWAP')).getByText('okx 59000 Setting failed')).toBeInTheDocument();
    expect(init.calls).toEqual([{ token: 'admin-token', apiId: '21' }]);
  });
});
