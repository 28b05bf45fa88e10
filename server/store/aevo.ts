/** The aevo tool page's rows: each user's aevo fills and when they were last pulled (server/aevo/ makes the fills). */
import type { Queryable } from './queryable';
import { insertRows } from './unilateral';

export interface AevoTradeRow {
  id: number;
  user_id: number;
  at: number;
  instrument: string;
  side: 'buy' | 'sell';
  price: number;
  amount: number;
  fee: number;
}
export type NewAevoTrade = Omit<AevoTradeRow, 'id'>;

export async function lastSync(db: Queryable, userId: number): Promise<number | null> {
  const row = await db.get<{ synced_at: number }>('SELECT synced_at FROM aevo_sync WHERE user_id = ?', [userId]);
  return row ? row.synced_at : null;
}

const TRADE_COLUMNS = ['user_id', 'at', 'instrument', 'side', 'price', 'amount', 'fee'] as const;

/** Stores the fills (a fill already stored is kept once) and the time of this sync. */
export async function saveSync(db: Queryable, userId: number, fills: readonly NewAevoTrade[], now: number): Promise<void> {
  await db.batch(
    insertRows(
      'aevo_trades',
      TRADE_COLUMNS,
      fills.map((f) => TRADE_COLUMNS.map((c) => f[c])),
      'INSERT OR IGNORE',
    ),
  );
  await db.run('INSERT OR REPLACE INTO aevo_sync (user_id, synced_at) VALUES (?, ?)', [userId, now]);
}

export async function countTrades(db: Queryable, userId: number): Promise<number> {
  const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM aevo_trades WHERE user_id = ?', [userId]);
  return row?.n ?? 0;
}

/** One page of the user's fills, newest first; page from 1. */
export const tradesPage = (db: Queryable, userId: number, page: number, size: number) =>
  db.all<AevoTradeRow>('SELECT * FROM aevo_trades WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?', [userId, size, (page - 1) * size]);
