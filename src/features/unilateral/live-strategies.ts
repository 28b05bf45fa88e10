import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { TREND_POINTS, type TrendData } from '#contract/rules/unilateral';
import type { UnilateralStrategy } from '#contract/types/unilateral';
import type { UnilateralFeedMessage } from '#contract/types/feeds';
import { useFeedListener } from '../../live/use-feed';

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

/**
 * The rows a list page shows as /web/all/data last pushed them, over the rows it read. Each cell subscribes to
 * its row, so a push renders only the cells whose figures it changed, not the page nor the table (antd's table
 * re-renders and measures every row when its data changes). A push's strategies that are not on the page are
 * skipped; reading the rows again (a page, a refresh) drops what was pushed before.
 */
export class LiveStrategies {
  private read = new Map<number, UnilateralStrategy>();
  private pushed = new Map<number, UnilateralStrategy>();
  private listeners = new Map<number, Set<() => void>>();

  /** The rows as the page read them: pushes patch these from now on. */
  readRows(rows: readonly UnilateralStrategy[]): void {
    const stale = [...this.pushed.keys()];
    this.read = new Map(rows.map((row) => [row.id, row]));
    this.pushed = new Map();
    for (const id of stale) this.notify(id);
  }

  /** Merges a message's strategies (whole, or a partial message's changed fields and new trend points) into the rows. */
  apply(message: UnilateralFeedMessage): void {
    for (const { id, chart_append, ...patch } of message.strategy) {
      const row = this.pushed.get(id) ?? this.read.get(id);
      if (!row) continue;
      const next = { ...row, ...patch } as UnilateralStrategy;
      if (isTrend(chart_append)) next.chart_data = appendTrend(next.chart_data, chart_append) ?? next.chart_data;
      this.pushed.set(id, next);
      this.notify(id);
    }
  }

  /** The row as last pushed, else as `read` (the one the table rendered). */
  current(read: UnilateralStrategy): UnilateralStrategy {
    return this.pushed.get(read.id) ?? read;
  }

  subscribe(id: number, listener: () => void): () => void {
    const listeners = this.listeners.get(id) ?? new Set();
    listeners.add(listener);
    this.listeners.set(id, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(id);
    };
  }

  private notify(id: number): void {
    this.listeners.get(id)?.forEach((listener) => {
      listener();
    });
  }
}

export const LiveStrategiesContext = createContext(new LiveStrategies());

/** One figure of a row as last pushed: the cell renders again only when it changes. */
export function useLiveField<T>(row: UnilateralStrategy, pick: (row: UnilateralStrategy) => T): T {
  const live = useContext(LiveStrategiesContext);
  const subscribe = useCallback((onChange: () => void) => live.subscribe(row.id, onChange), [live, row.id]);
  return useSyncExternalStore(subscribe, () => pick(live.current(row)));
}

/** Applies /web/all/data to the page's live rows while mounted. Renders nothing itself. */
export function useStrategyFeed(live: LiveStrategies): void {
  useFeedListener('unilateral', undefined, (message) => live.apply(message));
}
