import type { AccountMode, ApiAccount, KeyCheck, TradingModes } from '#contract/types/api-accounts';
import { useCall } from '../../api/use-call';
import { failed } from '../../components/notify';

/** What the server allows, read once a minute at most: live trading (the operator's switch) and which exchanges have a test network. */
export interface ModesInfo {
  live: boolean;
  /** false only when the server says the exchange has none (HTX); unknown → the server decides on save */
  hasTestnet: (bourseId: number | undefined) => boolean;
}

export const modesInfo = (modes: TradingModes | undefined): ModesInfo => ({
  live: modes?.live === true,
  hasTestnet: (bourseId) => bourseId === undefined || modes?.testnet?.[bourseId] !== false,
});

export function useTradingModes(): ModesInfo {
  const { data } = useCall('tradingModes', {}, { staleTime: 60_000, errorNotification: failed });
  return modesInfo(data);
}

const UNCHECKED: KeyCheck = { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null };

/** The account's mode and key check as the console reads them: a reply without them (an older server) is a paper account never checked. */
export const modeOf = (api: ApiAccount) => api.mode ?? 'paper';
export const keyCheckOf = (api: ApiAccount): KeyCheck => ({ ...UNCHECKED, ...api.key_check });

/** A key the server lets go live (server rule too): it answered, it may trade, and it may not withdraw. */
export const tradeOnlyKey = (check: KeyCheck) => check.valid === true && check.canTrade === true && check.canWithdraw === false;

/** The mode's tag colour: live is red, real money. */
export const MODE_COLORS: Record<AccountMode, string> = { paper: 'default', testnet: 'gold', live: 'red' };
