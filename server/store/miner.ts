import type { MinerModel } from '#contract/types/miner';
import type { Queryable } from './queryable';

type NewModel = Omit<MinerModel, 'id'>;

/**
 * The miner table a user starts with (/main/mill): the manufacturers' published figures (Bitmain for
 * Antminer, MicroBT for Whatsminer; stock mode, air-cooled unless the name says otherwise).
 */
export const DEMO_MINER_MODELS: readonly NewModel[] = [
  { name: 'Antminer S21', hashrate: 200, power: 3500 },
  { name: 'Antminer S21 Pro', hashrate: 234, power: 3510 },
  { name: 'Antminer S19k Pro', hashrate: 120, power: 2760 },
  { name: 'Whatsminer M60S', hashrate: 186, power: 3441 },
  { name: 'Whatsminer M66S (immersion)', hashrate: 298, power: 5513 },
];

/**
 * The network the calculator starts from: a demo difficulty near the network's late-2025 level (the
 * server has no chain to read) and the subsidy after the 2024 halving.
 */
export const DEMO_DIFFICULTY = 150e12;

const COLUMNS = 'id, name, hashrate, power';

/** The user's models in the order they were added. */
export const listModels = (db: Queryable, userId: number): Promise<MinerModel[]> =>
  db.all<MinerModel>(`SELECT ${COLUMNS} FROM miner_models WHERE user_id = ? ORDER BY id`, [userId]);

export const findModel = (db: Queryable, userId: number, id: number): Promise<MinerModel | undefined> =>
  db.get<MinerModel>(`SELECT ${COLUMNS} FROM miner_models WHERE user_id = ? AND id = ?`, [userId, id]);

/** Another model of the user with this name (names are unique per user). */
export const findModelNamed = (db: Queryable, userId: number, name: string, except = 0): Promise<MinerModel | undefined> =>
  db.get<MinerModel>(`SELECT ${COLUMNS} FROM miner_models WHERE user_id = ? AND name = ? AND id <> ?`, [userId, name, except]);

export async function insertModel(db: Queryable, userId: number, model: NewModel): Promise<MinerModel> {
  const { lastId } = await db.run('INSERT INTO miner_models (user_id, name, hashrate, power) VALUES (?, ?, ?, ?)', [
    userId,
    model.name,
    model.hashrate,
    model.power,
  ]);
  return { id: lastId, ...model };
}

export async function updateModel(db: Queryable, userId: number, model: MinerModel): Promise<void> {
  await db.run('UPDATE miner_models SET name = ?, hashrate = ?, power = ? WHERE user_id = ? AND id = ?', [
    model.name,
    model.hashrate,
    model.power,
    userId,
    model.id,
  ]);
}

export async function deleteModel(db: Queryable, userId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM miner_models WHERE user_id = ? AND id = ?', [userId, id])).changes > 0;
}

/**
 * Gives the user the demo models the first time their table is used; later (even once they deleted
 * every model) it does nothing. Call it inside the transaction that reads or changes the table.
 */
export async function startModelTable(db: Queryable, userId: number, demo: readonly NewModel[]): Promise<void> {
  const { changes } = await db.run('INSERT OR IGNORE INTO miner_model_users (user_id) VALUES (?)', [userId]);
  if (changes === 0) return;
  for (const model of demo) await insertModel(db, userId, model);
}
