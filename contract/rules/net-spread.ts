/**
 * Spreads net of a round trip's taker fees (/market), pure.
 *
 * The board's spreads (server/market/README.md "Market rows") are percentages of leg B's price:
 *   positive p = (A.bid − B.ask) / B.ask · 100   — sell A, buy B (short the spread)
 *   negative n = (A.ask − B.bid) / B.bid · 100   — buy A, sell B (long the spread)
 * A round trip opens and closes both legs, each at the taker rate of its account: per coin it pays
 * fA·A + fB·B to open and, with the close taken at today's prices (tomorrow's are unknown; a price that
 * moves x % moves its fee by x % of itself), the same again to close: 2·(fA·A + fB·B). In percent of
 * leg B's price, with A/B = 1 + s/100 for the spread s the row shows (exact for either sign of s):
 *   F(s) = 200 · (fA · (1 + s/100) + fB)
 * The fees always work against the trader: the short side earns less, the long side pays more.
 *   net positive = p − F(p)        net negative = n + F(n)
 * A spread is open (worth taking) when it favours its side: positive > 0, negative < 0.
 */
import { DEFAULT_TAKER_FEES } from './constants';
import { tradeTypeOf } from './codes';
import { splitField } from './market';

/** The taker fee fields of an API account's fee config (§3). */
export type TakerFeeField = keyof typeof DEFAULT_TAKER_FEES;
export type TakerFees = Record<TakerFeeField, number>;

/** The taker fee of a contract type: spot ssEatCharges, perpetual csEatCharges, every delivery type fuEatCharges (USDT-margined as their base). */
export function takerFeeField(contractCode: number): TakerFeeField {
  const type = tradeTypeOf(contractCode);
  return type === 'SS' ? 'ssEatCharges' : type === 'CS' ? 'csEatCharges' : 'fuEatCharges';
}

/** One API account of the user: its exchange and its fee config (as apiChargesGet answers it). */
export interface AccountFees {
  exchange: number;
  fees: Partial<TakerFees>;
}

/** The taker rate (fraction of notional) a leg pays, and whether it is the default for want of an account. */
export interface LegFee {
  rate: number;
  isDefault: boolean;
}

/**
 * The taker rate of one leg: the lowest rate of the contract's kind among the user's accounts on the
 * exchange (the account the operator would trade with); DEFAULT_TAKER_FEES when there is none.
 */
export function legTakerFee(accounts: readonly AccountFees[], exchange: number, contractCode: number): LegFee {
  const field = takerFeeField(contractCode);
  const rates = accounts
    .filter((account) => account.exchange === exchange)
    .map((account) => Number(account.fees[field]))
    .filter((rate) => Number.isFinite(rate) && rate >= 0);
  return rates.length > 0 ? { rate: Math.min(...rates), isDefault: false } : { rate: DEFAULT_TAKER_FEES[field], isDefault: true };
}

export type SpreadSide = 'positive' | 'negative';

/** F(s): a round trip's taker fees in percent of leg B's price, for a spread of `percent` % (formula above). */
export const roundTripFeePercent = (percent: number, feeA: number, feeB: number): number => 200 * (feeA * (1 + percent / 100) + feeB);

/** The spread net of a round trip's taker fees, in percent of leg B's price: p − F(p) or n + F(n). */
export function netSpreadPercent(side: SpreadSide, percent: number, feeA: number, feeB: number): number {
  const fees = roundTripFeePercent(percent, feeA, feeB);
  return side === 'positive' ? percent - fees : percent + fees;
}

/** The percentage of a spread field 'difference/percent%'; undefined when there is none. */
export function spreadPercent(value: unknown): number | undefined {
  const part = splitField(value)[1];
  if (part === undefined || part.trim() === '') return undefined;
  const n = Number(part.trim().replace(/%$/, ''));
  return Number.isFinite(n) ? n : undefined;
}

/** A spread that favours its side: the short side (positive) above 0, the long side (negative) below 0. */
export const isSpreadOpen = (side: SpreadSide, percent: number | undefined): boolean =>
  percent !== undefined && (side === 'positive' ? percent > 0 : percent < 0);
