import { PUBLIC, to, type Access } from '../rules/permissions';
import type { EndpointName } from '../endpoints';

/**
 * Every call of the contract (contract/endpoints.ts) and what it needs; a call missing here is a type
 * error. Where one call serves several pages the entry says so in the permission table
 * (contract/rules/permissions.ts).
 */
export const CALL_ACCESS: Record<EndpointName, Access | typeof PUBLIC> = {
  // Account and session
  register: PUBLIC,
  unilateralLogin: PUBLIC,
  captcha: PUBLIC,
  login: PUBLIC,
  logout: to('account', 'list'),
  changePassword: to('account', 'edit'),
  permissions: to('account', 'list'),

  // API accounts
  apiList: to('apis', 'list'),
  apiNames: to('apis', 'names'),
  apiAdd: to('apis', 'create'),
  apiUpdate: to('apis', 'edit'),
  apiDelete: to('apis', 'delete'),
  apiClear: to('apis', 'edit'),
  apiInit: to('apis', 'edit'),
  apiChargesGet: to('apis', 'show'),
  apiChargesUpdate: to('apis', 'edit'),
  apiAssetTemplateGet: to('apis', 'show'),
  apiAssetTemplateSave: to('apis', 'edit'),
  apiAdvancedGet: to('apis', 'show'),
  apiAdvancedUpdate: to('apis', 'edit'),

  // Assets
  assetImaging: to('assets', 'list'),
  assetBorrowRecords: to('assets', 'list'),
  assetLedgerLog: to('assets', 'list'),
  assetManualSnapshot: to('assets', 'snapshot'),
  assetChangingRate: to('assets', 'list'),
  assetStatistics: to('assets', 'list'),
  assetTradeRecords: to('assets', 'list'),
  currencyInformation: to('assets', 'list'),
  manualTrading: to('assets', 'trade'),
  restoreTask: to('assets', 'restore'),
  hedgingRestoreTask: to('assets', 'restore'),

  // Market
  marketPut2: to('market', 'edit'),
  marketPut: to('market', 'edit'),
  marketParamGet: to('market', 'list'),
  marketParamGet2: to('market', 'list'),
  bourseGet: to('market', 'lookup'),
  transactionTypeGet: to('market', 'lookup'),
  currencyTypeGet: to('market', 'lookup'),
  klineData: to('market', 'list'),
  distanceDays: to('market', 'list'),
  deliveryCode: to('market', 'list'),

  // Strategies (arbitrage)
  strategyHome: to('strategies', 'pick'),
  strategyParamsGet: to('strategies', 'show'),
  strategyParamsGet2: to('strategies', 'show'),
  strategySaveFiles: to('strategies', 'create'),
  strategyUpdate: to('strategies', 'edit'),
  strategyDelete: to('strategies', 'delete'),

  // Tasks
  taskList: to('tasks', 'list'),
  taskAdd: to('tasks', 'create'),
  taskParamsUpdate: to('tasks', 'edit'),
  taskParamsGet: to('tasks', 'list'),
  taskNameUpdate: to('tasks', 'edit'),
  taskStatusUpdate: to('tasks', 'edit'),
  taskStatusDetection: to('tasks', 'list'),
  taskStatusUpdateBatch: to('tasks', 'edit'),
  taskStatusDetectionBatch: to('tasks', 'list'),
  taskDelete: to('tasks', 'delete'),
  taskAvailableApi: to('tasks', 'list'),
  taskChildrenList: to('child-tasks', 'list'),
  taskChildrenAdd: to('child-tasks', 'create'),
  taskChildrenStatusUpdate: to('child-tasks', 'edit'),
  taskChildrenDelete: to('child-tasks', 'delete'),
  taskPositionStatistics: to('tasks', 'show'),
  taskChildrenPositionStatistics: to('child-tasks', 'show'),
  taskEarnings: to('tasks', 'show'),
  taskChildrenEarnings: to('child-tasks', 'show'),
  manualClosePosition: to('tasks', 'trade'),
  manualTrade: to('tasks', 'trade'),
  manualTradeEnd: to('tasks', 'trade'),
  changeRecords: to('tasks', 'trade'),

  // Global config
  globalConfigGet: to('global-config', 'list'),
  globalConfigUpdate: to('global-config', 'edit'),

  // Orders and statistics
  orderApiNumber: to('orders', 'list'),
  orderNewest: to('orders', 'newest'),
  orderQuerySDC: to('orders', 'list'),
  orderTotalData: to('orders', 'list'),
  orderPaging: to('orders', 'list'),

  // Unilateral side
  unilateralStrategyList: to('unilateral-strategies', 'names'),
  unilateralStrategyAdd: to('unilateral-strategies', 'create'),
  unilateralStrategyState: to('unilateral-strategies', 'setState'),
  unilateralStrategyShow: to('unilateral-strategies', 'setVisibility'),
  unilateralStrategyUpdate: to('unilateral-strategies', 'edit'),
  unilateralStrategyReproduction: to('unilateral-strategies', 'edit'),
  unilateralOneClickFollow: to('unilateral-strategies', 'follow'),
  unilateralAllData: to('unilateral-strategies', 'list'),
  unilateralChartData: to('unilateral-strategies', 'list'),
  unilateralPageData: to('unilateral-strategies', 'list'),
  unilateralRetreatIndicators: to('unilateral-strategies', 'statistic'),
  unilateralTransactionIdentifier: to('unilateral-strategies', 'statistic'),
  unilateralMonitoringDetail: to('monitoring', 'list'),
  unilateralApiList: to('follow-tasks', 'names'),
  followTaskAdd: to('follow-tasks', 'create'),
  followTaskUpdate: to('follow-tasks', 'edit'),
  followTaskDetail: to('follow-tasks', 'show'),
  followTaskState: to('follow-tasks', 'edit'),
  followTaskDelete: to('follow-tasks', 'delete'),
  followOrderDetail: to('follow-tasks', 'show'),
  followAssetRateChart: to('follow-tasks', 'show'),
  followChangeTask: to('follow-tasks', 'edit'),
  followAdjustPosition: to('follow-tasks', 'edit'),
  followIndependentTrigger: to('follow-tasks', 'edit'),
  signGet: to('unilateral-strategies', 'list'),
  signGet2: to('unilateral-strategies', 'list'),
  accountPage: to('follow-tasks', 'browse'),
  coinRangeGet: to('tools', 'coins'),
  coinRangeSave: to('tools', 'coins'),
  binanceLeverage: to('tools', 'binanceTrading'),
  followSignalGet: to('follow-tasks', 'signal'),
  followSignalSave: to('follow-tasks', 'signal'),
  currencyBlacklistGet: to('tools', 'coins'),
  currencyBlacklistSave: to('tools', 'coins'),
  binanceBlacklistGet: to('tools', 'binanceCurrency'),
  binanceBlacklistSave: to('tools', 'binanceCurrency'),
  binanceBlacklistDelete: to('tools', 'binanceCurrency'),
  simulatedData: to('tools', 'paperRuns'),
  simulatedOrderDetail: to('tools', 'paperRuns'),
  aevoTradeData: to('tools', 'aveo'),
  aevoTradeUpdate: to('tools', 'aveo'),
  internalKline: to('tools', 'badata'),
  strategyData: to('unilateral-strategies', 'data'),
  apiData: to('follow-tasks', 'data'),
  pagesData: to('unilateral-strategies', 'data'),
  // /signal (tools-signal-coins)
  signalList: to('tools', 'signal'),
  // Binance trading and currency pages
  binanceAccounts: to('tools', 'binanceAccounts'),

  // Tool pages /main/mill, /main/mill1, /main/mill2
  minerNetwork: to('tools', 'miner'),
  minerModels: to('tools', 'miner'),
  minerModelSave: to('tools', 'mill'),
  minerModelDelete: to('tools', 'mill'),
  // tools-paper: the temporary strategy page
  paperStart: to('tools', 'paperRun'),
  paperStop: to('tools', 'paperRun'),
  // Alerts: every signed-in user, for their own alerts and rules only
  alertList: to('alerts', 'list'),
  alertRead: to('alerts', 'edit'),
  alertRuleList: to('alerts', 'list'),
  alertRuleSave: to('alerts', 'edit'),
  alertRuleDelete: to('alerts', 'edit'),
};
