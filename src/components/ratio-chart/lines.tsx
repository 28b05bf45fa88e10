import { DualAxes, Line } from '@ant-design/charts';
import { theme } from 'antd';
import { useChartLook } from '../charts/look';
import { TIME_AXIS_X } from '../charts/time-axis';
import type { RatioChartProps } from './types';

/** The drawn chart; loaded lazily through RatioChart (index.tsx). */
export default function Lines({ data, series, height = 280 }: RatioChartProps) {
  const { token } = theme.useToken();
  const look = useChartLook();
  const colors = [token.colorPrimary, token.colorWarning];
  const tooltipItem = (index: number) => ({
    channel: 'y',
    name: series[index].name,
    valueFormatter: (v: unknown) => series[index].format?.(v) ?? String(v),
  });
  const common = {
    data: [...data],
    xField: 'time',
    height,
    autoFit: true,
    ...look,
    axis: { x: TIME_AXIS_X },
  };
  if (series.length === 1) {
    return <Line {...common} yField={series[0].field} style={{ stroke: colors[0], lineWidth: 1.5 }} tooltip={{ items: [tooltipItem(0)] }} />;
  }
  return (
    <DualAxes
      {...common}
      // the axis titles name the two series
      legend={false}
      // biome-ignore lint/correctness/noChildrenProp: DualAxes takes its series as a children option (@ant-design/charts' API), not React children
      children={series.map((one, index) => ({
        type: 'line',
        yField: one.field,
        style: { stroke: colors[index % colors.length], lineWidth: 1.5 },
        axis: { y: { position: index === 0 ? 'left' : 'right', title: one.name }, x: common.axis.x },
        tooltip: { items: [tooltipItem(index)] },
      }))}
    />
  );
}
