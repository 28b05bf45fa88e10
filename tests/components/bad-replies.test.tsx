import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { EndpointName } from '../../src/api/endpoints';
import ApiListPage from '../../src/resources/apis/list';
import TaskListPage from '../../src/resources/tasks/list';
import StrategyListPage from '../../src/resources/strategies/list';
import GlobalConfigEditPage from '../../src/resources/global-config/edit';
import UnilateralStrategyListPage from '../../src/resources/unilateral-strategies/list';
import { envelope, onCall, server } from './msw';
import { renderPage } from './render';
import { taskHandlers, taskPageSetup } from './task-helpers';
import { unilateralHandlers } from './unilateral-helpers';
import { runtimeConfig } from '../../src/api/config';
import TaskDetailPage from '../../src/pages/task-detail';
import TaskTradeInfoPage from '../../src/pages/task-trade-info';
import UnilateralStatisticPage from '../../src/pages/unilateral-statistic';
import MonitoringPage from '../../src/pages/unilateral-monitoring';
import UnilateralApiDetailPage from '../../src/pages/unilateral-api-detail';
import { followTask } from './unilateral-helpers';

/**
 * Issue 21 "bad replies": every page's calls answered with bodies that are not what the contract says. Each
 * must end in a clear notification, no uncaught error, and a page that still draws (or its boundary's retry).
 */
taskPageSetup();

const MALFORMED = '服务器返回的数据无法识别，请稍后重试';
const FAILED = '操作失败';
const TIMEOUT = '请求超时，请稍后重试';

const json = (text: string) => new HttpResponse(text, { headers: { 'content-type': 'application/json' } });
const TEN_MB = 10 * 1024 * 1024;

/** bad body → the reply and the text the notification must show. */
const BAD_BODIES: [string, () => Response | Promise<Response>, string][] = [
  ['an HTML page', () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }), MALFORMED],
  ['an empty body', () => new HttpResponse('', { status: 200 }), MALFORMED],
  ['truncated JSON', () => json('{"code":200,"data":[{"id":1,"na'), MALFORMED],
  ['code 500 without info', () => HttpResponse.json({ code: 500 }), FAILED],
  ['data null', () => HttpResponse.json({ code: 200, info: 'ok', data: null }), MALFORMED],
  ['data of the wrong type', () => HttpResponse.json({ code: 200, info: 'ok', data: 'not a list' }), MALFORMED],
  ['a 10 MB string', () => json(`"${'x'.repeat(TEN_MB)}"`), MALFORMED],
];

function tradeInfoHandlers() {
  server.use(
    onCall('taskPositionStatistics', () => envelope({ task_virtual_position: { price: 100, amount: 2, earnings_amount: 0.5, earnings: 12 }, task_virtual_earnings: { price: 90, amount: 1, earnings_amount: 0.2, earnings: 3 } })),
    // no points: the curve draws on a canvas, which jsdom has not
    onCall('taskEarnings', () => envelope([])),
    onCall('changeRecords', () => envelope({ datas: [], pages: 1 })),
  );
}
function statisticHandlers() {
  server.use(
    onCall('unilateralTransactionIdentifier', ({ payload }) => envelope({ cycle: payload.cycle, market: [], up_direction: [], down_direction: [], curve: [] })),
    onCall('unilateralRetreatIndicators', () => envelope({ capital: 1000, cash: 500, equity: 1200, initial_money: 1000, win_rate: 55, win_lose_rate: 1.5, accumulated_earnings: 200, len_days: 12, max_drawdown: 7.5, return_volatility: 3.2, last_trading_time: '' })),
    onCall('strategyData', () => envelope({ assets: [], position: [], trade: [], position_len: 0, trade_len: 0 })),
  );
}
function apiDetailHandlers() {
  unilateralHandlers();
  server.use(
    onCall('accountPage', () => envelope([followTask(7, 1)])),
    onCall('followTaskDetail', () => envelope({ apiId: 7, strategyId: 1, priority: 0, stopLoss: 20, archiveCurrency: '', positiveLeverage: 2, negativeLeverage: 1, isBuy: 1, isSell: 1, calculateCost: 0, initialCost: 0 })),
    onCall('apiData', () => envelope({ apiId: 7, strategy_id: 1, status: 1, equity: 1100, initial_cost: 1000, earnings: 100, position: [] })),
    onCall('followAssetRateChart', () => envelope([])),
    onCall('followOrderDetail', () => envelope([])),
  );
}

interface PageCase {
  name: string;
  /** the page's calls answered well (the broken one is overridden after). */
  handlers: () => void;
  render: () => void;
  /** the call answered badly. */
  call: EndpointName;
  /** text that shows the page is still there and usable (a button of its toolbar). */
  usable: string | RegExp;
}

const PAGES: PageCase[] = [
  { name: 'API list', handlers: () => server.use(onCall('bourseGet', () => envelope([{ id: 1, name: 'OKEx' }])), onCall('assetImaging', () => envelope([]))), render: () => renderPage(<ApiListPage />, { path: '/api' }), call: 'apiList', usable: '添加API' },
  { name: 'task list', handlers: () => taskHandlers(), render: () => renderPage(<TaskListPage />, { path: '/task' }), call: 'taskList', usable: '添加任务' },
  { name: 'task list strategies', handlers: () => taskHandlers(), render: () => renderPage(<TaskListPage />, { path: '/task' }), call: 'strategyHome', usable: '添加任务' },
  { name: 'strategy list', handlers: () => {}, render: () => renderPage(<StrategyListPage />, { path: '/strategy' }), call: 'strategyHome', usable: '新增策略' },
  { name: 'global config', handlers: () => {}, render: () => renderPage(<GlobalConfigEditPage />, { path: '/config' }), call: 'globalConfigGet', usable: /^保\s*存$|^重新加载$/ },
  { name: 'unilateral list', handlers: () => unilateralHandlers(), render: () => renderPage(<UnilateralStrategyListPage />, { path: '/main/index/unilateral' }), call: 'unilateralPageData', usable: '单边策略列表' },
  { name: 'task detail', handlers: () => {}, render: () => renderPage(<TaskDetailPage />, { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail' }), call: 'orderNewest', usable: '下一页' },
  ...(['taskPositionStatistics', 'taskEarnings', 'changeRecords'] as const).map((call) => ({ name: 'task trade info', handlers: tradeInfoHandlers, render: () => renderPage(<TaskTradeInfoPage />, { path: '/task/taskTradeInfo?id=7&type=task', pattern: '/task/taskTradeInfo' }), call, usable: '变更记录' })),
  ...(['strategyData', 'unilateralRetreatIndicators', 'unilateralTransactionIdentifier'] as const).map((call) => ({ name: 'unilateral statistic', handlers: statisticHandlers, render: () => renderPage(<UnilateralStatisticPage />, { path: '/unilateral/statistic?key=3' }), call, usable: '交易记录' })),
  { name: 'monitoring', handlers: () => {}, render: () => renderPage(<MonitoringPage />, { path: '/unilateral/contral?id=2' }), call: 'unilateralMonitoringDetail', usable: 'K线' },
  ...(['accountPage', 'followOrderDetail', 'apiData', 'followAssetRateChart'] as const).map((call) => ({ name: 'API detail', handlers: apiDetailHandlers, render: () => renderPage(<UnilateralApiDetailPage />, { path: '/main/index/api/detail?key=1' }), call, usable: '任务详情' })),
];

/** Fails the test on an error nobody caught: a window error or an unhandled rejection. */
function watchUncaught() {
  const seen: unknown[] = [];
  const onError = (event: ErrorEvent) => seen.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => seen.push(event.reason);
  const onNodeRejection = (reason: unknown) => seen.push(reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  process.on('unhandledRejection', onNodeRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    process.off('unhandledRejection', onNodeRejection);
    return seen;
  };
}

async function expectNotifiedAndUsable(page: PageCase, text: string) {
  expect(await screen.findByText(text, { selector: '.ant-notification-notice-description' })).toBeInTheDocument();
  expect(screen.getAllByText(page.usable).length).toBeGreaterThan(0);
}

describe.each(PAGES)('$name answers $call badly', (page) => {
  it.each(BAD_BODIES)('%s: a notification, no uncaught error, the page stays', async (_, reply, text) => {
    const stop = watchUncaught();
    page.handlers();
    server.use(onCall(page.call, reply));
    page.render();
    await expectNotifiedAndUsable(page, text);
    expect(stop()).toEqual([]);
  });

  it('a stall past the request timeout: a timeout notification, the page stays', async () => {
    vi.useFakeTimers();
    const stop = watchUncaught();
    page.handlers();
    server.use(onCall(page.call, () => new Promise<Response>(() => {})));
    page.render();
    await vi.advanceTimersByTimeAsync(runtimeConfig().requestTimeoutMs + 1000);
    await expectNotifiedAndUsable(page, TIMEOUT);
    await waitFor(() => expect(stop()).toEqual([]));
  });
});
