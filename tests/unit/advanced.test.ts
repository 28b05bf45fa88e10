import { ADVANCED_RANGES, coupleMultiples, MAX_MULTIPLE_SUM, multiplesWithinLimit } from '#contract/rules/advanced';

const multiples = (spot: number, futures: number) => ({ proportion_ratio_spot: spot, proportion_ratio_deposit: futures });

describe('advanced slider ranges (§5)', () => {
  it('are lever_risk_rate 0.2-2 step 0.01, total_deposit_multiple 0-20 step 1, spot 0-20, futures 1-20', () => {
    expect(ADVANCED_RANGES.lever_risk_rate).toEqual({ min: 0.2, max: 2, step: 0.01 });
    expect(ADVANCED_RANGES.total_deposit_multiple).toEqual({ min: 0, max: 20, step: 1 });
    expect(ADVANCED_RANGES.proportion_ratio_spot).toMatchObject({ min: 0, max: 20 });
    expect(ADVANCED_RANGES.proportion_ratio_deposit).toMatchObject({ min: 1, max: 20 });
    expect(MAX_MULTIPLE_SUM).toBe(20);
  });
});

describe('coupleMultiples: spot + futures never exceed 20, the other is lowered', () => {
  it('leaves values that fit alone', () => {
    expect(coupleMultiples('proportion_ratio_spot', multiples(5, 5))).toEqual(multiples(5, 5));
    expect(coupleMultiples('proportion_ratio_spot', multiples(15, 5))).toEqual(multiples(15, 5));
  });

  it('spot 15 then futures 10 lowers spot to 10', () => {
    const afterSpot = coupleMultiples('proportion_ratio_spot', multiples(15, 5));
    expect(coupleMultiples('proportion_ratio_deposit', { ...afterSpot, proportion_ratio_deposit: 10 })).toEqual(multiples(10, 10));
  });

  it('raising spot lowers futures', () => {
    expect(coupleMultiples('proportion_ratio_spot', multiples(18, 5))).toEqual(multiples(18, 2));
  });

  it('never takes the other below its minimum: spot gives way when futures is at 1', () => {
    expect(coupleMultiples('proportion_ratio_spot', multiples(20, 5))).toEqual(multiples(19, 1));
    expect(coupleMultiples('proportion_ratio_deposit', multiples(7, 20))).toEqual(multiples(0, 20));
  });

  it('clamps values into their ranges', () => {
    expect(coupleMultiples('proportion_ratio_deposit', multiples(0, 0))).toEqual(multiples(0, 1));
    expect(coupleMultiples('proportion_ratio_spot', multiples(-3, 4))).toEqual(multiples(0, 4));
  });

  it('multiplesWithinLimit', () => {
    expect(multiplesWithinLimit(multiples(10, 10))).toBe(true);
    expect(multiplesWithinLimit(multiples(10, 11))).toBe(false);
  });
});
