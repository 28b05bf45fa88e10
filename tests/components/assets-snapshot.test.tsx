import { screen, waitFor, within } from '@testing-library/react';
import AssetSnapshotPage from '../../src/features/assets/snapshot';
import AssetBoardPage from '../../src/features/assets/board';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

const APIS = [
  { id: 1, name: 'alpha', bourse_id: 1, status: 4 },
  { id: 2, name: 'beta', bourse_id: 2, status: 1 },
];
const POINTS = [
  { dateTime: '2026-11-01 10:00', equity_usdt: 10, rate_usdt: 0.1, equity: 1, equity_rate_usdt: 0.2 },
  { dateTime: '2026-11-01 10:01', equity_usdt: 11, rate_usdt: 0.11, equity: 1.1, equity_rate_usdt: 0.21 },
];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('/assets/snapshot', () => {
  it('draws the API ratio curve (layout 3 by default) and shows a manual snapshot as a real view', async () => {
    const imaging = recordCall('assetImaging', POINTS);
    const snapshot = recordCall('assetManualSnapshot', {
      time: '2026-11-01 10:05:00',
      statistics: { 'total_equity(USDT)': 300, 'principal/surplus(USDT)': '200/100', total_position: 1, 'total_used/surplus(USDT)': '210/90' },
      list: [
        { currency: 'btc', spot: 0.001, self_worth: 200, price: 50000 },
        { currency: 'eth', spot: 0.05, self_worth: 100, price: 2000 },
      ],
    });
    server.use(
      onCall('apiList', () => envelope(APIS)),
      imaging.handler,
      snapshot.handler,
    );
    renderPage(<AssetSnapshotPage />, { path: '/assets/snapshot' });
    expect(await screen.findByRole('heading', { name: '资产快照' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart-dual')).toHaveAttribute('data-points', '2');
    expect(imaging.calls[0]).toMatchObject({ apiId: '1', layout: '3' });
    expect(screen.getByText('暂无快照，点击“立即快照”记录当前资产。')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /立即快照/ }));
    const view = await screen.findByTestId('snapshot-view');
    expect(snapshot.calls[0]).toMatchObject({ apiId: '1' });
    expect(await within(view).findByTestId('chart-column')).toHaveAttribute('data-points', '2');
    expect(within(view).getByText('快照时间: 2026-11-01 10:05')).toBeInTheDocument();
    expect(within(view).getByText('各币种自有价值合计 300.0000 USDT')).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: '查看 ETH 走势' })).toBeInTheDocument();
    // the net used rate of 70 % puts its text inside a red bar
    expect(view.querySelector('[data-rate="net"]')).toHaveAttribute('data-text-inside', 'true');
    expect(screen.getByRole('link', { name: /资产看板/ })).toHaveAttribute('href', '/assets/snapshot/board');
  });
});

describe('/assets/snapshot/board', () => {
  it('one ratio curve per API, with one range and unit for all; each card names the equity and its change over that range', async () => {
    const imaging = recordCall('assetImaging', POINTS);
    const changes = [{ apiId: 1, name: 'alpha', equity_usdt: 1234.5, rates: { '10m': 0, '1h': 0, '1d': 0.0123, '1w': 0.02, '1M': -0.05 } }];
    server.use(
      onCall('apiList', () => envelope(APIS)),
      imaging.handler,
      onCall('assetChangingRate', () => envelope(changes)),
    );
    renderPage(<AssetBoardPage />, { path: '/assets/snapshot/board' });
    expect(await screen.findByRole('heading', { name: '资产看板' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('chart-dual')).toHaveLength(2));
    expect(imaging.calls.map((c) => [c.apiId, c.layout]).sort()).toEqual([
      ['1', '3'],
      ['2', '3'],
    ]);
    expect(await screen.findByTestId('board-change-1')).toHaveTextContent('权益 1234.5000 USDT，1天变化 +1.23%');
    expect(screen.queryByTestId('board-change-2')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('1个月'));
    await waitFor(() =>
      expect(
        imaging.calls
          .filter((c) => c.layout === '5')
          .map((c) => c.apiId)
          .sort(),
      ).toEqual(['1', '2']),
    );
    expect(screen.getByTestId('board-change-1')).toHaveTextContent('权益 1234.5000 USDT，1个月变化 -5.00%');
  });

  it('a user without an API sees the empty state linking to /api', async () => {
    server.use(
      onCall('apiList', () => envelope([])),
      onCall('assetChangingRate', () => envelope([])),
    );
    renderPage(<AssetBoardPage />, { path: '/assets/snapshot/board' });
    expect(await screen.findByRole('link', { name: '去添加API' })).toHaveAttribute('href', '/api');
  });
});
