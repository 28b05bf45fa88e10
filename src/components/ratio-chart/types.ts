/** One point of a chart with axes: a time (x) and named numeric series (y). */
export interface AxesPoint {
  time: string;
  [series: string]: number | string;
}

export interface LineSeries {
  /** the field of each point drawn. */
  field: string;
  /** its translated name (legend, tooltip). */
  name: string;
  /** shown on the right axis (a dual-axes chart). */
  right?: boolean;
  format?: (value: unknown) => string;
}

export interface RatioChartProps {
  data: readonly AxesPoint[];
  /** one or two series; with two, the second has its own axis on the right. */
  series: readonly LineSeries[];
  height?: number;
}

export interface ShareChartProps {
  data: readonly { name: string; value: number }[];
  valueName: string;
  height?: number;
  format?: (value: unknown) => string;
}
