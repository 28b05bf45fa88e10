import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The figures a line chart's text alternative says: first and last value, lowest and highest. */
export function seriesFigures(values: readonly unknown[]): { first: number; last: number; min: number; max: number } | undefined {
  // a gap (null, empty) is no zero
  const numbers = values.filter((value) => value !== null && value !== undefined && value !== '').map(Number).filter((value) => Number.isFinite(value));
  if (numbers.length === 0) return undefined;
  return { first: numbers[0], last: numbers[numbers.length - 1], min: Math.min(...numbers), max: Math.max(...numbers) };
}

export interface SummarySeries {
  name: string;
  values: readonly unknown[];
  format?: (value: unknown) => string;
}

/** One sentence per series: "<name>: from <first> to <last>, low <min>, high <max>" (common:chartSummary). */
export function useSeriesSummary(series: readonly SummarySeries[]): string {
  const { t } = useTranslation();
  return series
    .flatMap(({ name, values, format = String }) => {
      const figures = seriesFigures(values);
      if (!figures) return [];
      const { first, last, min, max } = figures;
      return [t('chartSummary', { name, first: format(first), last: format(last), min: format(min), max: format(max) })];
    })
    .join(' ');
}

/**
 * A chart as an image for assistive tech: named by `label`, described by `summary` (its figures in words, in a
 * hidden element: a description may come from hidden text, and the page's layout does not move).
 */
export function ChartFigure({ label, summary, style, children }: { label: string; summary: string; style: React.CSSProperties; children: ReactNode }) {
  const id = useId();
  return (
    <div role="img" aria-label={label} aria-describedby={summary ? id : undefined} style={style}>
      {summary && (
        <span id={id} hidden>
          {summary}
        </span>
      )}
      {children}
    </div>
  );
}
