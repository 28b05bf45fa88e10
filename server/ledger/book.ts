/**
 * The books of one API account (§2 Assets page, §3 Asset statistics): balances per currency
 * and account, futures positions per delivery type, borrowings — moved by the task engine's fills — and
 * their valuation into the asset socket's `{statistics, list}`. Pure: the store loads and saves a Book,
 * the caller passes prices. Every reading the spec leaves open is written in server/README.md "Assets".
 */
import { STATISTIC_KEYS } from '#contract/rules/assets';
import { contractType as contractTypeOf } from '#contract/rules/codes';
import { CURRENCIES } from '../market';
import type { Direction, Fill } from '../engine';
import {
  ASSET_CURRENCIES,
  POSITION_KINDS,
  USDT,
  emptyBalance,
  emptyBook,
  type Balance,
  type Book,
  type BorrowEvent,
  type Deposit,
  type LedgerSums,
  type Position,
  type PositionKind,
} from '../store/assets';

/** contract type code of each position kind (§3: 2 this week, 3 next week, 4 quarter, 10 next quarter, 5 perpetual). */
export const KIND_CONTRACT: Record<PositionKind, number> = { CW: 2, NW: 3, CQ: 4, NQ: 10, CS: 5 };
/**
 * The position column a contract type books into (null: spot): its delivery type, the USDT-margined variants 11–14
 * (§3) into their base's (11 CW, 12 NW, 13 CQ, 14 CS).
 */
export const kindOf = (contractType: number): PositionKind | null => {
  const type = contractTypeOf(contractType);
  return type && !type.spot ? (type.tradeType as PositionKind) : null;
};
/** A USDT-margined contract (11–14) settles its profit and fee in USDT, a coin-margined one in its coin. */
const settlesInUsdt = (contractType: number): boolean => contractTypeOf(contractType)?.margin === 'usdt';

const EPS = 1e-12;
const balanceOf = (book: Book, currency: string): Balance => (book.balances[currency] ??= emptyBalance());

// ── Opening an account ───────────────────────────────────────────────────────────────

/** The principal's split (our reading): USDT 35 % spot + 5 % wallet; 60 % in the nine coins, each 2/3 spot, 1/3 futures account. */
export const OPENING_SPLIT = { usdtSpot: 0.35, usdtWallet: 0.05, coins: 0.6, coinSpot: 2 / 3 } as const;

/** A new account's book from its principal (the asset template, USDT) at today's spot prices. */
export function openingBook(principal: number, spotPrice: (currency: string) => number): { book: Book; deposits: Deposit[] } {
  const book = emptyBook();
  const deposits: Deposit[] = [];
  const usdt = balanceOf(book, USDT);
  usdt.spot = principal * OPENING_SPLIT.usdtSpot;
  usdt.wallet = principal * OPENING_SPLIT.usdtWallet;
  deposits.push({ currency: USDT, amount: usdt.spot + usdt.wallet, valueUsdt: usdt.spot + usdt.wallet });
  const share = (principal * OPENING_SPLIT.coins) / CURRENCIES.length;
  for (const currency of CURRENCIES) {
    const coins = share / spotPrice(currency);
    const balance = balanceOf(book, currency);
    balance.spot = coins * OPENING_SPLIT.coinSpot;
    balance.futures = coins - balance.spot;
    deposits.push({ currency, amount: coins, valueUsdt: share });
  }
  return { book, deposits };
}

// ── Fills ────────────────────────────────────────────────────────────────────────────

/** A fill as one API account sees it: the leg's contract type, and long (+) or short (−) for its side. */
export interface BookFill {
  currency: string;
  contractType: number;
  /** +1: buys (spot) / adds long or closes short (futures); −1 the opposite */
  sign: 1 | -1;
  price: number;
  amount: number;
  /** fee in USDT (engine: amount × price × taker rate) */
  fee: number;
}

/** The side a fill trades: f is long A, short B; r short A, long B; opening trades with the side, closing against it. */
export function fillSign(direction: Direction, leg: 0 | 1, action: Fill['action']): 1 | -1 {
  const long = (direction === 'f') === (leg === 0);
  return (long === (action === 'open') ? 1 : -1) as 1 | -1;
}

export interface FillOptions {
  /** the task's is_borrow: a spot shortfall is borrowed (else the balance goes below zero, shown as it is) */
  mayBorrow: boolean;
  /** the API's is_auto_repayment: what a fill brings in repays the debt of that currency first */
  autoRepay: boolean;
}

/** Moves the book by one fill; returns the borrow records it made. */
export function applyBookFill(book: Book, fill: BookFill, options: FillOptions): BorrowEvent[] {
  const kind = kindOf(fill.contractType);
  return kind ? applyFuturesFill(book, kind, fill) : applySpotFill(book, fill, options);
}

function applySpotFill(book: Book, fill: BookFill, options: FillOptions): BorrowEvent[] {
  const coin = balanceOf(book, fill.currency);
  const usdt = balanceOf(book, USDT);
  const notional = fill.amount * fill.price;
  const events: BorrowEvent[] = [];
  if (fill.sign > 0) {
    usdt.spot -= notional + fill.fee;
    coin.spot += fill.amount;
    borrowShortfall(usdt, USDT, options, events);
    repay(coin, fill.currency, options, events);
  } else {
    coin.spot -= fill.amount;
    usdt.spot += notional - fill.fee;
    borrowShortfall(coin, fill.currency, options, events);
    repay(usdt, USDT, options, events);
  }
  return events;
}

function borrowShortfall(balance: Balance, currency: string, options: FillOptions, events: BorrowEvent[]): void {
  if (!options.mayBorrow || balance.spot >= -EPS) return;
  const amount = -balance.spot;
  balance.spot = 0;
  balance.borrowed += amount;
  events.push({ currency, type: 'borrow', amount, balance: balance.borrowed });
}

function repay(balance: Balance, currency: string, options: FillOptions, events: BorrowEvent[]): void {
  if (!options.autoRepay || balance.borrowed <= EPS || balance.spot <= EPS) return;
  const amount = Math.min(balance.borrowed, balance.spot);
  balance.spot -= amount;
  balance.borrowed -= amount;
  events.push({ currency, type: 'repay', amount, balance: balance.borrowed });
}

/**
 * A futures fill moves the net position of its delivery type; the part that reduces it realises
 * quantity × (price − entry) (sign of the position), and the fee is paid, into the futures account:
 * in coin at the fill price (coin-margined), in USDT (USDT-margined, 11–14).
 */
function applyFuturesFill(book: Book, kind: PositionKind, fill: BookFill): BorrowEvent[] {
  book.positions[fill.currency] ??= {};
  const positions = book.positions[fill.currency];
  positions[kind] ??= { qty: 0, entry: 0 };
  const position = positions[kind];
  const delta = fill.sign * fill.amount;
  let realisedUsdt = 0;
  if (position.qty * delta < 0) {
    const closed = Math.min(Math.abs(delta), Math.abs(position.qty));
    realisedUsdt = closed * (fill.price - position.entry) * Math.sign(position.qty);
    const rest = Math.abs(delta) - closed;
    position.qty += Math.sign(delta) * closed;
    if (rest > EPS) position.entry = fill.price;
    position.qty += Math.sign(delta) * rest;
  } else {
    const qty = Math.abs(position.qty) + Math.abs(delta);
    position.entry = qty > 0 ? (Math.abs(position.qty) * position.entry + Math.abs(delta) * fill.price) / qty : 0;
    position.qty += delta;
  }
  if (Math.abs(position.qty) <= EPS) positions[kind] = { qty: 0, entry: 0 };
  if (settlesInUsdt(fill.contractType)) balanceOf(book, USDT).futures += realisedUsdt - fill.fee;
  else balanceOf(book, fill.currency).futures += (realisedUsdt - fill.fee) / fill.price;
  return [];
}

// ── Valuation ────────────────────────────────────────────────────────────────────────

/** Prices now: the spot mid of a currency (USDT: 1), and the mid of a futures contract. */
export interface Marks {
  spot(currency: string): number;
  contract(currency: string, kind: PositionKind): number;
}

/** What valuing needs besides the book. */
export interface ValuationInputs {
  marks: Marks;
  ledger: Record<string, LedgerSums>;
  /** the API's leverage (10 after /api/init; 10 before as well, as the engine assumes) */
  leverage: number;
  /** advanced lever_risk_rate: the borrow pledge is the debt / this rate */
  leverRiskRate: number;
  /**
   * global config maxBorrow<COIN> per coin: the most the account may owe in that coin, in percent of
   * the coin's net assets in the account (its self_worth); a coin without one (USDT) gives no headroom
   */
  maxBorrow: Record<string, number>;
}

export type AssetListRow = Record<string, number | string>;
export interface AssetInfo {
  statistics: Record<string, number | string>;
  list: AssetListRow[];
}

const round = (value: number, digits = 8): number => {
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) ? 0 : rounded;
};
const pair = (used: number, surplus: number): string => `${round(used, 4)}/${round(Math.max(0, surplus), 4)}`;

/** The floating P/L (coin) of a position at a mark: quantity × (mark − entry) / mark. */
export const floating = (position: Position | undefined, mark: number): number =>
  position && position.qty !== 0 && mark > 0 ? (position.qty * (mark - position.entry)) / mark : 0;

/**
 * `{statistics, list}` of one account: one row per currency (§2 columns), and the §3 statistics
 * computed from those same rows, so total_equity(USDT) is Σ self_worth and the used-rate pairs are
 * read off the positions and balances the rows show.
 */
export function assetInfo(book: Book, inputs: ValuationInputs): AssetInfo {
  const { marks } = inputs;
  const rows: AssetListRow[] = [];
  let spotValue = 0;
  let futuresValue = 0;
  let futuresMargin = 0;
  let swapMargin = 0;
  let totalPosition = 0;
  let borrowUsed = 0;
  let borrowLimit = 0;
  for (const currency of ASSET_CURRENCIES) {
    const balance = book.balances[currency] ?? emptyBalance();
    const price = currency === USDT ? 1 : marks.spot(currency);
    const row: AssetListRow = { currency, spot: round(balance.spot), futures: round(balance.futures) };
    let floatingSum = 0;
    for (const kind of POSITION_KINDS) {
      const position = book.positions[currency]?.[kind];
      const qty = position?.qty ?? 0;
      const f = qty === 0 ? 0 : floating(position, marks.contract(currency, kind));
      row[`P_${kind}`] = round(qty);
      row[`F_${kind}`] = round(f);
      floatingSum += f;
      const notional = Math.abs(qty) * price;
      totalPosition += notional;
      if (kind === 'CS') swapMargin += notional / inputs.leverage;
      else futuresMargin += notional / inputs.leverage;
    }
    const ledger = inputs.ledger[currency] ?? { transfer: 0, principal: 0, principalUsdt: 0 };
    const selfWorth = round((balance.spot + balance.futures + balance.wallet + floatingSum - balance.borrowed) * price);
    Object.assign(row, {
      wallet: round(balance.wallet),
      transfer: round(ledger.transfer),
      self_worth: selfWorth,
      price: round(price),
      principal: round(ledger.principal),
      principal_usdt: round(ledger.principalUsdt),
      borrowed: round(balance.borrowed),
    });
    rows.push(row);
    spotValue += balance.spot * price;
    futuresValue += (balance.futures + floatingSum) * price;
    borrowUsed += balance.borrowed * price;
    borrowLimit += (Math.max(0, selfWorth) * (inputs.maxBorrow[currency] ?? 0)) / 100;
  }
  const equity = rows.reduce((sum, row) => sum + Number(row.self_worth), 0);
  for (const row of rows) row.proportion = round(equity > 0 ? (Number(row.self_worth) / equity) * 100 : 0, 4);
  const principal = rows.reduce((sum, row) => sum + Number(row.principal_usdt), 0);
  const futuresFree = futuresValue - futuresMargin - swapMargin;
  const pledge = inputs.leverRiskRate > 0 ? borrowUsed / inputs.leverRiskRate : borrowUsed;
  const used = futuresMargin + swapMargin + pledge;
  return {
    statistics: {
      [STATISTIC_KEYS.totalEquity]: round(equity),
      [STATISTIC_KEYS.principal]: `${round(principal, 4)}/${round(equity - principal, 4)}`,
      [STATISTIC_KEYS.totalPosition]: round(totalPosition),
      [STATISTIC_KEYS.total]: pair(used, equity - used),
      [STATISTIC_KEYS.futures]: pair(futuresMargin, futuresFree),
      [STATISTIC_KEYS.swap]: pair(swapMargin, futuresFree),
      [STATISTIC_KEYS.borrowPledge]: pair(pledge, spotValue - pledge),
      [STATISTIC_KEYS.borrow]: pair(borrowUsed, borrowLimit - borrowUsed),
    },
    list: rows,
  };
}

/** Equity of an account now (USDT): what the rows add up to. */
export const equityOf = (info: AssetInfo): number => Number(info.statistics[STATISTIC_KEYS.totalEquity]);
