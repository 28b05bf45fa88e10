import { Stock } from '@ant-design/charts';
import { theme } from 'antd';
import type { CandlesProps } from './types';

/** The candlesticks themselves; loaded lazily through KlineChart (index.tsx): @ant-design/charts is heavy. */
export default function Candles({ candles, up, down, height, formatValue, names }: CandlesProps) {
  const { token } = theme.useToken();
  return (
    <Stock
      data={candles.map((c) => ({ ...c, trend: Math.sign(c.close - c.open) }))}
      xField="time"
      yField={['open', 'close', 'high', 'low']}
      colorField="trend"
      height={height}
      autoFit
      scale={{ color: { domain: [-1, 0, 1], range: [down, token.colorTextTertiary, up] } }}
      legend={false}
      axis={{ x: { labelAutoHide: true, labelAutoRotate: false }, y: { labelFormatter: formatValue } }}
      tooltip={{
        title: 'time',
        items: (['open', 'high', 'low', 'close'] as const).map((field) => ({ field, name: names[field], valueFormatter: formatValue })),
      }}
    />
  );
}
