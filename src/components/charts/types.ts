import type { TrendPoint } from '../../domain/format';

export interface TrendChartProps {
  /** from trendSeries(): times to the minute, future dates with null values at the end */
  data: readonly TrendPoint[];
  width?: number;
  height?: number;
  /** what the tooltip calls a value (a translated series name) */
  valueName?: string;
  /** how the tooltip shows a value */
  formatValue?: (value: unknown) => string;
}
