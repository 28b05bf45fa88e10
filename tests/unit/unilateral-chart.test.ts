import { chartSeries, extent, fromServerTime, lttb, nearestIndex, toServerTime } from '../../src/features/unilateral/statistic/chart-data';

const line = (n: number) => Array.from({ length: n }, (_, i) => ({ t: i * 60_000, price: 100 + Math.sin(i / 50) * 10 + (i === 20_000 ? 50 : 0) }));

describe('statistics chart data', () => {
  it('reads and writes server time (UTC+8)', () => {
    const ms = Date.UTC(2026, 10, 24, 16, 30, 5);
    expect(toServerTime(ms)).toBe('2026-11-25 00:30:05');
    expect(fromServerTime('2026-11-25 00:30:05')).toBe(ms);
    expect(fromServerTime('2026-11-25 00:30')).toBe(ms - 5000);
  });

  it('downsamples 43,200 points with LTTB: the threshold, both ends and the spike kept', () => {
    const points = line(43_200);
    const drawn = lttb(points, 1000);
    expect(drawn).toHaveLength(1000);
    expect(drawn[0]).toBe(points[0]);
    expect(drawn.at(-1)).toBe(points.at(-1));
    expect(drawn.some((p) => p.price > 140)).toBe(true);
    expect(lttb(points.slice(0, 10), 1000)).toHaveLength(10);
  });

  it('keeps every trade marker of both directions, in time order', () => {
    const mark = (createtime: string, type: number) => ({ createtime, price: 10, type, trade_num: 1 });
    const { line: drawn, markers } = chartSeries({
      cycle: '1T',
      market: [
        { createtime: '2026-11-25 00:02:00', price: 2 },
        { createtime: '2026-11-25 00:01:00', price: 1 },
      ],
      up_direction: [mark('2026-11-25 00:03:00', 1), mark('2026-11-25 00:03:00', 2)],
      down_direction: [mark('2026-11-25 00:01:00', -1), mark('2026-11-25 00:03:00', -2)],
      curve: [],
    });
    expect(drawn.map((p) => p.price)).toEqual([1, 2]);
    expect(markers.map((m) => [m.type, m.buy])).toEqual([
      [-1, false],
      [1, true],
      [2, true],
      [-2, false],
    ]);
  });

  it('finds the nearest point by time and the extent of a long series', () => {
    const points = line(43_200);
    expect(nearestIndex(points, 90_000)).toBe(1);
    expect(nearestIndex(points, 95_000)).toBe(2);
    expect(nearestIndex(points, -5)).toBe(0);
    expect(nearestIndex(points, 1e12)).toBe(43_199);
    expect(extent(points, (p) => p.price)[1]).toBeGreaterThan(140);
  });
});
