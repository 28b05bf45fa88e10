import type { Queryable } from './queryable';
import { CURRENCIES } from '../market';
import type { ApiRow, ChartPointRow } from './api-accounts';

/**
 * The books of API accounts (migration 5): balances per currency and account, futures positions per
 * delivery type, the ledger of transfers, borrow records; the equity history is `api_chart_points`.
 */

// ── The book as stored (ledger/book.ts moves and values it) ──────────────────────────

/** The currencies of an account: USDT (quote currency, price 1) and §9's nine coins. */
export const ASSET_CURRENCIES = ['usdt', ...CURRENCIES] as const;
export const USDT = 'usdt';

/** Accounts holding coins: spot, the futures account (delivery and perpetual margin), the wallet; borrowed is a debt. */
export interface Balance {
  spot: number;
  futures: number;
  wallet: number;
  borrowed: number;
}
export const BALANCE_ACCOUNTS = ['spot', 'futures', 'wallet', 'borrowed'] as const;

/** §2 position columns: P_CW … P_CS (quantity, coin, long +), F_CW … F_CS (its floating P/L, coin). */
export const POSITION_KINDS = ['CW', 'NW', 'CQ', 'NQ', 'CS'] as const;
export type PositionKind = (typeof POSITION_KINDS)[number];
export interface Position {
  /** signed coin quantity: long +, short − */
  qty: number;
  /** average entry price of the open quantity */
  entry: number;
}

export interface Book {
  balances: Record<string, Balance>;
  positions: Record<string, Partial<Record<PositionKind, Position>>>;
}

/** What a book event writes besides balances: the borrow records of §2's borrow tab. */
export interface BorrowEvent {
  currency: string;
  type: 'borrow' | 'repay';
  amount: number;
  /** the debt after the event */
  balance: number;
}

export const emptyBalance = (): Balance => ({ spot: 0, futures: 0, wallet: 0, borrowed: 0 });
export const emptyBook = (): Book => ({ balances: Object.fromEntries(ASSET_CURRENCIES.map((c) => [c, emptyBalance()])), positions: {} });

/** One deposit of the opening, in the currency and in USDT at the opening price. */
export interface Deposit {
  currency: string;
  amount: number;
  valueUsdt: number;
}

/** Per currency, what the ledger says: net transferred in, and the principal deposited (coin and USDT). */
export interface LedgerSums {
  transfer: number;
  principal: number;
  principalUsdt: number;
}

/** The account's book, or undefined before it was opened. */
export async function loadBook(db: Queryable, apiId: number): Promise<Book | undefined> {
  const balances = await db.all<{ currency: string; account: keyof Balance; amount: number }>(
    'SELECT currency, account, amount FROM asset_balances WHERE api_id = ?',
    [apiId],
  );
  if (!balances.length) return undefined;
  const book = emptyBook();
  for (const { currency, account, amount } of balances) {
    book.balances[currency] ??= { spot: 0, futures: 0, wallet: 0, borrowed: 0 };
    book.balances[currency][account] = Number(amount);
  }
  const positions = await db.all<{ currency: string; kind: PositionKind; qty: number; entry: number }>(
    'SELECT currency, kind, qty, entry FROM asset_positions WHERE api_id = ?',
    [apiId],
  );
  for (const { currency, kind, qty, entry } of positions) {
    book.positions[currency] ??= {};
    book.positions[currency][kind] = { qty: Number(qty), entry: Number(entry) };
  }
  return book;
}

/** Writes the whole book (balances and positions) of one account. */
export async function saveBook(db: Queryable, apiId: number, book: Book): Promise<void> {
  const statements = [];
  for (const [currency, balance] of Object.entries(book.balances)) {
    for (const account of BALANCE_ACCOUNTS) {
      statements.push({
        sql: 'INSERT INTO asset_balances (api_id, currency, account, amount) VALUES (?, ?, ?, ?) ON CONFLICT (api_id, currency, account) DO UPDATE SET amount = excluded.amount',
        args: [apiId, currency, account, balance[account]],
      });
    }
  }
  for (const [currency, positions] of Object.entries(book.positions)) {
    for (const kind of POSITION_KINDS) {
      const position = positions[kind];
      if (!position) continue;
      statements.push({
        sql: 'INSERT INTO asset_positions (api_id, currency, kind, qty, entry) VALUES (?, ?, ?, ?, ?) ON CONFLICT (api_id, currency, kind) DO UPDATE SET qty = excluded.qty, entry = excluded.entry',
        args: [apiId, currency, kind, position.qty, position.entry],
      });
    }
  }
  await db.batch(statements);
}

export interface LedgerEntry {
  currency: string;
  amount: number;
  type: string;
  time: string;
}

/** Ledger types: 'deposit' (the principal paid in), 'transfer' (spot → futures account, not counted as transferred in). */
export async function insertDeposits(
  db: Queryable,
  apiId: number,
  deposits: readonly Deposit[],
  at: number,
  futuresShare: (d: Deposit) => number,
): Promise<void> {
  const statements = deposits.flatMap((d) => [
    {
      sql: 'INSERT INTO asset_ledger (api_id, currency, amount, value_usdt, type, time) VALUES (?, ?, ?, ?, ?, ?)',
      args: [apiId, d.currency, d.amount, d.valueUsdt, 'deposit', at],
    },
    ...(futuresShare(d) > 0
      ? [
          {
            sql: 'INSERT INTO asset_ledger (api_id, currency, amount, value_usdt, type, time) VALUES (?, ?, ?, ?, ?, ?)',
            args: [apiId, d.currency, futuresShare(d), 0, 'transfer', at + 1],
          },
        ]
      : []),
  ]);
  await db.batch(statements);
}

/** Per currency: Σ deposits (transferred in), the principal (coin) and its USDT value when paid in. */
export async function ledgerSums(db: Queryable, apiId: number): Promise<Record<string, LedgerSums>> {
  const rows = await db.all<{ currency: string; transfer: number; usdt: number }>(
    `SELECT currency, SUM(amount) AS transfer, SUM(value_usdt) AS usdt FROM asset_ledger WHERE api_id = ? AND type = 'deposit' GROUP BY currency`,
    [apiId],
  );
  return Object.fromEntries(rows.map((r) => [r.currency, { transfer: Number(r.transfer), principal: Number(r.transfer), principalUsdt: Number(r.usdt) }]));
}

/** The newest `limit` ledger entries, newest first. */
export const ledgerEntries = (db: Queryable, apiId: number, limit = 100) =>
  db.all<{ id: number; currency: string; amount: number; type: string; time: number }>(
    'SELECT id, currency, amount, type, time FROM asset_ledger WHERE api_id = ? ORDER BY time DESC, id DESC LIMIT ?',
    [apiId, limit],
  );

export async function insertBorrows(db: Queryable, apiId: number, events: readonly BorrowEvent[], at: number): Promise<void> {
  await db.batch(
    events.map((e) => ({
      sql: 'INSERT INTO asset_borrows (api_id, currency, type, amount, balance, time) VALUES (?, ?, ?, ?, ?, ?)',
      args: [apiId, e.currency, e.type, e.amount, e.balance, at],
    })),
  );
}

/** The newest `limit` borrow records, newest first. */
export const borrowEntries = (db: Queryable, apiId: number, limit = 100) =>
  db.all<{ id: number; currency: string; type: string; amount: number; balance: number; time: number }>(
    'SELECT id, currency, type, amount, balance, time FROM asset_borrows WHERE api_id = ? ORDER BY time DESC, id DESC LIMIT ?',
    [apiId, limit],
  );

// ── Equity history (api_chart_points) ────────────────────────────────────────────────

const CHUNK = 400;

/** Inserts many points in few statements (the seed writes a month per account). */
export async function insertHistory(db: Queryable, apiId: number, points: readonly ChartPointRow[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < points.length; i += CHUNK) {
    const chunk = points.slice(i, i + CHUNK);
    statements.push({
      sql: `INSERT INTO api_chart_points (api_id, at, equity_usdt, rate_usdt, equity, equity_rate_usdt) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: chunk.flatMap((p) => [apiId, p.at, p.equity_usdt, p.rate_usdt, p.equity, p.equity_rate_usdt]),
    });
  }
  await db.batch(statements);
}

export const deleteHistory = (db: Queryable, apiId: number) => db.run('DELETE FROM api_chart_points WHERE api_id = ?', [apiId]);

/** The first point of the series (what the rates are relative to). */
export const firstPoint = (db: Queryable, apiId: number) =>
  db.get<ChartPointRow>('SELECT at, equity_usdt, rate_usdt, equity, equity_rate_usdt FROM api_chart_points WHERE api_id = ? ORDER BY at LIMIT 1', [apiId]);

export const hasPointAt = async (db: Queryable, apiId: number, at: number) =>
  (await db.get('SELECT 1 AS x FROM api_chart_points WHERE api_id = ? AND at = ?', [apiId, at])) !== undefined;

/** The points since `since`, the last one of each `stepMs` bucket, oldest first. */
export const historySince = (db: Queryable, apiId: number, since: number, stepMs: number) =>
  db.all<ChartPointRow>(
    `SELECT MAX(at) AS at, equity_usdt, rate_usdt, equity, equity_rate_usdt FROM api_chart_points
     WHERE api_id = ? AND at >= ? GROUP BY at / CAST(? AS INTEGER) ORDER BY at`,
    [apiId, since, stepMs],
  );

// ── Trade records: the task engine's fills on an account's legs ──────────────────────

export interface TradeRecordRow {
  id: string;
  api_id: number;
  time: number;
  instrument_id: string;
  otype: string;
  price: number;
  amount: number;
  fee: number;
}

/**
 * The newest fills on these accounts: the task engine's (a child's leg A trades on api_a, leg B on
 * api_b) and the filled manual orders (id `manual-<order id>`).
 */
export function tradeRecords(db: Queryable, apiIds: readonly number[], limit = 200): Promise<TradeRecordRow[]> {
  const marks = apiIds.map(() => '?').join(', ');
  return db.all<TradeRecordRow>(
    `SELECT * FROM (
       SELECT f.fill_id AS id, CASE f.leg WHEN 0 THEN c.api_a ELSE c.api_b END AS api_id, f.time, f.price, f.amount, f.fee,
         json_extract(o.cparam, '$.instrument_id') AS instrument_id, CAST(json_extract(o.cparam, '$.otype') AS TEXT) AS otype
       FROM task_fills f
       JOIN task_children c ON c.id = f.task_children_id
       LEFT JOIN task_orders o ON o.client_id = f.client_id
       WHERE (f.leg = 0 AND c.api_a IN (${marks})) OR (f.leg = 1 AND c.api_b IN (${marks}))
       UNION ALL
       SELECT 'manual-' || m.id AS id, m.api_id, m.created_at AS time, m.deal_price AS price, COALESCE(m.filled, m.amount) AS amount, m.fee, m.instrument_id, m.otype
       FROM manual_orders m
       WHERE m.deal_price IS NOT NULL AND m.api_id IN (${marks})
     ) ORDER BY time DESC, id DESC LIMIT ?`,
    [...apiIds, ...apiIds, ...apiIds, limit],
  );
}

/** Accounts by id, whoever owns them (the task engine's hook books fills on the children's accounts). */
export function apisById(db: Queryable, ids: readonly number[]): Promise<ApiRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.all<ApiRow>(`SELECT a.*, NULL AS bourse_name FROM api_accounts a WHERE a.id IN (${ids.map(() => '?').join(', ')}) ORDER BY a.id`, [...ids]);
}

/** Every account (the seed opens the books of all of them). */
export const allApis = (db: Queryable) => db.all<ApiRow>('SELECT a.*, NULL AS bourse_name FROM api_accounts a ORDER BY a.id');
