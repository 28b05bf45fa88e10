/**
 * The task page's filters (§2: currency, contract pair type, strategy name) for the console and the
 * reference server alike. /task/list filters and counts on the server (our addition to §7's
 * {pagesize, page}), so the counter and the filters stay true however many tasks there are.
 */
import { TRANSACTION_TYPES, transactionType, type TradeType } from './codes';

/** Contract pair filter: the ten pairs of §2, as trade-type abbreviations. */
export const CONTRACT_PAIRS = ['SS/CW', 'SS/NW', 'SS/CQ', 'SS/CS', 'CW/NW', 'CW/CQ', 'CW/CS', 'NW/CQ', 'NW/CS', 'CQ/CS'] as const;
export type ContractPair = (typeof CONTRACT_PAIRS)[number];
export const isContractPair = (value: string): value is ContractPair => (CONTRACT_PAIRS as readonly string[]).includes(value);

const PAIR_ORDER: readonly TradeType[] = ['SS', 'CW', 'NW', 'CQ', 'NQ', 'CS'];

/** The contract pair of a task, whichever leg holds which type ('SS/CQ' for spot against quarter). */
export function contractPairOf(params: { a_transaction_type?: unknown; b_transaction_type?: unknown }): string | undefined {
  const a = transactionType(Number(params.a_transaction_type))?.tradeType;
  const b = transactionType(Number(params.b_transaction_type))?.tradeType;
  if (!a || !b) return undefined;
  return [a, b].sort((x, y) => PAIR_ORDER.indexOf(x) - PAIR_ORDER.indexOf(y)).join('/');
}

/** The transaction type codes of each side of a pair: a task is of the pair when one leg's code is in each list. */
export function pairCodes(pair: ContractPair): [number[], number[]] {
  const [first, second] = pair.split('/') as [TradeType, TradeType];
  const codesOf = (type: TradeType) => TRANSACTION_TYPES.filter((t) => t.tradeType === type).map((t) => t.code);
  return [codesOf(first), codesOf(second)];
}

/**
 * What /task/list filters by (our addition to §7): each absent = all. `currency_type` as a task's params
 * hold it (lower case), `strategy_name` as a task has it, `status` a §4 code (the phone page's running tasks).
 */
export interface TaskListFilters {
  currency_type?: string;
  pair?: ContractPair;
  strategy_name?: string;
  status?: number;
}
