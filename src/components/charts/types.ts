import type { TrendPoint } from '../../domain/format';

export interface TrendChartProps {
  /** from trendSeries(): times to the minute, future dates with null values at the end */
  data: readonly TrendPoint[];
  width?: number;
  height?: number;
  /** what the hover text calls the last value (a translated series name) */
  valueName?: string;
  /** how the hover text shows a value */
  formatValue?: (value: unknown) => string;
}
