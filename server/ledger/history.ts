/**
 * The equity history of API accounts as numbers: chart points and their rates, the layouts' windows,
 * the sum of several accounts' series, and the seeded month (the opening book at the simulation's past prices).
 */
import type { ApiChartPoint } from '#contract/types/assets';
import { RATIO_RANGES } from '#contract/rules/assets';
import { USDT, type Book } from '../store/assets';
import type { Currency, ExchangeId, SimMarket } from '../market';
import type { ChartPointRow } from '../store/api-accounts';
import { floorMinute, formatMinute, MINUTE_MS } from '../clock/time';

/** The coin unit of the history: equity in BTC. */
export const COIN = 'btc';

/** A chart point of an equity, its rates relative to `base` (the series' first point; none = this one). */
export function chartPoint(at: number, equityUsdt: number, btc: number, base?: Pick<ChartPointRow, 'equity_usdt' | 'equity'>): ChartPointRow {
  const coin = equityUsdt / btc;
  return {
    at,
    equity_usdt: equityUsdt,
    rate_usdt: base?.equity_usdt ? equityUsdt / base.equity_usdt - 1 : 0,
    equity: coin,
    equity_rate_usdt: base?.equity ? coin / base.equity - 1 : 0,
  };
}

/** §2 ratio curve ranges: layout → window (1 = 10 min … 5 = 1 month), at most ~180 points each. */
const LAYOUT_WINDOW_MS: Record<number, number> = {
  1: 10 * MINUTE_MS,
  2: 60 * MINUTE_MS,
  3: 1440 * MINUTE_MS,
  4: 7 * 1440 * MINUTE_MS,
  5: 30 * 1440 * MINUTE_MS,
};
const MAX_POINTS = 180;
export const LAYOUTS = RATIO_RANGES.map((r) => r.layout);

export const windowOf = (layout: number) => {
  const span = LAYOUT_WINDOW_MS[layout] ?? LAYOUT_WINDOW_MS[3]!;
  return { span, step: Math.max(MINUTE_MS, Math.ceil(span / MAX_POINTS / MINUTE_MS) * MINUTE_MS) };
};

/** Rates relative to the first point. */
export const rebase = (points: readonly ChartPointRow[]): ChartPointRow[] =>
  points.map((p) => chartPoint(p.at, p.equity_usdt, p.equity_usdt / p.equity, points[0]));

const round = (value: number, digits: number) => Number(value.toFixed(digits));
export const toApiChartPoint = (p: ChartPointRow): ApiChartPoint => ({
  dateTime: formatMinute(p.at),
  equity_usdt: round(p.equity_usdt, 4),
  rate_usdt: round(p.rate_usdt, 6),
  equity: round(p.equity, 6),
  equity_rate_usdt: round(p.equity_rate_usdt, 6),
});

/**
 * The sum of several accounts' series (the API statistics tab): per step of the window, each
 * account's last point so far (an account counts from its first point), rates relative to the first sum.
 */
export function sumSeries(series: readonly (readonly ChartPointRow[])[], step: number): ChartPointRow[] {
  const buckets = [...new Set(series.flatMap((s) => s.map((p) => Math.floor(p.at / step))))].sort((a, b) => a - b);
  const cursors = series.map(() => 0);
  const last: (ChartPointRow | undefined)[] = series.map(() => undefined);
  const sums: ChartPointRow[] = [];
  for (const bucket of buckets) {
    let at = 0;
    series.forEach((s, i) => {
      while (cursors[i]! < s.length && Math.floor(s[cursors[i]!]!.at / step) <= bucket) last[i] = s[cursors[i]!++];
      at = Math.max(at, last[i]?.at ?? 0);
    });
    const equityUsdt = last.reduce((sum, p) => sum + (p?.equity_usdt ?? 0), 0);
    const coin = last.reduce((sum, p) => sum + (p?.equity ?? 0), 0);
    sums.push({ at, equity_usdt: equityUsdt, equity: coin, rate_usdt: 0, equity_rate_usdt: 0 });
  }
  return rebase(sums);
}

const DAY_MS = 1440 * MINUTE_MS;
/** The seeded history: a month, a point every 10 minutes, and every minute over the last day. */
export const SEED_HISTORY = { days: 30, coarseMs: 10 * MINUTE_MS, fineDays: 1 } as const;

/** The minutes of the seeded history, oldest first. */
export function seedMinutes(now: number): number[] {
  const end = floorMinute(now);
  const fineStart = end - SEED_HISTORY.fineDays * DAY_MS;
  const times: number[] = [];
  for (let t = end - SEED_HISTORY.days * DAY_MS; t < fineStart; t += SEED_HISTORY.coarseMs) times.push(t);
  for (let t = fineStart; t <= end; t += MINUTE_MS) times.push(t);
  return times;
}

/** A currency's spot price in USDT at a past minute (the seeded history's prices). */
export type PastSpot = (currency: string, at: number) => number;

/**
 * The simulation's past spot prices on one exchange, each figured once (a Brownian path of ~31 hashed normals a
 * price): its accounts' seeded months read the same month of prices.
 */
export function pastSpots(sim: SimMarket, exchange: number): PastSpot {
  const known = new Map<string, Map<number, number>>();
  return (currency, at) => {
    if (currency === USDT) return 1;
    const series = known.get(currency) ?? known.set(currency, new Map()).get(currency)!;
    const price = series.get(at);
    if (price !== undefined) return price;
    const figured = sim.mid(exchange as ExchangeId, currency as Currency, 1, at);
    series.set(at, figured);
    return figured;
  };
}

/** The opening book valued at past prices (`spot`: its exchange's): a month of history that ends at today's equity. */
export function seededHistory(book: Book, spot: PastSpot, now: number): ChartPointRow[] {
  const points: ChartPointRow[] = [];
  for (const at of seedMinutes(now)) {
    let equity = 0;
    for (const [currency, b] of Object.entries(book.balances)) equity += (b.spot + b.futures + b.wallet - b.borrowed) * spot(currency, at);
    points.push(chartPoint(at, equity, spot(COIN, at), points[0]));
  }
  return points;
}
