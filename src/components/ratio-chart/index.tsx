import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { ChartFigure, periodOf, useChartSummary } from '../charts/summary';
import type { RatioChartProps, ShareChartProps } from './types';

export type { AxesPoint, LineSeries, RatioChartProps, ShareChartProps } from './types';

/**
 * Charts with axes over @ant-design/charts (the ratio curve, the snapshot board), each loaded on its
 * first draw so no page pays for the library before it shows one (ARCHITECTURE pitfalls).
 */
const Lines = lazy(() => import('./lines'));
const Share = lazy(() => import('./share'));

const fallback = (height: number) => <Skeleton.Node active style={{ width: '100%', height }} />;

/** One or two line series over time; `label` names the chart for assistive tech. */
export function RatioChart({ label, height = 280, ...props }: RatioChartProps & { label: string }) {
  const summary = useChartSummary(
    props.series.map(({ field, name, format }) => ({ name, format, values: props.data.map((point) => point[field]) })),
    periodOf(props.data, (point) => point.time),
  );
  return (
    <ChartFigure label={label} summary={summary} style={{ width: '100%', minWidth: 0, height }}>
      <Suspense fallback={fallback(height)}>
        <Lines {...props} height={height} />
      </Suspense>
    </ChartFigure>
  );
}

/** One column per name. */
export function ShareChart({ label, height = 220, ...props }: ShareChartProps & { label: string }) {
  const format = props.format ?? String;
  // every column in words: name and value
  const summary = props.data.map(({ name, value }) => `${name} ${format(value)}`).join(', ');
  return (
    <ChartFigure label={label} summary={summary} style={{ width: '100%', minWidth: 0, height }}>
      <Suspense fallback={fallback(height)}>
        <Share {...props} height={height} />
      </Suspense>
    </ChartFigure>
  );
}
