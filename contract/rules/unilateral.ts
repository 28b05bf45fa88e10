/**
 * The one-sided (unilateral) side's codes and rules (spec §3, §4, §5, §9), for the console and the
 * reference server alike. Pure: labels and messages are i18n keys of the `unilateral` namespace.
 */
import { isCurrency } from './codes';

// ── Follow task (API task) states, §4 ─────────────────────────────────────────────────
/** 1 auto (following), 0 stopped, 2 hedge (position kept, no new orders), 3 delay (starts at the next opening signal), 4 stop-loss (stopped by its stop-loss). */
export const FOLLOW_STATE = { stop: 0, auto: 1, hedge: 2, delay: 3, stopLoss: 4 } as const;
export type FollowState = (typeof FOLLOW_STATE)[keyof typeof FOLLOW_STATE];
export const FOLLOW_STATES: readonly FollowState[] = [1, 0, 2, 3, 4];
export const isFollowState = (value: number): value is FollowState => (FOLLOW_STATES as readonly number[]).includes(value);
export const followStateLabelKey = (state: number): string => `unilateral:followState.${isFollowState(state) ? state : 0}`;

/**
 * A follow order's state (the order detail's `state`; the spec names the column, not its codes): the states OKX
 * gives an order, -2 failed, -1 cancelled, 0 open, 1 partly filled, 2 filled. A paper account's order fills at once;
 * a testnet or live account's takes its exchange's states (cancelled with part filled: -1, its filled size shown).
 */
export const FOLLOW_ORDER_STATE = { failed: -2, cancelled: -1, open: 0, partlyFilled: 1, filled: 2 } as const;
const FOLLOW_ORDER_STATES: readonly number[] = Object.values(FOLLOW_ORDER_STATE);
export const followOrderStateLabelKey = (state: number): string => `unilateral:followOrderState.${FOLLOW_ORDER_STATES.includes(state) ? state : 'unknown'}`;

/** The states a follow task may be asked to take through /put/task/state: start (1), stop (0), startDelay (3). */
export const FOLLOW_ACTION_STATE = { start: 1, stop: 0, startDelay: 3, continue: 1 } as const;
export type FollowAction = keyof typeof FOLLOW_ACTION_STATE;
export const FOLLOW_TARGET_STATES: readonly number[] = [0, 1, 3];
/** "continue following" is offered to a task its stop-loss stopped or that holds a hedge. */
export const canContinue = (task: { status: number }): boolean => task.status === FOLLOW_STATE.stopLoss || task.status === FOLLOW_STATE.hedge;
/** A follow task is deleted only when stopped (0) or stopped by its stop-loss (4). */
export const isFollowDeletable = (task: { status: number }): boolean => task.status === FOLLOW_STATE.stop || task.status === FOLLOW_STATE.stopLoss;
/** The states in which a task places orders on its strategy's signals. */
export const isFollowing = (state: number): boolean => state === FOLLOW_STATE.auto || state === FOLLOW_STATE.delay;

// ── Unilateral strategy, §3 §4 ─────────────────────────────────────────────────────────
/** 0 paused, 1 running; start sets 1, stop sets 0. */
export const STRATEGY_STATUS = { paused: 0, running: 1 } as const;
export type StrategyStatus = (typeof STRATEGY_STATUS)[keyof typeof STRATEGY_STATUS];
export const strategyStatusLabelKey = (status: number): string => `unilateral:strategyStatus.${status === 1 ? 1 : 0}`;
/** 1 shown, 0 hidden. */
export const STRATEGY_TARGET = { hidden: 0, shown: 1 } as const;
export type StrategyTarget = (typeof STRATEGY_TARGET)[keyof typeof STRATEGY_TARGET];

/** One-click follow sends type 1 (§7). */
export const ONE_CLICK_FOLLOW_TYPE = 1;

// ── Monitoring, §2 §4 ──────────────────────────────────────────────────────────────────
/** /unilateral/contral?id= and /monitoring/detail {target}: 1 strategy, 2 API, 3 K-line. */
export const MONITORING_VIEW = { strategy: 1, api: 2, kline: 3 } as const;
export type MonitoringView = (typeof MONITORING_VIEW)[keyof typeof MONITORING_VIEW];
export const MONITORING_VIEWS: readonly MonitoringView[] = [1, 2, 3];
/** 1 green (normal), 2 red, 0 dark grey. */
export const MONITORING_STATUS = { idle: 0, normal: 1, alarm: 2 } as const;
export type MonitoringStatus = (typeof MONITORING_STATUS)[keyof typeof MONITORING_STATUS];
/** The dot's colour keeps its meaning in dark mode; the label is for colour-blind users. */
export const MONITORING_DOT: Record<MonitoringStatus, { color: string; labelKey: string }> = {
  1: { color: '#52c41a', labelKey: 'unilateral:monitoring.status.1' },
  2: { color: '#f5222d', labelKey: 'unilateral:monitoring.status.2' },
  0: { color: '#595959', labelKey: 'unilateral:monitoring.status.0' },
};
export const monitoringDot = (status: number) => MONITORING_DOT[status === 1 || status === 2 ? status : 0];

// ── Trade signals, §4 ──────────────────────────────────────────────────────────────────
/** 1 long open, 2 short close, -1 short open, -2 long close. */
export const SIGNAL = { longOpen: 1, shortClose: 2, shortOpen: -1, longClose: -2 } as const;
export type Signal = (typeof SIGNAL)[keyof typeof SIGNAL];
export const SIGNALS: readonly Signal[] = [1, 2, -1, -2];
export const isSignal = (value: number): value is Signal => (SIGNALS as readonly number[]).includes(value);
export const signalLabelKey = (signal: number): string => `unilateral:signal.${isSignal(signal) ? signal : 1}`;
/** Opening signals (1, -1) start a position; closing ones (2, -2) end one. */
export const isOpening = (signal: number): boolean => signal === SIGNAL.longOpen || signal === SIGNAL.shortOpen;
/** Buys (long open, short close) are the chart's up markers, sells its down markers (§3 up_direction, down_direction). */
export const isBuySignal = (signal: number): boolean => signal === SIGNAL.longOpen || signal === SIGNAL.shortClose;
/** +1 long, −1 short: the side a signal opens or closes. */
export const signalSide = (signal: number): 1 | -1 => (signal === SIGNAL.longOpen || signal === SIGNAL.longClose ? 1 : -1);

// ── Statistics cycles and windows, §9 ──────────────────────────────────────────────────
export const CYCLES = ['1T', '10T', '1H', '1D'] as const;
export type Cycle = (typeof CYCLES)[number];
export const isCycle = (value: unknown): value is Cycle => (CYCLES as readonly unknown[]).includes(value);
const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;
/** The length of one point of each cycle. */
export const CYCLE_MS: Record<Cycle, number> = { '1T': MINUTE, '10T': 10 * MINUTE, '1H': 60 * MINUTE, '1D': DAY_MS };
/** The default window back from now of each cycle: 1, 3, 10 and 30 days. */
export const CYCLE_WINDOW_DAYS: Record<Cycle, number> = { '1T': 1, '10T': 3, '1H': 10, '1D': 30 };
export const DEFAULT_CYCLE: Cycle = '1T';
/** The default [start, end] (ms) of a cycle's window ending at `now`. */
export const cycleWindow = (cycle: Cycle, now: number): [number, number] => [now - CYCLE_WINDOW_DAYS[cycle] * DAY_MS, now];
/** The most points one /transaction/identifier answer carries (30 days of 1T, the bench size). */
export const MAX_SIGNAL_POINTS = 43_200;

// ── Paging, §9 ─────────────────────────────────────────────────────────────────────────
/** /get/page/data types: 1 the strategy list, 2 one API's follow orders (apiId), 3 one strategy's trades (strategyId). */
export const PAGE_TYPE = { strategies: 1, orders: 2, trades: 3 } as const;
export type PageType = (typeof PAGE_TYPE)[keyof typeof PAGE_TYPE];
/**
 * The ±20 id cursor (§9): `number` > 0 asks for the rows after the edge row `edge` (0 = from the start), `number` < 0
 * for the rows before it. "After" means the list's own order: ascending ids for strategies, newest first for orders and trades.
 */
export interface IdCursor {
  edge: number;
  number: number;
}

// ── Trend chart, §9 ────────────────────────────────────────────────────────────────────
/** chart_data (JSON text): the strategy's cumulative return in percent, at most the last 180 points. */
export interface TrendData {
  date: string[];
  value: number[];
}
export const TREND_POINTS = 180;
export const TREND_FUTURE_DAYS = 7;
/**
 * The trend line as drawn: the last 180 points, then 7 future daily dates (no value) after the last
 * one. Dates are 'YYYY-MM-DD HH:mm' (shown to the minute); the future ones keep the last time of day.
 */
export function trendLine(data: TrendData): { date: string; value: number | null }[] {
  const start = Math.max(0, data.date.length - TREND_POINTS);
  const points: { date: string; value: number | null }[] = data.date.slice(start).map((date, i) => ({ date, value: data.value[start + i] ?? null }));
  const last = points.at(-1)?.date;
  if (!last) return points;
  const lastMs = Date.parse(`${last.replace(' ', 'T')}:00Z`);
  for (let day = 1; day <= TREND_FUTURE_DAYS; day += 1) {
    points.push({ date: new Date(lastMs + day * DAY_MS).toISOString().slice(0, 16).replace('T', ' '), value: null });
  }
  return points;
}

// ── Follow task form, §5 ───────────────────────────────────────────────────────────────
/** Priority 0~5 (higher is first), stop-loss 0~100 percent (§9). */
export const PRIORITY_RANGE = { min: 0, max: 5 } as const;
export const STOP_LOSS_RANGE = { min: 0, max: 100 } as const;
export const DEFAULT_FOLLOW_UNIT = 'usd';
/** The currency units the follow task form offers (from /currencyType/get in the product; the reference server's list). */
export const FOLLOW_UNITS = ['usd', 'usdt', 'btc', 'eth'] as const;

/** The follow task form as typed (strings from inputs, numbers after parsing; blank = not filled in). */
export interface FollowFormValues {
  apiId?: number | string | null;
  strategyId?: number | string | null;
  priority?: number | string | null;
  stopLoss?: number | string | null;
  positiveLeverage?: number | string | null;
  negativeLeverage?: number | string | null;
  isBuy?: number | string | boolean | null;
  isSell?: number | string | boolean | null;
  archiveCurrency?: string | null;
  calculateCost?: number | string | null;
  initialCost?: number | string | null;
  unit?: string | null;
}
export type FollowFormField = keyof FollowFormValues;

/** Every message of the follow task form and of the strategy dialog's priority (§5), verbatim in zh-CN. */
export const FOLLOW_FORM_MESSAGES = {
  apiRequired: 'unilateral:form.apiRequired',
  strategyRequired: 'unilateral:form.strategyRequired',
  leverageRequired: 'unilateral:form.leverageRequired',
  leveragePositive: 'unilateral:form.leveragePositive',
  stopLossRequired: 'unilateral:form.stopLossRequired',
  stopLossRange: 'unilateral:form.stopLossRange',
  priorityRequired: 'unilateral:form.priorityRequired',
  priorityRange: 'unilateral:form.priorityRange',
  isBuyRequired: 'unilateral:form.isBuyRequired',
  isSellRequired: 'unilateral:form.isSellRequired',
  costNumber: 'unilateral:form.costNumber',
} as const;
export const STRATEGY_PRIORITY_MESSAGES = {
  required: 'unilateral:strategyForm.priorityRequired',
  number: 'unilateral:strategyForm.priorityNumber',
  range: 'unilateral:strategyForm.priorityRange',
} as const;

const blank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN);
const inRange = (value: number, range: { min: number; max: number }) => Number.isFinite(value) && value >= range.min && value <= range.max;

/** One field's problem as an i18n key, or undefined when it is fine. `userLevel` 1 shows (and needs) the priority. */
export function followFieldProblem(field: FollowFormField, values: FollowFormValues, userLevel: number): string | undefined {
  const value = values[field];
  switch (field) {
    case 'apiId':
      return blank(value) ? FOLLOW_FORM_MESSAGES.apiRequired : undefined;
    case 'strategyId':
      return blank(value) ? FOLLOW_FORM_MESSAGES.strategyRequired : undefined;
    case 'positiveLeverage':
    case 'negativeLeverage':
      if (blank(value)) return FOLLOW_FORM_MESSAGES.leverageRequired;
      return numberOf(value) > 0 ? undefined : FOLLOW_FORM_MESSAGES.leveragePositive;
    case 'stopLoss':
      if (blank(value)) return FOLLOW_FORM_MESSAGES.stopLossRequired;
      return inRange(numberOf(value), STOP_LOSS_RANGE) ? undefined : FOLLOW_FORM_MESSAGES.stopLossRange;
    case 'priority':
      if (userLevel !== 1) return undefined;
      if (blank(value)) return FOLLOW_FORM_MESSAGES.priorityRequired;
      return inRange(numberOf(value), PRIORITY_RANGE) ? undefined : FOLLOW_FORM_MESSAGES.priorityRange;
    case 'isBuy':
      return blank(value) ? FOLLOW_FORM_MESSAGES.isBuyRequired : undefined;
    case 'isSell':
      return blank(value) ? FOLLOW_FORM_MESSAGES.isSellRequired : undefined;
    case 'calculateCost':
    case 'initialCost':
      return blank(value) || Number.isFinite(numberOf(value)) ? undefined : FOLLOW_FORM_MESSAGES.costNumber;
    case 'archiveCurrency':
    case 'unit':
      return undefined;
  }
}

/** The fields of the form in their order; the priority only for userLevel 1 (§5). */
export const followFormFields = (userLevel: number): FollowFormField[] => [
  'apiId',
  'strategyId',
  ...(userLevel === 1 ? (['priority'] as const) : []),
  'stopLoss',
  'positiveLeverage',
  'negativeLeverage',
  'isBuy',
  'isSell',
  'archiveCurrency',
  'calculateCost',
  'initialCost',
  'unit',
];

/** Every problem of the form, field → i18n key (empty when it may be saved). */
export function followFormProblems(values: FollowFormValues, userLevel: number): Partial<Record<FollowFormField, string>> {
  const problems: Partial<Record<FollowFormField, string>> = {};
  for (const field of followFormFields(userLevel)) {
    const problem = followFieldProblem(field, values, userLevel);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The strategy dialog's priority (its own messages, §5). */
export function strategyPriorityProblem(value: unknown): string | undefined {
  if (blank(value)) return STRATEGY_PRIORITY_MESSAGES.required;
  const n = numberOf(value);
  if (!Number.isFinite(n)) return STRATEGY_PRIORITY_MESSAGES.number;
  return inRange(n, PRIORITY_RANGE) ? undefined : STRATEGY_PRIORITY_MESSAGES.range;
}

// ── Adding a strategy (§2 "Add/edit strategy dialog") ──────────────────────────────────
/**
 * What a new unilateral strategy is: a name, its coin (§9), the initial money, and the rule behind it. The one-sided
 * engine runs one rule, the cross of a fast and a slow moving average on bars of its own length (server/unilateral/
 * engine.ts), so the rule is its three numbers. Our reading: the arbitrage library's strategies are hedging ones,
 * which the one-sided engine cannot run.
 */
export const NEW_STRATEGY_LIMITS = {
  initialMoney: { min: 100, max: 100_000_000 },
  barMinutes: { min: 1, max: 1440 },
  fast: { min: 1, max: 200 },
  slow: { min: 2, max: 500 },
} as const;
export const NEW_STRATEGY_FIELDS = ['names', 'coin', 'initialMoney', 'barMinutes', 'fast', 'slow'] as const;
export type NewStrategyField = (typeof NEW_STRATEGY_FIELDS)[number];
export const NEW_STRATEGY_MESSAGES = {
  namesRequired: 'unilateral:addStrategy.namesRequired',
  coin: 'unilateral:addStrategy.coinRequired',
  initialMoney: 'unilateral:addStrategy.initialMoneyRange',
  barMinutes: 'unilateral:addStrategy.barMinutesRange',
  fast: 'unilateral:addStrategy.fastRange',
  slow: 'unilateral:addStrategy.slowRange',
  slowAboveFast: 'unilateral:addStrategy.slowAboveFast',
} as const;

const wholeIn = (value: unknown, range: { min: number; max: number }) => Number.isInteger(numberOf(value)) && inRange(numberOf(value), range);

/** One field's problem as an i18n key (the console's form and the server alike), or undefined. */
export function newStrategyProblem(field: NewStrategyField, values: Partial<Record<NewStrategyField, unknown>>): string | undefined {
  const value = values[field];
  switch (field) {
    case 'names':
      return blank(value) || String(value).trim().length > 64 ? NEW_STRATEGY_MESSAGES.namesRequired : undefined;
    case 'coin':
      return typeof value === 'string' && isCurrency(value) ? undefined : NEW_STRATEGY_MESSAGES.coin;
    case 'initialMoney':
      return inRange(numberOf(value), NEW_STRATEGY_LIMITS.initialMoney) ? undefined : NEW_STRATEGY_MESSAGES.initialMoney;
    case 'barMinutes':
      return wholeIn(value, NEW_STRATEGY_LIMITS.barMinutes) ? undefined : NEW_STRATEGY_MESSAGES.barMinutes;
    case 'fast':
      return wholeIn(value, NEW_STRATEGY_LIMITS.fast) ? undefined : NEW_STRATEGY_MESSAGES.fast;
    case 'slow':
      if (!wholeIn(value, NEW_STRATEGY_LIMITS.slow)) return NEW_STRATEGY_MESSAGES.slow;
      return numberOf(value) > numberOf(values.fast) ? undefined : NEW_STRATEGY_MESSAGES.slowAboveFast;
  }
}

/** 1 / true / '1' → 1; anything else that is filled in → 0. */
export const flag = (value: unknown): 0 | 1 => (value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0);

// ── Accounts ───────────────────────────────────────────────────────────────────────────
/**
 * /validation/user signs in unilateral accounts only: an account that is not the console's super user
 * and has a unilateral level (pes 1 manager, pes 2 follower). The console's own accounts are refused.
 */
export const isUnilateralAccount = (user: { isSuper: boolean; pes: number }): boolean => !user.isSuper && user.pes > 0;
