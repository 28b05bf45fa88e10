import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKER_FEES } from '#contract/rules/constants';
import { isSpreadOpen, legTakerFee, netSpreadPercent, roundTripFeePercent, spreadPercent, takerFeeField, type AccountFees } from '#contract/rules/net-spread';

/**
 * The hand-worked case: table [1, 2, 4, 1] (exchange 1 quarter / exchange 2 spot), BTC.
 * The user's account on exchange 1 has fuEatCharges 0.0002 (0.02 %); a second one there 0.0004 (the
 * lower one counts); none on exchange 2, so its spot leg takes the default ssEatCharges 0.001 (0.1 %).
 *
 * Positive (sell A at its bid, buy B at its ask): A.bid = 60 900, B.ask = 60 000.
 *   gross   = (60 900 − 60 000) / 60 000 · 100 = 1.5 %
 *   open    = 0.0002 · 60 900 + 0.001 · 60 000 = 12.18 + 60 = 72.18 USDT per coin; close the same again
 *   fees    = 2 · 72.18 = 144.36 USDT = 144.36 / 60 000 · 100 = 0.2406 %
 *   net     = (900 − 144.36) / 60 000 · 100 = 755.64 / 60 000 · 100 = 1.2594 %
 *   formula: F(1.5) = 200 · (0.0002 · 1.015 + 0.001) = 200 · 0.001203 = 0.2406 → 1.5 − 0.2406 = 1.2594
 *
 * Negative (buy A at its ask, sell B at its bid): A.ask = 60 960, B.bid = 60 000.
 *   gross   = 960 / 60 000 · 100 = 1.6 %
 *   fees    = 2 · (0.0002 · 60 960 + 0.001 · 60 000) = 2 · (12.192 + 60) = 144.384 USDT = 0.24064 %
 *   net     = 1.6 + 0.24064 = 1.84064 % (the long side pays more)
 *
 * A spread below zero (positive −0.5 %: A.bid = 59 700, B.ask = 60 000):
 *   fees    = 2 · (0.0002 · 59 700 + 0.001 · 60 000) = 2 · 71.94 = 143.88 USDT = 0.2398 %
 *   net     = −0.5 − 0.2398 = −0.7398 %
 */
const ACCOUNTS: AccountFees[] = [
  { exchange: 1, fees: { ssEatCharges: 0.0008, fuEatCharges: 0.0002, csEatCharges: 0.0003 } },
  { exchange: 1, fees: { ssEatCharges: 0.0006, fuEatCharges: 0.0004, csEatCharges: 0.0005 } },
  { exchange: 3, fees: { ssEatCharges: 0.00075 } },
];

describe('net spreads', () => {
  it('takes the taker fee of the leg kind: spot ss, delivery fu, perpetual cs (USDT-margined as their base)', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13].map(takerFeeField)).toEqual(['ssEatCharges', ...Array(7).fill('fuEatCharges')]);
    expect([5, 14].map(takerFeeField)).toEqual(['csEatCharges', 'csEatCharges']);
  });

  it('picks the lowest rate of the kind among the accounts on the exchange, else the default (named)', () => {
    expect(legTakerFee(ACCOUNTS, 1, 4)).toEqual({ rate: 0.0002, isDefault: false });
    expect(legTakerFee(ACCOUNTS, 1, 1)).toEqual({ rate: 0.0006, isDefault: false });
    expect(legTakerFee(ACCOUNTS, 2, 1)).toEqual({ rate: DEFAULT_TAKER_FEES.ssEatCharges, isDefault: true });
    expect(legTakerFee([], 1, 5)).toEqual({ rate: DEFAULT_TAKER_FEES.csEatCharges, isDefault: true });
    // an account whose config lacks the kind does not count
    expect(legTakerFee(ACCOUNTS, 3, 5)).toEqual({ rate: DEFAULT_TAKER_FEES.csEatCharges, isDefault: true });
    expect(legTakerFee(ACCOUNTS, 3, 1)).toEqual({ rate: 0.00075, isDefault: false });
  });

  it('equals the hand-worked case in both directions and below zero', () => {
    const feeA = legTakerFee(ACCOUNTS, 1, 4).rate;
    const feeB = legTakerFee(ACCOUNTS, 2, 1).rate;
    expect(roundTripFeePercent(1.5, feeA, feeB)).toBeCloseTo(0.2406, 10);
    expect(netSpreadPercent('positive', 1.5, feeA, feeB)).toBeCloseTo(1.2594, 10);
    expect(netSpreadPercent('negative', 1.6, feeA, feeB)).toBeCloseTo(1.84064, 10);
    expect(netSpreadPercent('positive', -0.5, feeA, feeB)).toBeCloseTo(-0.7398, 10);
    // the same from the prices: (A.bid − B.ask − 2·(fA·A.bid + fB·B.ask)) / B.ask · 100
    expect(netSpreadPercent('positive', ((60900 - 60000) / 60000) * 100, feeA, feeB)).toBeCloseTo(
      ((900 - 2 * (feeA * 60900 + feeB * 60000)) / 60000) * 100,
      10,
    );
  });

  it('with default fees on both legs (no account): 0.05 % + 0.05 % perpetual / quarter round trip ≈ 0.2 %', () => {
    // F(0) = 200 · (0.0005 · 1 + 0.0005) = 0.2 → a 0.15 % short spread is closed after fees
    const [a, b] = [legTakerFee([], 1, 5), legTakerFee([], 2, 4)];
    expect([a.isDefault, b.isDefault]).toEqual([true, true]);
    expect(netSpreadPercent('positive', 0, a.rate, b.rate)).toBeCloseTo(-0.2, 10);
    expect(isSpreadOpen('positive', 0.15)).toBe(true);
    expect(isSpreadOpen('positive', netSpreadPercent('positive', 0.15, a.rate, b.rate))).toBe(false);
  });

  it('reads the percent of a spread field and tells an open spread by its side', () => {
    expect(spreadPercent('1021.3000/1.5712%')).toBe(1.5712);
    expect(spreadPercent('-3.1/-0.0051%')).toBe(-0.0051);
    for (const bad of [undefined, '', '12', '1/x%']) expect(spreadPercent(bad)).toBeUndefined();
    expect([isSpreadOpen('positive', 0.1), isSpreadOpen('positive', 0), isSpreadOpen('positive', -0.1)]).toEqual([true, false, false]);
    expect([isSpreadOpen('negative', -0.1), isSpreadOpen('negative', 0), isSpreadOpen('negative', 0.1)]).toEqual([true, false, false]);
    expect(isSpreadOpen('negative', undefined)).toBe(false);
  });
});
