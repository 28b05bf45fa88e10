import ApiListPage from '../../src/features/apis/list';
import TaskListPage from '../../src/features/tasks/list';
import StrategyListPage from '../../src/features/strategies/list';
import GlobalConfigEditPage from '../../src/features/global-config/edit';
import UnilateralStrategyListPage from '../../src/features/unilateral/list';
import { envelope, onCall, server } from './msw';
import { taskHandlers, taskPageSetup } from './task-helpers';
import { unilateralHandlers } from './unilateral-helpers';
import TaskDetailPage from '../../src/features/tasks/detail';
import TaskTradeInfoPage from '../../src/features/tasks/trade-info';
import UnilateralStatisticPage from '../../src/features/unilateral/statistic';
import MonitoringPage from '../../src/features/unilateral/monitoring';
import UnilateralApiDetailPage from '../../src/features/unilateral/api-detail';
import { followTask } from './unilateral-helpers';
import { describeBadReplies, type PageCase } from './bad-replies-harness';

/** "Bad replies" of the first pages (the harness and its rules: ./bad-replies-harness.tsx). */
taskPageSetup();

function tradeInfoHandlers() {
  server.use(
    onCall('taskPositionStatistics', () =>
      envelope({
        task_virtual_position: { price: 100, amount: 2, earnings_amount: 0.5, earnings: 12 },
        task_virtual_earnings: { price: 90, amount: 1, earnings_amount: 0.2, earnings: 3 },
      }),
    ),
    // no points: the curve draws on a canvas, which happy-dom has not
    onCall('taskEarnings', () => envelope([])),
    onCall('changeRecords', () => envelope({ datas: [], pages: 1 })),
  );
}
function statisticHandlers() {
  server.use(
    onCall('unilateralTransactionIdentifier', ({ payload }) => envelope({ cycle: payload.cycle, market: [], up_direction: [], down_direction: [], curve: [] })),
    onCall('unilateralRetreatIndicators', () =>
      envelope({
        capital: 1000,
        cash: 500,
        equity: 1200,
        initial_money: 1000,
        win_rate: 55,
        win_lose_rate: 1.5,
        accumulated_earnings: 200,
        len_days: 12,
        max_drawdown: 7.5,
        return_volatility: 3.2,
        last_trading_time: '',
      }),
    ),
    onCall('strategyData', () => envelope({ assets: [], position: [], trade: [], position_len: 0, trade_len: 0 })),
  );
}
function apiDetailHandlers() {
  unilateralHandlers();
  server.use(
    onCall('accountPage', () => envelope([followTask(7, 1)])),
    onCall('followTaskDetail', () =>
      envelope({
        apiId: 7,
        strategyId: 1,
        priority: 0,
        stopLoss: 20,
        archiveCurrency: '',
        positiveLeverage: 2,
        negativeLeverage: 1,
        isBuy: 1,
        isSell: 1,
        calculateCost: 0,
        initialCost: 0,
      }),
    ),
    onCall('apiData', () => envelope({ apiId: 7, strategy_id: 1, status: 1, equity: 1100, initial_cost: 1000, earnings: 100, position: [] })),
    onCall('followAssetRateChart', () => envelope([])),
    onCall('followOrderDetail', () => envelope([])),
  );
}

const PAGES: PageCase[] = [
  {
    name: 'API list',
    handlers: () =>
      server.use(
        onCall('bourseGet', () => envelope([{ id: 1, name: 'OKEx' }])),
        onCall('assetImaging', () => envelope([])),
      ),
    ui: () => <ApiListPage />,
    at: { path: '/api' },
    calls: ['apiList'],
    usable: '添加API',
  },
  {
    name: 'task list',
    handlers: () => taskHandlers(),
    ui: () => <TaskListPage />,
    at: { path: '/task' },
    calls: ['taskList', 'strategyHome'],
    usable: '添加任务',
  },
  { name: 'strategy list', handlers: () => {}, ui: () => <StrategyListPage />, at: { path: '/strategy' }, calls: ['strategyHome'], usable: '新增策略' },
  {
    name: 'global config',
    handlers: () => {},
    ui: () => <GlobalConfigEditPage />,
    at: { path: '/config' },
    calls: ['globalConfigGet'],
    usable: /^保\s*存$|^重新加载$/,
  },
  {
    name: 'unilateral list',
    handlers: () => unilateralHandlers(),
    ui: () => <UnilateralStrategyListPage />,
    at: { path: '/main/index/unilateral' },
    calls: ['unilateralPageData'],
    usable: '单边策略列表',
  },
  {
    name: 'task detail',
    handlers: () => {},
    ui: () => <TaskDetailPage />,
    at: { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail' },
    calls: ['orderNewest'],
    usable: '下一页',
  },
  {
    name: 'task trade info',
    handlers: tradeInfoHandlers,
    ui: () => <TaskTradeInfoPage />,
    at: { path: '/task/taskTradeInfo?id=7&type=task', pattern: '/task/taskTradeInfo' },
    calls: ['taskPositionStatistics', 'taskEarnings', 'changeRecords'],
    usable: '变更记录',
  },
  {
    name: 'unilateral statistic',
    handlers: statisticHandlers,
    ui: () => <UnilateralStatisticPage />,
    at: { path: '/unilateral/statistic?key=3' },
    calls: ['strategyData', 'unilateralRetreatIndicators', 'unilateralTransactionIdentifier'],
    usable: '交易记录',
  },
  {
    name: 'monitoring',
    handlers: () => {},
    ui: () => <MonitoringPage />,
    at: { path: '/unilateral/contral?id=2' },
    calls: ['unilateralMonitoringDetail'],
    usable: 'K线',
  },
  // accountPage decides which account the other calls ask about: broken alone, then the account's calls together
  {
    name: 'API detail list',
    handlers: apiDetailHandlers,
    ui: () => <UnilateralApiDetailPage />,
    at: { path: '/main/index/api/detail?key=1' },
    calls: ['accountPage'],
    usable: '任务详情',
  },
  {
    name: 'API detail',
    handlers: apiDetailHandlers,
    ui: () => <UnilateralApiDetailPage />,
    at: { path: '/main/index/api/detail?key=1' },
    calls: ['followOrderDetail', 'apiData', 'followAssetRateChart'],
    usable: '任务详情',
  },
];

describeBadReplies(PAGES);
