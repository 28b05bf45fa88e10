import { screen } from '@testing-library/react';
import { useCall } from '../../src/api/use-call';
import { RouteGuard } from '../../src/console/route-guard';
import { RegisterForm } from '../../src/components/auth-forms/register-form';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, traderSession, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const permissions = (columns: string[]) => envelope({ columns, strategy: [], userName: 'trader', is_super: 0, level: 0 });

describe('route guard', () => {
  it('shows a permitted page', async () => {
    server.use(onCall('permissions', () => permissions(['/market'])));
    renderPage(<RouteGuard access={{ resource: 'market', action: 'list' }}>market page</RouteGuard>, { path: '/market', session: traderSession });
    expect(await screen.findByText('market page')).toBeInTheDocument();
  });

  it('sends a path outside the permission list to /home', async () => {
    server.use(onCall('permissions', () => permissions(['/market'])));
    renderPage(<RouteGuard access={{ resource: 'global-config', action: 'list' }}>config page</RouteGuard>, { path: '/config', session: traderSession });
    expect(await screen.findByTestId('redirected')).toBeInTheDocument();
    expect(screen.queryByText('config page')).not.toBeInTheDocument();
  });

  it('says 获取权限失败 with a retry when the permission list cannot be loaded', async () => {
    let calls = 0;
    server.use(onCall('permissions', () => (++calls === 1 ? envelope(null, 500, 'db down') : permissions(['/market']))));
    renderPage(<RouteGuard access={{ resource: 'market', action: 'list' }}>market page</RouteGuard>, { path: '/market', session: traderSession });
    expect(await screen.findByText('获取权限失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('market page')).toBeInTheDocument();
  });
});

describe('a call the permission table refuses', () => {
  function ConfigProbe() {
    useCall('globalConfigGet', {});
    return <p>probe</p>;
  }

  it('shows the server\'s 403 "no permission" as a notification', async () => {
    server.use(onCall('globalConfigGet', () => envelope(null, 403, '没有权限：globalConfigGet')));
    renderPage(<ConfigProbe />, { path: '/probe', session: traderSession });
    expect(await screen.findByText('没有权限：globalConfigGet')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();
  });
});

describe('register form', () => {
  it('shows the server info when registration fails and keeps what was typed', async () => {
    server.use(onCall('register', () => envelope(null, 400, '用户名已存在')));
    renderPage(<RegisterForm />, { session: null });
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'secret1');
    await userEvent.type(screen.getByLabelText('手机号'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('用户名已存在')).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toHaveValue('admin');
    expect(screen.queryByText('注册成功，是否查看新手指引？')).not.toBeInTheDocument();
  });

  it('asks about the newcomer guide after a successful registration', async () => {
    const register = recordCall('register');
    server.use(register.handler);
    renderPage(<RegisterForm />, { session: null });
    await userEvent.type(screen.getByLabelText('用户名'), 'newbie');
    await userEvent.type(screen.getByLabelText('密码'), 'secret1');
    await userEvent.type(screen.getByLabelText('手机号'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect((await screen.findAllByText('注册成功，是否查看新手指引？')).length).toBeGreaterThan(0);
    expect(register.calls[0]).toMatchObject({ username: 'newbie', password: 'secret1', telPhone: '13800138000' });
    expect(register.calls[0]).not.toHaveProperty('token');
  });
});
