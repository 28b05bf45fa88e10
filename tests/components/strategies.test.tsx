import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StrategyListPage from '../../src/resources/strategies/list';
import { MAIN_FILE_INPUT_ID, RELY_FILES_INPUT_ID } from '../../src/resources/strategies/strategy-dialog';
import type { ArbitrageStrategy } from '../../src/api/types';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, traderSession } from './render';

// antd dialogs are slow to render in jsdom, more so on a busy machine
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ARBITRAGE_2: ArbitrageStrategy = {
  id: 1,
  strategy_sole_id: 'a1b2c3d4e5f60718',
  name: 'arbitrage 2',
  initial_money: 100000,
  updatetime: '2025-01-02 03:04:05',
  default_params: JSON.stringify({
    currency_type: 'btc',
    is_borrow: false,
    dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
    m: 2,
  }),
  main_file: 'main_arbitrage2.py',
  rely_on_files: [],
};

const VALID_MAIN = '# arbitrage 3/{"dlt":{"CW":0.01,"NW":0.02},"m":3,"is_borrow":true}/v1\n\ndef run(ctx):\n    pass\n';

/** The list answers with `rows` (a function, so a test can change what a refetch sees). */
function listing(rows: () => ArbitrageStrategy[]) {
  let count = 0;
  const handler = onCall('strategyHome', () => {
    count++;
    return envelope(rows());
  });
  return { handler, calls: () => count };
}

/** Records each multipart save as the server receives it: fields as text, files as their contents. */
function recordSave(respond = () => envelope({ ...ARBITRAGE_2, id: 9 }, 200, '添加成功')) {
  const saves: { fields: Record<string, string>; files: Record<string, string[]> }[] = [];
  const handler = onCall('strategySaveFiles', async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const files: Record<string, string[]> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else (files[key] ??= []).push(await value.text());
    }
    saves.push({ fields, files });
    return respond();
  });
  return { saves, handler };
}

const mainInput = () => document.getElementById(MAIN_FILE_INPUT_ID) as HTMLInputElement;
const relyInput = () => document.getElementById(RELY_FILES_INPUT_ID) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });
const paramNames = () => screen.queryAllByLabelText('参数名').map((input) => (input as HTMLInputElement).value);
const paramValues = () => screen.queryAllByLabelText('参数值/描述').map((input) => (input as HTMLInputElement).value);

/** Types a whole value at once (keystroke by keystroke is slow in jsdom and proves nothing more here). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: /新增策略/ }));
  return screen.findByRole('dialog');
}

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

  it('shows the default parameters of a strategy in its popover, objects key by key', async () => {
    server.use(listing(() => [ARBITRAGE_2]).handler);
    renderPage(<StrategyListPage />, { path: '/strategy', session: traderSession });
    await userEvent.click(await screen.findByRole('button', { name: '默认参数' }));

    const popover = await screen.findByRole('tooltip');
    expect(within(popover).getByText('arbitrage 2 的默认参数')).toBeInTheDocument();
    expect(within(popover).getByText('dlt')).toBeInTheDocument();
    for (const text of ['CW: 0.002', 'NW: 0.003', 'CQ: 0.004', 'NQ: 0.005']) expect(within(popover).getByText(text)).toBeInTheDocument();
    expect(within(popover).getByText('is_borrow').closest('tr')).toHaveTextContent('否');
    expect(within(popover).getByText('currency_type').closest('tr')).toHaveTextContent('btc');
    expect(within(popover).getByText('a1b2c3d4e5f60718')).toBeInTheDocument();
  });

  it('renders a strategy name as text, never as markup', async () => {
    server.use(listing(() => [{ ...ARBITRAGE_2, name: '<img src=x onerror=alert(1)>' }]).handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('adding a strategy', () => {
  it('fills the parameters from a valid main file and sends every multipart field', async () => {
    let rows = [ARBITRAGE_2];
    const list = listing(() => rows);
    const save = recordSave(() => {
      rows = [ARBITRAGE_2, { ...ARBITRAGE_2, id: 9, name: 'arbitrage 3', strategy_sole_id: 'new' }];
      return envelope(rows[1], 200, '添加成功');
    });
    server.use(list.handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();

    fill(within(dialog).getByLabelText('策略名称'), 'arbitrage 3');
    fill(within(dialog).getByLabelText('初始资金'), '50000');
    const soleId = (within(dialog).getByLabelText('策略唯一ID') as HTMLInputElement).value;
    expect(soleId).toMatch(/^[0-9a-f]{32}$/);

    await userEvent.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py', { type: 'text/x-python' }));
    await waitFor(() => expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow']));
    expect(paramValues()).toEqual(['{"CW":0.01,"NW":0.02}', '3', 'true']);
    // the user can still edit what the header gave
    fill(screen.getAllByLabelText('参数值/描述')[1]!, '4');
    await userEvent.upload(relyInput(), [new File(['helper = 1\n'], 'helper.py'), new File(['util = 2\n'], 'util.py')]);

    await userEvent.click(saveButton());

    await waitFor(() => expect(save.saves).toHaveLength(1));
    const { fields, files } = save.saves[0]!;
    expect(fields).toMatchObject({ strategyName: 'arbitrage 3', strategySoleId: soleId, initialMoney: '50000', token: 'admin-token' });
    expect(JSON.parse(fields.defaultParams!)).toEqual({ dlt: { CW: 0.01, NW: 0.02 }, m: 4, is_borrow: true });
    expect(files.file).toEqual([VALID_MAIN]);
    expect(files.relyOnFiles).toEqual(['helper = 1\n', 'util = 2\n']);

    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('arbitrage 3')).toBeInTheDocument();
    expect(list.calls()).toBeGreaterThanOrEqual(2);
  });

  it('shows 无法解析该文本! for a main file without a valid header and sends nothing', async () => {
    const save = recordSave();
    server.use(listing(() => []).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();
    fill(within(dialog).getByLabelText('策略名称'), 'broken');
    fill(within(dialog).getByLabelText('初始资金'), '1000');

    await userEvent.upload(mainInput(), new File(['# broken/{"dlt":0.1,/v1\nprint(1)\n'], 'broken.py'));
    expect(await within(dialog).findByText('无法解析该文本!')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await userEvent.click(saveButton());

    // a file that does not begin with a hash comment is refused the same way
    await userEvent.upload(mainInput(), new File(['print("no header")\n'], 'plain.py'));
    await waitFor(() => expect(within(dialog).getByText('plain.py')).toBeInTheDocument());
    expect(await within(dialog).findByText('无法解析该文本!')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(save.saves).toHaveLength(0);

    // a valid file clears the error
    await userEvent.upload(mainInput(), new File([VALID_MAIN], 'good.py'));
    await waitFor(() => expect(within(dialog).queryByText('无法解析该文本!')).not.toBeInTheDocument());
    expect(saveButton()).toBeEnabled();
  });

  it('refuses to save without a main file', async () => {
    const save = recordSave();
    server.use(listing(() => []).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();
    fill(within(dialog).getByLabelText('策略名称'), 'nofile');
    fill(within(dialog).getByLabelText('初始资金'), '1000');
    await userEvent.click(saveButton());
    expect(await within(dialog).findByText('请选择主文件')).toBeInTheDocument();
    expect(save.saves).toHaveLength(0);
  });

  it('gives 参数不能为空 for a parameter row with neither name nor value, and sends nothing', async () => {
    const save = recordSave();
    server.use(listing(() => []).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();
    fill(within(dialog).getByLabelText('策略名称'), 'empty row');
    fill(within(dialog).getByLabelText('初始资金'), '1000');
    await userEvent.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py'));
    await waitFor(() => expect(paramNames()).toHaveLength(3));

    await userEvent.click(within(dialog).getByRole('button', { name: /新增参数/ }));
    expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow', '']);
    await userEvent.click(saveButton());
    expect(await within(dialog).findByText('参数不能为空')).toBeInTheDocument();
    expect(save.saves).toHaveLength(0);

    // deleting the empty row lets the save through
    await userEvent.click(within(dialog).getAllByRole('button', { name: '删除参数' })[3]!);
    await userEvent.click(saveButton());
    await waitFor(() => expect(save.saves).toHaveLength(1));
    expect(Object.keys(JSON.parse(save.saves[0]!.fields.defaultParams!))).toEqual(['dlt', 'm', 'is_borrow']);
  });

  it('keeps the dialog open with everything typed and chosen when the save fails', async () => {
    const save = recordSave(() => envelope(null, 400, '策略名称已存在'));
    server.use(listing(() => [ARBITRAGE_2]).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();
    fill(within(dialog).getByLabelText('策略名称'), 'arbitrage 2');
    fill(within(dialog).getByLabelText('初始资金'), '777');
    await userEvent.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py'));
    await waitFor(() => expect(paramNames()).toHaveLength(3));
    await userEvent.click(within(dialog).getByRole('button', { name: /新增参数/ }));
    fill(screen.getAllByLabelText('参数名').at(-1)!, 'note');
    fill(screen.getAllByLabelText('参数值/描述').at(-1)!, 'keep me');

    await userEvent.click(saveButton());
    expect(await screen.findByText('策略名称已存在')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('策略名称')).toHaveValue('arbitrage 2');
    expect(within(dialog).getByLabelText('初始资金')).toHaveValue('777');
    expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow', 'note']);
    expect(paramValues().at(-1)).toBe('keep me');
    expect(within(dialog).getByText('arbitrage3.py')).toBeInTheDocument();

    // trying again sends the same thing
    await userEvent.click(saveButton());
    await waitFor(() => expect(save.saves).toHaveLength(2));
    expect(save.saves[1]).toEqual(save.saves[0]);
    expect(JSON.parse(save.saves[1]!.fields.defaultParams!)).toMatchObject({ note: 'keep me' });
  });
});

describe('configuring a strategy', () => {
  it('without a new file, sends PUT /strategy/update with the edited name, money and parameters', async () => {
    const update = recordCall('strategyUpdate', ARBITRAGE_2);
    const save = recordSave();
    server.use(listing(() => [ARBITRAGE_2]).handler, update.handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: /配\s*置/ }));
    const dialog = await screen.findByRole('dialog');

    expect(within(dialog).getByText('配置策略')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('策略唯一ID')).toHaveValue('a1b2c3d4e5f60718');
    expect(within(dialog).getByLabelText('策略名称')).toHaveValue('arbitrage 2');
    expect(paramNames()).toEqual(['currency_type', 'is_borrow', 'dlt', 'm']);
    expect(paramValues()).toEqual(['btc', 'false', '{"CW":0.002,"NW":0.003,"CQ":0.004,"NQ":0.005}', '2']);

    fill(within(dialog).getByLabelText('策略名称'), 'arbitrage 2b');
    await userEvent.click(within(dialog).getAllByRole('button', { name: '删除参数' })[0]!); // currency_type
    await userEvent.click(saveButton());

    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]).toMatchObject({ strategyId: '1', strategyName: 'arbitrage 2b', initialMoney: '100000', token: 'admin-token' });
    expect(JSON.parse(String(update.calls[0]!.defaultParams))).toEqual({
      is_borrow: false,
      dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
      m: 2,
    });
    expect(save.saves).toHaveLength(0);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with a new main file, uploads it under the same strategy_sole_id', async () => {
    const save = recordSave(() => envelope(ARBITRAGE_2, 200, '修改成功'));
    server.use(listing(() => [ARBITRAGE_2]).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const row = (await screen.findByText('arbitrage 2')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: /配\s*置/ }));
    await screen.findByRole('dialog');
    await userEvent.upload(mainInput(), new File([VALID_MAIN], 'v2.py'));
    await waitFor(() => expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow']));
    await userEvent.click(saveButton());

    await waitFor(() => expect(save.saves).toHaveLength(1));
    expect(save.saves[0]!.fields).toMatchObject({ strategySoleId: 'a1b2c3d4e5f60718', strategyName: 'arbitrage 2', initialMoney: '100000' });
    expect(save.saves[0]!.files.file).toEqual([VALID_MAIN]);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
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
    await userEvent.click(await within(row).findByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除策略“arbitrage 2”吗？')).toBeInTheDocument();
    expect(remove.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(remove.calls).toHaveLength(1));
    expect(remove.calls[0]).toMatchObject({ strategyId: '1', token: 'admin-token' });
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('arbitrage 2')).not.toBeInTheDocument());
  });
});
