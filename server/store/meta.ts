import type { Queryable } from './queryable';

/** Runs a seed once per data folder (remembered in `meta`), so a new area can seed an older folder. */
export async function seedOnce(db: Queryable, area: string, at: number, seed: () => Promise<void>): Promise<boolean> {
  const key = `seeded:${area}`;
  if (await db.get('SELECT value FROM meta WHERE key = ?', [key])) return false;
  await seed();
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [key, new Date(at).toISOString()]);
  return true;
}
