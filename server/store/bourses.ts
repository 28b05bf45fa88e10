import type { Bourse } from '#contract/types/market';
import type { Queryable } from './queryable';

/** Exchanges and the contract types each supports. */

export const listBourses = (db: Queryable) => db.all<Bourse>('SELECT id, name FROM bourses ORDER BY id');

/** Every exchange's name by id (the engine's order records name their exchange). */
export async function bourseNames(db: Queryable): Promise<Record<number, string>> {
  const bourses = await db.all<{ id: number; name: string }>('SELECT id, name FROM bourses');
  return Object.fromEntries(bourses.map((b) => [Number(b.id), b.name]));
}

export const bourseExists = async (db: Queryable, id: number): Promise<boolean> => (await db.get('SELECT id FROM bourses WHERE id = ?', [id])) !== undefined;

export async function contractTypes(db: Queryable, bourseId: number): Promise<number[]> {
  const rows = await db.all<{ type_id: number }>('SELECT type_id FROM transaction_types WHERE bourse_id = ? ORDER BY type_id', [bourseId]);
  return rows.map((row) => row.type_id);
}

export const supportsContractType = async (db: Queryable, bourseId: number, type: number): Promise<boolean> =>
  (await db.get('SELECT type_id FROM transaction_types WHERE bourse_id = ? AND type_id = ?', [bourseId, type])) !== undefined;

export const insertBourses = (db: Queryable, bourses: Bourse[], types: Record<number, number[]>) =>
  db.batch([
    ...bourses.map((b) => ({ sql: 'INSERT OR IGNORE INTO bourses (id, name) VALUES (?, ?)', args: [b.id, b.name] })),
    ...Object.entries(types).flatMap(([bourse, ids]) =>
      ids.map((type) => ({ sql: 'INSERT OR IGNORE INTO transaction_types (bourse_id, type_id) VALUES (?, ?)', args: [Number(bourse), type] })),
    ),
  ]);
