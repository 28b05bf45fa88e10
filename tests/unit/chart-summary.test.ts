import { periodOf, seriesFigures } from '../../src/components/charts/summary';
import { candleFigures } from '../../src/components/kline-chart';

describe("a chart's figures in words (charts keep a text alternative)", () => {
  test('first, last, lowest and highest of the numbers and how many, skipping gaps and text', () => {
    expect(seriesFigures([3, null, '1.5', 'x', 7, 2])).toEqual({ first: 3, last: 2, min: 1.5, max: 7, count: 4 });
  });
  test('nothing to say without a number', () => {
    expect(seriesFigures([])).toBeUndefined();
    expect(seriesFigures([null, 'x'])).toBeUndefined();
  });
  test('a long series is counted without spreading it into Math.min', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => (i === 123_456 ? -1 : i));
    expect(seriesFigures(values)).toEqual({ first: 0, last: 199_999, min: -1, max: 199_999, count: 200_000 });
  });
  test('the period runs from the first to the last point drawn, a gap at either end left out', () => {
    const points = [
      { time: '09:00', value: null },
      { time: '09:01', value: 1 },
      { time: '09:02', value: null },
      { time: '09:03', value: 2 },
      { time: '09:04', value: null },
    ];
    expect(
      periodOf(
        points,
        (p) => p.time,
        (p) => p.value !== null,
      ),
    ).toEqual({ from: '09:01', to: '09:03', count: 2 });
    expect(periodOf(points, (p) => p.time)).toEqual({ from: '09:00', to: '09:04', count: 5 });
    expect(periodOf([], (p: { time: string }) => p.time)).toBeUndefined();
  });
  test('candles: the first open, the last close, the lowest low and the highest high', () => {
    const candle = (open: number, high: number, low: number, close: number) => ({ time: '', ts: 0, open, high, low, close });
    expect(candleFigures([candle(10, 12, 9, 11), candle(11, 15, 8, 14), candle(14, 14, 13, 13)])).toEqual({ first: 10, last: 13, min: 8, max: 15, count: 3 });
    expect(candleFigures([])).toBeUndefined();
  });
});
