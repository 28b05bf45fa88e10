import type { GlobalConfig } from '#contract/rules/global-config-rules';
import type { Queryable } from './queryable';

/** The one global config row; fields it lacks take their defaults. */
export async function readGlobalConfig(db: Queryable, defaults: GlobalConfig): Promise<GlobalConfig> {
  const row = await db.get<{ value: string }>('SELECT value FROM global_config WHERE id = 1');
  return { ...defaults, ...(row ? (JSON.parse(row.value) as Partial<GlobalConfig>) : {}) };
}

export async function saveGlobalConfig(db: Queryable, config: GlobalConfig): Promise<void> {
  await db.run('INSERT OR REPLACE INTO global_config (id, value) VALUES (1, ?)', [JSON.stringify(config)]);
}

/** Writes the first config of a data folder; an existing one is kept. */
export async function seedGlobalConfig(db: Queryable, config: GlobalConfig): Promise<void> {
  await db.run('INSERT OR IGNORE INTO global_config (id, value) VALUES (1, ?)', [JSON.stringify(config)]);
}
