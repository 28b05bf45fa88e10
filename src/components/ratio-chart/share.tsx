import { Column } from '@ant-design/charts';
import { theme } from 'antd';
import { useChartLook } from '../charts/look';
import type { ShareChartProps } from './types';

/** Columns of one value per name (e.g. self_worth per currency); loaded lazily through ShareChart. */
export default function Share({ data, valueName, height = 220, format }: ShareChartProps) {
  const { token } = theme.useToken();
  const look = useChartLook();
  return (
    <Column
      {...look}
      data={[...data]}
      xField="name"
      yField="value"
      height={height}
      autoFit
      style={{ fill: token.colorPrimary }}
      tooltip={{ items: [{ channel: 'y', name: valueName, valueFormatter: (v: unknown) => (format ? format(v) : String(v)) }] }}
    />
  );
}
