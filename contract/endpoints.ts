/**
 * The contract: every call of spec §7, once. Client and reference server both read this table,
 * so they cannot drift. Where the spec does not show a method or path, the choice is recorded in
 * docs/spec-coverage.md (§7) and marked `assumed` here.
 */
export type Service = 'main' | 'task' | 'order' | 'change';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** How the payload travels: query string, JSON body, urlencoded form body, or multipart form. */
export type Encoding = 'query' | 'json' | 'form' | 'multipart';

export interface Endpoint {
  service: Service;
  method: Method;
  path: string;
  encoding: Encoding;
  /** false for calls made before a session exists; every other call carries the token. */
  auth: boolean;
  /** the method or path is not shown in the spec and was chosen here. */
  assumed?: true;
}

const get = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({ service: 'main', method: 'GET', path, encoding: 'query', auth: true, ...extra });
const post = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({ service: 'main', method: 'POST', path, encoding: 'json', auth: true, ...extra });
const put = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({ service: 'main', method: 'PUT', path, encoding: 'json', auth: true, ...extra });
const del = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({ service: 'main', method: 'DELETE', path, encoding: 'query', auth: true, ...extra });
const open = { auth: false } as const;
const assumed = { assumed: true } as const;
const form = { encoding: 'form' } as const;
const query = { encoding: 'query' } as const;
const task = { service: 'task' } as const;
const order = { service: 'order' } as const;

export const endpoints = {
  // Account and session
  register: post('/user/register', open),
  logout: post('/user/logout'),
  changePassword: post('/user/changepw'),
  unilateralLogin: post('/validation/user', open),
  captcha: get('/geettest/captcha', open),
  login: post('/user/login', open),
  permissions: get('/display/permission/data'),

  // API accounts
  apiList: get('/api/list'),
  apiNames: get('/api/name'),
  apiAdd: post('/api/add'),
  apiUpdate: put('/api/update'),
  apiDelete: del('/api/delete'),
  apiClear: put('/api/clear', form),
  apiInit: put('/api/init', form),
  apiChargesGet: get('/api/charges/get'),
  apiChargesUpdate: post('/api/charges/update'),
  apiAssetTemplateGet: get('/api/asset/template'),
  apiAssetTemplateSave: post('/api/asset/template'),
  apiAdvancedGet: get('/api/advanced/setup/get'),
  apiAdvancedUpdate: put('/api/advanced/setup/update'),
  tradingModes: get('/trading/modes', assumed),
  apiLive: post('/api/live', assumed),
  apiCheck: post('/api/check', assumed),
  killSwitch: post('/kill/switch', assumed),
  auditLog: get('/audit/log', assumed),

  // Assets
  assetImaging: get('/asset/imaging/get'),
  assetBorrowRecords: get('/asset/borrow/record/get'),
  assetLedgerLog: get('/asset/ledger/log/get'),
  assetManualSnapshot: get('/asset/manual/snapshot/get'),
  assetChangingRate: get('/asset/changing/rate/get'),
  assetStatistics: get('/asset/statistics', assumed),
  assetTradeRecords: get('/asset/trade/records/get', assumed),
  currencyInformation: get('/get/currency/information', assumed),
  manualTrading: post('/manual/trading'),
  restoreTask: post('/restore/task', { ...form, ...assumed }),
  hedgingRestoreTask: post('/hedging/restore/task', { ...form, ...assumed }),

  // Market
  marketPut2: put('/market/put2'),
  marketPut: put('/market/put'),
  marketParamGet: get('/market/param/get'),
  marketParamGet2: get('/market/param/get2'),
  bourseGet: get('/bourse/get'),
  transactionTypeGet: get('/transactionType/get'),
  currencyTypeGet: get('/currencyType/get'),
  klineData: get('/web/get/kline/data'),
  distanceDays: get('/web/get/distance/days'),
  deliveryCode: get('/get_delivery_code'),

  // Strategies (arbitrage)
  strategyHome: get('/strategy/home'),
  strategyParamsGet: get('/strategy/params/get'),
  strategyParamsGet2: get('/strategy/params/get2'),
  strategySaveFiles: post('/save_strategy_files', { encoding: 'multipart' }),
  strategyUpdate: put('/strategy/update', query),
  strategyDelete: del('/strategy/delete'),

  // Tasks
  taskList: get('/task/list'),
  taskAdd: post('/task/add'),
  taskParamsUpdate: post('/task/params/update'),
  taskParamsGet: get('/task/params/get'),
  taskNameUpdate: put('/task/name/update'),
  taskStatusUpdate: put('/task/status/update', query),
  taskStatusDetection: get('/task/status/detection'),
  taskStatusUpdateBatch: post('/task/status/update/batch'),
  taskStatusDetectionBatch: post('/task/status/detection/batch'),
  taskDelete: del('/task/delete'),
  taskAvailableApi: get('/task/available/api/get'),
  taskChildrenList: get('/task/children/list'),
  taskChildrenAdd: post('/task/children/add'),
  taskChildrenStatusUpdate: put('/task/children/status/update', query),
  taskChildrenDelete: del('/task/children/delete'),
  taskPositionStatistics: get('/task/statistics/position/get'),
  taskChildrenPositionStatistics: get('/task/children/statistics/position/get'),
  taskEarnings: get('/task/statistics/realtime/earnings/get'),
  taskChildrenEarnings: get('/task/children/statistics/realtime/earnings/get'),
  /** the task detail page's orders (§2): /web/get/order/newest's paging narrowed to one task. */
  manualClosePosition: post('/ts/delstock', { ...task, ...form }),
  manualTrade: post('/taskServer/manual', { ...task, ...form }),
  manualTradeEnd: post('/taskServer/manualend', { ...task, ...form }),
  changeRecords: get('/changeServer/changerecords', { service: 'change' }),

  // Global config
  globalConfigGet: get('/global/config/get'),
  globalConfigUpdate: post('/global/config/update'),

  // Orders and statistics
  orderApiNumber: get('/web/get/order/apiNumber', order),
  orderNewest: get('/web/get/order/newest', order),
  orderQuerySDC: get('/web/query/order/SDC', order),
  orderTotalData: get('/web/get/order/totalData', { ...order, ...assumed }),
  orderPaging: get('/web/get/order/paging', { ...order, ...assumed }),

  // Unilateral side
  unilateralStrategyList: get('/get/info/data', assumed),
  unilateralStrategyState: put('/put/strategy/state', assumed),
  unilateralStrategyShow: post('/show/is/strategy', assumed),
  unilateralStrategyUpdate: post('/update/strategy', assumed),
  unilateralStrategyAdd: post('/add/strategy', assumed),
  unilateralStrategyReproduction: get('/reproduction/strategy', assumed),
  unilateralOneClickFollow: post('/one/click/follow', assumed),
  unilateralAllData: post('/get/all/data', assumed),
  unilateralChartData: post('/get/chart/data', assumed),
  unilateralPageData: get('/get/page/data', assumed),
  unilateralRetreatIndicators: get('/retreat/indicators', assumed),
  unilateralTransactionIdentifier: get('/transaction/identifier', assumed),
  unilateralMonitoringDetail: get('/monitoring/detail', assumed),
  unilateralApiList: get('/get/api/list', assumed),
  followTaskAdd: post('/add/task', assumed),
  followTaskUpdate: post('/update/task', assumed),
  followTaskDetail: get('/get/task/data', assumed),
  followTaskState: put('/put/task/state'),
  followTaskDelete: post('/delete/task'),
  followOrderDetail: get('/get_records', assumed),
  followAssetRateChart: get('/asset/rate/chart', assumed),
  followChangeTask: post('/change/task', assumed),
  followAdjustPosition: post('/manually/adjust/position', assumed),
  followIndependentTrigger: post('/independent/trigger', assumed),
  signGet: get('/get_sign', assumed),
  signGet2: get('/get_sign2', assumed),
  accountPage: get('/get_account_page', assumed),
  coinRangeGet: get('/coin_range', assumed),
  coinRangeSave: post('/coin_range', assumed),
  binanceLeverage: post('/change/binance/leverage', assumed),
  followSignalGet: get('/is/follow/signal', assumed),
  followSignalSave: post('/is/follow/signal', assumed),
  currencyBlacklistGet: get('/currency/blacklist', assumed),
  currencyBlacklistSave: post('/currency/blacklist', assumed),
  binanceBlacklistGet: get('/binance/blacklist', assumed),
  binanceBlacklistSave: post('/binance/blacklist', assumed),
  binanceBlacklistDelete: del('/binance/blacklist', assumed),
  simulatedData: get('/simulate/data', assumed),
  simulatedOrderDetail: get('/simulate/order/detail', assumed),
  aevoTradeData: get('/aevo/trade/data', assumed),
  aevoTradeUpdate: post('/aevo/trade/update', assumed),
  internalKline: get('/internal/kline/data', assumed),
  strategyData: get('/strategy/data', assumed),
  apiData: get('/get/api/data', assumed),
  pagesData: get('/get/pages/data', assumed),
  // /signal (tools-signal-coins): the strategies' newest signals
  signalList: get('/signal/list', assumed),
  // Binance pages (/binance/trading, /binance/currency): the user's Binance accounts with leverage and follow positions
  binanceAccounts: get('/binance/accounts', assumed),

  // Tool pages /main/mill, /main/mill1, /main/mill2 (miner models, comparison, calculator): paths chosen here
  minerNetwork: get('/miner/network', assumed),
  minerModels: get('/miner/models', assumed),
  minerModelSave: post('/miner/models', assumed),
  minerModelDelete: del('/miner/models', assumed),
  // tools-paper: the temporary strategy page
  paperStart: post('/simulate/start', assumed),
  paperStop: post('/simulate/stop', assumed),
  // Alerts: the user's alert log, paged, and alert rules; paths chosen here
  alertList: get('/alert/list', assumed),
  alertRead: post('/alert/read', assumed),
  alertRuleList: get('/alert/rule/list', assumed),
  alertRuleSave: post('/alert/rule/save', assumed),
  alertRuleDelete: del('/alert/rule/delete', assumed),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export const endpointNames = Object.keys(endpoints) as EndpointName[];
