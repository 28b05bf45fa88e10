import { columnsFor, visibleRows } from '../../src/features/tasks/windowed-grid';

describe('the task cards window', () => {
  it('fits as many columns of the card width as the page holds, at least one (12 px gaps)', () => {
    expect(columnsFor(1300, 440)).toBe(2);
    expect(columnsFor(1343, 440)).toBe(2);
    expect(columnsFor(1344, 440)).toBe(3);
    expect(columnsFor(1340, 320)).toBe(4);
    expect(columnsFor(300, 440)).toBe(1);
    expect(columnsFor(0, 440)).toBe(1);
  });

  it('mounts the rows meeting the viewport plus one row either side', () => {
    const heights = Array.from({ length: 100 }, () => 288); // 300 px a row with its gap
    expect(visibleRows(heights, 0, 900)).toEqual([0, 3]);
    expect(visibleRows(heights, 3000, 3900)).toEqual([9, 13]);
    expect(visibleRows(heights, 29_700, 30_600)).toEqual([98, 99]);
    expect(visibleRows([], 0, 900)).toEqual([0, -1]);
  });
});
