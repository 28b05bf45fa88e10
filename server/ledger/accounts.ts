/**
 * The assets of API accounts, over their books (book.ts) and the store (store/assets.ts):
 * opening a book, valuing it at the market's prices, booking the task engine's fills (the runner's
 * hook `recordFills`), the equity history (its numbers: history.ts) and its seed.
 */
import type { ApiAdvanced } from '#contract/types/api-accounts';
import { KIND_CONTRACT, applyBookFill, assetInfo, equityOf, fillSign, kindOf, openingBook, type AssetInfo, type BookFill, type Marks } from './book';
import type { Db, Queryable } from '../store/queryable';
import { execute, instrumentId, legsOf, takerFee, type FeeConfig, type Fill, type Leg, type Otype, type PriceSource, type TaskState } from '../engine';
import { otypeOf } from '../engine/orders';
import type { Side } from '../engine/pricing';
import { enginePrices, marketPricer, midPricer, type Pricer } from '../engine/prices';
import { invalid } from '../http/envelope';
import type { MarketSource, SimMarket } from '../market';
import { DEFAULT_ADVANCED, DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import type { ApiRow, ChartPointRow } from '../store/api-accounts';
import {
  ASSET_CURRENCIES,
  USDT,
  type Book,
  type BorrowEvent,
  allApis,
  apisById,
  borrowEntries,
  deleteHistory,
  firstPoint,
  hasPointAt,
  historySince,
  insertBorrows,
  insertDeposits,
  insertHistory,
  ledgerEntries,
  ledgerSums,
  loadBook,
  saveBook,
} from '../store/assets';
import { readGlobalConfig } from '../store/global-config';
import { TickWriter } from '../store/task-steps';
import { seedOnce } from '../store/meta';
import { floorMinute, formatSecond, MINUTE_MS } from '../clock/time';
import { chartPoint, COIN, rebase, seededHistory, windowOf } from './history';

/** The marks of one account: its exchange's spot and contracts. */
export const marksOf = (pricer: Pricer, exchange: number): Marks => ({
  spot: (currency) => (currency === USDT ? 1 : pricer(exchange, currency, 1)),
  contract: (currency, kind) => pricer(exchange, currency, KIND_CONTRACT[kind]),
});

const advancedOf = (api: ApiRow): ApiAdvanced => ({ ...DEFAULT_ADVANCED, ...(JSON.parse(api.advanced) as Partial<ApiAdvanced>) });

/**
 * The account's book; a book not opened yet is opened from the asset template at today's prices
 * (deposits into spot and wallet, a transfer to the futures account).
 */
export async function ensureBook(db: Db | Queryable, api: ApiRow, pricer: Pricer, at: number): Promise<Book> {
  const existing = await loadBook(db, api.id);
  if (existing) return existing;
  const open = async (tx: Queryable) => {
    const again = await loadBook(tx, api.id);
    if (again) return again;
    const marks = marksOf(pricer, api.bourse_id);
    const { book, deposits } = openingBook(Number(api.asset_template), marks.spot);
    await saveBook(tx, api.id, book);
    await insertDeposits(tx, api.id, deposits, at, (d) => book.balances[d.currency]?.futures ?? 0);
    return book;
  };
  return 'transaction' in db ? db.transaction(open) : open(db);
}

/** `{statistics, list}` of an account now (§3), opening its book if needed. */
export async function valueAccount(db: Db | Queryable, api: ApiRow, pricer: Pricer, at: number): Promise<AssetInfo> {
  return valueBook(db, api, await ensureBook(db, api, pricer, at), pricer);
}

/** `{statistics, list}` of an account's book at the pricer's prices. */
async function valueBook(db: Db | Queryable, api: ApiRow, book: Book, pricer: Pricer): Promise<AssetInfo> {
  const global = await readGlobalConfig(db, DEFAULT_GLOBAL_CONFIG);
  // maxBorrow<COIN> is a percent of the coin's net assets (assetInfo applies it)
  const maxBorrow = Object.fromEntries(
    ASSET_CURRENCIES.map((c) => [c, Number((global as unknown as Record<string, unknown>)[`maxBorrow${c.toUpperCase()}`] ?? 0)]),
  );
  return assetInfo(book, {
    marks: marksOf(pricer, api.bourse_id),
    ledger: await ledgerSums(db, api.id),
    leverage: Number(api.leverage) || 10,
    leverRiskRate: advancedOf(api).lever_risk_rate,
    maxBorrow,
  });
}

// ── The equity history ───────────────────────────────────────────────────────────────

/** Stores the equity of the account's book at minute `at` (once per minute). */
async function writeEquityPoint(db: Queryable, api: ApiRow, book: Book, pricer: Pricer, at: number): Promise<void> {
  const minute = floorMinute(at);
  if (await hasPointAt(db, api.id, minute)) return;
  const info = await valueBook(db, api, book, pricer);
  await insertHistory(db, api.id, [chartPoint(minute, equityOf(info), pricer(api.bourse_id, COIN, 1), await firstPoint(db, api.id))]);
}

/** The account's series over a layout's window, ending with its equity now; rates relative to the window's first point. */
export async function equitySeries(db: Db, api: ApiRow, layout: number, pricer: Pricer, now: number): Promise<ChartPointRow[]> {
  const { span, step } = windowOf(layout);
  const stored = await historySince(db, api.id, now - span, step);
  const info = await valueAccount(db, api, pricer, now);
  const live = chartPoint(now, equityOf(info), pricer(api.bourse_id, COIN, 1));
  const last = stored[stored.length - 1];
  const points = last && Math.floor(last.at / step) === Math.floor(now / step) ? [...stored.slice(0, -1), live] : [...stored, live];
  return rebase(points);
}

// ── Booking fills (the task engine's and manual orders') ─────────────────────────────

/** Moves an account's book by one fill; what it brings in repays debt when the API's is_auto_repayment is on. */
const bookFill = (book: Book, api: ApiRow, fill: BookFill, mayBorrow: boolean): BorrowEvent[] =>
  applyBookFill(book, fill, { mayBorrow, autoRepay: advancedOf(api).is_auto_repayment });

/** Stores a booked book and the borrow records its fills made. */
async function saveBooked(tx: Queryable, apiId: number, book: Book, borrows: readonly BorrowEvent[], at: number): Promise<void> {
  await saveBook(tx, apiId, book);
  await insertBorrows(tx, apiId, borrows, at);
}

// ── The task engine's hook ───────────────────────────────────────────────────────────

/** An API account and its owner: what 'asset.changed' and 'orders.changed' name. */
export interface AccountRef {
  userId: number;
  apiId: number;
}

/**
 * The accounts that a run of engine steps books on — a tick of the runner, or the demo history —
 * each account's row and book read once and kept; the books and borrow records are written once,
 * when the run's TickWriter flushes.
 */
class Bookkeeper {
  readonly apis = new Map<number, ApiRow>();
  /** per account, its book and the borrow records its fills made (with the time of each step) */
  readonly books = new Map<number, { book: Book; borrows: { events: BorrowEvent[]; at: number }[] }>();
  /** per account, the minute whose equity point is written */
  readonly pointAt = new Map<number, number>();
  constructor(private readonly tx: Queryable) {}

  async accounts(ids: readonly number[]): Promise<ApiRow[]> {
    const missing = ids.filter((id) => !this.apis.has(id));
    for (const api of await apisById(this.tx, missing)) this.apis.set(Number(api.id), api);
    return ids.flatMap((id) => this.apis.get(id) ?? []);
  }

  async book(api: ApiRow, pricer: Pricer, at: number) {
    let kept = this.books.get(api.id);
    if (!kept) {
      kept = { book: await ensureBook(this.tx, api, pricer, at), borrows: [] };
      this.books.set(api.id, kept);
    }
    return kept;
  }

  async write(): Promise<void> {
    for (const [apiId, { book, borrows }] of this.books) {
      await saveBook(this.tx, apiId, book);
      for (const { events, at } of borrows) await insertBorrows(this.tx, apiId, events, at);
    }
  }
}

const bookkeepers = new WeakMap<TickWriter, Bookkeeper>();

/** The bookkeeper of a tick's writer (made at its first use, written at its flush); a plain Queryable gets one of its own. */
function bookkeeperOf(tx: Queryable): { keeper: Bookkeeper; own: boolean } {
  if (!(tx instanceof TickWriter)) return { keeper: new Bookkeeper(tx), own: true };
  let keeper = bookkeepers.get(tx);
  if (!keeper) {
    const made = new Bookkeeper(tx);
    keeper = made;
    bookkeepers.set(tx, made);
    tx.beforeFlush(() => made.write());
  }
  return { keeper, own: false };
}

/**
 * Books a step's fills on the children's accounts (leg A on api_a, leg B on api_b) at the engine's
 * prices, borrowing a spot shortfall where the task's is_borrow allows; at each new minute also
 * stores the equity of the task's accounts. Runs inside the runner's transaction; when `tx` is the
 * tick's TickWriter, the books are read once per tick and written at its flush. Returns the accounts
 * whose balances the fills moved (for 'asset.changed').
 */
export async function recordFills(tx: Queryable, state: TaskState, fills: readonly Fill[], prices: PriceSource, at: number): Promise<AccountRef[]> {
  const newMinute = at % MINUTE_MS < 1000;
  if (!fills.length && !newMinute) return [];
  const { keeper, own } = bookkeeperOf(tx);
  const legs = legsOf(state.task.params);
  const apiOf = new Map(state.children.map((c) => [c.child.task_children_id, c.child.link_api_id]));
  const apis = await keeper.accounts([...new Set(state.children.flatMap((c) => c.child.link_api_id))]);
  const pricer = midPricer(prices, at);
  const booked = new Map<number, AccountRef>();
  for (const fill of fills) {
    const api = keeper.apis.get(apiOf.get(fill.task_children_id)?.[fill.leg] ?? -1);
    if (!api) continue;
    booked.set(Number(api.id), { userId: Number(api.user_id), apiId: Number(api.id) });
    const kept = await keeper.book(api, pricer, at);
    const leg = legs[fill.leg];
    const events = bookFill(
      kept.book,
      api,
      {
        currency: leg.currency,
        contractType: leg.contractType,
        sign: fillSign(fill.direction, fill.leg, fill.action),
        price: fill.price,
        amount: fill.amount,
        fee: fill.fee,
      },
      state.task.params.is_borrow === true,
    );
    if (events.length) kept.borrows.push({ events, at });
  }
  if (newMinute) {
    const minute = floorMinute(at);
    for (const api of apis) {
      if (keeper.pointAt.get(api.id) === minute) continue;
      keeper.pointAt.set(api.id, minute);
      await writeEquityPoint(tx, api, (await keeper.book(api, pricer, at)).book, pricer, at);
    }
  }
  if (own) await keeper.write();
  return [...booked.values()];
}

// ── Manual orders (§7 /manual/trading) ──────────────────────────────────────────────

/** §3 manual trading directions: spot buy 1 / sell 2; futures open long 1, open short 2, close long 3, close short 4. */
export type ManualDirection = 1 | 2 | 3 | 4;
const MANUAL_SIDE: Record<ManualDirection, Side> = { 1: 'buy', 2: 'sell', 3: 'sell', 4: 'buy' };
const closes = (direction: ManualDirection): boolean => direction > 2;

export interface ManualOrderRequest {
  currency: string;
  contractType: number;
  direction: ManualDirection;
  /** §3 way: 1 market, 0 limit */
  way: 0 | 1;
  /** the limit price (way 0) */
  limit: number | null;
  /** coins */
  amount: number;
}

/** How a manual order filled. */
export interface ManualFill {
  price: number;
  /** USDT: amount × price × the API's taker rate */
  fee: number;
  otype: Otype;
  instrumentId: string;
}

/** The coins an order closing `side` may take off: a sell closes a long, a buy closes a short. */
const closable = (book: Book, currency: string, contractType: number, side: Side): number => {
  const kind = kindOf(contractType);
  const qty = (kind && book.positions[currency]?.[kind]?.qty) || 0;
  return side === 'sell' ? Math.max(0, qty) : Math.max(0, -qty);
};

/**
 * Fills a manual order now at the server's market, as the task engine fills (the touch with the
 * global priceSlippage, the API's taker fee), and books it on the account (borrowing a spot shortfall
 * where the API's is_borrow allows). A limit order fills at that price when it is at or better than
 * its limit, else it is refused; a close may take off at most the open position. Runs in a transaction.
 */
export async function fillManualOrder(tx: Queryable, api: ApiRow, order: ManualOrderRequest, market: MarketSource, at: number): Promise<ManualFill> {
  const leg: Leg = { exchange: api.bourse_id, currency: order.currency, contractType: order.contractType };
  const side = MANUAL_SIDE[order.direction];
  const engine = enginePrices(market);
  const { priceSlippage } = await readGlobalConfig(tx, DEFAULT_GLOBAL_CONFIG);
  const quote = { ...engine.prices(leg, at), bidSize: Infinity, askSize: Infinity };
  const price = execute(side, quote, order.amount, { levels: 1, slippage: priceSlippage, step: 0 }).price;
  if (order.way === 0 && order.limit !== null && (side === 'buy' ? price > order.limit : price < order.limit)) {
    throw invalid('err.limitNotReachable', { price: Number(price.toPrecision(8)) });
  }
  const book = await ensureBook(tx, api, midPricer(engine.prices, at), at);
  const open = closable(book, order.currency, order.contractType, side);
  if (closes(order.direction) && order.amount > open + 1e-12) throw invalid('err.closeExceedsPosition', { position: Number(open.toFixed(6)) });
  const fee = order.amount * price * takerFee(JSON.parse(api.fees) as FeeConfig, leg);
  const fill: BookFill = { currency: order.currency, contractType: order.contractType, sign: side === 'buy' ? 1 : -1, price, amount: order.amount, fee };
  await saveBooked(tx, api.id, book, bookFill(book, api, fill, advancedOf(api).is_borrow), at);
  return { price, fee, otype: otypeOf(leg, side, closes(order.direction) ? 'close' : 'open'), instrumentId: instrumentId(leg, engine.expiry(leg, at)) };
}

// ── Seed ─────────────────────────────────────────────────────────────────────────────

/**
 * Opens the books of the seeded accounts with a month of equity history (replacing the accounts'
 * earlier seeded points), once per data folder.
 */
export async function seedAssets(db: Db, market: { prices: MarketSource; sim: SimMarket }, now: number): Promise<void> {
  await seedOnce(db, 'assets', now, async () => {
    const pricer = marketPricer(market.prices, now);
    await db.transaction(async (tx) => {
      for (const api of await allApis(tx)) {
        const book = await ensureBook(tx, api, pricer, now);
        await deleteHistory(tx, api.id);
        await insertHistory(tx, api.id, seededHistory(book, api.bourse_id, market.sim, now));
      }
    });
  });
}

// ── Records ──────────────────────────────────────────────────────────────────────────

/** §2 transfer records of an account, newest first: `{currency, amount, type, time}`. */
export const ledgerRecords = async (db: Queryable, apiId: number) =>
  (await ledgerEntries(db, apiId)).map(({ id: _id, time, ...entry }) => ({ ...entry, time: formatSecond(time) }));

/** §2 borrow records of an account, newest first: `{currency, type, amount, balance, time}`. */
export const borrowRecords = async (db: Queryable, apiId: number) =>
  (await borrowEntries(db, apiId)).map(({ id: _id, time, ...entry }) => ({ ...entry, time: formatSecond(time) }));
