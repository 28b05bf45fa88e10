import { waitFor, screen, within } from '@testing-library/react';
import StrategyListPage from '../../src/features/strategies/list';
import { envelope, recordCall, server } from './msw';
import { renderPage } from './render';
import {
  ARBITRAGE_2,
  VALID_MAIN,
  fill,
  listing,
  mainInput,
  openAddDialog,
  paramNames,
  paramValues,
  recordSave,
  relyInput,
  saveButton,
  user,
} from './strategies-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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

    await user.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py', { type: 'text/x-python' }));
    await waitFor(() => expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow']));
    expect(paramValues()).toEqual(['{"CW":0.01,"NW":0.02}', '3', 'true']);
    // the user can still edit what the header gave
    fill(screen.getAllByLabelText('参数值/描述')[1]!, '4');
    await user.upload(relyInput(), [new File(['helper = 1\n'], 'helper.py'), new File(['util = 2\n'], 'util.py')]);

    await user.click(saveButton());

    await waitFor(() => expect(save.saves).toHaveLength(1));
    const { fields, files, order, authorization } = save.saves[0]!;
    expect(fields).toMatchObject({ strategyName: 'arbitrage 3', strategySoleId: soleId, initialMoney: '50000', token: 'admin-token' });
    // the server checks the token before it reads a file: in a header, and first in the form
    expect(authorization).toBe('Bearer admin-token');
    expect(order[0]).toBe('token');
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

    await user.upload(mainInput(), new File(['# broken/{"dlt":0.1,/v1\nprint(1)\n'], 'broken.py'));
    expect(await within(dialog).findByText('无法解析该文本!')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.click(saveButton());

    // a file that does not begin with a hash comment is refused the same way
    await user.upload(mainInput(), new File(['print("no header")\n'], 'plain.py'));
    await waitFor(() => expect(within(dialog).getByText('plain.py')).toBeInTheDocument());
    expect(await within(dialog).findByText('无法解析该文本!')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(save.saves).toHaveLength(0);

    // a valid file clears the error
    await user.upload(mainInput(), new File([VALID_MAIN], 'good.py'));
    await waitFor(() => expect(within(dialog).queryByText('无法解析该文本!')).not.toBeInTheDocument());
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });

  it('refuses to save without a main file', async () => {
    const save = recordSave();
    server.use(listing(() => []).handler, save.handler);
    renderPage(<StrategyListPage />, { path: '/strategy' });
    const dialog = await openAddDialog();
    fill(within(dialog).getByLabelText('策略名称'), 'nofile');
    fill(within(dialog).getByLabelText('初始资金'), '1000');
    await user.click(saveButton());
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
    await user.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py'));
    await waitFor(() => expect(paramNames()).toHaveLength(3));

    await user.click(within(dialog).getByRole('button', { name: /新增参数/ }));
    expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow', '']);
    await user.click(saveButton());
    expect(await within(dialog).findByText('参数不能为空')).toBeInTheDocument();
    expect(save.saves).toHaveLength(0);

    // deleting the empty row lets the save through
    await user.click(within(dialog).getAllByRole('button', { name: '删除参数' })[3]!);
    await user.click(saveButton());
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
    await user.upload(mainInput(), new File([VALID_MAIN], 'arbitrage3.py'));
    await waitFor(() => expect(paramNames()).toHaveLength(3));
    await user.click(within(dialog).getByRole('button', { name: /新增参数/ }));
    fill(screen.getAllByLabelText('参数名').at(-1)!, 'note');
    fill(screen.getAllByLabelText('参数值/描述').at(-1)!, 'keep me');

    await user.click(saveButton());
    expect(await screen.findByText('策略名称已存在')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('策略名称')).toHaveValue('arbitrage 2');
    expect(within(dialog).getByLabelText('初始资金')).toHaveValue('777');
    expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow', 'note']);
    expect(paramValues().at(-1)).toBe('keep me');
    expect(within(dialog).getByText('arbitrage3.py')).toBeInTheDocument();

    // trying again sends the same thing
    await user.click(saveButton());
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
    await user.click(await within(row).findByRole('button', { name: /配\s*置/ }));
    const dialog = await screen.findByRole('dialog');

    expect(within(dialog).getByText('配置策略')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('策略唯一ID')).toHaveValue('a1b2c3d4e5f60718');
    expect(within(dialog).getByLabelText('策略名称')).toHaveValue('arbitrage 2');
    expect(paramNames()).toEqual(['currency_type', 'is_borrow', 'dlt', 'm']);
    expect(paramValues()).toEqual(['btc', 'false', '{"CW":0.002,"NW":0.003,"CQ":0.004,"NQ":0.005}', '2']);

    fill(within(dialog).getByLabelText('策略名称'), 'arbitrage 2b');
    await user.click(within(dialog).getAllByRole('button', { name: '删除参数' })[0]!); // currency_type
    await user.click(saveButton());

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
    await user.click(await within(row).findByRole('button', { name: /配\s*置/ }));
    await screen.findByRole('dialog');
    await user.upload(mainInput(), new File([VALID_MAIN], 'v2.py'));
    await waitFor(() => expect(paramNames()).toEqual(['dlt', 'm', 'is_borrow']));
    await user.click(saveButton());

    await waitFor(() => expect(save.saves).toHaveLength(1));
    expect(save.saves[0]!.fields).toMatchObject({ strategySoleId: 'a1b2c3d4e5f60718', strategyName: 'arbitrage 2', initialMoney: '100000' });
    expect(save.saves[0]!.files.file).toEqual([VALID_MAIN]);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });
});
