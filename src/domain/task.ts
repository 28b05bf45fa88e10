/**
 * Hedging tasks: the code tables of spec §3/§4 (manual open direction, transaction types of task
 * editing; the status tables are task-status.ts and order-status.ts), the filters of the task page (§2), the §5 rules of
 * the add / configure dialog as pure functions and the §9 defaults of the task screens.
 * Labels are i18n keys of the `task` namespace, never text.
 */
import { CURRENCIES, TRANSACTION_TYPES, transactionType, type TradeType, type TransactionType } from '#contract/rules/codes';
import { isContractPair, type TaskListFilters } from '#contract/rules/task-filters';
import type { KlineLeg } from './market';
import type { ParamValue, TaskParams } from '#contract/types/tasks';

// ── Manual trading (§4, §9) ───────────────────────────────────────────────────────────
/** Manual open direction: f positive premium, r negative premium. */
export const MANUAL_DIRECTIONS = ['f', 'r'] as const;
export type ManualDirection = (typeof MANUAL_DIRECTIONS)[number];
export const MANUAL_DEFAULTS = {
  close: { count: 20, duration: 1, dlt: -0.01 },
  open: { count: 20, duration: 1, dlt: -0.01, direct: 'f' as ManualDirection },
} as const;
/** The one contract type enabled in the manual trading form §5 names. */
export const MANUAL_ENABLED_TRADE_TYPE: TradeType = 'CQ';

export interface ManualTrade {
  kind: 'close' | 'open';
  dlt: number;
  count: number;
  duration: number;
  childIds: readonly number[];
  direct?: ManualDirection;
}
/** Sent only when at least one child task is selected (§5). */
export const canSendManualTrade = (trade: Pick<ManualTrade, 'childIds'>): boolean => trade.childIds.length > 0;
/** The cparam of /taskServer/manual: {dlt, count, duration, cid, change_type, direct} (cid: the child ids joined by commas). */
export function manualTradeCparam(trade: ManualTrade): string {
  return JSON.stringify({
    dlt: trade.dlt,
    count: trade.count,
    duration: trade.duration,
    cid: trade.childIds.join(','),
    change_type: trade.kind,
    ...(trade.kind === 'open' ? { direct: trade.direct ?? MANUAL_DEFAULTS.open.direct } : {}),
  });
}

// ── Transaction types in task editing (§3): the table is contract/rules/codes.ts TRANSACTION_TYPES ──
export const EXCHANGE_2_LIKE = 2;

/** The codes an exchange offers in the task dialog: exchange 2 the 6–9 family, the others 1–5 and 10. */
export const transactionTypesFor = (bourseId: number | undefined): readonly TransactionType[] =>
  TRANSACTION_TYPES.filter((t) => t.family === (bourseId === EXCHANGE_2_LIKE ? 2 : 1));
export const tradeTypeOfTransaction = (code: number | undefined): TradeType | undefined => transactionType(code)?.tradeType;

/** The K-line legs of a task's pair (market dialog): each leg's exchange with its task code read as the market's contract code. */
export function klineLegsOf(params: TaskParams): KlineLeg[] | undefined {
  const leg = (bourse: unknown, code: unknown): KlineLeg | undefined => {
    const contract = transactionType(Number(code))?.contract;
    return contract !== undefined && Number.isFinite(Number(bourse)) ? { exchange: Number(bourse), type: contract } : undefined;
  };
  const a = leg(params.a_bourse, params.a_transaction_type);
  const b = leg(params.b_bourse, params.b_transaction_type);
  return a && b ? [a, b] : undefined;
}

/** Whether an available API account (/task/available/api/get) is on the exchange; one without bourse_id is taken as asked. */
export function accountOnExchange(api: object, bourse: number): boolean {
  const id = (api as { bourse_id?: unknown }).bourse_id;
  return id === undefined || Number(id) === bourse;
}

// ── Task page filters (§2): the server filters and counts (contract/rules/task-filters.ts) ──────
export const ALL = 'all';
/** Currency filter: all + BTC, ETH, BCH, EOS, ETC, XRP, LTC, TRX, BSV. */
export const TASK_CURRENCIES = CURRENCIES;
export { CONTRACT_PAIRS, contractPairOf, type ContractPair } from '#contract/rules/task-filters';

export interface TaskFilters {
  currency: string;
  pair: string;
  strategy: string | undefined;
}
/** The page's filters as /task/list takes them: 'all' (and no strategy yet) sends nothing, so the server answers every task. */
export function taskListFilters(filters: TaskFilters): TaskListFilters {
  return {
    ...(filters.currency !== ALL ? { currency_type: filters.currency } : {}),
    ...(filters.pair !== ALL && isContractPair(filters.pair) ? { pair: filters.pair } : {}),
    ...(filters.strategy !== undefined ? { strategy_name: filters.strategy } : {}),
  };
}

/** The default strategy filter: the strategy whose name contains 'arbitrage 2' (else the first). */
export const ARBITRAGE_2 = 'arbitrage 2';
export const isArbitrage2 = (name: string | undefined): boolean => Boolean(name?.toLowerCase().includes(ARBITRAGE_2));
export const defaultStrategyName = (names: readonly string[]): string | undefined => names.find(isArbitrage2) ?? names[0];

// ── Card width (§9) ───────────────────────────────────────────────────────────────────
export const CARD_WIDTH = { min: 320, max: 500, default: 440, storageKey: 'console.task.cardWidth' } as const;
export function clampCardWidth(value: unknown): number {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return CARD_WIDTH.default;
  return Math.min(CARD_WIDTH.max, Math.max(CARD_WIDTH.min, Math.round(n)));
}

// ── Add / configure a task (§3 Task params when adding, §5 Add task) ──────────────────
/** For 'arbitrage 2', dlt and m are edited per delivery type. */
export const PER_TYPE_PARAMS = ['dlt', 'm'] as const;
export const PER_TYPE_KEYS = ['CW', 'NW', 'CQ', 'NQ'] as const;
/** The params the dialog shows as fields of their own; every other param of the strategy is a generic input. */
export const NAMED_PARAMS = [
  'currency_type',
  'a_bourse',
  'a_transaction_type',
  'b_bourse',
  'b_transaction_type',
  'is_borrow',
  'fund_occupy',
  'virtual_initial_capital',
  'depth',
  'slip',
  'price_limit',
] as const;
export const PRICE_LIMIT_NONE = 'no';

export type FundOccupyMode = 'percent' | 'amount';
/** '50%' → percent 50; '2000' → amount 2000. */
export function parseFundOccupy(value: unknown): { mode: FundOccupyMode; value: number | undefined } {
  const text = String(value ?? '').trim();
  const percent = text.endsWith('%');
  const n = Number(percent ? text.slice(0, -1) : text);
  return { mode: percent ? 'percent' : 'amount', value: text === '' || !Number.isFinite(n) ? undefined : n };
}
export const formatFundOccupy = (value: number, mode: FundOccupyMode): string => (mode === 'percent' ? `${value}%` : String(value));

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));

/** A form value as the server wants it: numbers as numbers, other text kept (§5: "other values to numbers"). */
function asParam(value: unknown): ParamValue {
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  const text = String(value).trim();
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : text;
}

export interface TaskFormValues {
  name?: string;
  fund_occupy_mode?: FundOccupyMode;
  /** every param of the strategy, named or not (dlt and m of 'arbitrage 2' as {CW, NW, CQ, NQ}). */
  params: Record<string, unknown>;
}
export type TaskFormError = 'nameRequired' | 'incompleteParams';
export type TaskFormResult = { ok: true; name: string; params: TaskParams } | { ok: false; error: TaskFormError };

/**
 * The §5 add-task rules: a name is required; every base param of the strategy must be present (a
 * per-type param in each of CW/NW/CQ/NQ); is_borrow becomes a boolean, the others numbers; a blank
 * price_limit becomes 'no'; fund_occupy gets '%' when percent is chosen.
 */
export function buildTaskParams(values: TaskFormValues, baseParams: readonly string[]): TaskFormResult {
  const name = values.name?.trim() ?? '';
  if (!name) return { ok: false, error: 'nameRequired' };
  const params: TaskParams = {};
  for (const key of baseParams) {
    const value = values.params[key];
    if (key === 'price_limit') {
      params.price_limit = blank(value) ? PRICE_LIMIT_NONE : asParam(value);
      continue;
    }
    if (key === 'is_borrow') {
      params.is_borrow = value === true || value === 'true' || value === 1 || value === '1';
      continue;
    }
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0 || entries.some(([, v]) => blank(v))) return { ok: false, error: 'incompleteParams' };
      params[key] = Object.fromEntries(entries.map(([k, v]) => [k, asParam(v)]));
      continue;
    }
    if (blank(value)) return { ok: false, error: 'incompleteParams' };
    params[key] = key === 'fund_occupy' ? formatFundOccupy(Number(value), values.fund_occupy_mode ?? 'percent') : asParam(value);
  }
  return { ok: true, name, params };
}

/** The values the dialog starts from, given a strategy's (or task's) params. */
export function formValuesOf(params: Record<string, unknown>): Pick<TaskFormValues, 'fund_occupy_mode' | 'params'> {
  const fund = parseFundOccupy(params.fund_occupy);
  return {
    fund_occupy_mode: fund.mode,
    params: {
      ...params,
      ...('fund_occupy' in params ? { fund_occupy: fund.value } : {}),
      ...('price_limit' in params && params.price_limit === PRICE_LIMIT_NONE ? { price_limit: undefined } : {}),
    },
  };
}

/** A copy of a task: same strategy and params, a new stopped task (the server creates it stopped). */
export const copyName = (name: string, suffix: string): string => `${name}${suffix}`;

/** The rename is sent only if the name changed. */
export const renameNeeded = (before: string, after: string | undefined): boolean => Boolean(after?.trim()) && after!.trim() !== before;

// ── Live part of a task (§7 task socket) ──────────────────────────────────────────────
/**
 * The position bar's used ratio: the socket's `position.pro_rate` (0–1, the share of the position
 * limit in use), or `pro_rate` at the top of `position` (a choice: §3 names pro_rate without its scale).
 */
export function usedRatioOf(position: unknown): number | undefined {
  if (!position || typeof position !== 'object') return undefined;
  const rate = Number((position as Record<string, unknown>).pro_rate);
  if (!Number.isFinite(rate)) return undefined;
  return rate > 1 ? rate / 100 : rate;
}

/**
 * The quantity a task holds (§3 position data): leg A's quantity of f plus that of r, as the trade info's
 * current position amount counts it; undefined before the socket has said.
 */
export function positionAmountOf(position: unknown): number | undefined {
  if (!position || typeof position !== 'object') return undefined;
  const { f, r } = position as { f?: unknown; r?: unknown };
  const legA = (side: unknown) => (Array.isArray(side) && Array.isArray(side[0]) ? Number(side[0][1]) : NaN);
  const amount = legA(f) + legA(r);
  return Number.isFinite(amount) ? amount : undefined;
}

/** The task's P/L now (the socket's muldata.earnings: realised + unrealised, the curve's last point). */
export function earningsOf(muldata: unknown): number | undefined {
  const value = muldata && typeof muldata === 'object' ? Number((muldata as Record<string, unknown>).earnings) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

/** The price ratios a card lists: the socket's `analysis` as label → number pairs (non-numbers skipped). */
export function priceRatiosOf(analysis: unknown): [string, number][] {
  if (!analysis || typeof analysis !== 'object') return [];
  return Object.entries(analysis as Record<string, unknown>)
    .map(([k, v]) => [k, Number(v)] as [string, number])
    .filter(([, v]) => Number.isFinite(v));
}

/** Parses a JSON text field of an order record (cparam, result); {} when it is not JSON. */
export function parseJsonField(text: unknown): Record<string, unknown> {
  if (typeof text === 'object' && text !== null) return text as Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(String(text ?? ''));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
