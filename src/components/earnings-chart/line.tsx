import { Line } from '@ant-design/charts';
import { theme } from 'antd';
import dayjs from 'dayjs';
import { useChartLook } from '../charts/look';
import { TIME_AXIS_X } from '../charts/time-axis';
import type { EarningsChartProps } from './types';

/** The earnings line with axes and a tooltip; loaded lazily through EarningsChart (see index.tsx). */
export default function EarningsLine({ data, height = 300, timeName, valueName, formatValue }: EarningsChartProps) {
  const { token } = theme.useToken();
  const look = useChartLook();
  return (
    <Line
      {...look}
      // times as dates: a time scale spaces its few ticks, where one label per point would crowd a phone
      data={data.map((point) => ({ time: dayjs(point.dateTime).toDate(), at: point.dateTime, value: point.earningsVal }))}
      xField="time"
      yField="value"
      height={height}
      autoFit
      // room for the last time label, centred on the chart's right end
      marginRight={32}
      style={{ stroke: token.colorPrimary, lineWidth: 2 }}
      axis={{
        x: { ...TIME_AXIS_X, title: timeName, labelFill: token.colorTextSecondary, titleFill: token.colorTextSecondary },
        y: { title: valueName, labelFill: token.colorTextSecondary, titleFill: token.colorTextSecondary },
      }}
      tooltip={{ title: 'at', items: [{ channel: 'y', name: valueName, valueFormatter: (v: unknown) => (formatValue ? formatValue(v) : String(v)) }] }}
    />
  );
}
