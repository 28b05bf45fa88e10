import { act, screen, waitFor, within } from '@testing-library/react';
import SignalPage from '../../src/features/tools/signal';
import CoinsPage from '../../src/features/tools/coins';
import type { SignalRow } from '#contract/types/signal-coins';
import { FakeSocket } from '../unit/fake-socket';
import { envelope, onCall, server } from './msw';
import { renderPage } from './render';
import { taskPageSetup } from './task-helpers';
import { followTask, userEvent } from './unilateral-helpers';

taskPageSetup();

const signal = (id: number, type: SignalRow['type'], createtime: string): SignalRow => ({
  id,
  strategyId: 1,
  names: 'trend-btc',
  coin: 'btc',
  type,
  price: 91234.5,
  qty: 0.25,
  createtime,
});

describe('signal page', () => {
  it('shows the latest signals and reads them again on every /web/all/data push', async () => {
    let signals = [signal(1, 1, '2026-11-25 08:00:00')];
    server.use(
      onCall('signalList', () => envelope(signals)),
      onCall('unilateralApiList', () => envelope([])),
    );
    renderPage(<SignalPage />, { path: '/signal' });
    const table = await screen.findByTestId('signal-table');
    expect(await within(table).findByText('多开')).toBeInTheDocument();
    expect(within(table).getByText('BTC')).toBeInTheDocument();

    signals = [signal(2, -2, '2026-11-25 09:00:00'), ...signals];
    const socket = FakeSocket.instances.find((s) => s.url.includes('/web/all/data'))!;
    act(() => socket.open());
    act(() => socket.receive(JSON.stringify({ code: 200, data: { strategy: [] }, task: [] })));
    expect(await within(table).findByText('多平')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-25 09:00:00')).toBeInTheDocument();
  });

  it('spins while a follow switch saves, and rolls back with a notification when the save fails', async () => {
    let answer: (() => void) | null = null;
    const saves: Record<string, unknown>[] = [];
    server.use(
      onCall('signalList', () => envelope([])),
      onCall('unilateralApiList', () => envelope([followTask(7, 1)])),
      onCall('followSignalGet', () => envelope({ apiId: 7, follow: 1 })),
      onCall('followSignalSave', async ({ payload }) => {
        saves.push(payload);
        await new Promise<void>((resolve) => (answer = resolve));
        return envelope(null, 400, 'refused by the server');
      }),
    );
    renderPage(<SignalPage />, { path: '/signal' });
    const toggle = await screen.findByRole('switch', { name: 'api-7 跟随信号' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(toggle);
    await waitFor(() => expect(saves).toEqual([expect.objectContaining({ apiId: 7, follow: 0 })]));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveClass('ant-switch-loading');

    act(() => answer!());
    expect(await screen.findByText('refused by the server')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).not.toHaveClass('ant-switch-loading');
  });
});

describe('coins page', () => {
  it('adds a chosen coin, keeps it chosen when the server refuses it, and removes a coin after a confirm', async () => {
    let blacklist = ['eth'];
    const saves: Record<string, unknown>[] = [];
    server.use(
      onCall('coinRangeGet', () => envelope({ coins: [] })),
      onCall('currencyBlacklistGet', () => envelope({ coins: blacklist })),
      onCall('currencyBlacklistSave', ({ payload }) => {
        saves.push(payload);
        if (payload.op === 'add') return envelope(null, 400, 'BTC already listed');
        blacklist = blacklist.filter((c) => c !== payload.coin);
        return envelope({ coins: blacklist });
      }),
    );
    renderPage(<CoinsPage />, { path: '/coins' });
    const card = await screen.findByTestId('coins-blacklist');
    expect(await within(card).findByText('ETH')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('combobox', { name: '选择币种' }));
    await userEvent.click(await screen.findByText('BTC', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(card).getByText(/添\s?加/, { selector: 'button > span' }));
    expect(await screen.findByText('BTC already listed')).toBeInTheDocument();
    expect(saves).toEqual([expect.objectContaining({ coin: 'btc', op: 'add' })]);
    // the choice is kept for another try
    expect(within(card).getByText('BTC', { selector: '.ant-select-selection-item' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: '移除 ETH' }));
    await userEvent.click(await screen.findByText(/确\s?定/, { selector: '.ant-popover button > span' }));
    await waitFor(() => expect(within(card).queryByText('ETH')).not.toBeInTheDocument());
    expect(saves.at(-1)).toEqual(expect.objectContaining({ coin: 'eth', op: 'remove' }));
  });
});
