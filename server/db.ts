import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type InArgs, type Client } from '@libsql/client';

/** A small async face over the libsql client: rows come back as plain objects. */
export interface Db {
  all<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T | undefined>;
  run(sql: string, args?: InArgs): Promise<{ changes: number; lastId: number }>;
  /** runs the statements in one transaction. */
  batch(statements: { sql: string; args?: InArgs }[]): Promise<void>;
  close(): void;
}

/**
 * The schema. `IF NOT EXISTS` everywhere, so later areas add their tables here and an existing
 * data folder picks them up on the next start.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  tel_phone TEXT NOT NULL DEFAULT '',
  is_super INTEGER NOT NULL DEFAULT 0,
  level INTEGER NOT NULL DEFAULT 0,
  pes INTEGER NOT NULL DEFAULT 0,
  columns TEXT NOT NULL DEFAULT '[]',
  strategy_keys TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE TABLE IF NOT EXISTS captchas (
  challenge TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS bourses (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS transaction_types (
  bourse_id INTEGER NOT NULL,
  type_id INTEGER NOT NULL,
  PRIMARY KEY (bourse_id, type_id)
);
CREATE TABLE IF NOT EXISTS strategies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  strategy_sole_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  initial_money REAL NOT NULL DEFAULT 0,
  default_params TEXT NOT NULL DEFAULT '{}',
  folder TEXT NOT NULL,
  main_file TEXT NOT NULL DEFAULT '',
  rely_on_files TEXT NOT NULL DEFAULT '[]',
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS api_accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  bourse_id INTEGER NOT NULL,
  api_key TEXT NOT NULL,
  api_secret TEXT NOT NULL,
  api_token TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 4,
  margin_mode TEXT NOT NULL DEFAULT '',
  leverage INTEGER NOT NULL DEFAULT 0,
  fees TEXT NOT NULL,
  advanced TEXT NOT NULL,
  asset_template REAL NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS api_accounts_user ON api_accounts (user_id);
CREATE TABLE IF NOT EXISTS api_chart_points (
  api_id INTEGER NOT NULL,
  at INTEGER NOT NULL,
  equity_usdt REAL NOT NULL,
  rate_usdt REAL NOT NULL,
  equity REAL NOT NULL,
  equity_rate_usdt REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS api_chart_points_api ON api_chart_points (api_id, at);
CREATE TABLE IF NOT EXISTS manual_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  api_id INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  type INTEGER NOT NULL,
  price REAL,
  amount REAL NOT NULL,
  direction INTEGER NOT NULL,
  way INTEGER NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS global_config (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL);
`;

export async function openDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const client: Client = createClient({ url: `file:${path.resolve(dataDir, 'console.db')}` });
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA busy_timeout = 5000');
  await client.executeMultiple(SCHEMA);

  const rows = async (sql: string, args: InArgs = []) => (await client.execute({ sql, args })).rows;
  return {
    all: async <T>(sql: string, args?: InArgs) => (await rows(sql, args)).map((row) => ({ ...row }) as T),
    get: async <T>(sql: string, args?: InArgs) => {
      const [row] = await rows(sql, args);
      return row ? ({ ...row } as T) : undefined;
    },
    run: async (sql, args = []) => {
      const result = await client.execute({ sql, args });
      return { changes: result.rowsAffected, lastId: Number(result.lastInsertRowid ?? 0) };
    },
    batch: async (statements) => {
      if (statements.length) await client.batch(statements.map(({ sql, args }) => ({ sql, args: args ?? [] })), 'write');
    },
    close: () => client.close(),
  };
}

/** Runs a seed once per data folder (remembered in `meta`), so a new area can seed an older folder. */
export async function seedOnce(db: Db, area: string, seed: () => Promise<void>): Promise<boolean> {
  const key = `seeded:${area}`;
  if (await db.get('SELECT value FROM meta WHERE key = ?', [key])) return false;
  await seed();
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [key, new Date().toISOString()]);
  return true;
}
