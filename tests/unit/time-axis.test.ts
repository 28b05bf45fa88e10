import { describe, expect, it } from 'vitest';
import { shortTime } from '../../src/components/charts/time-axis';

describe('chart time labels', () => {
  it('drop the year and the seconds of a time, whether text or date; other text stays', () => {
    expect(shortTime('2026-11-23 14:15:51')).toBe('11-23 14:15');
    expect(shortTime(new Date(2026, 10, 23, 6, 0, 59))).toBe('11-23 06:00');
    expect(shortTime('1H')).toBe('1H');
  });
});
