/**
 * The payload and reply (the envelope's `data`) of every call of the contract table, by name. The
 * token is added by the client and is not part of any payload. Field names are the spec's (§3, §7).
 * `Unshown` marks a payload the spec does not show; where the
 * spec names a reply's fields without its shape, the shape chosen is written in docs/spec-coverage.md.
 */
import type { EndpointName } from './endpoints';
import type {
  CaptchaChallenge,
  ChangePasswordReply,
  ChangePasswordRequest,
  LoginReply,
  LoginRequest,
  PermissionData,
  RegisterRequest,
  UnilateralLoginReply,
  UnilateralLoginRequest,
} from './types/account';
import type { AevoSync, AevoTradePage } from './types/aevo';
import type {
  ApiAccount,
  ApiAccountSave,
  ApiAdvanced,
  ApiFees,
  ApiName,
  AssetTemplate,
  AuditPage,
  InitResult,
  KeyCheck,
  KillResult,
  LiveSwitch,
  ManualOrder,
  TradingModes,
} from './types/api-accounts';
import type { AccountChange, ApiChartPoint, AssetFeedData, AssetTradeRecord, CurrencyPoint, ManualSnapshot } from './types/assets';
import type { BinanceAccount } from './types/binance';
import type { FollowOrder, FollowOrderRequest, FollowRatePoint, FollowSignalSetting, FollowTask, FollowTaskData, FollowTaskSave } from './types/follow-tasks';
import type { Bourse, DistanceDays, KlineReply, KlineRequest, MarketTable, TransactionType } from './types/market';
import type { MinerModel, MinerModelSave, MinerNetwork } from './types/miner';
import type { OrderPage, OrderQuery, OrderRecord, StatisticsReply } from './types/orders';
import type { PaperOrder, PaperRun } from './types/paper';
import type { CoinList, CoinListChange, SignalRow } from './types/signal-coins';
import type { ArbitrageStrategy, ParamSections, StrategyFilesSave, StrategyUpdate } from './types/strategies';
import type {
  ChangeRecordPage,
  ChildPosition,
  ChildTask,
  ChildTaskAdd,
  EarningsPoint,
  ParamValue,
  PositionStatistics,
  StatusSetting,
  TaskAdd,
  TaskBatchStatus,
  TaskListQuery,
  TaskPage,
  TaskParams,
  TaskStatus,
} from './types/tasks';
import type {
  Indicators,
  MonitoringEntry,
  SignalChart,
  SignPayload,
  SignReply,
  StrategyStatistics,
  StrategyTrade,
  UnilateralAllData,
  UnilateralChart,
  UnilateralPage,
  UnilateralPageRequest,
  UnilateralPosition,
  UnilateralStrategy,
  UnilateralStrategyEdit,
  UnilateralStrategyNew,
} from './types/unilateral';
import type { AlertItem, AlertRule, AlertRuleParams } from './rules/alerts';
import type { DeliveryCodes } from './rules/calendar';
import type { GlobalConfig } from './rules/global-config-rules';
import type { MarketParams } from './rules/market-params';

/** A call that takes nothing but the token. */
type None = Record<string, never>;
/** A payload the spec does not show. */
type Unshown = Record<string, unknown>;

interface Call<P, R> {
  payload: P;
  reply: R;
}

type ById<K extends string> = Record<K, number>;
type ApiId = ById<'apiId'>;
type TaskId = ById<'taskId'>;
/** A child task is `taskChildrenId` in its own calls… */
type TaskChildrenId = ById<'taskChildrenId'>;
/** …and `childrenTaskId` in its statistics calls (§7). */
type ChildrenTaskId = ById<'childrenTaskId'>;
type StrategyId = ById<'strategyId'>;

export interface CallTypes {
  // Account and session
  register: Call<RegisterRequest, { username: string }>;
  logout: Call<None, null>;
  changePassword: Call<ChangePasswordRequest, ChangePasswordReply>;
  unilateralLogin: Call<UnilateralLoginRequest, UnilateralLoginReply>;
  captcha: Call<None, CaptchaChallenge>;
  login: Call<LoginRequest, LoginReply>;
  permissions: Call<None, PermissionData>;

  // API accounts
  apiList: Call<None, ApiAccount[]>;
  apiNames: Call<{ all?: boolean | 0 | 1 }, ApiName[]>;
  apiAdd: Call<ApiAccountSave, { id: number }>;
  apiUpdate: Call<ApiAccountSave & ApiId, { id: number }>;
  apiDelete: Call<ApiId, null>;
  apiClear: Call<ApiId, null>;
  /** instruments: per instrument the account trades, what the exchange answered (empty for a paper account) */
  apiInit: Call<ApiId, { marginMode: string; leverage: number; instruments: InitResult[] }>;
  apiChargesGet: Call<ApiId, ApiFees>;
  apiChargesUpdate: Call<ApiId & Partial<ApiFees>, ApiFees>;
  apiAssetTemplateGet: Call<ApiId, AssetTemplate>;
  apiAssetTemplateSave: Call<ApiId & AssetTemplate, AssetTemplate>;
  apiAdvancedGet: Call<ApiId, ApiAdvanced>;
  apiAdvancedUpdate: Call<ApiId & Partial<ApiAdvanced>, ApiAdvanced>;
  tradingModes: Call<None, TradingModes>;
  apiLive: Call<LiveSwitch, ApiAccount>;
  /** checks the key on its exchange again */
  apiCheck: Call<ApiId, KeyCheck>;
  /** stops every live and testnet task of the accounts and cancels their open orders */
  killSwitch: Call<{ apiId?: number }, KillResult>;
  auditLog: Call<{ apiId?: number; page?: number; pageSize?: number }, AuditPage>;

  // Assets
  assetImaging: Call<ApiId & { layout: number }, ApiChartPoint[]>;
  assetBorrowRecords: Call<ApiId, AssetFeedData['borrow']>;
  assetLedgerLog: Call<ApiId, AssetFeedData['ledger']>;
  assetManualSnapshot: Call<ApiId, ManualSnapshot>;
  assetChangingRate: Call<Unshown, AccountChange[]>;
  /** the ratio curve of the APIs shown (ids joined), as assetImaging's of one. */
  assetStatistics: Call<Unshown, ApiChartPoint[]>;
  assetTradeRecords: Call<Unshown, AssetTradeRecord[]>;
  currencyInformation: Call<{ bourse: number; types: number; currency: string }, CurrencyPoint[]>;
  manualTrading: Call<ManualOrder, { id: number }>;
  /** restore follow: a list of API ids joined as a string. */
  /** resumed: the accounts whose follow tasks follow again (id, name); hedging: the tasks resumed (id, name) */
  restoreTask: Call<{ apiId: string }, { apiId: string; resumed: { id: number; name: string }[] }>;
  hedgingRestoreTask: Call<{ apiId: string }, { apiId: string; resumed: { id: number; name: string }[] }>;

  // Market
  marketPut2: Call<{ params: [number, number, number, number][] }, null>;
  /** params: the market page's own (§7 does not show them): contract/rules/market-params.ts. */
  marketPut: Call<{ params: MarketParams }, null>;
  marketParamGet: Call<None, MarketParams>;
  marketParamGet2: Call<None, MarketTable[]>;
  bourseGet: Call<None, Bourse[]>;
  transactionTypeGet: Call<{ bourseId: number }, TransactionType[]>;
  currencyTypeGet: Call<{ aTransactionType: number; bTransactionType: number }, string[]>;
  klineData: Call<KlineRequest, KlineReply>;
  distanceDays: Call<{ startTime: string; distanceDays: number }, DistanceDays>;
  /** the payload is not shown (§7); the reply: the current code of each delivery type (contract/rules/calendar.ts). */
  deliveryCode: Call<Unshown, DeliveryCodes>;

  // Strategies (arbitrage)
  strategyHome: Call<None, ArbitrageStrategy[]>;
  strategyParamsGet: Call<StrategyId, ParamSections>;
  strategyParamsGet2: Call<StrategyId, ParamSections>;
  strategySaveFiles: Call<StrategyFilesSave, ArbitrageStrategy>;
  strategyUpdate: Call<StrategyUpdate, ArbitrageStrategy>;
  strategyDelete: Call<StrategyId, null>;

  // Tasks
  taskList: Call<TaskListQuery, TaskPage>;
  taskAdd: Call<TaskAdd, { id: number }>;
  taskParamsUpdate: Call<TaskId & { params: TaskParams }, null>;
  taskParamsGet: Call<TaskId, ParamSections>;
  taskNameUpdate: Call<TaskId & { name: string }, null>;
  taskStatusUpdate: Call<TaskId & StatusSetting, string | null>;
  taskStatusDetection: Call<TaskId, TaskStatus>;
  taskStatusUpdateBatch: Call<{ taskIds: number[] } & StatusSetting, null>;
  taskStatusDetectionBatch: Call<{ taskIds: number[] } & StatusSetting, TaskBatchStatus>;
  taskDelete: Call<TaskId, null>;
  taskAvailableApi: Call<TaskId & { status: number }, ApiName[]>;
  taskChildrenList: Call<TaskId, ChildTask[]>;
  taskChildrenAdd: Call<ChildTaskAdd, { task_children_id: number }>;
  taskChildrenStatusUpdate: Call<TaskChildrenId & StatusSetting, null>;
  taskChildrenDelete: Call<TaskChildrenId, null>;
  taskPositionStatistics: Call<TaskId, PositionStatistics>;
  taskChildrenPositionStatistics: Call<ChildrenTaskId, ChildPosition>;
  taskEarnings: Call<TaskId, EarningsPoint[]>;
  taskChildrenEarnings: Call<ChildrenTaskId, EarningsPoint[]>;
  manualClosePosition: Call<{ task_id: number; cids: string }, null>;
  /** cparam: JSON of {dlt, count, duration, cid, change_type 'close' | 'open', direct}. */
  manualTrade: Call<{ task_id: number; cparam: string }, null>;
  manualTradeEnd: Call<{ task_id: number }, null>;
  changeRecords: Call<{ task_id: number; bars: number; page_num: number }, ChangeRecordPage>;

  // Global config
  globalConfigGet: Call<None, GlobalConfig>;
  globalConfigUpdate: Call<GlobalConfig, GlobalConfig>;

  // Orders and statistics
  orderApiNumber: Call<None, Record<string, number>>;
  /** orderId with a '-' prefix asks for the previous page; taskId (not in §7) narrows to one task: the task detail page. */
  orderNewest: Call<{ number: number; orderId?: string; taskId?: number }, OrderRecord[]>;
  orderQuerySDC: Call<OrderQuery, StatisticsReply>;
  orderTotalData: Call<{ number: number }, StatisticsReply>;
  orderPaging: Call<{ eachPageNumber: number; pagingNumber: number }, OrderPage>;

  // Unilateral side (docs/spec-coverage.md §7 "Unilateral side": shapes chosen where the spec shows none)
  unilateralStrategyList: Call<None, UnilateralStrategy[]>;
  /** the handler needs strategy_start for state 1 and strategy_stop for state 0. */
  unilateralStrategyState: Call<{ strategyIds: number[]; state: 0 | 1 }, { strategyIds: number[]; state: 0 | 1 }>;
  /** the handler needs strategy_show for target 1 and strategy_hide for target 0. */
  unilateralStrategyShow: Call<StrategyId & { target: 0 | 1 }, UnilateralStrategyEdit>;
  unilateralStrategyUpdate: Call<StrategyId & UnilateralStrategyEdit, UnilateralStrategyEdit>;
  unilateralStrategyReproduction: Call<StrategyId, UnilateralStrategyEdit>;
  /** the super user adds a strategy (paused, shown) */
  unilateralStrategyAdd: Call<UnilateralStrategyNew, { id: number }>;
  /** follows the strategy with every own API account that has no follow task yet (state 1, leverage 1, the form's defaults). */
  unilateralOneClickFollow: Call<StrategyId & { type: 1 }, { apiIds: number[] }>;
  unilateralAllData: Call<SignPayload, UnilateralAllData>;
  unilateralChartData: Call<SignPayload, UnilateralChart[]>;
  unilateralPageData: Call<UnilateralPageRequest, UnilateralPage<UnilateralStrategy> | UnilateralPage<FollowOrder> | UnilateralPage<StrategyTrade>>;
  unilateralRetreatIndicators: Call<StrategyId, Indicators>;
  /** startTime, endTime 'YYYY-MM-DD HH:mm:ss' (UTC+8); cycle 1T, 10T, 1H or 1D; at most MAX_SIGNAL_POINTS points. */
  unilateralTransactionIdentifier: Call<StrategyId & { startTime: string; endTime: string; cycle: string }, SignalChart>;
  unilateralMonitoringDetail: Call<{ target: number }, MonitoringEntry[]>;
  unilateralApiList: Call<None, FollowTask[]>;
  followTaskAdd: Call<FollowTaskSave, FollowTask>;
  followTaskUpdate: Call<Omit<FollowTaskSave, 'unit'>, FollowTask>;
  followTaskDetail: Call<ApiId, FollowTaskSave>;
  /** apis: API ids (a list, or comma-joined); state 1 start, 0 stop, 3 delayed start. */
  followTaskState: Call<{ apis: number[] | string; state: number }, { apis: number[]; state: number }>;
  followTaskDelete: Call<ApiId, null>;
  followOrderDetail: Call<FollowOrderRequest, FollowOrder[]>;
  /** layout as /asset/imaging/get: 1 = 10 min, 2 = 1 h, 3 = 1 day, 4 = 1 week, 5 = 1 month. */
  followAssetRateChart: Call<ApiId & { layout: number }, FollowRatePoint[]>;
  /** moves the API's follow task to another strategy (its position is closed first). */
  followChangeTask: Call<ApiId & StrategyId, FollowTask>;
  /** sets the task's position (signed coin quantity) at the market: one order for the difference. */
  followAdjustPosition: Call<ApiId & { position: number }, FollowOrder | null>;
  /** one order of signal `type` for this task alone, whatever its strategy does. */
  followIndependentTrigger: Call<ApiId & { type: number }, FollowOrder>;
  signGet: Call<None, SignReply>;
  signGet2: Call<None, SignReply>;
  /** the follow tasks (API items) of one strategy: the API detail page (key = strategy id). */
  accountPage: Call<StrategyId, FollowTask[]>;
  coinRangeGet: Call<None, CoinList>;
  /** /coins: adds or removes ONE coin (not the whole list: two tabs may edit at once); replies the list. */
  coinRangeSave: Call<CoinListChange, CoinList>;
  binanceLeverage: Call<ApiId & { leverage: number }, { apiId: number; leverage: number }>;
  followSignalGet: Call<ApiId, FollowSignalSetting>;
  followSignalSave: Call<FollowSignalSetting, FollowSignalSetting>;
  currencyBlacklistGet: Call<None, CoinList>;
  /** /coins: adds or removes ONE coin, as coinRangeSave. */
  currencyBlacklistSave: Call<CoinListChange, CoinList>;
  /** the exchange-specific blacklist is kept per Binance API account. */
  binanceBlacklistGet: Call<ApiId, CoinList>;
  binanceBlacklistSave: Call<ApiId & { currency: string }, CoinList>;
  binanceBlacklistDelete: Call<ApiId & { currency: string }, CoinList>;
  /** the paper runs a user sees (own and demo), newest first, each stepped to now; runId: that run only (tools-paper). */
  simulatedData: Call<{ page?: number; pageSize?: number; runId?: number }, { list: PaperRun[]; total: number }>;
  /** a paper run's orders, newest first (tools-paper). */
  simulatedOrderDetail: Call<{ runId: number; page?: number; pageSize?: number }, { list: PaperOrder[]; total: number }>;
  /** the user's aevo fills, newest first; page from 1. */
  aevoTradeData: Call<{ page: number; pageSize: number }, AevoTradePage>;
  /** "sync now": pulls the fills made since the last update. */
  aevoTradeUpdate: Call<None, AevoSync>;
  /** the strategy coin's price at a cycle over a window, as /transaction/identifier's `market`. */
  internalKline: Call<StrategyId & { startTime?: string; endTime?: string; cycle: string }, { createtime: string; price: number }[]>;
  /** the statistics page's first load: every asset row of the window, the first pages (20) of positions and trades. */
  strategyData: Call<StrategyId & { startTime?: string; endTime?: string }, StrategyStatistics>;
  apiData: Call<ApiId, FollowTaskData>;
  /** further pages of the statistics tables: types 1 positions, 2 trades; page from 1, 20 a page. */
  pagesData: Call<StrategyId & { types: 1 | 2; page: number }, UnilateralPage<UnilateralPosition> | UnilateralPage<StrategyTrade>>;
  // /signal (tools-signal-coins; assumed)
  /** the newest 50 signals of the strategies the caller sees, newest first. */
  signalList: Call<None, SignalRow[]>;
  // Binance trading page (/binance/trading)
  binanceAccounts: Call<None, BinanceAccount[]>;

  // Tool pages /main/mill, /main/mill1, /main/mill2 (contract/rules/miner.ts, contract/types/miner.ts)
  /** the calculator's defaults: a demo network difficulty, the block reward and the market engine's BTC price (USDT). */
  minerNetwork: Call<None, MinerNetwork>;
  /** the user's miner models (the demo models until the user changes the table). */
  minerModels: Call<None, MinerModel[]>;
  /** adds a model, or with `id` changes that one. */
  minerModelSave: Call<MinerModelSave, MinerModel>;
  minerModelDelete: Call<{ id: number }, null>;

  // tools-paper: the temporary strategy page (/main/tempStrategy, /temp/strategy); paths assumed
  /** trades a library strategy's parameters (its defaults, overridden by `params`) on the simulated market. */
  paperStart: Call<StrategyId & { params: Record<string, ParamValue> | string; name?: string }, PaperRun>;
  paperStop: Call<{ runId: number }, PaperRun>;

  // Alerts (contract/rules/alerts.ts; paths assumed)
  /** a page of the user's alert log, newest first (page from 1, 10 a page unless `size`). */
  alertList: Call<{ page?: number; size?: number } | None, { list: AlertItem[]; total: number; unread: number }>;
  /** marks the alerts `ids` read, or all of the user's. */
  alertRead: Call<{ ids?: number[] } | None, { unread: number }>;
  /** the user's rules; `beyond`: the condition holds now for some subject. */
  alertRuleList: Call<None, (AlertRule & { beyond: boolean })[]>;
  /** adds a rule, or with `id` changes that one (the task and feed rules: one of each kind per user). */
  alertRuleSave: Call<AlertRuleParams & { id?: number; cooldownSeconds?: number }, AlertRule>;
  alertRuleDelete: Call<{ id: number }, null>;
}

/** Every call of the table is typed, and nothing else is: a call added to one and not the other fails here. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const callTypesCoverTheTable: Exactly<keyof CallTypes, EndpointName> = true;

export type PayloadOf<N extends EndpointName> = CallTypes[N]['payload'];
export type ReplyOf<N extends EndpointName> = CallTypes[N]['reply'];

/** The payload argument: optional when the call needs nothing but the token. */
export type PayloadArgs<N extends EndpointName> = None extends PayloadOf<N> ? [payload?: PayloadOf<N>] : [payload: PayloadOf<N>];
