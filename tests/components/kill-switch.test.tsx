import { screen, waitFor, within } from '@testing-library/react';
import KillSwitch from '../../src/components/header/kill-switch';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, traderSession, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('kill switch', () => {
  it('says what it stops, then calls killSwitch and shows what it stopped and cancelled', async () => {
    const kill = recordCall('killSwitch', { accounts: [11, 12], stoppedTasks: 3, cancelledOrders: 5 });
    server.use(kill.handler);
    renderPage(<KillSwitch />, { path: '/market' });
    // the super user: every account, without reading any list
    await userEvent.click(await screen.findByRole('button', { name: '紧急停止' }));
    const confirm = (await screen.findByText('紧急停止', { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText(/所有账户上的实盘和测试网任务，并撤销它们在交易所的全部未成交订单/)).toBeInTheDocument();
    expect(kill.calls).toHaveLength(0);
    await userEvent.click(within(confirm).getByText(/全部停止/, { selector: 'button > span' }));

    expect(await screen.findByText('已停止 3 个任务，撤销 5 个订单，涉及 2 个账户')).toBeInTheDocument();
    expect(kill.calls).toEqual([{ token: 'admin-token' }]);
  });

  it('is not shown to a user without API accounts, and is to one with', async () => {
    const names = recordCall('apiNames', []);
    server.use(names.handler);
    const { unmount } = renderPage(<KillSwitch />, { path: '/market', session: traderSession });
    await waitFor(() => expect(names.calls).toHaveLength(1));
    expect(screen.queryByTestId('kill-switch')).not.toBeInTheDocument();
    unmount();

    server.use(onCall('apiNames', () => envelope([{ id: 11, name: 'OKEx-main' }])));
    renderPage(<KillSwitch />, { path: '/market', session: traderSession });
    expect(await screen.findByTestId('kill-switch')).toBeInTheDocument();
  });

  it('keeps its room in the header while the names are read (nothing moves when it shows), and gives it back when there is none', async () => {
    let answer: ((names: unknown[]) => void) | undefined;
    server.use(onCall('apiNames', () => new Promise((resolve) => (answer = (names) => resolve(envelope(names))))));
    const { container } = renderPage(<KillSwitch />, { path: '/market', session: traderSession });
    const room = await waitFor(() => {
      const held = container.querySelector<HTMLElement>('button[aria-hidden="true"]');
      expect(held).not.toBeNull();
      return held!;
    });
    expect(room.style.visibility).toBe('hidden');
    expect(screen.queryByRole('button', { name: '紧急停止' })).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    expect(container.querySelector('button[aria-hidden="true"]')).not.toBeNull();
    answer!([]);
    await waitFor(() => expect(container.querySelector('button')).toBeNull());
  });
});
