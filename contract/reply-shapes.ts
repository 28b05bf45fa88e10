import { endpoints, type EndpointName } from './endpoints';
import type { ReplyOf } from './calls';

export type ReplyShape = 'list' | 'record';

/** The calls whose reply (the envelope's data) is a list, and those whose reply is one object: read off the contract's types. */
type ListReply = { [N in EndpointName]: ReplyOf<N> extends readonly unknown[] ? N : never }[EndpointName];
type RecordReply = { [N in EndpointName]: ReplyOf<N> extends readonly unknown[] ? never : ReplyOf<N> extends object ? N : never }[EndpointName];

// typed against the contract: a call whose reply type becomes (or stops being) a list or an object fails to compile here
const lists: Record<ListReply, 'list'> = {
  apiList: 'list',
  marketParamGet2: 'list',
  apiNames: 'list',
  assetImaging: 'list',
  assetBorrowRecords: 'list',
  assetLedgerLog: 'list',
  assetChangingRate: 'list',
  bourseGet: 'list',
  transactionTypeGet: 'list',
  currencyTypeGet: 'list',
  strategyHome: 'list',
  taskAvailableApi: 'list',
  taskChildrenList: 'list',
  taskEarnings: 'list',
  taskChildrenEarnings: 'list',
  orderNewest: 'list',
  unilateralStrategyList: 'list',
  unilateralChartData: 'list',
  unilateralMonitoringDetail: 'list',
  unilateralApiList: 'list',
  followOrderDetail: 'list',
  followAssetRateChart: 'list',
  accountPage: 'list',
  internalKline: 'list',
  signalList: 'list',
  binanceAccounts: 'list',
  // tools-miner
  minerModels: 'list',
  // alerts
  alertRuleList: 'list',
  // the replies the assets page draws
  assetStatistics: 'list',
  assetTradeRecords: 'list',
  currencyInformation: 'list',
};
const records: Record<RecordReply, 'record'> = {
  register: 'record',
  restoreTask: 'record',
  unilateralStrategyAdd: 'record',
  hedgingRestoreTask: 'record',
  distanceDays: 'record',
  taskAdd: 'record',
  taskChildrenAdd: 'record',
  changePassword: 'record',
  unilateralLogin: 'record',
  captcha: 'record',
  login: 'record',
  permissions: 'record',
  apiAdd: 'record',
  apiUpdate: 'record',
  apiInit: 'record',
  apiChargesGet: 'record',
  apiChargesUpdate: 'record',
  apiAssetTemplateGet: 'record',
  apiAssetTemplateSave: 'record',
  apiAdvancedGet: 'record',
  apiAdvancedUpdate: 'record',
  tradingModes: 'record',
  apiLive: 'record',
  apiCheck: 'record',
  killSwitch: 'record',
  auditLog: 'record',
  assetManualSnapshot: 'record',
  manualTrading: 'record',
  marketParamGet: 'record',
  deliveryCode: 'record',
  strategyParamsGet: 'record',
  strategyParamsGet2: 'record',
  strategySaveFiles: 'record',
  strategyUpdate: 'record',
  taskList: 'record',
  taskParamsGet: 'record',
  taskStatusDetection: 'record',
  taskStatusDetectionBatch: 'record',
  taskPositionStatistics: 'record',
  taskChildrenPositionStatistics: 'record',
  changeRecords: 'record',
  globalConfigGet: 'record',
  globalConfigUpdate: 'record',
  orderApiNumber: 'record',
  orderPaging: 'record',
  unilateralStrategyState: 'record',
  unilateralStrategyShow: 'record',
  unilateralStrategyUpdate: 'record',
  unilateralStrategyReproduction: 'record',
  unilateralOneClickFollow: 'record',
  unilateralAllData: 'record',
  unilateralPageData: 'record',
  unilateralRetreatIndicators: 'record',
  unilateralTransactionIdentifier: 'record',
  followTaskAdd: 'record',
  followTaskUpdate: 'record',
  followTaskDetail: 'record',
  followTaskState: 'record',
  followChangeTask: 'record',
  followIndependentTrigger: 'record',
  signGet: 'record',
  signGet2: 'record',
  coinRangeGet: 'record',
  coinRangeSave: 'record',
  binanceLeverage: 'record',
  followSignalGet: 'record',
  followSignalSave: 'record',
  currencyBlacklistGet: 'record',
  currencyBlacklistSave: 'record',
  binanceBlacklistGet: 'record',
  binanceBlacklistSave: 'record',
  binanceBlacklistDelete: 'record',
  simulatedData: 'record',
  strategyData: 'record',
  apiData: 'record',
  pagesData: 'record',
  aevoTradeData: 'record',
  aevoTradeUpdate: 'record',
  // tools-miner
  minerNetwork: 'record',
  minerModelSave: 'record',
  // tools-paper
  simulatedOrderDetail: 'record',
  paperStart: 'record',
  paperStop: 'record',
  // the replies the statistic page and the K-line chart draw
  orderTotalData: 'record',
  orderQuerySDC: 'record',
  klineData: 'record',
  // alerts
  alertList: 'record',
  alertRead: 'record',
  alertRuleSave: 'record',
};

/**
 * The shape a successful reply of each call must have at run time; calls whose reply may be null or anything
 * (`unknown`, `null`, `X | null`) have none. A reply of another shape is a malformed reply, not a page crash.
 */
export const replyShapes: Partial<Record<EndpointName, ReplyShape>> = { ...lists, ...records };

/**
 * Whether `data` has the shape the call's reply must have. Only reads are held to it: what a page draws comes
 * from them, while a write's reply is optional to the console (it keeps what it sent when data is null).
 */
export function hasReplyShape(name: EndpointName, data: unknown): boolean {
  const shape = endpoints[name].method === 'GET' ? replyShapes[name] : undefined;
  if (shape === 'list') return Array.isArray(data);
  if (shape === 'record') return typeof data === 'object' && data !== null && !Array.isArray(data);
  return true;
}
