/**
 * The assets page's arithmetic (spec §2 Assets page, §3 Asset statistics, §9): pure, so the numbers
 * the page shows can be checked against the rows beneath them.
 */
import type { DecimalKind } from './format';
import { PROGRESS_BAR } from '#contract/rules/constants';
import { STATISTIC_KEYS } from '#contract/rules/assets';
import type { AssetStatistics, AssetRow, AssetFeedData, ApiChartPoint } from '#contract/types/assets';

/** What is known of an account's assets so far: the socket's parts, each absent until it arrives. */
export type AccountAssets = Pick<AssetFeedData, 'apiId'> & Partial<Omit<AssetFeedData, 'apiId'>>;

export interface UsedSurplus {
  used: number;
  surplus: number;
}

const toNumber = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** "used/surplus" → both numbers; a bare number is the first part; anything else counts as 0. */
export function splitPair(value: unknown): UsedSurplus {
  if (typeof value === 'string' && value.includes('/')) {
    const [used, surplus] = value.split('/');
    return { used: toNumber(used), surplus: toNumber(surplus) };
  }
  return { used: toNumber(value), surplus: 0 };
}

const PAIR_KEYS = ['total', 'futures', 'swap', 'borrowPledge', 'borrow'] as const;
type PairKey = (typeof PAIR_KEYS)[number];

/** The summary of the APIs shown: §2 net assets USDT, principal USDT, total position and the used/surplus pairs. */
export interface AssetSummary {
  netAssets: number;
  principal: number;
  totalPosition: number;
  pairs: Record<PairKey, UsedSurplus>;
}

/** Sums the statistics of every API shown (the feed sends one message per API id). */
export function sumStatistics(all: readonly AssetStatistics[]): AssetSummary {
  const pairs = Object.fromEntries(PAIR_KEYS.map((key) => [key, { used: 0, surplus: 0 }])) as Record<PairKey, UsedSurplus>;
  const summary: AssetSummary = { netAssets: 0, principal: 0, totalPosition: 0, pairs };
  for (const statistics of all) {
    summary.netAssets += toNumber(statistics[STATISTIC_KEYS.totalEquity]);
    summary.principal += splitPair(statistics[STATISTIC_KEYS.principal]).used;
    summary.totalPosition += toNumber(statistics[STATISTIC_KEYS.totalPosition]);
    for (const key of PAIR_KEYS) {
      const pair = splitPair(statistics[STATISTIC_KEYS[key]]);
      pairs[key].used += pair.used;
      pairs[key].surplus += pair.surplus;
    }
  }
  return summary;
}

/** §9 progress bar: red from 60 % used, the text inside the bar from 70 %. */
export const isDangerRate = (percent: number) => percent >= PROGRESS_BAR.redFromPercent;
export const isTextInside = (percent: number) => percent >= PROGRESS_BAR.textInsideFromPercent;

export type UsedRateKey = 'futuresBorrowOverNet' | 'net' | 'futures' | 'swap' | 'borrowPledge' | 'borrow';

export interface UsedRate {
  key: UsedRateKey;
  used: number;
  /** what the used part is a share of. */
  total: number;
  /** 0-100, 0 when the total is 0. */
  percent: number;
}

const rate = (key: UsedRateKey, used: number, total: number): UsedRate => ({
  key,
  used,
  total,
  percent: total > 0 ? Math.min(100, Math.max(0, (used / total) * 100)) : 0,
});
const ofPair = (key: UsedRateKey, { used, surplus }: UsedSurplus) => rate(key, used, used + surplus);

/** §2 used-rate bars, in the spec's order: (futures + borrow) over net, net used/idle, futures, perpetual, borrow-pledge, net borrow. */
export function usedRates({ netAssets, pairs }: AssetSummary): UsedRate[] {
  return [
    rate('futuresBorrowOverNet', pairs.futures.used + pairs.borrow.used, netAssets),
    ofPair('net', pairs.total),
    ofPair('futures', pairs.futures),
    ofPair('swap', pairs.swap),
    ofPair('borrowPledge', pairs.borrowPledge),
    ofPair('borrow', pairs.borrow),
  ];
}

// ── The per-currency table ───────────────────────────────────────────────────────────

export interface AssetColumn {
  key: string;
  decimals: DecimalKind;
}

const POSITIONS = ['P_CW', 'P_NW', 'P_CQ', 'P_NQ', 'P_CS', 'F_CW', 'F_NW', 'F_CQ', 'F_NQ', 'F_CS'] as const;

/** §2 per-currency columns after `currency`, in order, with their §9 decimals (6 for position quantities). */
export const ASSET_COLUMNS: readonly AssetColumn[] = [
  { key: 'spot', decimals: 'amount' },
  { key: 'futures', decimals: 'amount' },
  ...POSITIONS.map((key) => ({ key, decimals: 'quantity' as const })),
  { key: 'wallet', decimals: 'amount' },
  { key: 'transfer', decimals: 'amount' },
  { key: 'self_worth', decimals: 'amount' },
  { key: 'price', decimals: 'price' },
  { key: 'principal', decimals: 'amount' },
  { key: 'principal_usdt', decimals: 'amount' },
  { key: 'proportion', decimals: 'statistics' },
];

export interface CurrencyRow {
  currency: string;
  [column: string]: number | string;
}

/** The perpetual/delivery/spot positions (P_*) whose value at the row's price is the total position. */
const HELD = POSITIONS.filter((key) => key.startsWith('P_'));

/**
 * One row per currency over the APIs shown: amounts and positions add up, the proportion is the
 * currency's share of the summed self_worth. The price is the held-weighted mean of the APIs' prices
 * (Σ|P_*|×price ÷ Σ|P_*|), so Σ|P_*| × price stays the APIs' summed position value: accounts on
 * different exchanges, or valued a moment apart, quote the same coin at different prices.
 */
export function mergeCurrencyRows(lists: readonly (readonly AssetRow[])[]): CurrencyRow[] {
  const rows = new Map<string, CurrencyRow>();
  const held = new Map<string, { amount: number; value: number }>();
  for (const list of lists) {
    for (const source of list) {
      const currency = String(source.currency ?? '');
      if (!currency) continue;
      const row = rows.get(currency) ?? { currency, ...Object.fromEntries(ASSET_COLUMNS.map(({ key }) => [key, 0])) };
      for (const { key } of ASSET_COLUMNS) {
        if (key === 'price') row.price = toNumber(source.price) || toNumber(row.price);
        else if (key !== 'proportion') row[key] = toNumber(row[key]) + toNumber(source[key]);
      }
      const amount = HELD.reduce((sum, key) => sum + Math.abs(toNumber(source[key])), 0);
      const sum = held.get(currency) ?? { amount: 0, value: 0 };
      held.set(currency, { amount: sum.amount + amount, value: sum.value + amount * toNumber(source.price) });
      rows.set(currency, row);
    }
  }
  for (const [currency, { amount, value }] of held) if (amount > 0) rows.get(currency)!.price = value / amount;
  const total = netAssetsOf([...rows.values()]);
  return [...rows.values()].map((row) => ({ ...row, proportion: total > 0 ? (toNumber(row.self_worth) / total) * 100 : 0 }));
}

/** Net assets as the rows say: Σ self_worth (it must equal the summary's net assets). */
export const netAssetsOf = (rows: readonly CurrencyRow[]): number => rows.reduce((sum, row) => sum + toNumber(row.self_worth), 0);

/** Everything the page shows for the APIs selected, from the last message of each. */
/**
 * What the page shows of the accounts shown: the summed statistics and merged rows of those whose
 * numbers have arrived, and their ledger and borrow records (each part may arrive on its own).
 */
export function assetView(accounts: readonly AccountAssets[]) {
  const infos = accounts.flatMap((a) => (a.asset_info ? [a.asset_info] : []));
  return {
    summary: sumStatistics(infos.map((info) => info.statistics)),
    rows: mergeCurrencyRows(infos.map((info) => info.list)),
    ledger: accounts.flatMap((a) => (a.ledger ?? []).map((entry) => ({ apiId: a.apiId, entry }))),
    borrow: accounts.flatMap((a) => a.borrow ?? []),
  };
}

// ── Ledger and borrow records ────────────────────────────────────────────────────────

/** §2 transfer records: currency, amount, type, time. */
export interface LedgerRecord {
  key: string;
  currency: string;
  amount: number | string;
  type: string;
  time: string;
}

const fieldOf = (entry: unknown, ...names: string[]): unknown => {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  return names.map((name) => record[name]).find((value) => value !== undefined && value !== null);
};

export function ledgerRecords(ledger: ReturnType<typeof assetView>['ledger']): LedgerRecord[] {
  return ledger.map(({ apiId, entry }, i) => ({
    key: `${apiId}-${i}`,
    currency: String(fieldOf(entry, 'currency') ?? ''),
    amount: (fieldOf(entry, 'amount') as number | string | undefined) ?? '',
    type: String(fieldOf(entry, 'type') ?? ''),
    time: String(fieldOf(entry, 'time', 'timestamp', 'createtime') ?? ''),
  }));
}

/** A borrow record as the reference server sends it (`{currency, type: borrow|repay, amount, balance, time}`). */
export interface BorrowRecord {
  currency: string;
  type: string;
  amount: number;
  /** what is still owed after it */
  balance: number;
  time: string;
}

/** The record when the entry has that shape, else undefined (shown with `borrowLine`). */
export function borrowRecord(entry: unknown): BorrowRecord | undefined {
  const [currency, type, amount, balance, time] = ['currency', 'type', 'amount', 'balance', 'time'].map((name) => fieldOf(entry, name));
  if (typeof currency !== 'string' || typeof type !== 'string' || typeof time !== 'string') return undefined;
  if (!Number.isFinite(Number(amount)) || !Number.isFinite(Number(balance))) return undefined;
  return { currency, type, amount: Number(amount), balance: Number(balance), time };
}

/** A borrow record as one line of text: a string as it is, an object as "key: value" pairs. */
export function borrowLine(entry: unknown): string {
  if (entry === null || entry === undefined) return '';
  if (typeof entry !== 'object') return String(entry);
  return Object.entries(entry as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

export type ChartUnit = 'usdt' | 'coin';
export const CHART_UNITS: readonly ChartUnit[] = ['usdt', 'coin'];

export interface RatioPoint {
  [field: string]: string | number;
  time: string;
  /** equity in the unit chosen */
  equity: number;
  /** the ratio curve in the unit chosen */
  ratio: number;
}

/** USDT draws equity_usdt and rate_usdt; coin draws equity and equity_rate_usdt (§3 API chart series). */
export function ratioSeries(points: readonly ApiChartPoint[] | null | undefined, unit: ChartUnit): RatioPoint[] {
  return (points ?? []).map((point) => ({
    time: point.dateTime,
    equity: toNumber(unit === 'usdt' ? point.equity_usdt : point.equity),
    ratio: toNumber(unit === 'usdt' ? point.rate_usdt : point.equity_rate_usdt),
  }));
}

/** The apiId list of restore calls: ids joined by commas (§7 "a list joined as a string"). */
export const joinApiIds = (ids: readonly number[]): string => ids.join(',');
