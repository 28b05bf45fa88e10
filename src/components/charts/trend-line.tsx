import { Tiny } from '@ant-design/charts';
import { theme } from 'antd';
import type { TrendChartProps } from './types';

/** The tiny line itself; loaded lazily through TrendChart (see index.tsx). */
export default function TrendLine({ data, width = 160, height = 40, valueName, formatValue }: TrendChartProps) {
  const { token } = theme.useToken();
  return (
    <Tiny.Line
      data={[...data]}
      xField="time"
      yField="value"
      width={width}
      height={height}
      autoFit={false}
      style={{ stroke: token.colorPrimary, lineWidth: 1.5 }}
      tooltip={{ title: 'time', items: [{ channel: 'y', name: valueName, valueFormatter: (v: unknown) => (formatValue ? formatValue(v) : String(v)) }] }}
    />
  );
}
