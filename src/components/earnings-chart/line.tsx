import { Line } from '@ant-design/charts';
import { theme } from 'antd';
import type { EarningsChartProps } from './types';

/** Dark mode: a dark container background (antd's dark algorithm), read from the token so it follows the console's switch. */
const isDark = (color: string): boolean => {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
};

/** The earnings line with axes and a tooltip; loaded lazily through EarningsChart (see index.tsx). */
export default function EarningsLine({ data, height = 300, timeName, valueName, formatValue }: EarningsChartProps) {
  const { token } = theme.useToken();
  return (
    <Line
      data={data.map((point) => ({ time: point.dateTime, value: point.earningsVal }))}
      xField="time"
      yField="value"
      height={height}
      autoFit
      style={{ stroke: token.colorPrimary, lineWidth: 2 }}
      axis={{
        x: { title: timeName, labelAutoHide: true, labelFill: token.colorTextSecondary, titleFill: token.colorTextSecondary },
        y: { title: valueName, labelFill: token.colorTextSecondary, titleFill: token.colorTextSecondary },
      }}
      theme={isDark(token.colorBgContainer) ? 'classicDark' : 'classic'}
      tooltip={{ title: 'time', items: [{ channel: 'y', name: valueName, valueFormatter: (v: unknown) => (formatValue ? formatValue(v) : String(v)) }] }}
    />
  );
}
