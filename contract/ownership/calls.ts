import type { PayloadOf } from '../calls';
import type { EndpointName } from '../endpoints';

/**
 * Whose objects a call or feed answers for, by the ids it names: the ownership half of the
 * authorization matrix (docs/AUTHORIZATION.md; the permission half is contract/access/calls.ts). Every id field of
 * every call's payload type (contract/calls.ts) must be named here — a call that gains one and is not
 * listed is a type error — and tests/server/security-authorization.test.ts proves each entry for every
 * role against the reference server.
 */

/** What an id names. */
export const ID_KINDS = {
  apiAccount: 'API account',
  task: 'task',
  childTask: 'child task',
  followTask: 'follow task (keyed by its API account)',
  alert: 'alert',
  alertRule: 'alert rule',
  paperRun: 'paper run',
  minerModel: 'miner model',
  arbitrageStrategy: 'arbitrage strategy (the library)',
  unilateralStrategy: 'unilateral strategy',
  exchange: 'exchange (reference data)',
  captcha: 'captcha challenge',
  position: "a position in the caller's own list (paging)",
  unread: 'a field the call does not read',
} as const;
export type IdKind = keyof typeof ID_KINDS;

/**
 * Which objects of its kind a caller may name (beyond that, the permission table decides whether the
 * role may make the call at all):
 * - own: the caller's own only, for every role, the super user included; another user's id is answered
 *   exactly as an id that does not exist (a refusal, or nothing of it in a list);
 * - ownOrDemo: the caller's own and the demo's (the paper runs the server seeds for everyone to read);
 * - shared: objects without an owner (spec §6 gives their changes to the super user through the permission
 *   table): any of them;
 * - shown: shared, but a hidden one (unilateral strategy, target 0) only for the unilateral admin — the
 *   super user or a pes-1 login (spec §6: the status column and the operations dropdown) — and answered
 *   to anyone else as an id that does not exist;
 * - none: not a user's object (reference data, a captcha, a position in a list already the caller's own,
 *   a field the call does not read).
 */
export type Reach = 'own' | 'ownOrDemo' | 'shared' | 'shown' | 'none';

/** Each kind's reach unless an entry says otherwise. */
export const KIND_REACH: Record<IdKind, Reach> = {
  apiAccount: 'own',
  task: 'own',
  childTask: 'own',
  followTask: 'own',
  alert: 'own',
  alertRule: 'own',
  paperRun: 'ownOrDemo',
  minerModel: 'own',
  arbitrageStrategy: 'shared',
  unilateralStrategy: 'shown',
  exchange: 'none',
  captcha: 'none',
  position: 'none',
  unread: 'none',
};

export type IdSpec = IdKind | { kind: IdKind; reach: Reach };
export const kindOf = (spec: IdSpec): IdKind => (typeof spec === 'string' ? spec : spec.kind);
export const reachOf = (spec: IdSpec): Reach => (typeof spec === 'string' ? KIND_REACH[spec] : spec.reach);

/** A payload field that names an id, by its name: `id`, `ids`, `…Id`, `…Ids`, `…_id`, `…_ids`, and the lists `apis`, `tasks`, `cids`. */
type IdName = 'id' | 'ids' | 'apis' | 'tasks' | 'cids' | `${string}Id` | `${string}Ids` | `${string}_id` | `${string}_ids`;
type KeysOf<T> = T extends unknown ? keyof T : never;
/** The id fields of a call's payload type. */
export type IdFieldOf<N extends EndpointName> = Extract<KeysOf<PayloadOf<N>>, IdName>;

/**
 * Every call and the ids it names: each id field of its payload type (required), and those a payload the
 * spec does not show carries (`Unshown`), or that travel inside another field (`cparam.cid`).
 */
export const CALL_IDS: { [N in EndpointName]: Record<IdFieldOf<N>, IdSpec> & Record<string, IdSpec> } = {
  register: {},
  logout: {},
  changePassword: {},
  unilateralLogin: {},
  captcha: {},
  login: { userId: 'captcha' },
  permissions: {},

  apiList: {},
  apiNames: {},
  apiAdd: { apiId: 'unread', bourseId: 'exchange' },
  apiUpdate: { apiId: 'apiAccount', bourseId: 'exchange' },
  apiDelete: { apiId: 'apiAccount' },
  apiClear: { apiId: 'apiAccount' },
  apiInit: { apiId: 'apiAccount' },
  apiChargesGet: { apiId: 'apiAccount' },
  apiChargesUpdate: { apiId: 'apiAccount' },
  apiAssetTemplateGet: { apiId: 'apiAccount' },
  apiAssetTemplateSave: { apiId: 'apiAccount' },
  apiAdvancedGet: { apiId: 'apiAccount' },
  apiAdvancedUpdate: { apiId: 'apiAccount' },
  tradingModes: {},
  apiLive: { apiId: 'apiAccount' },
  apiCheck: { apiId: 'apiAccount' },
  killSwitch: { apiId: 'apiAccount' },
  auditLog: { apiId: 'apiAccount', page: 'position', pageSize: 'position' },

  assetImaging: { apiId: 'apiAccount' },
  assetBorrowRecords: { apiId: 'apiAccount' },
  assetLedgerLog: { apiId: 'apiAccount' },
  assetManualSnapshot: { apiId: 'apiAccount' },
  assetChangingRate: {},
  assetStatistics: { apiId: 'apiAccount' },
  assetTradeRecords: { apiId: 'apiAccount' },
  currencyInformation: {},
  manualTrading: { apiId: 'apiAccount' },
  restoreTask: { apiId: 'apiAccount' },
  hedgingRestoreTask: { apiId: 'apiAccount' },

  marketPut2: {},
  marketPut: {},
  marketParamGet: {},
  marketParamGet2: {},
  bourseGet: {},
  transactionTypeGet: { bourseId: 'exchange' },
  currencyTypeGet: {},
  klineData: {},
  distanceDays: {},
  deliveryCode: {},

  strategyHome: {},
  strategyParamsGet: { strategyId: 'arbitrageStrategy' },
  strategyParamsGet2: { strategyId: 'arbitrageStrategy' },
  strategySaveFiles: { strategySoleId: 'arbitrageStrategy' },
  strategyUpdate: { strategyId: 'arbitrageStrategy' },
  strategyDelete: { strategyId: 'arbitrageStrategy' },

  taskList: {},
  taskAdd: { strategyId: 'arbitrageStrategy' },
  taskParamsUpdate: { taskId: 'task' },
  taskParamsGet: { taskId: 'task' },
  taskNameUpdate: { taskId: 'task' },
  taskStatusUpdate: { taskId: 'task' },
  taskStatusDetection: { taskId: 'task' },
  taskStatusUpdateBatch: { taskIds: 'task' },
  taskStatusDetectionBatch: { taskIds: 'task' },
  taskDelete: { taskId: 'task' },
  taskAvailableApi: { taskId: 'task' },
  taskChildrenList: { taskId: 'task' },
  taskChildrenAdd: { taskId: 'task', linkApiId: 'apiAccount' },
  taskChildrenStatusUpdate: { taskChildrenId: 'childTask' },
  taskChildrenDelete: { taskChildrenId: 'childTask' },
  taskPositionStatistics: { taskId: 'task' },
  taskChildrenPositionStatistics: { childrenTaskId: 'childTask' },
  taskEarnings: { taskId: 'task' },
  taskChildrenEarnings: { childrenTaskId: 'childTask' },
  manualClosePosition: { task_id: 'task', cids: 'childTask' },
  manualTrade: { task_id: 'task', 'cparam.cid': 'childTask' },
  manualTradeEnd: { task_id: 'task' },
  changeRecords: { task_id: 'task' },

  globalConfigGet: {},
  globalConfigUpdate: {},

  orderApiNumber: {},
  orderNewest: { taskId: 'task', orderId: 'position' },
  orderQuerySDC: { apis: 'apiAccount', tasks: 'task' },
  orderTotalData: {},
  orderPaging: {},

  unilateralStrategyList: {},
  unilateralStrategyState: { strategyIds: 'unilateralStrategy' },
  unilateralStrategyShow: { strategyId: 'unilateralStrategy' },
  unilateralStrategyUpdate: { strategyId: 'unilateralStrategy' },
  unilateralStrategyAdd: {},
  unilateralStrategyReproduction: { strategyId: 'unilateralStrategy' },
  unilateralOneClickFollow: { strategyId: 'unilateralStrategy' },
  unilateralAllData: {},
  unilateralChartData: {},
  unilateralPageData: { apiId: 'followTask', strategyId: 'unilateralStrategy', ids: 'position' },
  unilateralRetreatIndicators: { strategyId: 'unilateralStrategy' },
  unilateralTransactionIdentifier: { strategyId: 'unilateralStrategy' },
  unilateralMonitoringDetail: {},
  unilateralApiList: {},
  followTaskAdd: { apiId: 'apiAccount', strategyId: 'unilateralStrategy' },
  followTaskUpdate: { apiId: 'followTask', strategyId: 'unilateralStrategy' },
  followTaskDetail: { apiId: 'followTask' },
  followTaskState: { apis: 'followTask' },
  followTaskDelete: { apiId: 'followTask' },
  followOrderDetail: { api_ids: 'followTask', recordId: 'position' },
  followAssetRateChart: { apiId: 'followTask' },
  followChangeTask: { apiId: 'followTask', strategyId: 'unilateralStrategy' },
  followAdjustPosition: { apiId: 'followTask' },
  followIndependentTrigger: { apiId: 'followTask' },
  signGet: {},
  signGet2: {},
  accountPage: { strategyId: 'unilateralStrategy' },
  coinRangeGet: {},
  coinRangeSave: {},
  binanceLeverage: { apiId: 'apiAccount' },
  followSignalGet: { apiId: 'followTask' },
  followSignalSave: { apiId: 'followTask' },
  currencyBlacklistGet: {},
  currencyBlacklistSave: {},
  binanceBlacklistGet: { apiId: 'apiAccount' },
  binanceBlacklistSave: { apiId: 'apiAccount' },
  binanceBlacklistDelete: { apiId: 'apiAccount' },
  simulatedData: { runId: 'paperRun' },
  simulatedOrderDetail: { runId: 'paperRun' },
  aevoTradeData: {},
  aevoTradeUpdate: {},
  internalKline: { strategyId: 'unilateralStrategy' },
  strategyData: { strategyId: 'unilateralStrategy' },
  apiData: { apiId: 'followTask' },
  pagesData: { strategyId: 'unilateralStrategy' },
  signalList: {},
  binanceAccounts: {},

  minerNetwork: {},
  minerModels: {},
  minerModelSave: { id: 'minerModel' },
  minerModelDelete: { id: 'minerModel' },
  paperStart: { strategyId: 'arbitrageStrategy' },
  paperStop: { runId: { kind: 'paperRun', reach: 'own' } },
  alertList: {},
  alertRead: { ids: 'alert' },
  alertRuleList: {},
  alertRuleSave: { id: 'alertRule' },
  alertRuleDelete: { id: 'alertRule' },
};

/** The (call, field) pairs whose reach is not 'none': what the matrix test proves for every role. */
export const idFieldsOf = (name: EndpointName): [string, IdSpec][] => Object.entries(CALL_IDS[name] as Record<string, IdSpec>);
