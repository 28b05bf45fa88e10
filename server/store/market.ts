import type { MarketTable } from '../market';
import type { Queryable } from './queryable';

/** Market params per user: the tables of PUT /market/put2 and the params object of PUT /market/put. */

interface MarketParamsRow {
  tables: string | null;
  params: string | null;
}

const read = (db: Queryable, userId: number) => db.get<MarketParamsRow>('SELECT tables, params FROM market_params WHERE user_id = ?', [userId]);

/** The user's tables, or undefined when the user never stored any. */
export async function readMarketTables(db: Queryable, userId: number): Promise<MarketTable[] | undefined> {
  const row = await read(db, userId);
  return row?.tables == null ? undefined : (JSON.parse(row.tables) as MarketTable[]);
}

export async function saveMarketTables(db: Queryable, userId: number, tables: MarketTable[], at: number): Promise<void> {
  await db.run(
    `INSERT INTO market_params (user_id, tables, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET tables = excluded.tables, updated_at = excluded.updated_at`,
    [userId, JSON.stringify(tables), at],
  );
}

/** The user's params object ({} when none was stored). */
export async function readMarketParams(db: Queryable, userId: number): Promise<Record<string, unknown>> {
  const row = await read(db, userId);
  return row?.params == null ? {} : (JSON.parse(row.params) as Record<string, unknown>);
}

export async function saveMarketParams(db: Queryable, userId: number, params: Record<string, unknown>, at: number): Promise<void> {
  await db.run(
    `INSERT INTO market_params (user_id, params, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET params = excluded.params, updated_at = excluded.updated_at`,
    [userId, JSON.stringify(params), at],
  );
}
