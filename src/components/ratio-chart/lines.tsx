import { DualAxes, Line } from '@ant-design/charts';
import { theme } from 'antd';
import { useThemeMode } from '../../app/theme';
import type { RatioChartProps } from './types';

/** The drawn chart; loaded lazily through RatioChart (index.tsx). */
export default function Lines({ data, series, height = 280 }: RatioChartProps) {
  const { token } = theme.useToken();
  const { mode } = useThemeMode();
  const colors = [token.colorPrimary, token.colorWarning];
  const tooltipItem = (index: number) => ({
    channel: 'y',
    name: series[index].name,
    valueFormatter: (v: unknown) => series[index].format?.(v) ?? String(v),
  });
  const common = { data: [...data], xField: 'time', height, autoFit: true, theme: mode === 'dark' ? 'classicDark' : 'classic' };
  if (series.length === 1) {
    return <Line {...common} yField={series[0].field} style={{ stroke: colors[0], lineWidth: 1.5 }} tooltip={{ items: [tooltipItem(0)] }} />;
  }
  return (
    <DualAxes
      {...common}
      legend={{ color: { itemMarker: 'line' } }}
      children={series.map((one, index) => ({
        type: 'line',
        yField: one.field,
        style: { stroke: colors[index % colors.length], lineWidth: 1.5 },
        axis: { y: { position: index === 0 ? 'left' : 'right', title: one.name } },
        tooltip: { items: [tooltipItem(index)] },
      }))}
    />
  );
}
