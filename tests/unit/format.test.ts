import {
  formatAmount,
  formatCost,
  formatDecimal,
  formatMinute,
  formatNumber,
  formatPrice,
  formatQuantity,
  formatReturn,
  formatStatistic,
  trendSeries,
} from '../../src/domain/format';

describe('number formatting (§9 decimals)', () => {
  it('uses 4 decimals for amounts and prices, 2 for statistics, return and cost, 6 for quantities', () => {
    expect(formatAmount(1.23456)).toBe('1.2346');
    expect(formatPrice('100')).toBe('100.0000');
    expect(formatStatistic(12.345)).toBe('12.35');
    expect(formatReturn(-3.1)).toBe('-3.10');
    expect(formatCost(0)).toBe('0.00');
    expect(formatQuantity(0.1234567)).toBe('0.123457');
    expect(formatNumber(2, 'statistics')).toBe('2.00');
  });

  it('shows - for what is not a number and never -0', () => {
    expect(formatAmount(undefined)).toBe('-');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount('')).toBe('-');
    expect(formatAmount('abc')).toBe('-');
    expect(formatAmount(Number.NaN)).toBe('-');
    expect(formatDecimal(-0.0001, 2)).toBe('0.00');
  });
});

describe('formatMinute', () => {
  it('shows times to the minute', () => {
    expect(formatMinute('2024-03-05 08:09:59')).toBe('2024-03-05 08:09');
    expect(formatMinute('2024-03-05T08:09')).toBe('2024-03-05 08:09');
    expect(formatMinute(new Date(2024, 2, 5, 8, 9, 30))).toBe('2024-03-05 08:09');
    expect(formatMinute(undefined)).toBe('-');
    expect(formatMinute('not a time')).toBe('-');
  });
});

describe('trendSeries (§9 trend chart)', () => {
  const point = (i: number) => ({
    dateTime: `2024-01-01 ${String(Math.floor(i / 60) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:30`,
    equity_usdt: i,
  });
  const series = (n: number) => Array.from({ length: n }, (_, i) => point(i));

  it('keeps the last 180 points and appends 7 future daily dates without values', () => {
    const result = trendSeries(
      series(200),
      (p) => p.dateTime,
      (p) => p.equity_usdt,
    );
    expect(result).toHaveLength(187);
    expect(result[0]).toEqual({ time: '2024-01-01 00:20', value: 20 });
    expect(result[179]).toEqual({ time: '2024-01-01 03:19', value: 199 });
    expect(result.slice(180).map((p) => p.time)).toEqual([
      '2024-01-02 03:19',
      '2024-01-03 03:19',
      '2024-01-04 03:19',
      '2024-01-05 03:19',
      '2024-01-06 03:19',
      '2024-01-07 03:19',
      '2024-01-08 03:19',
    ]);
    expect(result.slice(180).every((p) => p.value === null)).toBe(true);
  });

  it('keeps fewer points as they are, times to the minute', () => {
    const result = trendSeries(
      series(3),
      (p) => p.dateTime,
      (p) => p.equity_usdt,
    );
    expect(result.slice(0, 3).map((p) => p.time)).toEqual(['2024-01-01 00:00', '2024-01-01 00:01', '2024-01-01 00:02']);
    expect(result).toHaveLength(10);
  });

  it('is empty without points (no future dates on their own) and tolerates a missing value', () => {
    expect(
      trendSeries(
        [],
        (p: { t: string }) => p.t,
        () => 1,
      ),
    ).toEqual([]);
    expect(
      trendSeries(
        undefined,
        (p: { t: string }) => p.t,
        () => 1,
      ),
    ).toEqual([]);
    expect(
      trendSeries(
        [{ t: '2024-01-01 00:00' }],
        (p) => p.t,
        () => 'x',
      )[0],
    ).toEqual({ time: '2024-01-01 00:00', value: null });
  });

  it('crosses month ends with calendar days', () => {
    const result = trendSeries(
      [{ t: '2024-02-27 23:59' }],
      (p) => p.t,
      () => 1,
    );
    expect(result.slice(1, 4).map((p) => p.time)).toEqual(['2024-02-28 23:59', '2024-02-29 23:59', '2024-03-01 23:59']);
  });
});
