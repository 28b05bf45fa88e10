/**
 * The assets of API accounts, over their books (book.ts) and the store (store/assets.ts):
 * opening a book, valuing it at the market's prices, the equity history (its numbers: history.ts) and
 * its seed. Fills are booked by fills.ts.
 */
import type { ApiAdvanced } from '#contract/types/api-accounts';
import { KIND_CONTRACT, assetInfo, equityOf, openingBook, type AssetInfo, type Marks } from './book';
import type { Db, Queryable } from '../store/queryable';
import { marketPricer, type Pricer } from '../engine/prices';
import type { MarketSource, SimMarket } from '../market';
import { DEFAULT_ADVANCED, DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import type { ApiRow, ChartPointRow } from '../store/api-accounts';
import {
  ASSET_CURRENCIES,
  USDT,
  type Book,
  allApis,
  borrowEntries,
  deleteHistory,
  firstPoint,
  hasPointAt,
  historySince,
  insertDeposits,
  insertHistory,
  ledgerEntries,
  ledgerSums,
  loadBook,
  saveBook,
} from '../store/assets';
import { readGlobalConfig } from '../store/global-config';
import { seedOnce } from '../store/meta';
import { floorMinute, formatSecond } from '../clock/time';
import { chartPoint, COIN, pastSpots, rebase, seededHistory, windowOf, type PastSpot } from './history';

/** The marks of one account: its exchange's spot and contracts. */
export const marksOf = (pricer: Pricer, exchange: number): Marks => ({
  spot: (currency) => (currency === USDT ? 1 : pricer(exchange, currency, 1)),
  contract: (currency, kind) => pricer(exchange, currency, KIND_CONTRACT[kind]),
});

export const advancedOf = (api: ApiRow): ApiAdvanced => ({ ...DEFAULT_ADVANCED, ...(JSON.parse(api.advanced) as Partial<ApiAdvanced>) });

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
export async function writeEquityPoint(db: Queryable, api: ApiRow, book: Book, pricer: Pricer, at: number): Promise<void> {
  if (await hasPointAt(db, api.id, floorMinute(at))) return;
  const info = await valueBook(db, api, book, pricer);
  await writeEquityAt(db, api.id, at, equityOf(info), pricer(api.bourse_id, COIN, 1));
}

/** Stores an account's equity (USDT, and the BTC price for its coin unit) at minute `at`, once per minute. */
export async function writeEquityAt(db: Queryable, apiId: number, at: number, equityUsdt: number, btc: number): Promise<void> {
  const minute = floorMinute(at);
  if (!(btc > 0) || (await hasPointAt(db, apiId, minute))) return;
  await insertHistory(db, apiId, [chartPoint(minute, equityUsdt, btc, await firstPoint(db, apiId))]);
}

/** The account's series over a layout's window, ending with its equity now; rates relative to the window's first point. */
export async function equitySeries(db: Db, api: ApiRow, layout: number, pricer: Pricer, now: number): Promise<ChartPointRow[]> {
  const { span, step } = windowOf(layout);
  const stored = await historySince(db, api.id, now - span, step);
  const info = await valueAccount(db, api, pricer, now);
  const live = chartPoint(now, equityOf(info), pricer(api.bourse_id, COIN, 1));
  const last = stored.at(-1);
  const points = last && Math.floor(last.at / step) === Math.floor(now / step) ? [...stored.slice(0, -1), live] : [...stored, live];
  return rebase(points);
}

/**
 * A testnet or live account's series over a layout's window: the equity its exchange reported at each read
 * (exchange/holdings.ts writes a point a minute), rates relative to the window's first point.
 */
export async function readSeries(db: Db, apiId: number, layout: number, now: number): Promise<ChartPointRow[]> {
  const { span, step } = windowOf(layout);
  return rebase(await historySince(db, apiId, now - span, step));
}

// ── Seed ─────────────────────────────────────────────────────────────────────────────

/**
 * Opens the books of the seeded accounts with a month of equity history (replacing the accounts'
 * earlier seeded points), once per data folder.
 */
export async function seedAssets(db: Db, market: { prices: MarketSource; sim: SimMarket }, now: number): Promise<void> {
  await seedOnce(db, 'assets', now, async () => {
    const pricer = marketPricer(market.prices, now);
    const spots = new Map<number, PastSpot>();
    const spotsOn = (exchange: number) => spots.get(exchange) ?? spots.set(exchange, pastSpots(market.sim, exchange)).get(exchange)!;
    await db.transaction(async (tx) => {
      for (const api of await allApis(tx)) {
        const book = await ensureBook(tx, api, pricer, now);
        await deleteHistory(tx, api.id);
        await insertHistory(tx, api.id, seededHistory(book, spotsOn(api.bourse_id), now));
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
