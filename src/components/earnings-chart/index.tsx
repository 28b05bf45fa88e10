import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { ChartFigure, periodOf, useChartSummary } from '../charts/summary';
import type { EarningsChartProps } from './types';

export type { EarningsChartProps } from './types';

/** @ant-design/charts is ~650 KB gzip: the line loads on first draw only (ARCHITECTURE pitfalls). */
const EarningsLine = lazy(() => import('./line'));

/** A task's (or child task's) earnings curve (§3 dateTime, earningsVal) with axes and tooltip. */
export function EarningsChart({ label, ...props }: EarningsChartProps & { label: string }) {
  const { height = 300 } = props;
  const summary = useChartSummary(
    [{ name: props.valueName, format: props.formatValue, values: props.data.map((point) => point.earningsVal) }],
    periodOf(props.data, (point) => point.dateTime),
  );
  return (
    <ChartFigure label={label} summary={summary} style={{ width: '100%', minHeight: height }}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <EarningsLine {...props} />
      </Suspense>
    </ChartFigure>
  );
}
