import { theme } from 'antd';
import { periodOf, useChartSummary, useSvgDescription } from '../charts/summary';

export interface SparklineProps {
  /** one value per step, left to right; null leaves its step empty (e.g. future dates at the end) */
  values: readonly (number | null)[];
  /** drawing units across; the line stretches to its box (100% wide) */
  width?: number;
  height?: number;
  /** what assistive tech reads for the whole line */
  label: string;
  /** shown on hover (the SVG's own tooltip) */
  title?: string;
  /** the time of each value (same order), for the period its text alternative names */
  times?: readonly string[];
  /** what the text alternative calls the values (the label by default) and how it writes one */
  valueName?: string;
  formatValue?: (value: unknown) => string;
}

/** Runs of non-null values as SVG polyline point lists, x by step over the whole series. */
export function sparklinePaths(values: readonly (number | null)[], width: number, height: number): string[] {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return [];
  const min = Math.min(...present);
  const span = Math.max(...present) - min || 1;
  const step = width / Math.max(values.length - 1, 1);
  const runs: string[][] = [[]];
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      if (runs[runs.length - 1].length > 0) runs.push([]);
      return;
    }
    runs[runs.length - 1].push(`${(i * step).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`);
  });
  return runs.filter((run) => run.length > 0).map((run) => run.join(' '));
}

/**
 * A small SVG trend line, no chart engine: for a trend in a table cell or a card. Charts with axes,
 * tooltips or zoom use @ant-design/charts, loaded lazily (src/components/charts). Its figures (first, last,
 * low, high, how many, and with `times` the period) are its accessible description.
 */
export function Sparkline({ values, width = 240, height = 64, label, title, times, valueName = label, formatValue }: SparklineProps) {
  const { token } = theme.useToken();
  const period = times
    ? periodOf(
        values.map((value, i) => ({ value, time: times[i] })),
        (point) => point.time,
        (point) => point.value !== null,
      )
    : undefined;
  const summary = useChartSummary([{ name: valueName, values, format: formatValue }], period);
  const { svg, desc } = useSvgDescription(summary);
  return (
    <svg
      role="img"
      aria-label={label}
      {...svg}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      style={{ display: 'block', overflow: 'visible' }}
    >
      {title ? <title>{title}</title> : null}
      {desc}
      {sparklinePaths(values, width, height).map((points) => (
        <polyline key={points} points={points} fill="none" stroke={token.colorPrimary} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      ))}
    </svg>
  );
}
