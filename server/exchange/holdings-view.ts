/**
 * What the console is shown of a testnet or live account's assets: the last reading of its exchange
 * (holdings.ts) as the asset socket's `{statistics, list}`, its records, and when it was read. Pure: the
 * reader hands in the reading, the caller the account's principal and borrowing limits.
 *
 * Our reading of the §2 columns on an exchange account (docs/LIVE-TRADING.md):
 * - spot, futures, wallet: what the exchange reports the currency's accounts hold (ccxt's `total`, less what is owed
 *   where ccxt reports a `debt`). OKX has one trading account (spot and derivatives share its margin): it is `spot`,
 *   its funding account `wallet`. The exchange's figure already holds the floating P/L of the positions settled in
 *   that currency, so self_worth = (spot + futures + wallet) × price: the rows add up to the exchange's own equity.
 * - P_*: each position in coins (+ long, − short) by contract kind; F_*: its floating P/L in the row's coin, shown,
 *   not added again.
 * - transfer: the transfers in (+) and out (−) of the trading account the exchange still lists.
 * - price: the exchange's own USDT spot price (the mid of its best bid and ask); a position's mark where it lists no spot.
 * - principal: the account's asset template (principal in USDT), on the USDT row.
 */
import { STATISTIC_KEYS } from '#contract/rules/assets';
import { CURRENCIES } from '#contract/rules/codes';
import type { ExchangeReading, HoldingPart } from '#contract/types/assets';
import { POSITION_KINDS, USDT, type PositionKind } from '../store/assets';
import type { AssetInfo, AssetListRow } from '../ledger/book';
import { formatSecond } from '../clock/time';

/** One currency as the exchange reports it (coins). */
export interface HeldCurrency {
  spot: number;
  futures: number;
  wallet: number;
  /** what the trading accounts leave free, and what orders and positions hold back */
  free: number;
  used: number;
  /** what is owed in it */
  borrowed: number;
}

/** One open position as the exchange reports it. */
export interface HeldPosition {
  /** lower case, as the rows */
  currency: string;
  kind: PositionKind;
  /** + long, − short */
  coins: number;
  /** USDT */
  mark: number;
  /** the floating P/L in coins of `currency` */
  floating: number;
  /** the margin it holds, USDT */
  margin: number;
}

/** A line of the ledger or of the transfers: `amount` signed (+ into the account). */
export interface HeldLedgerLine {
  id: string;
  currency: string;
  amount: number;
  /** ccxt's ledger type (trade, fee, rebate…), or transfer */
  type: string;
  time: number;
}

export interface HeldBorrowLine {
  currency: string;
  /** interest accrued */
  amount: number;
  /** what was owed when it accrued */
  balance: number;
  time: number;
}

/** One successful read of an account's exchange. */
export interface Reading {
  /** ms, the server's clock */
  at: number;
  balances: Record<string, HeldCurrency>;
  /** USDT per coin */
  prices: Record<string, number>;
  positions: HeldPosition[];
  ledger: HeldLedgerLine[];
  transfers: HeldLedgerLine[];
  borrow: HeldBorrowLine[];
  /** when the records (ledger, transfers, borrow) were read: every HOLDINGS_RECORDS_READ_MS, not at every read */
  recordsAt: number;
  unavailable: HoldingPart[];
}

export const emptyHeld = (): HeldCurrency => ({ spot: 0, futures: 0, wallet: 0, free: 0, used: 0, borrowed: 0 });

/** What valuing needs besides the reading (as ledger/book.ts's ValuationInputs). */
export interface ExchangeValuation {
  /** the account's asset template: its principal, USDT */
  principal: number;
  /** advanced lever_risk_rate: the borrow pledge is the debt / this rate */
  leverRiskRate: number;
  /** global config maxBorrow<COIN>: percent of the coin's self_worth the account may owe */
  maxBorrow: Record<string, number>;
}

const round = (value: number, digits = 8): number => {
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) || !Number.isFinite(rounded) ? 0 : rounded;
};
const pair = (used: number, surplus: number): string => `${round(used, 4)}/${round(Math.max(0, surplus), 4)}`;

/** USDT first, then §9's currencies in their order, then the rest alphabetically. */
function rowOrder(currencies: Iterable<string>): string[] {
  const nine = CURRENCIES as readonly string[];
  const rank = (c: string) => (c === USDT ? 0 : nine.includes(c) ? 1 + nine.indexOf(c) : 1 + nine.length);
  return [...new Set(currencies)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Σ of the transfers per currency: the transfers read, or the ledger's transfer lines where the transfers could not be. */
function transfersByCurrency(reading: Reading): Map<string, number> {
  const lines = reading.unavailable.includes('transfers') ? reading.ledger.filter((l) => l.type === 'transfer') : reading.transfers;
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount);
  return sums;
}

/** `{statistics, list}` of an exchange account from its reading: one row per currency it holds, owes or has a position in. */
export function exchangeAssetInfo(reading: Reading, valuation: ExchangeValuation): AssetInfo {
  const transfers = transfersByCurrency(reading);
  const currencies = rowOrder([USDT, ...Object.keys(reading.balances), ...reading.positions.map((p) => p.currency)]);
  const rows: AssetListRow[] = [];
  let free = 0;
  let used = 0;
  let spotValue = 0;
  let borrowUsed = 0;
  let borrowLimit = 0;
  for (const currency of currencies) {
    const held = reading.balances[currency] ?? emptyHeld();
    const price = reading.prices[currency] ?? 0;
    const row: AssetListRow = { currency, spot: round(held.spot), futures: round(held.futures) };
    for (const kind of POSITION_KINDS) {
      const positions = reading.positions.filter((p) => p.currency === currency && p.kind === kind);
      row[`P_${kind}`] = round(positions.reduce((sum, p) => sum + p.coins, 0));
      row[`F_${kind}`] = round(positions.reduce((sum, p) => sum + p.floating, 0));
    }
    const principal = currency === USDT ? valuation.principal : 0;
    const selfWorth = round((held.spot + held.futures + held.wallet) * price);
    Object.assign(row, {
      wallet: round(held.wallet),
      transfer: round(transfers.get(currency) ?? 0),
      self_worth: selfWorth,
      price: round(price),
      principal: round(principal),
      principal_usdt: round(principal),
      borrowed: round(held.borrowed),
    });
    rows.push(row);
    free += held.free * price;
    used += held.used * price;
    spotValue += held.spot * price;
    borrowUsed += held.borrowed * price;
    borrowLimit += (Math.max(0, selfWorth) * (valuation.maxBorrow[currency] ?? 0)) / 100;
  }
  const equity = rows.reduce((sum, row) => sum + Number(row.self_worth), 0);
  for (const row of rows) row.proportion = round(equity > 0 ? (Number(row.self_worth) / equity) * 100 : 0, 4);
  const marginOf = (swap: boolean) => reading.positions.filter((p) => (p.kind === 'CS') === swap).reduce((sum, p) => sum + p.margin, 0);
  const pledge = valuation.leverRiskRate > 0 ? borrowUsed / valuation.leverRiskRate : borrowUsed;
  return {
    statistics: {
      [STATISTIC_KEYS.totalEquity]: round(equity),
      [STATISTIC_KEYS.principal]: `${round(valuation.principal, 4)}/${round(equity - valuation.principal, 4)}`,
      [STATISTIC_KEYS.totalPosition]: round(reading.positions.reduce((sum, p) => sum + Math.abs(p.coins) * p.mark, 0)),
      [STATISTIC_KEYS.total]: pair(used, equity - used),
      [STATISTIC_KEYS.futures]: pair(marginOf(false), free),
      [STATISTIC_KEYS.swap]: pair(marginOf(true), free),
      [STATISTIC_KEYS.borrowPledge]: pair(pledge, spotValue - pledge),
      [STATISTIC_KEYS.borrow]: pair(borrowUsed, borrowLimit - borrowUsed),
    },
    list: rows,
  };
}

/** Most records a message carries (as the paper ledger's). */
export const RECORDS_MAX = 100;

/**
 * §2 transfer records of an exchange account, newest first: its ledger (bills) and its transfers, each once
 * (`{currency, amount, type, time}`; a transfer's type says its way: transferIn, transferOut).
 */
export function exchangeLedgerRecords(reading: Reading) {
  const byId = new Map<string, HeldLedgerLine>();
  for (const line of [...reading.ledger, ...reading.transfers]) if (!byId.has(line.id)) byId.set(line.id, line);
  return [...byId.values()]
    .sort((a, b) => b.time - a.time)
    .slice(0, RECORDS_MAX)
    .map(({ currency, amount, type, time }) => ({
      currency,
      amount: round(amount),
      type: type === 'transfer' ? (amount < 0 ? 'transferOut' : 'transferIn') : type,
      time: formatSecond(time),
    }));
}

/** §2 borrow records of an exchange account, newest first: the interest it accrued (`{currency, type: interest, amount, balance, time}`). */
export const exchangeBorrowRecords = (reading: Reading) =>
  [...reading.borrow]
    .sort((a, b) => b.time - a.time)
    .slice(0, RECORDS_MAX)
    .map(({ currency, amount, balance, time }) => ({ currency, type: 'interest', amount: round(amount), balance: round(balance), time: formatSecond(time) }));

/** When the figures were read and whether they still stand (contract ExchangeReading). */
export function readingState(reading: Reading | undefined, { stale, error }: { stale: boolean; error: string | null }): ExchangeReading {
  return { readAt: reading?.at ?? null, stale: reading !== undefined && stale, unavailable: reading?.unavailable ?? [], error };
}
