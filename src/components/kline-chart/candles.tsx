import { Stock } from '@ant-design/charts';
import { theme } from 'antd';
import { useChartMotion } from '../charts/look';
import { TIME_AXIS_X } from '../charts/time-axis';
import type { CandlesProps } from './types';

/** The candlesticks themselves; loaded lazily through KlineChart (index.tsx): @ant-design/charts is heavy. */
export default function Candles({ candles, up, down, height, formatValue, names }: CandlesProps) {
  const { token } = theme.useToken();
  // its colours are the tokens' in either mode: G2's theme is not taken
  const motion = useChartMotion();
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
      {...motion}
      axis={{
        // 'MM-DD HH:mm' of the exchange's time, in the theme's text colours (dark mode)
        x: { ...TIME_AXIS_X, labelFill: token.colorTextSecondary, lineStroke: token.colorBorder, tickStroke: token.colorBorder },
        y: { labelFormatter: formatValue, labelFill: token.colorTextSecondary, gridStroke: token.colorBorderSecondary, gridStrokeOpacity: 1 },
      }}
      tooltip={{
        title: 'time',
        items: (['open', 'high', 'low', 'close'] as const).map((field) => ({ field, name: names[field], valueFormatter: formatValue })),
      }}
    />
  );
}
