import { bestIds, calculatorPath, compareMiners, minerEconomics, minerProblems, modelOfSearch } from '../../src/features/tools/miner/miner';
import { BLOCK_REWARD_BTC, minerProblem, modelProblems, type MinerInputs } from '#contract/rules/miner';
import type { MinerModel } from '#contract/types/miner';

/**
 * The case worked by hand: an Antminer S21 (200 TH/s, 3 500 W) at difficulty 150 T (150 × 10^12),
 * BTC at 90 000 USDT, electricity 0.06 USDT/kWh, pool fee 2 %, reward 3.125 BTC.
 *
 *   hashes per day            200 × 10^12 × 86 400                    = 1.728 × 10^19
 *   ÷ difficulty              1.728 × 10^19 / (150 × 10^12)           = 115 200
 *   blocks per day            115 200 / 2^32 = 115 200 / 4 294 967 296 = 0.0000268220901489…
 *   gross BTC per day         × 3.125                                 = 0.0000838190317154…
 *   net of the 2 % pool fee   × 0.98                                  = 0.0000821426510811…
 *   revenue per day           × 90 000                                = 7.39283859730 USDT
 *   energy per day            3 500 W × 24 h / 1000                   = 84 kWh
 *   electricity per day       84 × 0.06                               = 5.04 USDT
 *   profit per day            7.39283859730 − 5.04                    = 2.35283859730 USDT
 *   a month (30 days)         coin 0.00246427953, revenue 221.785158, electricity 151.2, profit 70.585158
 *   break-even coin price     5.04 / 0.0000821426510811               = 61 356.6757 USDT
 *   break-even electricity    7.39283859730 / 84                      = 0.0880099833 USDT/kWh
 *   efficiency                3 500 / 200                             = 17.5 J/TH
 */
const S21_CASE: MinerInputs = {
  hashrate: 200,
  power: 3500,
  electricityPrice: 0.06,
  poolFee: 2,
  coinPrice: 90_000,
  difficulty: 150e12,
  blockReward: BLOCK_REWARD_BTC,
};

describe('miner calculator (src/features/tools/miner/miner.ts)', () => {
  it('gives the hand-worked figures of a 200 TH/s, 3 500 W miner', () => {
    const e = minerEconomics(S21_CASE)!;
    expect(e.daily.coin).toBeCloseTo(0.0000821426510811, 15);
    expect(e.daily.revenue).toBeCloseTo(7.3928385973, 9);
    expect(e.daily.electricity).toBeCloseTo(5.04, 12);
    expect(e.daily.profit).toBeCloseTo(2.3528385973, 9);
    expect(e.monthly.coin).toBeCloseTo(0.00246427953, 11);
    expect(e.monthly.revenue).toBeCloseTo(221.785158, 5);
    expect(e.monthly.electricity).toBeCloseTo(151.2, 9);
    expect(e.monthly.profit).toBeCloseTo(70.585158, 5);
    expect(e.breakEvenPrice).toBeCloseTo(61356.6757, 3);
    expect(e.breakEvenElectricity).toBeCloseTo(0.0880099833, 9);
    expect(e.efficiency).toBe(17.5);
  });

  it('makes nothing at the break-even price and at the break-even electricity price', () => {
    const e = minerEconomics(S21_CASE)!;
    expect(minerEconomics({ ...S21_CASE, coinPrice: e.breakEvenPrice! })!.daily.profit).toBeCloseTo(0, 9);
    expect(minerEconomics({ ...S21_CASE, electricityPrice: e.breakEvenElectricity! })!.daily.profit).toBeCloseTo(0, 9);
  });

  it('halves the coin when the difficulty doubles, and drops the fee with a 0 % pool', () => {
    // by hand: 0.0000838190317154 (gross) / 2 = 0.0000419095158577
    expect(minerEconomics({ ...S21_CASE, poolFee: 0, difficulty: 300e12 })!.daily.coin).toBeCloseTo(0.0000419095158577, 15);
  });

  it('with no power drawn: no electricity cost, a break-even price of 0 and no break-even electricity price', () => {
    const e = minerEconomics({ ...S21_CASE, power: 0 })!;
    expect(e.daily.electricity).toBe(0);
    expect(e.daily.profit).toBeCloseTo(e.daily.revenue, 12);
    expect(e.breakEvenPrice).toBe(0);
    expect(e.breakEvenElectricity).toBeUndefined();
    expect(e.efficiency).toBe(0);
  });

  it('at a coin price of 0: no revenue, the whole electricity bill as the loss', () => {
    const e = minerEconomics({ ...S21_CASE, coinPrice: 0 })!;
    expect(e.daily.revenue).toBe(0);
    expect(e.daily.profit).toBeCloseTo(-5.04, 12);
    expect(e.breakEvenElectricity).toBe(0);
  });

  it('calculates nothing while an input is missing, not a number, negative or out of range', () => {
    expect(minerEconomics({ ...S21_CASE, hashrate: 0 })).toBeUndefined();
    expect(minerEconomics({ ...S21_CASE, difficulty: 0 })).toBeUndefined();
    expect(minerEconomics({ ...S21_CASE, power: -1 })).toBeUndefined();
    expect(minerEconomics({ ...S21_CASE, poolFee: 100 })).toBeUndefined();
    expect(minerEconomics({ ...S21_CASE, coinPrice: Number.NaN })).toBeUndefined();
  });

  it('names the problem of each input', () => {
    expect(minerProblem('hashrate', 0)).toBe('positive');
    expect(minerProblem('difficulty', -5)).toBe('positive');
    expect(minerProblem('blockReward', '')).toBe('required');
    expect(minerProblem('power', undefined)).toBe('required');
    expect(minerProblem('power', 'abc')).toBe('required');
    expect(minerProblem('electricityPrice', -0.01)).toBe('nonNegative');
    expect(minerProblem('poolFee', 100)).toBe('feeRange');
    expect(minerProblem('poolFee', 99.9)).toBeUndefined();
    expect(minerProblem('power', 0)).toBeUndefined();
    expect(minerProblem('hashrate', '200')).toBeUndefined();
    expect(minerProblems(S21_CASE)).toEqual({});
    expect(minerProblems({ ...S21_CASE, hashrate: 0, poolFee: 120 })).toEqual({ hashrate: 'positive', poolFee: 'feeRange' });
  });
});

describe('miner models', () => {
  it('refuses a model without a name, with a name too long, or with no hash rate or power', () => {
    expect(modelProblems({ name: 'Antminer S21', hashrate: 200, power: 3500 })).toEqual({});
    expect(modelProblems({ name: ' ', hashrate: 100, power: 3000 })).toEqual({ name: 'required' });
    expect(modelProblems({ name: 'x'.repeat(65), hashrate: 100, power: 3000 })).toEqual({ name: 'tooLong' });
    expect(modelProblems({ name: 'M', hashrate: 0, power: '' })).toEqual({ hashrate: 'positive', power: 'required' });
  });

  it('opens the calculator on a model through its address, and reads back only sound figures', () => {
    const path = calculatorPath({ name: 'Antminer S21 Pro', hashrate: 234, power: 3510 });
    expect(path).toBe('/main/mill2?model=Antminer+S21+Pro&hashrate=234&power=3510');
    expect(modelOfSearch(new URLSearchParams(path.split('?')[1]))).toEqual({ name: 'Antminer S21 Pro', hashrate: 234, power: 3510 });
    expect(modelOfSearch(new URLSearchParams('hashrate=-3&power=abc'))).toEqual({});
  });
});

describe('miner comparison', () => {
  const models: MinerModel[] = [
    { id: 1, name: 'S21', hashrate: 200, power: 3500 },
    { id: 2, name: 'S21 Pro', hashrate: 234, power: 3510 },
    { id: 3, name: 'S19k Pro', hashrate: 120, power: 2760 },
  ];
  const conditions = { electricityPrice: 0.06, poolFee: 2, coinPrice: 90_000, difficulty: 150e12, blockReward: BLOCK_REWARD_BTC };

  it('gives each model the calculator figures under the same conditions and marks the best of each figure', () => {
    const rows = compareMiners(models, conditions)!;
    expect(rows[0]!.economics).toEqual(minerEconomics({ ...conditions, hashrate: 200, power: 3500 }));
    // S21 Pro: 234 TH/s earns 234/200 of the S21's revenue (8.6496211588) for 3 510 W (5.0544 USDT): profit 3.5952 a day, 15 J/TH
    expect(rows[1]!.economics.daily.profit).toBeCloseTo(8.6496211588 - 5.0544, 8);
    expect(bestIds(rows, 'dailyProfit')).toEqual(new Set([2]));
    expect(bestIds(rows, 'monthlyProfit')).toEqual(new Set([2]));
    expect(bestIds(rows, 'efficiency')).toEqual(new Set([2]));
    expect(bestIds(rows, 'breakEvenPrice')).toEqual(new Set([2]));
  });

  it('lets ties all win, and has no best for no rows; no rows while a condition is wrong', () => {
    const twins = compareMiners([models[0]!, { ...models[0]!, id: 9 }], conditions)!;
    expect(bestIds(twins, 'efficiency')).toEqual(new Set([1, 9]));
    expect(bestIds([], 'dailyProfit')).toEqual(new Set());
    expect(compareMiners(models, { ...conditions, difficulty: 0 })).toBeUndefined();
  });
});
