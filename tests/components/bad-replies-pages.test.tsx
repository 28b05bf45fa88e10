import { act, cleanup, screen, waitFor } from '@testing-library/react';
import MarketPage from '../../src/features/market';
import AssetsPage from '../../src/features/assets/list';
import AssetSnapshotPage from '../../src/features/assets/snapshot';
import AssetBoardPage from '../../src/features/assets/board';
import StatisticPage from '../../src/features/statistic/list';
import DemandPage from '../../src/features/demand';
import StrategyListPage from '../../src/features/strategies/list';
import { LoginForm } from '../../src/components/auth-forms/login-form';
import { RouteGuard } from '../../src/console/route-guard';
import { feedManager, FeedManager } from '../../src/live/manager';
import { ManualFrames } from '../unit/live-harness';
import { HttpResponse } from 'msw';
import { envelope, onCall, server } from './msw';
import { renderPage, traderSession, userEvent } from './render';
import { push, socketOf } from './market-feed';
import { taskPageSetup } from './task-helpers';
import { listing, ARBITRAGE_2 } from './strategies-helpers';
import { buttonIn, describeBadReplies, watchUncaught, type PageCase } from './bad-replies-harness';

/**
 * "Bad replies" of the pages tests/components/bad-replies.test.tsx does not cover: /market, /assets
 * (its tabs, the snapshot and the board), /statistic (every tab), and the minor reads: the slider captcha, the
 * permission list, the API names and order counts of /statistic, the strategy's default-parameter popover;
 * and /demand, whose only source is its feed.
 * The harness and its rules: ./bad-replies-harness.tsx.
 */

taskPageSetup();
let manager: FeedManager;
beforeEach(() => {
  manager = new FeedManager({ random: () => 0.5, requestFrame: new ManualFrames().request, getToken: () => 'admin-token' });
});
afterEach(() => {
  // unmount first: the pages' own unsubscribes close their feeds inside React's act
  cleanup();
  manager.closeAll();
  feedManager.closeAll();
});

const APIS = [{ id: 1, name: 'alpha', bourse_id: 1, bourse_name: 'okex', status_info: 'ok', apiKey: 'k', apiSecret: '', status: 4 }];

function marketHandlers() {
  server.use(
    onCall('bourseGet', () =>
      envelope([
        { id: 1, name: 'OKEx' },
        { id: 2, name: 'Huobi' },
      ]),
    ),
    onCall('marketParamGet2', () => envelope([[1, 2, 4, 1]])),
    onCall('marketParamGet', () => envelope({})),
    onCall('deliveryCode', () => envelope({ CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' })),
    onCall('currencyTypeGet', () => envelope(['btc'])),
    onCall('apiList', () => envelope(APIS)), // the net spreads' fees
    onCall('apiChargesGet', () => envelope({ ssEatCharges: 0.001, fuEatCharges: 0.0005, csEatCharges: 0.0005 })),
  );
}
function assetsHandlers() {
  server.use(
    onCall('apiList', () => envelope(APIS)),
    onCall('assetStatistics', () => envelope([])),
    onCall('assetTradeRecords', () => envelope([])),
    onCall('assetLedgerLog', () => envelope([])),
    onCall('assetBorrowRecords', () => envelope([])),
    onCall('assetImaging', () => envelope([])),
    onCall('assetChangingRate', () => envelope([])),
  );
}
function statisticHandlers() {
  server.use(
    onCall('apiNames', () => envelope([{ id: 3, name: 'alpha' }])),
    onCall('orderApiNumber', () => envelope({ '3': 5 })),
    onCall('orderTotalData', () => envelope({ automatic: [], manual: [] })),
    onCall('orderPaging', () => envelope({ datas: [], pages: 1 })),
  );
}
const RETRY = /^重\s*试$/;
const NO_API = '去添加API';
// (found by its text: role queries compute every element's name and style on antd's DOM, the slow part)
const openTab = (name: string) => async () => userEvent.click(await screen.findByText(name, { selector: '[role="tab"]' }));

const assetsPage = { ui: () => <AssetsPage manager={manager} />, at: { path: '/assets' } };
const statisticPage = { ui: () => <StatisticPage manager={manager} />, at: { path: '/statistic' } };

const PAGES: PageCase[] = [
  {
    name: 'market',
    handlers: marketHandlers,
    ui: () => <MarketPage />,
    at: { path: '/market' },
    calls: ['bourseGet', 'marketParamGet2', 'marketParamGet', 'deliveryCode', 'apiList'],
    usable: '添加行情表',
  },
  // an account's fees, read once the list of accounts came (for the net spreads)
  { name: 'market fees', handlers: marketHandlers, ui: () => <MarketPage />, at: { path: '/market' }, calls: ['apiChargesGet'], usable: '添加行情表' },
  // without its list of accounts the page says the failure with a retry, not its no-API state ("no API yet")
  { name: 'assets', handlers: assetsHandlers, ...assetsPage, calls: ['apiList'], usable: RETRY, untrue: NO_API },
  // the ratio curve and the trade records have the shapes the page reads (contract/calls.ts): another is said, not drawn as nothing
  { name: 'assets chart', handlers: assetsHandlers, ...assetsPage, calls: ['assetStatistics'], usable: '资产快照' },
  { name: 'assets trades', handlers: assetsHandlers, ...assetsPage, drive: openTab('交易记录'), calls: ['assetTradeRecords'], usable: '资产快照' },
  { name: 'assets transfers', handlers: assetsHandlers, ...assetsPage, drive: openTab('划转记录'), calls: ['assetLedgerLog'], usable: '资产快照' },
  { name: 'assets borrow', handlers: assetsHandlers, ...assetsPage, drive: openTab('借币记录'), calls: ['assetBorrowRecords'], usable: '资产快照' },
  {
    name: 'assets snapshot',
    handlers: assetsHandlers,
    ui: () => <AssetSnapshotPage />,
    at: { path: '/assets/snapshot' },
    calls: ['apiList'],
    usable: RETRY,
    untrue: NO_API,
  },
  {
    name: 'assets snapshot curve',
    handlers: assetsHandlers,
    ui: () => <AssetSnapshotPage />,
    at: { path: '/assets/snapshot' },
    calls: ['assetImaging'],
    usable: '立即快照',
  },
  {
    name: 'assets snapshot taken',
    handlers: assetsHandlers,
    ui: () => <AssetSnapshotPage />,
    at: { path: '/assets/snapshot' },
    drive: async () => userEvent.click(await waitFor(() => buttonIn(document.body, /立即快照/))),
    calls: ['assetManualSnapshot'],
    usable: '立即快照',
  },
  {
    name: 'assets board',
    handlers: assetsHandlers,
    ui: () => <AssetBoardPage />,
    at: { path: '/assets/snapshot/board' },
    calls: ['assetChangingRate'],
    usable: '资产看板',
  },
  {
    name: 'statistic query',
    handlers: statisticHandlers,
    ...statisticPage,
    drive: openTab('订单查询'),
    calls: ['apiNames', 'orderApiNumber'],
    usable: '订单查询',
  },
  { name: 'statistic totals', handlers: statisticHandlers, ...statisticPage, drive: openTab('汇总'), calls: ['orderTotalData'], usable: '订单查询' },
  { name: 'statistic list', handlers: statisticHandlers, ...statisticPage, drive: openTab('订单列表'), calls: ['orderPaging'], usable: '订单查询' },
  {
    name: 'strategy default parameters',
    handlers: () => server.use(listing(() => [ARBITRAGE_2]).handler),
    ui: () => <StrategyListPage />,
    at: { path: '/strategy' },
    drive: async () => userEvent.click(await screen.findByRole('button', { name: '默认参数' })),
    calls: ['strategyParamsGet2'],
    usable: '新增策略',
  },
  {
    name: 'slider captcha',
    handlers: () => {},
    ui: () => <LoginForm onSuccess={() => {}} />,
    at: { path: '/login', session: null },
    calls: ['captcha'],
    // the captcha says it in place, with its reload button
    says: (kind) => (kind === 'stall' ? '网络错误' : '获取验证码失败'),
    usable: '重新获取验证码',
  },
  {
    name: 'permission list',
    handlers: () => {},
    ui: () => <RouteGuard access={{ resource: 'market', action: 'list' }}>market page</RouteGuard>,
    at: { path: '/market', session: traderSession },
    calls: ['permissions'],
    says: () => '获取权限失败',
    usable: /重\s*试/,
  },
];

describeBadReplies(PAGES);

describe('/assets when its account list fails', () => {
  it('says the failure with a retry, not "no API yet", and the retry shows the accounts', async () => {
    let fails = true;
    assetsHandlers();
    server.use(onCall('apiList', () => (fails ? HttpResponse.json({ code: 500 }) : envelope(APIS))));
    renderPage(<AssetsPage manager={manager} />, { path: '/assets' });
    expect((await screen.findAllByText('操作失败', { selector: '.ant-notification-notice-description' })).length).toBeGreaterThan(0);
    expect(screen.queryByText(NO_API)).not.toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: RETRY }));
    expect(await screen.findByRole('menuitem', { name: 'alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETRY })).not.toBeInTheDocument();
  });
});

describe('/demand answers badly on its feed (it makes no call)', () => {
  /** bad messages: text that is not JSON and JSON of the wrong shape alike are refused (and logged) by the feed manager, and the badge warns. */
  const FEED_BODIES: [string, string][] = [
    ['an HTML page', '<html><body>502 Bad Gateway</body></html>'],
    ['truncated JSON', '{"code":200,"data":[{"api_id":1,"cu'],
    ['code 500 without info', '{"code":500}'],
    ['data null', '{"code":200,"data":null}'],
    ['data of the wrong type', '{"code":200,"data":"not a list"}'],
    ['a 10 MB string', `"${'x'.repeat(10 * 1024 * 1024)}"`],
  ];
  const good = { data: [{ api_id: 11, api_name: 'OKEx-main', currency: 'btc', demand: 1.25, available: 2 }] };

  it('each bad message: the rows shown stay, the feed badge warns of a refused one, no uncaught error; a good message clears the warning', async () => {
    const stop = watchUncaught();
    renderPage(<DemandPage />, { path: '/demand' });
    const socket = socketOf('/ts/req')!;
    await push(socket, good);
    const badge = () => document.querySelector('[data-feed="demand"]')!;
    for (const [name, body] of FEED_BODIES) {
      await act(async () => {
        socket.receive(body);
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      });
      expect(badge().getAttribute('data-feed-error'), name).toBe('true');
      expect(badge().querySelector('.ant-badge-status-warning'), name).not.toBeNull();
      expect(screen.getByText('OKEx-main（ID 11）'), name).toBeInTheDocument();
      await push(socket, good);
      expect(badge().getAttribute('data-feed-error'), name).toBeNull();
    }
    expect(stop()).toEqual([]);
  });
});
