import { Sparkline } from '../sparkline';
import type { TrendChartProps } from './types';

export type { TrendChartProps } from './types';

/**
 * Charts of the console. A trend line (a table cell, a card) is an SVG sparkline and pulls no chart
 * engine; a chart with axes, tooltips or zoom uses @ant-design/charts (~650 KB gzip), imported only
 * through `lazy(() => import(...))` from here, so no page pays for it until it draws one.
 */

/** A tiny line of a trend series (e.g. an API's USDT equity); `label` names it for assistive tech, its figures describe it. */
export function TrendChart({ data, width = 160, height = 40, label, valueName, formatValue }: TrendChartProps & { label: string }) {
  const last = data.findLast((point) => point.value !== null);
  const shown = last ? `${valueName ?? ''}${valueName ? ': ' : ''}${formatValue ? formatValue(last.value) : String(last.value)} (${last.time})` : undefined;
  return (
    <div style={{ width, height }}>
      <Sparkline
        values={data.map((point) => point.value)}
        times={data.map((point) => point.time)}
        valueName={valueName}
        formatValue={formatValue}
        width={width}
        height={height}
        label={label}
        title={shown}
      />
    </div>
  );
}
