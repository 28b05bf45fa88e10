/**
 * Order statistics (spec §3 Statistic group fields): the group fields, their sums, and how the reference
 * server makes them from a group of orders.
 */
import type { StatisticGroup } from '../types/orders';

/** §3 statistic group fields, in order. */
export const GROUP_FIELDS = ['pool', 'pool_accounted', 'more', 'empty', 'fu_more', 'fu_empty', 'ss_buy', 'ss_sell'] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];
export type GroupTotals = Record<GroupField, number>;
const toNumber = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};
export const emptyTotals = (): GroupTotals => Object.fromEntries(GROUP_FIELDS.map((f) => [f, 0])) as GroupTotals;
/** Σ of each group field over the groups given (the overall summary over every currency). */
export function sumGroups(groups: readonly StatisticGroup[]): GroupTotals {
  const totals = emptyTotals();
  for (const group of groups) for (const field of GROUP_FIELDS) totals[field] += toNumber(group[field]);
  return totals;
}
/** What the reference server sums over a group of orders: USDT of the filled notional (amount × price) and fees. */
export interface OrderSideSums {
  notional: number;
  fee: number;
  /** futures and perpetual: buying (open long 1, close short 4) and selling (open short 2, close long 3) */
  fu_buy: number;
  fu_sell: number;
  ss_buy: number;
  ss_sell: number;
}
/**
 * §3 statistic group fields from the sums of a group of orders (our reading; the spec names them only):
 * pool = the filled notional, pool_accounted = pool − fees, more / empty = everything bought / sold,
 * fu_more / fu_empty = futures bought / sold, ss_buy / ss_sell = spot bought / sold.
 * So pool = more + empty, more = fu_more + ss_buy, empty = fu_empty + ss_sell.
 */
export const groupFields = (s: OrderSideSums): GroupTotals => ({
  pool: s.notional,
  pool_accounted: s.notional - s.fee,
  more: s.fu_buy + s.ss_buy,
  empty: s.fu_sell + s.ss_sell,
  fu_more: s.fu_buy,
  fu_empty: s.fu_sell,
  ss_buy: s.ss_buy,
  ss_sell: s.ss_sell,
});
