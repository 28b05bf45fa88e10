/**
 * Order statistics (spec §2 Order statistics page, §3 Order statistic row and Statistic group fields,
 * §7 Orders and statistics, §9 periods and paging): pure helpers the page and its tests share.
 */
import dayjs from 'dayjs';
import type { DecimalKind } from '../../domain/format';
import { isDigits } from '../../domain/validation';
import type { StatisticGroup, OrderStatisticRow, StatisticsReply } from '#contract/types/orders';
import { emptyTotals, sumGroups, type GroupTotals } from '#contract/rules/statistics';

/** §9 statistics periods in minutes; the default is 48 h. */
export const STATISTIC_PERIODS = [
  { key: '1h', minutes: 60 },
  { key: '24h', minutes: 1440 },
  { key: '48h', minutes: 2880 },
] as const;
export const DEFAULT_PERIOD_MINUTES = 2880;

/** §9 default currency list of the statistics page. */
export const STATISTIC_CURRENCIES = ['eos', 'btc', 'etc', 'bch', 'eth', 'ltc', 'xrp', 'bsv', 'trx'] as const;

/** The server's day: times are China Standard Time (UTC+8), so "today" is that zone's date, whatever the browser's. */
export const SERVER_UTC_OFFSET_HOURS = 8;
export const serverToday = (now = Date.now()): dayjs.Dayjs => dayjs(new Date(now + SERVER_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10));

/** The group of one currency and period, or zeros when the socket sent none. */
export function groupOf(groups: readonly StatisticGroup[], currency: string, minutes: number): GroupTotals {
  const found = groups.find((g) => g.currency === currency && g.minutes === minutes);
  return found ? sumGroups([found]) : emptyTotals();
}

// ── The order table ─────────────────────────────────────────────────────────────────

export interface OrderColumn {
  key: keyof OrderStatisticRow & string;
  /** §9 decimals; absent = shown as sent. */
  decimals?: DecimalKind;
}

/** §3 order statistic row, every column in order. */
export const ORDER_COLUMNS: readonly OrderColumn[] = [
  { key: 'client_id' },
  { key: 'api_name' },
  { key: 'bourse' },
  { key: 'task_id' },
  { key: 'instrument_id' },
  { key: 'price', decimals: 'price' },
  { key: 'amount', decimals: 'quantity' },
  { key: 'type' },
  { key: 'filled_amount', decimals: 'quantity' },
  { key: 'filled_price', decimals: 'price' },
  { key: 'filled_notional', decimals: 'amount' },
  { key: 'types' },
  { key: 'fee', decimals: 'amount' },
  { key: 'timestamp' },
  { key: 'trading_time' },
  { key: 'state' },
  { key: 'order_id' },
];

// ── The query panel (/web/query/order/SDC) ───────────────────────────────────────────

/** First element of each list: 0 = the sum over everything, 1 = each one individually (§7). */
export type QueryMode = 0 | 1;

export interface OrderQuery {
  mode: QueryMode;
  apis: readonly number[];
  currencies: readonly string[];
  tasks: readonly number[];
  /** the first and last day (any time on them). */
  range: readonly [dayjs.ConfigType, dayjs.ConfigType];
}

const DAY_START = 'YYYY-MM-DD 00:00:00';
const DAY_END = 'YYYY-MM-DD 23:59:59';

/** §7 SDC payload: apis, days, currencys, tasks as JSON arrays; days `[0, start 00:00:00, end]`. */
export function sdcPayload({ mode, apis, currencies, tasks, range }: OrderQuery): Record<string, string> {
  return {
    apis: JSON.stringify([mode, ...apis]),
    days: JSON.stringify([0, dayjs(range[0]).format(DAY_START), dayjs(range[1]).format(DAY_END)]),
    currencys: JSON.stringify([mode, ...currencies]),
    tasks: JSON.stringify([mode, ...tasks]),
  };
}

export const asStatisticsReply = (data: unknown): StatisticsReply => {
  const record = (data && typeof data === 'object' ? data : {}) as Partial<StatisticsReply>;
  return {
    automatic: Array.isArray(record.automatic) ? record.automatic : [],
    manual: Array.isArray(record.manual) ? record.manual : [],
    order: Array.isArray(record.order) ? record.order : [],
  };
};

// ── Paging (/web/get/order/paging) ───────────────────────────────────────────────────

/** The outcome of a page move: the page to load, or the §8 message to show. */
export type PageMove = { page: number } | { message: 'digitsOnly' | 'firstPage' | 'lastPage' };

/** The jump-to-page input: digits only (else the §8 'please enter a number' message); a page past the end is asked for and may come back empty. */
export function jumpTo(input: string): PageMove {
  const text = input.trim();
  if (!isDigits(text) || Number(text) < 1) return { message: 'digitsOnly' };
  return { page: Number(text) };
}

/** Previous / next: 'already the first page!' before page 1, 'already the last page!' after the last. */
export function step(current: number, delta: -1 | 1, totalPages: number): PageMove {
  const page = current + delta;
  if (page < 1) return { message: 'firstPage' };
  if (totalPages > 0 && page > totalPages) return { message: 'lastPage' };
  return { page };
}

// ── CSV export ──────────────────────────────────────────────────────────────────────

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV: a header line, then one line per row; cells with commas, quotes or newlines are quoted. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
