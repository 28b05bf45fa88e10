/**
 * Number, percentage and time formatting with the §9 rules, shared by every screen: the one formatting
 * module, per language. The decimals are §9's whatever the language; the grouping (thousands) separators,
 * the decimal mark, the percent sign's place and the time's pattern are the language's, through Intl
 * (Intl.NumberFormat, Intl.DateTimeFormat; cached per language). What a language wants is declared in
 * the "formats" of its contract/locales/<lng>/language.json (src/providers/i18n.ts hands them over), so a
 * translator writes no code; docs/TRANSLATING.md lists the choices made for each language.
 * Every function follows the console's current language (i18next's), so a component re-rendered by
 * the change of language (useTranslation) shows its figures in the new one.
 */
import dayjs from 'dayjs';
import i18next from 'i18next';
import { DECIMALS, TREND_CHART } from '#contract/rules/constants';

export type DecimalKind = keyof typeof DECIMALS;

/** Shown for a value that is missing or not a number. */
export const EMPTY_VALUE = '-';

/** A time to the minute as the spec shows it (zh-CN, zh-TW and en keep it). */
export const MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

/** A language's conventions: the "formats" of its language.json. What it leaves out is the spec's form. */
export interface LanguageFormats {
  /** grouping (thousands) separators: "1,234.5678" (true) or the spec's "1234.5678" (false, the default) */
  grouping?: boolean;
  /** a time to the minute: a dayjs pattern (default 'YYYY-MM-DD HH:mm'), or "locale" for the language's own numeric order (Intl) */
  minute?: string;
}

/** What one language shows: the functions below call the current language's. */
export interface LanguageFormatter {
  /** a number with exactly this many decimals; '-' when it is not a number; never "-0.00" */
  number(value: unknown, decimals: number): string;
  /** a number (already in percent) with this many decimals and the language's percent sign */
  percent(value: unknown, decimals: number): string;
  /** a time to the minute */
  minute(time: dayjs.Dayjs): string;
}

const declared = new Map<string, LanguageFormats>();
const formatters = new Map<string, LanguageFormatter>();

/** A language's formats (from its language.json); replaces what was declared before for it. */
export function declareFormats(lng: string, formats: LanguageFormats = {}): void {
  declared.set(lng, formats);
  formatters.delete(lng);
}

const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

function makeFormatter(lng: string, { grouping = false, minute = MINUTE_FORMAT }: LanguageFormats): LanguageFormatter {
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (decimals: number) => {
    let format = numbers.get(decimals);
    if (!format) {
      // 'negative': no sign on zero or on what rounds to zero ("0.00", never "-0.00")
      format = new Intl.NumberFormat(lng, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouping, signDisplay: 'negative' });
      numbers.set(decimals, format);
    }
    return format;
  };
  const number = (value: unknown, decimals: number) => {
    const n = toNumber(value);
    return n === undefined ? EMPTY_VALUE : numberFormat(decimals).format(n);
  };
  // the language's percent pattern ("12.35%", "12,35 %"): Intl's parts around a number, which keeps §9's decimals.
  // Each of Intl's formats is made when first used: making one is costly (~10 ms on a slow phone), and a page's first
  // load is where it would be paid
  let percentParts: Intl.NumberFormatPart[] | undefined;
  const percent = (value: unknown, decimals: number) => {
    const text = number(value, decimals);
    if (text === EMPTY_VALUE) return text;
    percentParts ??= new Intl.NumberFormat(lng, { style: 'percent' }).formatToParts(1);
    return percentParts.map((part) => (part.type === 'integer' ? text : part.value)).join('');
  };
  let localeMinute: Intl.DateTimeFormat | undefined;
  const minuteFormat = () => {
    localeMinute ??= new Intl.DateTimeFormat(lng, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return localeMinute;
  };
  return {
    number,
    percent,
    minute: (time) => (minute === 'locale' ? minuteFormat().format(time.toDate()) : time.format(minute)),
  };
}

/** The formatter of a language (made once, then cached). */
export function formatterOf(lng: string): LanguageFormatter {
  let formatter = formatters.get(lng);
  if (!formatter) {
    formatter = makeFormatter(lng, declared.get(lng) ?? {});
    formatters.set(lng, formatter);
  }
  return formatter;
}

/** The console's language now (zh-CN before i18next has started). */
const current = (): LanguageFormatter => formatterOf(i18next.language || 'zh-CN');

/** A number with a fixed count of decimals; '-' when it is not a number. */
export const formatDecimal = (value: unknown, decimals: number): string => current().number(value, decimals);

/** A number with the decimals of its kind (§9): 4 for amounts and prices, 2 for statistics, return and cost, 6 for quantities. */
export const formatNumber = (value: unknown, kind: DecimalKind): string => formatDecimal(value, DECIMALS[kind]);
export const formatAmount = (value: unknown) => formatNumber(value, 'amount');
export const formatPrice = (value: unknown) => formatNumber(value, 'price');
export const formatStatistic = (value: unknown) => formatNumber(value, 'statistics');
export const formatReturn = (value: unknown) => formatNumber(value, 'returnRate');
export const formatCost = (value: unknown) => formatNumber(value, 'cost');
export const formatQuantity = (value: unknown) => formatNumber(value, 'quantity');
/** A value already in percent (12.3 → "12.30%") with the decimals of its kind (default: statistics, 2). */
export const formatPercent = (value: unknown, kind: DecimalKind = 'statistics'): string => current().percent(value, DECIMALS[kind]);

let plain: LanguageFormatter | undefined;
/** A figure for a file (CSV) in every language: the spec's plain form ("1234.5678"), which a spreadsheet reads as a number. */
export function formatFileNumber(value: unknown, kind: DecimalKind): string {
  plain ??= makeFormatter('en', {});
  return plain.number(value, DECIMALS[kind]);
}

// ── Times ─────────────────────────────────────────────────────────────────────────────
const toDayjs = (value: string | number | Date): dayjs.Dayjs =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
    ? // a server time without a zone is read as it is written, whatever the browser's zone
      dayjs(value.slice(0, 16).replace('T', ' '))
    : dayjs(value);

const toMinute = (value: string | number | Date | null | undefined): dayjs.Dayjs | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const time = toDayjs(value);
  return time.isValid() ? time.startOf('minute') : undefined;
};

/** A time shown to the minute (the language's pattern, 'YYYY-MM-DD HH:mm' in the spec); '-' when it is not a time. */
export function formatMinute(value: string | number | Date | null | undefined): string {
  const time = toMinute(value);
  return time ? current().minute(time) : EMPTY_VALUE;
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
  const timed = (points ?? [])
    .slice(-last)
    .map((point) => ({ time: toMinute(time(point)), value: toNumber(value(point)) ?? null }))
    .filter((point): point is { time: dayjs.Dayjs; value: number | null } => point.time !== undefined);
  if (timed.length === 0) return [];
  const end = timed[timed.length - 1]!.time;
  for (let day = 1; day <= futureDays; day++) timed.push({ time: end.add(day, 'day'), value: null });
  const { minute } = current();
  return timed.map((point) => ({ time: minute(point.time), value: point.value }));
}
