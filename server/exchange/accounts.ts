/**
 * What the account calls ask of an exchange: the key check (a balance, then the key's permissions where the exchange
 * reports them), /api/init's cross margin and leverage per instrument, and status_info's one-line summary.
 */
import { NetworkError } from '../ccxt';
import type { InitResult, KeyCheck } from '#contract/types/api-accounts';
import { SPOT_CONTRACT } from '#contract/rules/codes';
import { legsOf } from '../engine/calendar';
import type { TaskParams } from '../engine';
import type { MessageKey, MessageParams } from '../http/messages';
import { formatSecond } from '../clock/time';
import { CURRENCIES, type ContractCode, type Currency, type ExchangeId } from '../market/instruments';
import { liveSymbol } from '../market/live';
import type { Queryable } from '../store/queryable';
import { tradedLegs, type ApiRow } from '../store/api-accounts';
import { auditText } from './audit';
import { refusalOf, type TradingClient } from './clients';

export const INIT_LEVERAGE = 10;
export const INIT_MARGIN_MODE = 'cross';

/** How long an exchange's error may be in a key check or an init result. */
const ERROR_MAX = 300;
const shortError = (error: unknown): string => auditText(error instanceof Error ? error.message : String(error), []).slice(0, ERROR_MAX);

interface Permissions {
  canTrade: boolean | null;
  canWithdraw: boolean | null;
}
const UNKNOWN: Permissions = { canTrade: null, canWithdraw: null };

/** The key's rights as the exchange reports them: OKX account/config `perm`, Binance's API restrictions; HTX reports none. */
async function permissionsOf(client: TradingClient, exchange: ExchangeId): Promise<Permissions> {
  if (exchange === 1) {
    const [account] = await client.fetchAccounts();
    const perm = String((account?.info as { perm?: unknown } | undefined)?.perm ?? '').split(',');
    return { canTrade: perm.includes('trade'), canWithdraw: perm.includes('withdraw') };
  }
  if (exchange === 3) {
    // Binance's demo and test networks have no sapi: there the check cannot be made (nothing is sent)
    if (client.isSandboxModeEnabled || client.options.enableDemoTrading) return UNKNOWN;
    const restrictions = (await (client as unknown as Record<string, () => Promise<Record<string, unknown>>>).sapiGetAccountApiRestrictions!()) ?? {};
    return {
      canTrade: restrictions.enableSpotAndMarginTrading === true || restrictions.enableFutures === true,
      canWithdraw: restrictions.enableWithdrawals === true,
    };
  }
  return UNKNOWN;
}

/**
 * Checks a key on its exchange: valid when the balance call answers (false when the exchange refuses the key; null when
 * it could not be asked — not answering, or nothing sent), then its permissions (null where they cannot be read).
 */
export async function checkKey(client: TradingClient, exchange: ExchangeId, now: () => number): Promise<KeyCheck> {
  const checkedAt = now();
  try {
    await client.fetchBalance();
  } catch (error) {
    const unknown = error instanceof NetworkError || refusalOf(error) !== undefined;
    return { valid: unknown ? null : false, ...UNKNOWN, checkedAt, error: shortError(error) };
  }
  try {
    return { valid: true, ...(await permissionsOf(client, exchange)), checkedAt, error: null };
  } catch (error) {
    return { valid: true, ...UNKNOWN, checkedAt, error: shortError(error) };
  }
}

/** A key live trading may use: it works, may trade, and may not withdraw (as far as the exchange says). */
export const liveReady = (check: KeyCheck): boolean => check.valid === true && check.canTrade === true && check.canWithdraw === false;

/** status_info of an account that reaches its exchange (§3): what the last key check found, one line. */
export function keyStatus(check: KeyCheck): [MessageKey, MessageParams] {
  if (check.checkedAt === null) return ['api.status.unchecked', {}];
  const at = formatSecond(check.checkedAt);
  if (check.valid === false) return ['api.status.invalid', { at, error: check.error ?? '' }];
  if (check.valid === null) return ['api.status.checkFailed', { at, error: check.error ?? '' }];
  if (check.canWithdraw === true) return ['api.status.canWithdraw', { at }];
  if (check.canTrade === false) return ['api.status.cannotTrade', { at }];
  if (check.canWithdraw === null || check.canTrade === null) return ['api.status.permissionsUnknown', { at }];
  return ['api.status.verified', { at }];
}

/** The swaps an account without tasks is initialised on: per §9 currency, its USDT swap, else its coin swap, where the exchange lists one. */
const defaultSymbols = (client: TradingClient): string[] =>
  CURRENCIES.flatMap((currency) => {
    const coin = currency.toUpperCase();
    const listed = [`${coin}/USDT:USDT`, `${coin}/USD:${coin}`].find((symbol) => client.markets?.[symbol]);
    return listed ? [listed] : [];
  });

/**
 * The contracts an account trades: each derivative leg of the child tasks that name it, on its exchange (ccxt symbols,
 * delivery legs at their current expiry); with none, defaultSymbols.
 */
export async function instrumentsOf(db: Queryable, api: ApiRow, client: TradingClient, now: number): Promise<string[]> {
  const symbols = new Set<string>();
  for (const row of await tradedLegs(db, api.id)) {
    const legs = legsOf(JSON.parse(row.params) as TaskParams);
    for (const [leg, apiId] of [
      [legs[0], row.api_a],
      [legs[1], row.api_b],
    ] as const) {
      if (Number(apiId) !== api.id || leg.exchange !== api.bourse_id || leg.contractType === SPOT_CONTRACT) continue;
      symbols.add(liveSymbol(leg.currency as Currency, leg.contractType as ContractCode, now));
    }
  }
  return symbols.size ? [...symbols] : defaultSymbols(client);
}

/** Binance's answer when the account is in that position mode already (ccxt raises it as a plain ExchangeError). */
const SAME_POSITION_MODE = /"code":\s*-4059\b/;

/** The exchange refused hedge mode: the account's init fails with this (`key`, `params`), nothing more is sent. */
export class HedgeModeRefused extends Error {
  readonly key = 'err.exchange.positionMode' as const;
  constructor(readonly params: MessageParams) {
    super(`hedge mode refused: ${params.error}`);
    this.name = 'HedgeModeRefused';
  }
}

/**
 * Puts a Binance futures account in hedge mode (dual-side positions): the gateway's orders name a position side
 * (LONG/SHORT), which an account in one-way mode refuses. Already in hedge mode is success; any other refusal
 * throws HedgeModeRefused. OKX's and HTX's accounts are left as they are.
 */
export async function initPositionMode(client: TradingClient, exchange: ExchangeId, bourse: string): Promise<void> {
  if (exchange !== 3) return;
  try {
    await client.setPositionMode(true);
  } catch (error) {
    if (refusalOf(error)) throw error; // nothing was sent
    if (error instanceof Error && SAME_POSITION_MODE.test(error.message)) return;
    throw new HedgeModeRefused({ bourse, error: shortError(error) });
  }
}

/** The margin-mode and leverage calls per exchange, with the parameters each needs (HTX has no margin-mode call). */
const INIT_PARAMS: Record<ExchangeId, { margin: Record<string, unknown> | null; leverage: Record<string, unknown> }> = {
  1: { margin: { lever: INIT_LEVERAGE }, leverage: { marginMode: INIT_MARGIN_MODE } },
  2: { margin: null, leverage: { marginMode: INIT_MARGIN_MODE } },
  3: { margin: {}, leverage: {} },
};

/** Cross margin and INIT_LEVERAGE on each symbol, one after the other; each answered with the exchange's error when it fails. */
export async function initInstruments(client: TradingClient, exchange: ExchangeId, symbols: readonly string[]): Promise<InitResult[]> {
  const params = INIT_PARAMS[exchange];
  const results: InitResult[] = [];
  for (const symbol of symbols) {
    const instrument = client.markets?.[symbol]?.id ?? symbol;
    try {
      if (params.margin) await client.setMarginMode(INIT_MARGIN_MODE, symbol, params.margin);
      await client.setLeverage(INIT_LEVERAGE, symbol, params.leverage);
      results.push({ instrument, ok: true });
    } catch (error) {
      if (refusalOf(error)) throw error; // nothing was sent: the whole init is refused
      results.push({ instrument, ok: false, error: shortError(error) });
    }
  }
  return results;
}
