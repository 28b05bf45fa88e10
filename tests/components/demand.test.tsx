import { act, screen, within } from '@testing-library/react';
import DemandPage from '../../src/features/demand';
import { renderPage } from './render';
import { push, socketOf, useFakeSockets } from './market-feed';

useFakeSockets();

const rows = (btcDemand: number) => [
  { api_id: 12, api_name: 'Huobi-one', currency: 'eth', demand: 3, available: 5 },
  { api_id: 11, api_name: 'OKEx-main', currency: 'eth', demand: 10, available: 4.5 },
  { api_id: 11, api_name: 'OKEx-main', currency: 'btc', demand: btcDemand, available: 2 },
];

describe('funding demand page', () => {
  it('shows a live table per API and currency, with the feed state, and updates on every message', async () => {
    const view = renderPage(<DemandPage />, { path: '/demand' });
    expect(await screen.findByText('暂无资金需求数据')).toBeInTheDocument();
    const socket = socketOf('/ts/req')!;
    await push(socket, { data: rows(1.25) });
    // §7: "1" on open, and again every 1300 ms (the beat's timing: tests/unit/feed-manager.test.ts)
    expect(socket.sent[0]).toBe('1');
    expect(new Set(socket.sent)).toEqual(new Set(['1']));

    const tables = screen.getAllByTestId('demand-table');
    expect(tables.map((t) => within(t).getByText(/ID \d+/).textContent)).toEqual(['OKEx-main（ID 11）', 'Huobi-one（ID 12）']);
    const okex = tables[0];
    const cells = (currency: string) => [...within(okex).getByText(currency).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    // currencies in §9 order, amounts with 4 decimals, the shortfall red
    expect(
      within(okex)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')!.textContent),
    ).toEqual(['BTC', 'ETH']);
    expect(cells('BTC')).toEqual(['BTC', '1.2500', '2.0000', '0.0000']);
    expect(cells('ETH')).toEqual(['ETH', '10.0000', '4.5000', '5.5000']);
    expect(within(okex).getByText('5.5000')).toHaveClass('ant-typography-danger');
    expect(screen.getByText(/实时/).closest('[data-feed]')).toHaveAttribute('data-feed-state', 'live');

    act(() => socket.receive('ok'));
    await push(socket, { data: rows(3) });
    expect(cells('BTC')).toEqual(['BTC', '3.0000', '2.0000', '1.0000']);

    // leaving the page says "0" and closes the socket
    view.unmount();
    expect(socket.sent.at(-1)).toBe('0');
    expect(socket.closeCalls).toBe(1);
  });

  it('shows the feed reconnecting after a drop', async () => {
    renderPage(<DemandPage />, { path: '/demand' });
    const socket = socketOf('/ts/req')!;
    await push(socket, { data: rows(1) });
    act(() => socket.drop());
    expect(await screen.findByText(/重连中/)).toBeInTheDocument();
    // the rows stay on screen while the feed reconnects
    expect(screen.getAllByTestId('demand-table')).toHaveLength(2);
  });
});
