/** Business constants of spec §9, in one place. */
export const INTERVALS = {
  assetPollMs: 3000,
  taskSocketMs: 3000,
  statisticsSocketMs: 2000,
  demandHeartbeatMs: 1300,
  batchStatusPollMs: 1000,
  startStatusPollMs: 800,
  listRefreshAfterStartMs: 1000,
  addTaskRefreshMs: 600,
  batchConfigCloseMs: 4000,
  notificationRotationMs: 5000,
  chunkLoadTimeoutMs: 120_000,
  captchaNoticeMs: 2000,
  noTradeDataBackMs: 800,
  earningsFailureBackMs: 1000,
} as const;

export const SESSION_DAYS = 2;

export const PAGING = {
  taskListPageSize: 10,
  /**
   * The task page reads its cards a page of this many at a time, the pages its window reaches (the server
   * filters and counts, so nothing is figured over part of the tasks; a choice, docs/spec-coverage.md).
   */
  taskPageChunk: 100,
  /** The most tasks one batch status change takes (and the most ids /task/list's `with_ids` answers). */
  taskBatchMax: 1000,
  /** The phone page's running tasks per page. */
  mobileTaskPageSize: 20,
  orderPageSize: 18,
  taskDetailPageSize: 100,
  /** change records per page on the trade info page (bars; a choice: §9 is silent). */
  changeRecordsPageSize: 10,
  unilateralPageSize: 20,
} as const;

export const DEFAULTS = {
  strategyType: 4,
  bourseId: 1,
  assetLayout: 3,
  followTaskUnit: 'usd',
  initLeverage: 10,
} as const;

export const DECIMALS = {
  amount: 4,
  price: 4,
  statistics: 2,
  returnRate: 2,
  cost: 2,
  quantity: 6,
} as const;

export const CHART_TIME_FRAMES = ['1T', '30T', '1H', '4H', '1D', '1W'] as const;

export const TREND_CHART = { points: 180, futureDays: 7 } as const;

/** Paths every signed-in user may open, whatever their permission list (spec §2 route guard). */
export const DEFAULT_ALLOWED_PATHS = ['/login', '/home', '/user', '/guide', '/404'] as const;

/** §9 progress bar: red when the used ratio is 60 % or more; the percentage inside the bar from 70 %. */
export const PROGRESS_BAR = { redFromPercent: 60, textInsideFromPercent: 70 } as const;

/** Taker rates (fraction of notional) the /market net spreads assume on an exchange where the user has no API account: the reference server's new-account fees (contract/rules/net-spread.ts). */
export const DEFAULT_TAKER_FEES = { ssEatCharges: 0.001, fuEatCharges: 0.0005, csEatCharges: 0.0005 } as const;
