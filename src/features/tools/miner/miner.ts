/**
 * The BTC miner calculator (/main/mill2), the model table (/main/mill) and the comparison (/main/mill1):
 * the one formula, its input rules and the model rules, shared by the pages and the reference server.
 *
 * The maths. A block is found when a hash falls below the target; at network difficulty D one hash
 * succeeds with probability 1 / (D × 2^32), so a miner of H hashes per second expects
 *
 *   blocks per day    = H × 86 400 / (D × 2^32)
 *   BTC per day       = blocks per day × block reward × (1 − pool fee)          (the pool pays PPS-like, minus its fee)
 *   revenue per day   = BTC per day × coin price                                (USDT)
 *   power cost / day  = power [W] × 24 / 1000 × electricity price              (kWh × USDT/kWh)
 *   profit per day    = revenue per day − power cost per day
 *   a month           = 30 days of the above (the difficulty held where it is)
 *   break-even price  = power cost per day / BTC per day                        (coin price at which profit is 0)
 *   break-even power  = revenue per day / (power [W] × 24 / 1000)               (electricity price at which profit is 0)
 *   efficiency        = power [W] / hash rate [TH/s] = J/TH
 *
 * H is in H/s: the form takes TH/s (1 TH/s = 10^12 H/s). Transaction fees are left out (the reward is
 * the subsidy only), as is the difficulty's growth over the month.
 */
import type { MinerModel } from '#contract/types/miner';
import { type MinerInputs, type MinerField, type MinerProblem, minerProblem } from '#contract/rules/miner';

export const SECONDS_PER_DAY = 86_400;
export const DAYS_PER_MONTH = 30;
/** Hashes per unit of difficulty: a difficulty-1 block needs 2^32 hashes on average. */
export const HASHES_PER_DIFFICULTY = 2 ** 32;
export const HASHES_PER_TH = 1e12;
/** A coin amount (BTC) is shown to the satoshi. */
export const COIN_DECIMALS = 8;
export const MINER_FIELDS: readonly MinerField[] = ['hashrate', 'power', 'electricityPrice', 'poolFee', 'coinPrice', 'difficulty', 'blockReward'];

/** Every input's problem; empty when the inputs can be calculated. */
export function minerProblems(inputs: Partial<Record<MinerField, unknown>>): Partial<Record<MinerField, MinerProblem>> {
  const problems: Partial<Record<MinerField, MinerProblem>> = {};
  for (const field of MINER_FIELDS) {
    const problem = minerProblem(field, inputs[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Coin output, revenue, electricity cost and profit over one period. */
export interface MinerPeriod {
  /** BTC */
  coin: number;
  /** USDT */
  revenue: number;
  /** USDT */
  electricity: number;
  /** USDT */
  profit: number;
}

export interface MinerEconomics {
  daily: MinerPeriod;
  /** DAYS_PER_MONTH days */
  monthly: MinerPeriod;
  /** USDT per BTC; undefined when the miner earns no coin. */
  breakEvenPrice: number | undefined;
  /** USDT per kWh; undefined when the miner draws no power. */
  breakEvenElectricity: number | undefined;
  /** J/TH */
  efficiency: number;
}

/** J/TH: watts (J/s) per TH/s. */
export const efficiencyOf = ({ power, hashrate }: Pick<MinerInputs, 'power' | 'hashrate'>): number => power / hashrate;

const times = (period: MinerPeriod, factor: number): MinerPeriod => ({
  coin: period.coin * factor,
  revenue: period.revenue * factor,
  electricity: period.electricity * factor,
  profit: period.profit * factor,
});

/** The calculator's outputs (the formula of this file's comment); undefined while an input has a problem. */
export function minerEconomics(inputs: MinerInputs): MinerEconomics | undefined {
  if (Object.keys(minerProblems(inputs)).length > 0) return undefined;
  const { hashrate, power, electricityPrice, poolFee, coinPrice, difficulty, blockReward } = inputs;
  const blocksPerDay = (hashrate * HASHES_PER_TH * SECONDS_PER_DAY) / (difficulty * HASHES_PER_DIFFICULTY);
  const coin = blocksPerDay * blockReward * (1 - poolFee / 100);
  const revenue = coin * coinPrice;
  const kwhPerDay = (power * 24) / 1000;
  const electricity = kwhPerDay * electricityPrice;
  const daily = { coin, revenue, electricity, profit: revenue - electricity };
  return {
    daily,
    monthly: times(daily, DAYS_PER_MONTH),
    breakEvenPrice: coin > 0 ? electricity / coin : undefined,
    breakEvenElectricity: kwhPerDay > 0 ? revenue / kwhPerDay : undefined,
    efficiency: efficiencyOf(inputs),
  };
}

// ── Comparison (/main/mill1) ─────────────────────────────────────────────────────────────

/** The conditions every miner of a comparison shares: the calculator's inputs without the miner. */
export type MinerConditions = Omit<MinerInputs, 'hashrate' | 'power'>;

export interface ComparisonRow {
  model: MinerModel;
  economics: MinerEconomics;
}

/** The figures the comparison ranks, and which way is better. */
export const COMPARED = {
  dailyProfit: { of: (e: MinerEconomics) => e.daily.profit, better: 'higher' },
  monthlyProfit: { of: (e: MinerEconomics) => e.monthly.profit, better: 'higher' },
  efficiency: { of: (e: MinerEconomics) => e.efficiency, better: 'lower' },
  breakEvenPrice: { of: (e: MinerEconomics) => e.breakEvenPrice, better: 'lower' },
} as const satisfies Record<string, { of: (e: MinerEconomics) => number | undefined; better: 'higher' | 'lower' }>;
export type ComparedFigure = keyof typeof COMPARED;

/** Each model under the same conditions; undefined while the conditions have a problem. */
export function compareMiners(models: readonly MinerModel[], conditions: MinerConditions): ComparisonRow[] | undefined {
  const rows: ComparisonRow[] = [];
  for (const model of models) {
    const economics = minerEconomics({ ...conditions, hashrate: model.hashrate, power: model.power });
    if (!economics) return undefined;
    rows.push({ model, economics });
  }
  return rows;
}

/** The ids of the best model(s) for a figure (ties all win; a missing figure never does). */
export function bestIds(rows: readonly ComparisonRow[], figure: ComparedFigure): Set<number> {
  const { of, better } = COMPARED[figure];
  const values = rows.map((row) => of(row.economics)).filter((v): v is number => v !== undefined);
  if (values.length === 0) return new Set();
  const best = better === 'higher' ? Math.max(...values) : Math.min(...values);
  return new Set(rows.filter((row) => of(row.economics) === best).map((row) => row.model.id));
}

/** The calculator's and the comparison's starting conditions until the user types (the network's come from the server). */
export const MINER_DEFAULTS = { electricityPrice: 0.06, poolFee: 2 } as const;

/** The calculator opened on one model (/main/mill2?model=…&hashrate=…&power=…): the model table's "open in the calculator". */
export function calculatorPath(model: Pick<MinerModel, 'name' | 'hashrate' | 'power'>): string {
  return `/main/mill2?${new URLSearchParams({ model: model.name, hashrate: String(model.hashrate), power: String(model.power) })}`;
}

/** The model a calculator link names; fields it lacks or gets wrong are left out. */
export function modelOfSearch(search: URLSearchParams): Partial<Pick<MinerModel, 'name' | 'hashrate' | 'power'>> {
  const out: Partial<Pick<MinerModel, 'name' | 'hashrate' | 'power'>> = {};
  const name = search.get('model')?.trim();
  if (name) out.name = name;
  for (const field of ['hashrate', 'power'] as const) {
    const raw = search.get(field);
    if (raw !== null && !minerProblem(field, raw)) out[field] = Number(raw);
  }
  return out;
}
