/** Number and time formatting with the §9 rules, shared by every screen. */
import dayjs from 'dayjs';
import { DECIMALS, TREND_CHART } from './constants';

export type DecimalKind = keyof typeof DECIMALS;

/** Shown for a value that is missing or not a number. */
export const EMPTY_VALUE = '-';

const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** A number with a fixed count of decimals; '-' when it is not a number. */
export function formatDecimal(value: unknown, decimals: number): string {
  const n = toNumber(value);
  if (n === undefined) return EMPTY_VALUE;
  const text = n.toFixed(decimals);
  // never show "-0.00"
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A number with the decimals of its kind (§9): 4 for amounts and prices, 2 for statistics, return and cost, 6 for quantities. */
export const formatNumber = (value: unknown, kind: DecimalKind): string => formatDecimal(value, DECIMALS[kind]);
export const formatAmount = (value: unknown) => formatNumber(value, 'amount');
export const formatPrice = (value: unknown) => formatNumber(value, 'price');
export const formatStatistic = (value: unknown) => formatNumber(value, 'statistics');
export const formatReturn = (value: unknown) => formatNumber(value, 'returnRate');
export const formatCost = (value: unknown) => formatNumber(value, 'cost');
export const formatQuantity = (value: unknown) => formatNumber(value, 'quantity');

// ── Times ─────────────────────────────────────────────────────────────────────────────
export const MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

const toDayjs = (value: string | number | Date): dayjs.Dayjs =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
    ? // a server time without a zone is read as it is written, whatever the browser's zone
      dayjs(value.slice(0, 16).replace('T', ' '))
    : dayjs(value);

/** A time shown to the minute ('YYYY-MM-DD HH:mm'); '-' when it is not a time. */
export function formatMinute(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const time = toDayjs(value);
  return time.isValid() ? time.format(MINUTE_FORMAT) : EMPTY_VALUE;
}

// ── Trend chart (§9) ─────────────────────────────────────────────────────────────────
export interface TrendPoint {
  /** to the minute, 'YYYY-MM-DD HH:mm' */
  time: string;
  /** null for the future dates appended after the data */
  value: number | null;
}

/**
 * The series a trend chart draws: the last 180 points, times to the minute, then 7 future daily
 * dates (one per day after the last point) with no value, so the line ends short of the right edge.
 */
export function trendSeries<T>(
  points: readonly T[] | null | undefined,
  time: (point: T) => string | number | Date,
  value: (point: T) => unknown,
  { last = TREND_CHART.points, futureDays = TREND_CHART.futureDays }: { last?: number; futureDays?: number } = {},
): TrendPoint[] {
  const series: TrendPoint[] = (points ?? [])
    .slice(-last)
    .map((point) => ({ time: formatMinute(time(point)), value: toNumber(value(point)) ?? null }))
    .filter((point) => point.time !== EMPTY_VALUE);
  if (series.length === 0) return [];
  const end = toDayjs(series[series.length - 1].time);
  for (let day = 1; day <= futureDays; day++) series.push({ time: end.add(day, 'day').format(MINUTE_FORMAT), value: null });
  return series;
}
