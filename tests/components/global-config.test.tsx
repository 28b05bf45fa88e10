import { screen, waitFor, within } from '@testing-library/react';
import GlobalConfigEditPage from '../../src/features/global-config/edit';
import type { GlobalConfig } from '#contract/rules/global-config-rules';
import { envelope, onCall, recordCall, server } from './msw';
import { adminSession, renderPage, traderSession, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const stored: GlobalConfig = {
  depthMarket: 5,
  priceSlippage: 0.001,
  voiceIntervalTime: 60,
  messageIntervalTime: 300,
  tradingIntervalTime: 1,
  isBorrow: false,
  maxBorrowBTC: 50,
  maxBorrowLTC: 30,
  maxBorrowETH: 45,
  maxBorrowETC: 30,
  maxBorrowXRP: 20,
  maxBorrowEOS: 30,
  maxBorrowBCH: 30,
  maxBorrowBSV: 20,
  maxBorrowTRX: 10,
};

// Role queries walk antd's whole accessibility tree (seconds per call in an emulated DOM): find by text and label instead.
const saveButton = () => screen.queryByText(/^保\s*存$/)?.closest('button') ?? null;
const borrowSwitch = () => screen.getByLabelText('允许借贷');

/** Replaces what an input holds with `text`, as a user selecting it all and typing would. */
async function retype(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

/** Waits until the field's own help text (what antd shows under it) says `text`. */
async function expectFieldError(label: string, text: string) {
  await waitFor(() => {
    const input = screen.getByLabelText(label);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const help = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(help).toHaveTextContent(text);
  });
}

async function renderLoaded(session = adminSession) {
  const get = recordCall('globalConfigGet', stored);
  server.use(get.handler);
  renderPage(<GlobalConfigEditPage />, { path: '/config', session });
  await waitFor(() => expect(screen.getByLabelText('深度档位')).toHaveValue('5'));
  return get;
}

describe('global config page', () => {
  it('loads every field of the config into the form', async () => {
    const get = await renderLoaded();
    expect(get.calls[0]).toMatchObject({ token: 'admin-token' });
    expect(screen.getByLabelText('价格滑点')).toHaveValue('0.001');
    expect(screen.getByLabelText('语音通知间隔')).toHaveValue('60');
    expect(screen.getByLabelText('短信通知间隔')).toHaveValue('300');
    expect(screen.getByLabelText('交易间隔')).toHaveValue('1');
    expect(borrowSwitch()).not.toBeChecked();
    const percents = { BTC: '50', LTC: '30', ETH: '45', ETC: '30', XRP: '20', EOS: '30', BCH: '30', BSV: '20', TRX: '10' };
    for (const [coin, value] of Object.entries(percents)) expect(screen.getByLabelText(coin)).toHaveValue(value);
  });

  it('lets the super user save every field, numbers as numbers and isBorrow a boolean, and says 保存成功', async () => {
    await renderLoaded(adminSession);
    const update = recordCall('globalConfigUpdate', null);
    server.use(update.handler);

    await retype('深度档位', '8');
    await retype('价格滑点', '0.0025');
    await retype('交易间隔', '3');
    await userEvent.click(borrowSwitch());
    await retype('ETH', '62.5');
    await userEvent.click(saveButton()!);

    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(update.calls).toHaveLength(1);
    const { token, ...sent } = update.calls[0];
    expect(token).toBe('admin-token');
    expect(sent).toStrictEqual({
      ...stored,
      depthMarket: 8,
      priceSlippage: 0.0025,
      tradingIntervalTime: 3,
      isBorrow: true,
      maxBorrowETH: 62.5,
    });
    expect(screen.getByLabelText('深度档位')).toHaveValue('8');
  });

  it('shows an ordinary user the values read-only, with no save button', async () => {
    await renderLoaded(traderSession);
    expect(screen.getByText('仅超级用户可以修改全局配置，您当前只能查看。')).toBeInTheDocument();
    expect(saveButton()).not.toBeInTheDocument();
    for (const label of ['深度档位', '价格滑点', '语音通知间隔', '短信通知间隔', '交易间隔', 'BTC', 'TRX']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(borrowSwitch()).toBeDisabled();
  });

  it('refuses a negative value with a message and sends nothing', async () => {
    await renderLoaded();
    const update = recordCall('globalConfigUpdate', null);
    server.use(update.handler);
    await retype('语音通知间隔', '-5');
    await userEvent.click(saveButton()!);
    await expectFieldError('语音通知间隔', '语音通知间隔不能为负数');
    expect(screen.getByLabelText('语音通知间隔')).toHaveValue('-5');
    expect(update.calls).toHaveLength(0);
  });

  it('refuses a percent above 100 with a message and sends nothing', async () => {
    await renderLoaded();
    const update = recordCall('globalConfigUpdate', null);
    server.use(update.handler);
    await retype('BTC', '150');
    await userEvent.click(saveButton()!);
    await expectFieldError('BTC', 'BTC最大借贷比例的值大小在0~100之间!');
    expect(update.calls).toHaveLength(0);
  });

  it('refuses an interval that is not a whole number and an empty field', async () => {
    await renderLoaded();
    const update = recordCall('globalConfigUpdate', null);
    server.use(update.handler);
    await retype('短信通知间隔', '2.5');
    await userEvent.clear(screen.getByLabelText('深度档位'));
    await userEvent.click(saveButton()!);
    await expectFieldError('短信通知间隔', '短信通知间隔必须是整数');
    await expectFieldError('深度档位', '请填写深度档位');
    expect(update.calls).toHaveLength(0);
  });

  it('shows the server refusal (提示 + info) and keeps what was typed', async () => {
    await renderLoaded();
    let attempts = 0;
    server.use(
      onCall('globalConfigUpdate', () => {
        attempts += 1;
        return envelope(null, 403, '没有权限：仅超级管理员可以执行此操作');
      }),
    );
    await retype('交易间隔', '7');
    await retype('XRP', '33');
    await userEvent.click(saveButton()!);

    const notice = (await screen.findByText('没有权限：仅超级管理员可以执行此操作')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(notice).getByText('提示')).toBeInTheDocument();
    expect(attempts).toBe(1);
    expect(screen.queryByText('保存成功')).not.toBeInTheDocument();
    expect(screen.getByLabelText('交易间隔')).toHaveValue('7');
    expect(screen.getByLabelText('XRP')).toHaveValue('33');
  });

  it('says the config could not be loaded and offers to reload', async () => {
    let fail = true;
    server.use(onCall('globalConfigGet', () => (fail ? envelope(null, 500, '数据库不可用') : envelope(stored))));
    renderPage(<GlobalConfigEditPage />, { path: '/config', session: adminSession });
    expect(await screen.findByText('全局配置加载失败')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByText(/重新加载/));
    await waitFor(() => expect(screen.getByLabelText('深度档位')).toHaveValue('5'));
  });
});
