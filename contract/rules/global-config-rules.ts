/**
 * The global config of spec §3 as data, and the checks its numbers pass before a save (spec §2
 * "Global config page"). Pure: messages live in the locales (globalConfig namespace, `problems.*`).
 */

/** The global config (§3), as /globalConfig/get answers it. */
export interface GlobalConfig {
  depthMarket: number;
  priceSlippage: number;
  voiceIntervalTime: number;
  messageIntervalTime: number;
  tradingIntervalTime: number;
  isBorrow: boolean;
  maxBorrowBTC: number;
  maxBorrowLTC: number;
  maxBorrowETH: number;
  maxBorrowETC: number;
  maxBorrowXRP: number;
  maxBorrowEOS: number;
  maxBorrowBCH: number;
  maxBorrowBSV: number;
  maxBorrowTRX: number;
}

/** The coins with a maximum borrow percent, in the spec's order (§2, §3). */
export const BORROW_COINS = ['BTC', 'LTC', 'ETH', 'ETC', 'XRP', 'EOS', 'BCH', 'BSV', 'TRX'] as const;
export type BorrowCoin = (typeof BORROW_COINS)[number];

export type MaxBorrowField = `maxBorrow${BorrowCoin}`;
export const maxBorrowField = (coin: BorrowCoin): MaxBorrowField => `maxBorrow${coin}`;

/**
 * How a number of the config is checked:
 * - `whole`: a whole number of 0 or more (depth levels, the notify and trade intervals);
 * - `amount`: any number of 0 or more (slippage);
 * - `percent`: a number from 0 to 100 (maximum borrow percent).
 */
export type NumberKind = 'whole' | 'amount' | 'percent';

export type NumberField = Exclude<keyof GlobalConfig, 'isBorrow'>;

export interface NumberFieldRule {
  name: NumberField;
  kind: NumberKind;
}

/** The general numbers, in the order the page shows them. */
export const GENERAL_NUMBER_FIELDS: readonly NumberFieldRule[] = [
  { name: 'depthMarket', kind: 'whole' },
  { name: 'priceSlippage', kind: 'amount' },
  { name: 'voiceIntervalTime', kind: 'whole' },
  { name: 'messageIntervalTime', kind: 'whole' },
  { name: 'tradingIntervalTime', kind: 'whole' },
];

/** One percent field per coin of BORROW_COINS. */
export const MAX_BORROW_FIELDS: readonly (NumberFieldRule & { coin: BorrowCoin })[] = BORROW_COINS.map((coin) => ({
  name: maxBorrowField(coin),
  kind: 'percent' as const,
  coin,
}));

export const NUMBER_FIELDS: readonly NumberFieldRule[] = [...GENERAL_NUMBER_FIELDS, ...MAX_BORROW_FIELDS];

/** Every field of GlobalConfig, numbers first, then the borrow switch. */
export const GLOBAL_CONFIG_FIELDS: readonly (keyof GlobalConfig)[] = [...NUMBER_FIELDS.map((f) => f.name), 'isBorrow'];

export type NumberProblem = 'required' | 'notNumber' | 'negative' | 'notWhole' | 'percentRange';

export const PERCENT_MAX = 100;

/** What is wrong with a value typed for a number of this kind, or null when it may be saved. */
export function checkConfigNumber(kind: NumberKind, value: unknown): NumberProblem | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'required';
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number)) return 'notNumber';
  if (kind === 'percent') return number < 0 || number > PERCENT_MAX ? 'percentRange' : null;
  if (number < 0) return 'negative';
  if (kind === 'whole' && !Number.isInteger(number)) return 'notWhole';
  return null;
}

/** The payload of /global/config/update from the form's values: every field, numbers as numbers, isBorrow a boolean. */
export function toGlobalConfigPayload(values: Partial<Record<keyof GlobalConfig, unknown>>): GlobalConfig {
  const payload = { isBorrow: values.isBorrow === true || values.isBorrow === 1 || values.isBorrow === 'true' } as GlobalConfig;
  for (const { name } of NUMBER_FIELDS) payload[name] = Number(values[name]);
  return payload;
}
