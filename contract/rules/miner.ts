/**
 * The miner tool pages' input rules, checked by the pages and the reference server alike: the calculator's
 * inputs (the formula itself is the console's: src/features/tools/miner/miner.ts) and a model's fields.
 */

/** The block subsidy after the April 2024 halving (block 840 000). */
export const BLOCK_REWARD_BTC = 3.125;

/** What the calculator takes: the miner (hash rate, power) and the conditions it runs in. */
export interface MinerInputs {
  /** TH/s */
  hashrate: number;
  /** W */
  power: number;
  /** USDT per kWh */
  electricityPrice: number;
  /** percent, 0 ≤ fee < 100 */
  poolFee: number;
  /** USDT per BTC */
  coinPrice: number;
  /** network difficulty */
  difficulty: number;
  /** BTC per block */
  blockReward: number;
}

export type MinerField = keyof MinerInputs;

/** What is wrong with a value: the key of its message (miner:problems.*). */
export type MinerProblem = 'required' | 'positive' | 'nonNegative' | 'feeRange';

/** Hash rate, difficulty and reward must be above 0 (a miner that hashes, a divisor, a reward); the others may be 0. */
const POSITIVE: readonly MinerField[] = ['hashrate', 'difficulty', 'blockReward'];

/** The problem of one input, or undefined when it is fine. */
export function minerProblem(field: MinerField, value: unknown): MinerProblem | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return 'required';
  const n = Number(value);
  if (!Number.isFinite(n)) return 'required';
  if (POSITIVE.includes(field)) return n > 0 ? undefined : 'positive';
  if (n < 0) return 'nonNegative';
  if (field === 'poolFee' && n >= 100) return 'feeRange';
  return undefined;
}

export const MODEL_NAME_MAX = 64;

export type ModelProblem = 'required' | 'positive' | 'tooLong';
export type ModelField = 'name' | 'hashrate' | 'power';

/** The problems of a model's fields (a name, hash rate > 0, power > 0); empty when it may be saved. */
export function modelProblems(model: Partial<Record<ModelField, unknown>>): Partial<Record<ModelField, ModelProblem>> {
  const problems: Partial<Record<ModelField, ModelProblem>> = {};
  const name = typeof model.name === 'string' ? model.name.trim() : '';
  if (!name) problems.name = 'required';
  else if (name.length > MODEL_NAME_MAX) problems.name = 'tooLong';
  for (const field of ['hashrate', 'power'] as const) {
    // a model draws power: both figures take the hash rate's rule (a number above 0)
    const problem = minerProblem('hashrate', model[field]);
    if (problem === 'required' || problem === 'positive') problems[field] = problem;
  }
  return problems;
}
