import { seriesFigures } from '../../src/components/charts/summary';

describe("a chart's figures in words (issue 23: charts keep a text alternative)", () => {
  test('first, last, lowest and highest of the numbers, skipping gaps and text', () => {
    expect(seriesFigures([3, null, '1.5', 'x', 7, 2])).toEqual({ first: 3, last: 2, min: 1.5, max: 7 });
  });
  test('nothing to say without a number', () => {
    expect(seriesFigures([])).toBeUndefined();
    expect(seriesFigures([null, 'x'])).toBeUndefined();
  });
});
