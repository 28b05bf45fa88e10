/**
 * What the market engine lists: exchanges 1, 2, 3 × the nine currencies of spec §9 × the contract
 * types of §3 (exchange 2 offers types 1–4 only).
 */
import { CONTRACT_TYPES, CURRENCIES, contractType, contractTypesFor, type Currency, type TradeType } from '#contract/rules/codes';
import { spreadRank as sharedSpreadRank } from '#contract/rules/market';

export const EXCHANGES = [1, 2, 3] as const;
export type ExchangeId = (typeof EXCHANGES)[number];

export { CURRENCIES, isCurrency, type Currency } from '#contract/rules/codes';

export const ALL_CONTRACT_TYPES = [1, 2, 3, 4, 5, 10, 11, 12, 13, 14] as const;
export type ContractCode = (typeof ALL_CONTRACT_TYPES)[number];

if (CONTRACT_TYPES.map((c) => c.code).join() !== ALL_CONTRACT_TYPES.join()) throw new Error('ALL_CONTRACT_TYPES must list contract/rules/codes CONTRACT_TYPES');

/** What each exchange offers: the contract's rule (`contractTypesFor`, §3: exchange 2 only 1–4), not a copy. */
const offeredBy = (id: ExchangeId): readonly ContractCode[] => contractTypesFor(id).map((c) => c.code as ContractCode);
const OFFERED: Record<ExchangeId, readonly ContractCode[]> = { 1: offeredBy(1), 2: offeredBy(2), 3: offeredBy(3) };

export const isExchange = (value: number): value is ExchangeId => (EXCHANGES as readonly number[]).includes(value);
export const isContractCode = (value: number): value is ContractCode => (ALL_CONTRACT_TYPES as readonly number[]).includes(value);

/** The contract types an exchange offers (the answer of `/transactionType/get {bourseId}`). */
export const contractTypesOf = (exchange: ExchangeId): readonly ContractCode[] => OFFERED[exchange];

export const offers = (exchange: number, type: number): boolean => isExchange(exchange) && (OFFERED[exchange] as readonly number[]).includes(type);

export interface Instrument {
  exchange: ExchangeId;
  currency: Currency;
  type: ContractCode;
}

/** Every instrument of one exchange (or of all three). */
export function instruments(exchange?: ExchangeId): Instrument[] {
  const list = exchange ? [exchange] : EXCHANGES;
  return list.flatMap((e) => CURRENCIES.flatMap((currency) => OFFERED[e].map((type) => ({ exchange: e, currency, type }))));
}

/** SS, CW, NW, CQ, CS or NQ; the USDT-margined 11–14 share the abbreviation of their coin twin. */
export const tradeType = (type: ContractCode): TradeType => contractType(type)!.tradeType;
export const isUsdtMargined = (type: ContractCode): boolean => contractType(type)!.margin === 'usdt';
export const isDelivery = (type: ContractCode): boolean => ['CW', 'NW', 'CQ', 'NQ'].includes(tradeType(type));

/** The spread order of §9 lives in contract/rules/market.ts, shared with the console's table editor. */
export { SPREAD_ORDER } from '#contract/rules/market';
export const spreadRank = (type: ContractCode): number => sharedSpreadRank(type);
