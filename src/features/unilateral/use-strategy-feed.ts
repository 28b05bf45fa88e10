import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TREND_POINTS, type TrendData } from '#contract/rules/unilateral';
import type { UnilateralFeedMessage } from '#contract/types/feeds';
import { writeLiveRecords, type LiveRecord } from '../../live/resources';
import { useFeedListener } from '../../live/use-feed';
import { UNILATERAL_STRATEGIES } from './strategy-dialog';

const isTrend = (value: unknown): value is TrendData =>
  !!value &&
  Array.isArray((value as TrendData).date) &&
  Array.isArray((value as TrendData).value) &&
  (value as TrendData).date.length === (value as TrendData).value.length;

/**
 * chart_data (JSON text) grown by a push's `chart_append`: its points dated after the line's last one, then the
 * last TREND_POINTS. Undefined when the line is unreadable (the row keeps what it has).
 */
export function appendTrend(chartData: unknown, append: TrendData): string | undefined {
  let trend: unknown;
  try {
    trend = typeof chartData === 'string' ? JSON.parse(chartData) : undefined;
  } catch {
    return undefined;
  }
  if (!isTrend(trend)) return undefined;
  const last = trend.date.at(-1) ?? '';
  // 'YYYY-MM-DD HH:mm' sorts as text
  const from = append.date.findIndex((date) => date > last);
  if (from < 0) return chartData as string;
  const date = [...trend.date, ...append.date.slice(from)].slice(-TREND_POINTS);
  const value = [...trend.value, ...append.value.slice(from)].slice(-TREND_POINTS);
  return JSON.stringify({ date, value });
}

/** The trend lines of the strategies in Refine's cache (its lists and ones), by id. */
function cachedCharts(queryClient: QueryClient): Map<string, unknown> {
  const charts = new Map<string, unknown>();
  for (const [, result] of queryClient.getQueriesData({ predicate: ({ queryKey }) => queryKey[0] === 'data' && queryKey[2] === UNILATERAL_STRATEGIES })) {
    const data = (result as { data?: unknown } | undefined)?.data;
    for (const row of Array.isArray(data) ? data : [data]) {
      const { id, chart_data } = (row ?? {}) as { id?: unknown; chart_data?: unknown };
      if (id !== undefined && typeof chart_data === 'string' && !charts.has(String(id))) charts.set(String(id), chart_data);
    }
  }
  return charts;
}

/**
 * A message's strategies as patches of the cached rows. A partial message carries only the fields that changed
 * and a trend's new points (`chart_append`), which are added to the cached line; a strategy not in the cache
 * (another page of the list) is not drawn, so its patch only goes to writeLiveRecords, which skips it.
 */
export function strategyRecords(message: UnilateralFeedMessage, charts: () => Map<string, unknown>): LiveRecord[] {
  let cached: Map<string, unknown> | undefined;
  return message.strategy.map(({ id, chart_append, ...patch }) => {
    if (!isTrend(chart_append)) return { id, patch };
    cached ??= charts();
    const chart = cached.has(String(id)) ? appendTrend(cached.get(String(id)), chart_append) : undefined;
    return { id, patch: chart === undefined ? patch : { ...patch, chart_data: chart } };
  });
}

/**
 * Keeps Refine's cache of the unilateral strategies in step with /web/all/data while mounted (instead of
 * useLiveResourceCache): the same merge by id, and a pushed trend's new points added to the cached line.
 * Renders nothing itself.
 */
export function useStrategyFeed(enabled = true): void {
  const queryClient = useQueryClient();
  useFeedListener(
    'unilateral',
    undefined,
    (message) =>
      writeLiveRecords(
        queryClient,
        UNILATERAL_STRATEGIES,
        strategyRecords(message, () => cachedCharts(queryClient)),
      ),
    { enabled },
  );
}
