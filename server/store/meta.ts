import type { Queryable } from './queryable';

/** Runs a seed once per data folder (remembered in `meta`), so a new area can seed an older folder. */
export async function seedOnce(db: Queryable, area: string, at: number, seed: () => Promise<void>): Promise<boolean> {
  const key = `seeded:${area}`;
  if (await db.get('SELECT value FROM meta WHERE key = ?', [key])) return false;
  await seed();
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [key, new Date(at).toISOString()]);
  return true;
}

/** The count migration 23's triggers bump at each change to the global config, the API accounts or the exchanges: what the task engine reads besides the tasks. */
export const engineInputsVersion = async (db: Queryable): Promise<number> => Number((await db.get<{ n: number }>('SELECT n FROM engine_inputs_version'))!.n);
