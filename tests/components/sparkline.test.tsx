import { render, screen } from '@testing-library/react';
import { Sparkline, sparklinePaths } from '../../src/components/sparkline';
import { TrendChart } from '../../src/components/charts';

describe('Sparkline', () => {
  it('is an image named by its label, one line through the values, highest at the top', () => {
    render(<Sparkline values={[1, 3, 2]} width={100} height={10} label="BTC equity" title="last: 2" />);
    const line = screen.getByRole('img', { name: 'BTC equity' });
    expect(line.querySelector('title')).toHaveTextContent('last: 2');
    expect(line.querySelector('polyline')).toHaveAttribute('points', '0.0,10.0 50.0,0.0 100.0,5.0');
  });

  it('leaves empty steps blank and splits the line around them', () => {
    expect(sparklinePaths([1, null, 2, 3, null, null], 50, 10)).toEqual(['0.0,10.0', '20.0,5.0 30.0,0.0']);
    expect(sparklinePaths([null, null], 50, 10)).toEqual([]);
    expect(sparklinePaths([5, 5], 10, 10)).toEqual(['0.0,10.0 10.0,10.0']);
  });
});

describe('TrendChart', () => {
  it('draws a trend series as a sparkline with the last value in its hover text', () => {
    const data = [
      { time: '2024-05-01 00:00', value: 10 },
      { time: '2024-05-01 00:01', value: 12 },
      { time: '2024-05-02 00:01', value: null },
    ];
    render(<TrendChart data={data} label="trend of main" valueName="Equity" formatValue={(v) => `${String(v)} USDT`} width={80} height={20} />);
    const line = screen.getByRole('img', { name: 'trend of main' });
    expect(line.querySelector('title')).toHaveTextContent('Equity: 12 USDT (2024-05-01 00:01)');
    expect(line.querySelectorAll('polyline')).toHaveLength(1);
    expect(line.querySelector('polyline')).toHaveAttribute('points', '0.0,20.0 40.0,0.0');
  });
});
