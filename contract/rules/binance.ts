/**
 * The Binance tool pages (/binance/trading, /binance/currency): the leverage rule the console's form
 * and the reference server both check, with the same messages (spec §5 style).
 */
export const BINANCE_BOURSE = 3;

/** Binance's futures leverage: a whole number 1..125; 20 until the user changes it (Binance's own default). */
export const LEVERAGE = { min: 1, max: 125, initial: 20 } as const;

export const LEVERAGE_MESSAGES = {
  required: 'binance:leverage.required',
  range: 'binance:leverage.range',
} as const;

/** The message key of what is wrong with a leverage value, undefined when it is allowed. */
export function leverageProblem(value: unknown): (typeof LEVERAGE_MESSAGES)[keyof typeof LEVERAGE_MESSAGES] | undefined {
  if (value === undefined || value === null || value === '') return LEVERAGE_MESSAGES.required;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n >= LEVERAGE.min && n <= LEVERAGE.max ? undefined : LEVERAGE_MESSAGES.range;
}

/** The margin a position puts up at a leverage. */
export const marginOf = (notional: number, leverage: number): number => notional / leverage;
