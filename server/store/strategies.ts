import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from './queryable';

/**
 * Strategy rows, and their files under DATA_DIR/strategies/<folder>/. File work is async
 * (fs/promises): a large upload never blocks the other requests. A folder is never changed once a row
 * names it: a replace writes a new folder and moves the row to it in one statement (`moveStrategy`), so
 * the row always names a whole set of files, whatever fails or stops halfway.
 */

export interface StrategyRow {
  id: number;
  strategy_sole_id: string;
  name: string;
  initial_money: number;
  default_params: string;
  folder: string;
  main_file: string;
  rely_on_files: string;
  updated_at: number;
}

export interface StrategyFields {
  name: string;
  initialMoney: number;
  defaultParams: string;
  mainFile: string;
  relyOnFiles: string[];
  updatedAt: number;
}

export const listStrategies = (db: Queryable) => db.all<StrategyRow>('SELECT * FROM strategies ORDER BY id');
export const findStrategy = (db: Queryable, id: number) => db.get<StrategyRow>('SELECT * FROM strategies WHERE id = ?', [id]);
export const findStrategyBySoleId = (db: Queryable, soleId: string) => db.get<StrategyRow>('SELECT * FROM strategies WHERE strategy_sole_id = ?', [soleId]);

export async function insertStrategy(db: Queryable, soleId: string, folder: string, fields: StrategyFields): Promise<number> {
  const { lastId } = await db.run(
    `INSERT INTO strategies (strategy_sole_id, name, initial_money, default_params, folder, main_file, rely_on_files, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [soleId, fields.name, fields.initialMoney, fields.defaultParams, folder, fields.mainFile, JSON.stringify(fields.relyOnFiles), fields.updatedAt],
  );
  return lastId;
}

export async function updateStrategy(db: Queryable, id: number, fields: StrategyFields): Promise<void> {
  await db.run('UPDATE strategies SET name = ?, initial_money = ?, default_params = ?, main_file = ?, rely_on_files = ?, updated_at = ? WHERE id = ?', [
    fields.name,
    fields.initialMoney,
    fields.defaultParams,
    fields.mainFile,
    JSON.stringify(fields.relyOnFiles),
    fields.updatedAt,
    id,
  ]);
}

/**
 * Points the row at a new folder with its new fields, if it still names `fromFolder`; false when another
 * save or a delete came first (its folder is then left to the caller to remove).
 */
export async function moveStrategy(db: Queryable, id: number, fromFolder: string, toFolder: string, fields: StrategyFields): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE strategies SET folder = ?, name = ?, initial_money = ?, default_params = ?, main_file = ?, rely_on_files = ?, updated_at = ?
     WHERE id = ? AND folder = ?`,
    [toFolder, fields.name, fields.initialMoney, fields.defaultParams, fields.mainFile, JSON.stringify(fields.relyOnFiles), fields.updatedAt, id, fromFolder],
  );
  return changes === 1;
}

export async function deleteStrategy(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM strategies WHERE id = ?', [id]);
}

export const strategyFields = (row: StrategyRow): StrategyFields => ({
  name: row.name,
  initialMoney: row.initial_money,
  defaultParams: row.default_params,
  mainFile: row.main_file,
  relyOnFiles: JSON.parse(row.rely_on_files) as string[],
  updatedAt: row.updated_at,
});

/** The files of the strategies of one data folder. */
export function strategyFiles(dataDir: string) {
  const root = path.resolve(dataDir, 'strategies');
  /** only server-generated hex names are ever joined to the data folder. */
  const folderPath = (folder: string): string => {
    if (!/^[0-9a-f]{8,64}$/.test(folder)) throw new Error(`unexpected strategy folder name ${folder}`);
    return path.join(root, folder);
  };
  /** a file directly inside the folder, never outside it. */
  const filePath = (folder: string, name: string): string => {
    const dir = folderPath(folder);
    const target = path.resolve(dir, name);
    if (!name || path.dirname(target) !== dir) throw new Error(`refusing a file outside ${dir}: ${name}`);
    return target;
  };
  return {
    async write(folder: string, name: string, data: Buffer | string): Promise<void> {
      await mkdir(folderPath(folder), { recursive: true });
      await writeFile(filePath(folder, name), data);
    },
    async remove(folder: string, name: string): Promise<void> {
      if (!name) return;
      await rm(filePath(folder, name), { force: true });
    },
    /** copies a file of one folder into another under the same name; false when it is not there. */
    async copy(fromFolder: string, toFolder: string, name: string): Promise<boolean> {
      await mkdir(folderPath(toFolder), { recursive: true });
      try {
        await copyFile(filePath(fromFolder, name), filePath(toFolder, name));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    /** the folders on disk. */
    async folders(): Promise<string[]> {
      const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory() && /^[0-9a-f]{8,64}$/.test(entry.name)).map((entry) => entry.name);
    },
    async removeFolder(folder: string): Promise<void> {
      await rm(folderPath(folder), { recursive: true, force: true });
    },
  };
}

/** At start: removes the folders no row names (a save or a delete stopped between its row and its files). */
export async function sweepStrategyFolders(db: Queryable, dataDir: string): Promise<void> {
  const files = strategyFiles(dataDir);
  const named = new Set((await db.all<{ folder: string }>('SELECT folder FROM strategies')).map((row) => row.folder));
  for (const folder of await files.folders()) if (!named.has(folder)) await files.removeFolder(folder);
}
