import { floorMinute, MINUTE_MS } from '../clock/time';
import { legsOf, type Fill, type PriceSource, type TaskState } from '../engine';
import { midPricer, type Pricer } from '../engine/prices';
import { tradesOnExchange, type ApiRow } from '../store/api-accounts';
import { apisById, insertBorrows, saveBook, type Book, type BorrowEvent } from '../store/assets';
import type { Queryable } from '../store/queryable';
import { TickWriter } from '../store/task-steps';
import { advancedOf, ensureBook, writeEquityPoint } from './accounts';
import { applyBookFill, fillSign, type BookFill } from './book';

/**
 * Recording fills, in one place: every fill that moves an account's book comes here — the task engine's
 * (`recordFills`, the hedging runner's hook and the demo history) and the fill an order gateway answered
 * (`bookOrderFill`: manual orders). Calls go one way: the runner and the order's caller call this, this
 * moves the book (book.ts, pure) and writes it (store/assets.ts); nothing here calls back up.
 */

/**
 * Books one order's fill on its account now (a manual order's, through the gateway): the book read,
 * moved (borrowing a spot shortfall where `mayBorrow`), written with the borrow records it made.
 */
export async function bookOrderFill(
  tx: Queryable,
  api: ApiRow,
  fill: BookFill,
  pricer: Pricer,
  at: number,
  mayBorrow = advancedOf(api).is_borrow,
): Promise<void> {
  const book = await ensureBook(tx, api, pricer, at);
  // what the fill brings in repays debt when the API's is_auto_repayment is on
  const borrows = applyBookFill(book, fill, { mayBorrow, autoRepay: advancedOf(api).is_auto_repayment });
  await saveBook(tx, api.id, book);
  await insertBorrows(tx, api.id, borrows, at);
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
  /** per account, whether what a fill brings in repays debt (its is_auto_repayment), read once from its JSON */
  readonly autoRepay = new Map<number, boolean>();
  /** per account, its book and the borrow records its fills made (with the time of each step) */
  readonly books = new Map<number, { book: Book; borrows: { events: BorrowEvent[]; at: number }[] }>();
  /** per account, the minute whose equity point is written */
  readonly pointAt = new Map<number, number>();
  constructor(private readonly tx: Queryable) {}

  async accounts(ids: readonly number[]): Promise<ApiRow[]> {
    const missing = ids.filter((id) => !this.apis.has(id));
    for (const api of await apisById(this.tx, missing)) {
      this.apis.set(Number(api.id), api);
      this.autoRepay.set(Number(api.id), advancedOf(api).is_auto_repayment);
    }
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
  const apis = await keeper.accounts([...new Set(state.children.flatMap((c) => c.child.link_api_id))]);
  const pricer = midPricer(prices, at);
  const booked = new Map<number, AccountRef>();
  for (const fill of fills) {
    const child = state.children.find((c) => c.child.task_children_id === fill.task_children_id);
    const api = child && keeper.apis.get(child.child.link_api_id[fill.leg]);
    if (!api) continue;
    booked.set(Number(api.id), { userId: Number(api.user_id), apiId: Number(api.id) });
    // a book already read this tick is taken as it is: ~20,000 fills a tick at 10,000 tasks, each await a promise made
    const kept = keeper.books.get(api.id) ?? (await keeper.book(api, pricer, at));
    const leg = legs[fill.leg];
    const events = applyBookFill(
      kept.book,
      {
        currency: leg.currency,
        contractType: leg.contractType,
        sign: fillSign(fill.direction, fill.leg, fill.action),
        price: fill.price,
        amount: fill.amount,
        fee: fill.fee,
      },
      { mayBorrow: state.task.params.is_borrow === true, autoRepay: keeper.autoRepay.get(api.id) === true },
    );
    if (events.length) kept.borrows.push({ events, at });
  }
  if (newMinute) {
    const minute = floorMinute(at);
    for (const api of apis) {
      // a testnet or live account's equity is what its exchange reports (exchange/holdings.ts), not this book's
      if (keeper.pointAt.get(api.id) === minute || tradesOnExchange(api)) continue;
      keeper.pointAt.set(api.id, minute);
      await writeEquityPoint(tx, api, (await keeper.book(api, pricer, at)).book, pricer, at);
    }
  }
  if (own) await keeper.write();
  return [...booked.values()];
}
