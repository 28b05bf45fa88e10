import { createHash } from 'node:crypto';
import { screen, waitFor, fireEvent } from '@testing-library/react';
import { leadingZeroBits } from '#contract/rules/captcha';
import { LoginForm } from '../../src/components/auth-forms/login-form';
import { ChangePasswordDialog } from '../../src/components/auth-forms/change-password-dialog';
import { getToken, readSession } from '../../src/providers/session';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const challenge = { gt: 'gt', challenge: 'abc123', success: 1, new_captcha: true, user_id: 'u-1', difficulty: 8 };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('login form', () => {
  it('answers the captcha with its proof of work, sends it with the credentials and stores the session', async () => {
    const login = recordCall('login', { token: 't-1', is_super: 1, userName: 'admin', level: 1 });
    server.use(
      onCall('captcha', () => envelope(challenge)),
      login.handler,
    );
    const onSuccess = vi.fn();
    renderPage(<LoginForm onSuccess={onSuccess} />, { session: null });

    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'admin123');
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(await screen.findByText('验证通过')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const sent = login.calls[0] as Record<string, string>;
    expect(sent).toMatchObject({ username: 'admin', password: 'admin123', userId: 'u-1', geetest_challenge: 'abc123' });
    // not derived from the challenge alone: SHA-256(challenge + nonce) starts with 8 zero bits
    const digest = sha256(`abc123${sent.geetest_validate}`);
    expect(sent.geetest_seccode).toBe(digest.toString('hex'));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(8);
    expect(readSession()).toMatchObject({ token: 't-1', userName: 'admin', isSuper: true });
  });

  it('completes the slider with ArrowRight presses, as with End', async () => {
    server.use(onCall('captcha', () => envelope(challenge)));
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '10');
    for (let i = 0; i < 9; i += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(await screen.findByText('验证通过')).toBeInTheDocument();
  });

  it('says the check needs https where the page has no WebCrypto (a page served over plain http)', async () => {
    server.use(onCall('captcha', () => envelope(challenge)));
    vi.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto);
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.keyDown(slider, { key: 'End' });
    expect(await screen.findByText('验证需要安全连接（HTTPS），请通过 https 打开控制台')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('refuses to submit before the captcha is completed', async () => {
    const login = recordCall('login', {});
    server.use(
      onCall('captcha', () => envelope(challenge)),
      login.handler,
    );
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'x');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请先完成滑块验证')).toBeInTheDocument();
    expect(login.calls).toHaveLength(0);
  });

  it('shows the server error titled 错误, keeps what was typed and loads a new captcha', async () => {
    let captchas = 0;
    server.use(
      onCall('captcha', () => envelope({ ...challenge, challenge: `c${++captchas}` })),
      onCall('login', () => envelope(null, 400, '用户名或密码错误')),
    );
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'wrong');
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.keyDown(slider, { key: 'End' });
    await screen.findByText('验证通过');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByText('错误')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveValue('admin');
    await waitFor(() => expect(captchas).toBe(2));
    await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0'));
  });

  it('says 网络错误 when the captcha cannot be reached, and loads it again on demand', async () => {
    let calls = 0;
    server.use(onCall('captcha', () => (++calls === 1 ? Response.error() : envelope(challenge))));
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    expect(await screen.findByText('网络错误')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重新获取验证码/ }));
    await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('aria-disabled', 'false'));
  });

  it('says 获取验证码失败 when the captcha call fails', async () => {
    server.use(onCall('captcha', () => envelope(null, 500, 'boom')));
    renderPage(<LoginForm onSuccess={vi.fn()} />, { session: null });
    expect(await screen.findByText('获取验证码失败')).toBeInTheDocument();
  });
});

describe('change password dialog', () => {
  it('refuses two different new passwords with 两次输入的密码不一致！', async () => {
    const change = recordCall('changePassword');
    server.use(change.handler);
    renderPage(<ChangePasswordDialog open onClose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('原密码'), 'old-pass');
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('再次输入新密码'), 'new-pass-2');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('两次输入的密码不一致！')).toBeInTheDocument();
    expect(change.calls).toHaveLength(0);
  });

  it('sends old and new password, says 修改密码成功! and carries on with the fresh token of the reply', async () => {
    const change = recordCall('changePassword', { token: 'fresh-token' });
    server.use(change.handler);
    const onClose = vi.fn();
    renderPage(<ChangePasswordDialog open onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('原密码'), 'old-pass');
    await userEvent.type(screen.getByLabelText('新密码'), 'new-pass');
    await userEvent.type(screen.getByLabelText('再次输入新密码'), 'new-pass');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('修改密码成功!')).toBeInTheDocument();
    expect(change.calls[0]).toMatchObject({ token: 'admin-token', old_password: 'old-pass', new_password: 'new-pass' });
    expect(onClose).toHaveBeenCalled();
    expect(getToken()).toBe('fresh-token');
  });
});
