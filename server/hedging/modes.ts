/**
 * Which venue a hedging task trades on: every account of every leg paper → the simulation (paperVenue); every
 * one testnet, or every one live → the exchange (exchange-venue.ts). A task whose accounts are in different
 * modes trades nowhere: a paper leg would "hedge" a real position with nothing, and a testnet leg a live one
 * with play money. Starting such a task, or adding such a child, is refused (server/handlers/tasks.ts).
 */
import type { AccountMode } from '#contract/types/api-accounts';
import { accountMode, type ApiRow } from '../store/api-accounts';

export type TaskMode = AccountMode | 'mixed';

/** The one mode of a set of accounts (paper when there are none), or 'mixed'. */
export const modeOf = (accounts: readonly (ApiRow | undefined)[]): TaskMode => {
  const modes = new Set(accounts.map(accountMode));
  if (modes.size > 1) return 'mixed';
  return modes.values().next().value ?? 'paper';
};
