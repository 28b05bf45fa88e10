import type { TrendPoint } from '../../domain/format';

export interface TrendChartProps {
  /** from trendSeries(): times to the minute, future dates with null values at the end */
  data: readonly TrendPoint[];
  width?: number;
  height?: number;
  /** how the tooltip shows a value */
  formatValue?: (value: unknown) => string;
}
