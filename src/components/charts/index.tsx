import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { TrendChartProps } from './types';

export type { TrendChartProps } from './types';

/**
 * Chart components over @ant-design/charts, each loaded on first draw: the library is ~650 KB gzip,
 * so no page pays for it until it renders a chart (ARCHITECTURE pitfalls).
 */
const TrendLine = lazy(() => import('./trend-line'));

/** A tiny line of a trend series (e.g. an API's USDT equity); `label` names it for assistive tech. */
export function TrendChart({ label, ...props }: TrendChartProps & { label: string }) {
  const { width = 160, height = 40 } = props;
  return (
    <div role="img" aria-label={label} style={{ width, height }}>
      <Suspense fallback={<Skeleton.Node active style={{ width, height }} />}>
        <TrendLine {...props} />
      </Suspense>
    </div>
  );
}
