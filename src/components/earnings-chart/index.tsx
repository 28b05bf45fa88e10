import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { EarningsChartProps } from './types';

export type { EarningsChartProps } from './types';

/** @ant-design/charts is ~650 KB gzip: the line loads on first draw only (ARCHITECTURE pitfalls). */
const EarningsLine = lazy(() => import('./line'));

/** A task's (or child task's) earnings curve (§3 dateTime, earningsVal) with axes and tooltip. */
export function EarningsChart({ label, ...props }: EarningsChartProps & { label: string }) {
  const { height = 300 } = props;
  return (
    <div role="img" aria-label={label} style={{ width: '100%', minHeight: height }}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <EarningsLine {...props} />
      </Suspense>
    </div>
  );
}
