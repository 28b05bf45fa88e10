/**
 * The code tables of spec §3 and §5 that several screens share: contract types, trade-type
 * abbreviations, strategy types of an API account, manual trading directions and ways.
 * Labels are i18n keys of the `codes` namespace (contract/locales/<lng>/codes.json), never text.
 */

// ── Currencies (§9) ───────────────────────────────────────────────────────────────────
/** The nine currencies of §9, in the order of the task-page filter and the market rows (BTC … TRX, then BSV). */
export const CURRENCIES = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

// ── Contract types (market and API screens) ─────────────────────────────────────────
/** Trade-type abbreviations: SS spot, CW this week, NW next week, CQ quarter, CS perpetual, NQ next quarter. */
export type TradeType = 'SS' | 'CW' | 'NW' | 'CQ' | 'CS' | 'NQ';

export interface ContractType {
  code: number;
  /** the abbreviation of the coin-margined type; USDT-margined variants share their base's. */
  tradeType: TradeType;
  /** coin-margined (1-5, 10) or USDT-margined (11-14). */
  margin: 'coin' | 'usdt';
  /** spot trades buy/sell; everything else opens and closes long/short positions. */
  spot: boolean;
  /** i18n key of the label, e.g. t('codes:contract.2') is 'this week'. */
  labelKey: string;
}

const contract = (code: number, tradeType: TradeType, margin: 'coin' | 'usdt' = 'coin'): ContractType => ({
  code,
  tradeType,
  margin,
  spot: tradeType === 'SS',
  labelKey: `codes:contract.${code}`,
});

/** 1 spot, 2 this week, 3 next week, 4 quarter, 5 perpetual, 10 next quarter, 11-14 USDT-margined. */
export const CONTRACT_TYPES: readonly ContractType[] = [
  contract(1, 'SS'),
  contract(2, 'CW'),
  contract(3, 'NW'),
  contract(4, 'CQ'),
  contract(5, 'CS'),
  contract(10, 'NQ'),
  contract(11, 'CW', 'usdt'),
  contract(12, 'NW', 'usdt'),
  contract(13, 'CQ', 'usdt'),
  contract(14, 'CS', 'usdt'),
];

export const SPOT_CONTRACT = 1;

export const contractType = (code: number): ContractType | undefined => CONTRACT_TYPES.find((c) => c.code === code);

/** The label key of a contract type; an unknown code falls back to a generic key that shows the number. */
export const contractTypeLabelKey = (code: number): string => contractType(code)?.labelKey ?? 'codes:contract.unknown';

export const isSpotContract = (code: number | undefined): boolean => code === SPOT_CONTRACT;

/** Exchange 2 supports only contract types 1-4 (spec §3); the others support every type. */
export const EXCHANGE_CONTRACT_LIMITS: Readonly<Record<number, readonly number[]>> = { 2: [1, 2, 3, 4] };

export const contractTypesFor = (bourseId: number): readonly ContractType[] => {
  const allowed = EXCHANGE_CONTRACT_LIMITS[bourseId];
  return allowed ? CONTRACT_TYPES.filter((c) => allowed.includes(c.code)) : CONTRACT_TYPES;
};

/** The abbreviation ↔ code of the coin-margined contract types. */
export const TRADE_TYPES: readonly { abbr: TradeType; code: number; labelKey: string }[] = (['SS', 'CW', 'NW', 'CQ', 'CS', 'NQ'] as const).map((abbr) => ({
  abbr,
  code: CONTRACT_TYPES.find((c) => c.tradeType === abbr && c.margin === 'coin')!.code,
  labelKey: `codes:tradeType.${abbr}`,
}));

export const tradeTypeOf = (code: number): TradeType | undefined => contractType(code)?.tradeType;
export const codeOfTradeType = (abbr: TradeType): number => TRADE_TYPES.find((t) => t.abbr === abbr)!.code;

// ── Transaction types of a task's legs (§3 task editing) ─────────────────────────────
/**
 * A task leg's transaction type → contract type → trade type: the one table console and server read.
 * §3 names 1/5/6 spot/perpetual (not editable), 2/3/4/10 exchange-1-like and 7/8/9 exchange-2-like
 * delivery codes. Our readings where §3 gives no mapping: 6 is exchange 2's spot and 7/8/9 its this
 * week / next week / quarter (contract types 1-4); 11-14 are the USDT-margined contract types 11-14
 * themselves (this week, next week, quarter, perpetual), a third family that only exchanges offering
 * 11-14 take (not exchange 2) and the add dialog does not offer (§3 lists them only for the market
 * and API screens). Written in docs/spec-coverage.md (§3).
 */
export type TransactionFamily = 1 | 2 | 'usdt';
export interface TransactionType {
  code: number;
  /** the contract type (market code) the leg trades. */
  contract: number;
  tradeType: TradeType;
  /** delivery types may change on an existing task, within their family; spot and perpetual may not. */
  delivery: boolean;
  family: TransactionFamily;
}
const transaction = (code: number, contract: number, family: TransactionFamily): TransactionType => {
  const tradeType = contractType(contract)!.tradeType;
  return { code, contract, tradeType, delivery: tradeType !== 'SS' && tradeType !== 'CS', family };
};
export const TRANSACTION_TYPES: readonly TransactionType[] = [
  transaction(1, 1, 1),
  transaction(2, 2, 1),
  transaction(3, 3, 1),
  transaction(4, 4, 1),
  transaction(5, 5, 1),
  transaction(10, 10, 1),
  transaction(6, 1, 2),
  transaction(7, 2, 2),
  transaction(8, 3, 2),
  transaction(9, 4, 2),
  transaction(11, 11, 'usdt'),
  transaction(12, 12, 'usdt'),
  transaction(13, 13, 'usdt'),
  transaction(14, 14, 'usdt'),
];
export const transactionType = (code: number | undefined): TransactionType | undefined => TRANSACTION_TYPES.find((t) => t.code === code);

// ── API account strategy type ───────────────────────────────────────────────────────
/** An API account's status is its strategy type: 1 hedging, 4 one-sided (default 4). */
export const STRATEGY_TYPES = [
  { value: 1, key: 'hedging', labelKey: 'codes:strategyType.1' },
  { value: 4, key: 'oneSided', labelKey: 'codes:strategyType.4' },
] as const;
export type StrategyTypeCode = (typeof STRATEGY_TYPES)[number]['value'];

export const strategyTypeLabelKey = (value: number): string => STRATEGY_TYPES.find((s) => s.value === value)?.labelKey ?? 'codes:strategyType.unknown';

// ── Manual trading (spec §5) ─────────────────────────────────────────────────────────
export type Direction = 1 | 2 | 3 | 4;
export interface DirectionOption {
  value: Direction;
  labelKey: string;
}
/** Spot: buy 1, sell 2. */
export const SPOT_DIRECTIONS: readonly DirectionOption[] = [
  { value: 1, labelKey: 'codes:direction.spot.1' },
  { value: 2, labelKey: 'codes:direction.spot.2' },
];
/** Futures: open long 1, open short 2, close long 3, close short 4. */
export const FUTURES_DIRECTIONS: readonly DirectionOption[] = [
  { value: 1, labelKey: 'codes:direction.futures.1' },
  { value: 2, labelKey: 'codes:direction.futures.2' },
  { value: 3, labelKey: 'codes:direction.futures.3' },
  { value: 4, labelKey: 'codes:direction.futures.4' },
];
/** The directions a manual order of this contract type may take. */
export const directionsFor = (contractCode: number | undefined): readonly DirectionOption[] =>
  isSpotContract(contractCode) ? SPOT_DIRECTIONS : FUTURES_DIRECTIONS;

/** Way: market 1, limit 0. */
export type OrderWay = 0 | 1;
export const ORDER_WAYS = { market: 1, limit: 0 } as const;
export const ORDER_WAY_OPTIONS: readonly { value: OrderWay; labelKey: string }[] = [
  { value: ORDER_WAYS.market, labelKey: 'codes:way.1' },
  { value: ORDER_WAYS.limit, labelKey: 'codes:way.0' },
];
/** Only a limit order carries a price. */
export const needsPrice = (way: number | undefined): boolean => way === ORDER_WAYS.limit;

/** On an existing task only a delivery type may change, and only to another delivery type of its family (§5 Task config). */
export function editableTransactionTypes(current: number | undefined): readonly TransactionType[] {
  const type = transactionType(current);
  if (!type?.delivery) return [];
  return TRANSACTION_TYPES.filter((t) => t.delivery && t.family === type.family);
}
