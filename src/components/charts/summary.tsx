import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The figures a line chart's text alternative says: first and last value, lowest and highest, how many. */
export interface SeriesFigures {
  first: number;
  last: number;
  min: number;
  max: number;
  count: number;
}

/** The figures of a series; a gap (null, empty, not a number) is no zero and no point. A loop: a series may hold tens of thousands of points. */
export function seriesFigures(values: readonly unknown[]): SeriesFigures | undefined {
  let figures: SeriesFigures | undefined;
  for (const value of values) {
    if (value === null || value === undefined || value === '') continue;
    const number = Number(value);
    if (!Number.isFinite(number)) continue;
    if (!figures) figures = { first: number, last: number, min: number, max: number, count: 1 };
    else {
      figures.last = number;
      if (number < figures.min) figures.min = number;
      if (number > figures.max) figures.max = number;
      figures.count += 1;
    }
  }
  return figures;
}

/** The span a chart covers, as its axis shows it, and how many points (or candles) it draws. */
export interface ChartPeriod {
  from: string;
  to: string;
  count: number;
}

/** The period of points that have a time: from the first to the last one drawn (a gap at either end left out). */
export function periodOf<P>(points: readonly P[], time: (point: P) => string | undefined, drawn: (point: P) => boolean = () => true): ChartPeriod | undefined {
  const shown = points.filter((point) => drawn(point) && time(point));
  if (shown.length === 0) return undefined;
  return { from: time(shown[0])!, to: time(shown[shown.length - 1])!, count: shown.length };
}

export interface SummarySeries {
  name: string;
  /** the values drawn, or their figures when the chart has them already (candles: first open, last close) */
  values?: readonly unknown[];
  figures?: SeriesFigures;
  format?: (value: unknown) => string;
}

/**
 * A chart's figures in words (common:chartPeriod, common:chartSummary): "<count> points, from <from> to <to>."
 * then one sentence per series, "<name>: from <first> to <last>, low <min>, high <max>."; '' when nothing is drawn.
 */
export function useChartSummary(series: readonly SummarySeries[], period?: ChartPeriod): string {
  const { t } = useTranslation();
  const sentences = series.flatMap(({ name, values = [], figures = seriesFigures(values), format = String }) => {
    if (!figures) return [];
    const { first, last, min, max } = figures;
    return [t('chartSummary', { name, first: format(first), last: format(last), min: format(min), max: format(max) })];
  });
  if (sentences.length === 0) return '';
  return [...(period ? [t('chartPeriod', { ...period })] : []), ...sentences].join(' ');
}

/**
 * A chart as an image for assistive tech: named by `label`, described by `summary` (its figures in words, in a
 * hidden element: a description may come from hidden text, and the page's layout does not move). With `drawn`
 * false (loading, an error, nothing to draw) it is a plain box: an image's content is hidden from assistive
 * tech, and a message shown instead of the chart must be read.
 */
export function ChartFigure({
  label,
  summary,
  drawn = true,
  children,
  ...box
}: { label: string; summary: string; drawn?: boolean; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const id = useId();
  const image = drawn ? { role: 'img', 'aria-label': label, 'aria-describedby': summary ? id : undefined } : {};
  return (
    <div {...box} {...image}>
      {drawn && summary && (
        <span id={id} hidden>
          {summary}
        </span>
      )}
      {children}
    </div>
  );
}

/** The same for an SVG drawn by hand (role img): spread `svg` on the <svg>, put `desc` inside it. */
export function useSvgDescription(summary: string): { svg: { 'aria-describedby'?: string }; desc: ReactNode } {
  const id = useId();
  if (!summary) return { svg: {}, desc: null };
  return { svg: { 'aria-describedby': id }, desc: <desc id={id}>{summary}</desc> };
}
