/**
 * Rules of the market page (spec §2 Market page, §3 Market row / Market table config, §9 spreads,
 * K-line windows, decimals), pure, so the reference server's market engine imports the same ones.
 */
import { CURRENCIES } from '#contract/rules/codes';
import { DECIMALS } from '#contract/rules/constants';
import { formatDecimal } from './format';
import type { MarketTable, MarketRow, KlineField } from '#contract/types/market';
import { spreadRank, isValidTable, tableKey, splitField, type TableSpan, type SpanChoice } from '#contract/rules/market';

/**
 * Tables in the spread order of §9: by leg A's rank, then leg B's (CQ before NW … before SS), then
 * by exchanges and codes, so the board reads the same on every reload and in every browser.
 */
export function sortTables(tables: readonly MarketTable[]): MarketTable[] {
  const sortKey = ([ea, eb, a, b]: MarketTable) => [spreadRank(a), spreadRank(b), ea, eb, a, b];
  return [...tables].sort((x, y) => {
    const [kx, ky] = [sortKey(x), sortKey(y)];
    const i = kx.findIndex((v, n) => v !== ky[n]);
    return i < 0 ? 0 : kx[i] - ky[i];
  });
}

/** The stored tables of /market/param/get2 (a list, or `{params: list}`), keeping only valid ones. */
export function readMarketTables(data: unknown): MarketTable[] {
  const list = Array.isArray(data) ? data : Array.isArray((data as { params?: unknown })?.params) ? (data as { params: unknown[] }).params : [];
  const seen = new Set<string>();
  return list.flatMap((item) => {
    if (!Array.isArray(item) || item.length !== 4) return [];
    const table = item.map(Number) as MarketTable;
    if (!isValidTable(table) || seen.has(tableKey(table))) return [];
    seen.add(tableKey(table));
    return [table];
  });
}

/** §2: a validity of 1 or more is shown red. */
export const isStale = (validity: unknown): boolean => Number(validity) >= 1;

/**
 * §9: prices and amounts show 4 decimals; a finer tick the server sends (TRX: 5) is kept rather
 * than rounded away. Anything that is not a number is shown as it came. Through the language's
 * formatter (src/domain/format.ts): its grouping separators.
 */
export function formatMarketNumber(part: string | undefined, decimals: number = DECIMALS.price): string {
  if (part === undefined || part.trim() === '') return '-';
  const text = part.trim();
  const percent = text.endsWith('%');
  const body = percent ? text.slice(0, -1) : text;
  const n = Number(body);
  if (!Number.isFinite(n)) return text;
  const given = body.includes('.') ? body.length - body.indexOf('.') - 1 : 0;
  return formatDecimal(n, Math.max(decimals, Math.min(given, 8))) + (percent ? '%' : '');
}

/** A '/'-split field with every part shown with the §9 decimals: '60000.1/2' → '60000.1000/2.0000'. */
export const formatMarketField = (value: unknown): string =>
  splitField(value)
    .map((part) => formatMarketNumber(part))
    .join('/') || '-';

/** The number a cell flashes on: the first part of a '/'-split field. */
export const leadingNumber = (value: unknown): number => Number(String(splitField(value)[0] ?? '').replace('%', ''));

/** Rows in the order of the currency list of §9 (btc, eth, bch, eos, etc, xrp, ltc, trx, bsv), unknown ones last. */
export function sortByCurrency<T>(rows: readonly T[], currencyOf: (row: T) => string): T[] {
  const rank = (row: T) => {
    const i = (CURRENCIES as readonly string[]).indexOf(String(currencyOf(row)).toLowerCase());
    return i < 0 ? CURRENCIES.length : i;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}

/**
 * The market feed's message: `{data: [{table: [ea, eb, ta, tb], rows: MarketRow[]}, …]}`; a plain
 * list of row lists is read as the tables in the order they were subscribed. → rows by table key.
 */
export function readMarketMessage(message: unknown, tables: readonly MarketTable[]): Map<string, MarketRow[]> {
  const out = new Map<string, MarketRow[]>();
  const data = (message as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return out;
  data.forEach((entry, index) => {
    if (Array.isArray(entry)) {
      const table = tables[index];
      if (table) out.set(tableKey(table), entry as MarketRow[]);
    } else if (entry && typeof entry === 'object' && Array.isArray((entry as { rows?: unknown }).rows)) {
      const { table, rows } = entry as { table?: unknown; rows: MarketRow[] };
      const key = Array.isArray(table) ? tableKey(table.map(Number)) : tables[index] && tableKey(tables[index]);
      if (key) out.set(key, rows);
    }
  });
  return out;
}

/**
 * §2: 24 spans under 900 px, 12 under 1500 px, 8 at 1900 px or more. Between 1500 and 1900 px
 * (the spec is silent) two tables share a row (12). A chosen width applies from 900 px; under
 * 900 px every table takes the whole row.
 */
export function tableSpan(width: number, choice: SpanChoice = 'auto'): TableSpan {
  if (width < 900) return 24;
  if (choice !== 'auto') return choice;
  return width >= 1900 ? 8 : 12;
}

// ── Up/down colours ────────────────────────────────────────────────────────────────────
/** Red for up and green for down (as Chinese exchanges do), or green up / red down. */
export type UpDownScheme = 'redUp' | 'greenUp';
export const defaultUpDownScheme = (language: string): UpDownScheme => (language.toLowerCase().startsWith('zh') ? 'redUp' : 'greenUp');

// ── K-lines (§9) ─────────────────────────────────────────────────────────────────────
/** §9 chart time frames of the market chart. */
export const KLINE_FRAMES = ['1T', '30T', '1H', '4H', '1D', '1W'] as const;
export type KlineFrame = (typeof KLINE_FRAMES)[number];
export const DEFAULT_KLINE_FRAME: KlineFrame = '1T';

const DAY_MS = 24 * 60 * 60 * 1000;
/** §9 K-line windows: 1T 1 day, 30T 3 days, 1H 6 days, 2H 1 day, 4H 24 days, D 144 days, W 24 weeks. */
export const KLINE_WINDOW_MS: Readonly<Record<string, number>> = {
  '1T': DAY_MS,
  '30T': 3 * DAY_MS,
  '1H': 6 * DAY_MS,
  '2H': DAY_MS,
  '4H': 24 * DAY_MS,
  '1D': 144 * DAY_MS,
  '1W': 24 * 7 * DAY_MS,
};
/** §9: earliest data December 2018. */
export const KLINE_EARLIEST_MS = Date.UTC(2018, 11, 1);
/** §9: K-lines exist for exchanges 1 and 2. */
export const KLINE_EXCHANGES: readonly number[] = [1, 2];

/** One leg of a chart: an exchange and a contract type. */
export interface KlineLeg {
  exchange: number;
  type: number;
}

/** The query of GET /web/get/kline/data for a frame's §9 window ending at `now` (times in ms). */
export function klineQuery(legs: readonly KlineLeg[], currency: string, frame: string, now: number, field?: KlineField) {
  const start = Math.max(KLINE_EARLIEST_MS, now - (KLINE_WINDOW_MS[frame] ?? DAY_MS));
  return {
    excheng: legs.map((l) => l.exchange).join(','),
    types: legs.map((l) => l.type).join(','),
    currencys: currency,
    granularity: frame,
    field: field ?? (legs.length > 1 ? 'positive' : 'price'),
    starttime: String(start),
    endtime: String(now),
  };
}

// ── Funding demand (/ts/req) ──────────────────────────────────────────────────────────
export interface DemandRow {
  api_id: number;
  api_name: string;
  currency: string;
  demand: number | string;
  available: number | string;
}

/** The demand feed's message (`{data: rows}` or the rows) → rows grouped per API (by id, so tables never jump), currencies in §9 order. */
export function demandByApi(message: unknown): { apiId: number; apiName: string; rows: DemandRow[] }[] {
  const data = Array.isArray(message) ? message : (message as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const groups = new Map<number, { apiId: number; apiName: string; rows: DemandRow[] }>();
  (data as DemandRow[]).forEach((row) => {
    if (!row || typeof row !== 'object') return;
    const group = groups.get(row.api_id) ?? { apiId: row.api_id, apiName: row.api_name, rows: [] };
    group.rows.push(row);
    groups.set(row.api_id, group);
  });
  return [...groups.values()].sort((a, b) => a.apiId - b.apiId).map((g) => ({ ...g, rows: sortByCurrency(g.rows, (r) => r.currency) }));
}
