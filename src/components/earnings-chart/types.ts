import type { EarningsPoint } from '#contract/types/tasks';

export interface EarningsChartProps {
  data: readonly EarningsPoint[];
  height?: number;
  /** axis and tooltip names (translated by the caller). */
  timeName: string;
  valueName: string;
  formatValue?: (value: unknown) => string;
}
