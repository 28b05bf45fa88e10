import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { migrate } from './migrations';
import type { Db, InArgs, Queryable, SqlValue } from './queryable';

/** Prepared statements kept, by SQL text; the least recently used goes first beyond this. */
const STATEMENT_CACHE = 500;

/** The size of a new data folder's pages (bytes). */
export const PAGE_SIZE = 16384;
/** The WAL's size (bytes) at which it is copied into the database (wal_autocheckpoint counts pages). */
const CHECKPOINT_BYTES = 40 * 1024 * 1024;

/** What the driver binds for a value (it takes no booleans, no undefined, no non-finite numbers). */
function bindable(value: SqlValue): Exclude<SqlValue, boolean | Date> {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`a statement cannot bind ${value}`);
  if (value === undefined) throw new TypeError('a statement cannot bind undefined');
  if (value instanceof Date) return value.valueOf();
  return value;
}

/**
 * The connection's statements, each prepared once per SQL text and reused (libsql's synchronous,
 * better-sqlite3 style API); rows come back as plain objects.
 */
function statements(conn: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql); // most recently used goes to the end
    } else {
      statement = conn.prepare(sql);
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
  // most arguments bind as they are: copied only when one needs it (a tick binds ~10⁵ values)
  const bound = (args: InArgs = []): InArgs => {
    for (const value of args) {
      if (typeof value === 'string' || value === null || (typeof value === 'number' && Number.isFinite(value))) continue;
      return args.map(bindable);
    }
    return args;
  };
  return {
    all: <T>(sql: string, args?: InArgs) => prepared(sql).all(bound(args)) as T[],
    get: <T>(sql: string, args?: InArgs) => {
      const row = prepared(sql).get(bound(args)) as (T & { _metadata?: unknown }) | undefined;
      if (row) delete row._metadata; // the driver adds the statement's timing to get()'s row
      return row as T | undefined;
    },
    run: (sql: string, args?: InArgs) => {
      const { changes, lastInsertRowid } = prepared(sql).run(bound(args));
      return { changes, lastId: Number(lastInsertRowid) };
    },
    exec: (sql: string) => conn.exec(sql),
  };
}

/** Takes turns on the single connection: one transaction or one statement at a time. */
function turnTaker() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function openDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const conn = new Database(path.resolve(dataDir, 'console.db'));
  const sql = statements(conn);
  // issue 35 (10,000 running tasks): a tick writes into every leaf page of the indexes led by the task; pages of 16 KiB
  // instead of SQLite's 4 KiB are a quarter as many to find, split, log and checkpoint for the same rows (~10 % of the
  // tick's CPU). Only a new data folder takes it: an existing one keeps its pages (the size of a WAL database's pages
  // changes only by a VACUUM out of WAL mode).
  sql.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
  sql.exec('PRAGMA journal_mode = WAL');
  sql.exec('PRAGMA busy_timeout = 5000');
  sql.exec('PRAGMA synchronous = FULL'); // every commit on disk unless a write says it need not be (WriteOptions)
  // issue 35: 64 MiB of page cache keeps the pages a tick writes (the default 2 MiB rereads them from the file at each
  // tick), and a checkpoint every ~40 MB of WAL instead of every 4 MB copies a page rewritten at each tick once per few
  // ticks instead of once per tick
  sql.exec('PRAGMA cache_size = -65536');
  const pageSize = Number(sql.get<{ page_size: number }>('PRAGMA page_size')?.page_size ?? PAGE_SIZE);
  sql.exec(`PRAGMA wal_autocheckpoint = ${Math.round(CHECKPOINT_BYTES / pageSize)}`);

  /** Statements run directly (inside a transaction, or in their turn). */
  const raw: Queryable = {
    all: async (text, args) => sql.all(text, args),
    get: async (text, args) => sql.get(text, args),
    run: async (text, args) => sql.run(text, args),
    batch: async (list) => {
      for (const { sql: text, args } of list) sql.run(text, args);
    },
  };
  /** SQLite refuses a change of its safety level inside a transaction: it is set before and restored after */
  const relaxed = <T>(durable: boolean, work: () => Promise<T>): Promise<T> => {
    if (durable) return work();
    sql.exec('PRAGMA synchronous = NORMAL');
    return work().finally(() => sql.exec('PRAGMA synchronous = FULL'));
  };
  // work a transaction starts without awaiting it (a gateway's socket) keeps its context after it ended: `open` says
  const inTransaction = new AsyncLocalStorage<{ open: boolean }>();
  const open = () => inTransaction.getStore()?.open === true;
  const turn = turnTaker();
  /** a statement: now when inside an open transaction (it is part of it), else in its turn. */
  const step = <T>(work: () => Promise<T>): Promise<T> => (open() ? work() : turn(work));

  const db: Db = {
    all: (text, args) => step(() => raw.all(text, args)),
    get: (text, args) => step(() => raw.get(text, args)),
    run: (text, args) => step(() => raw.run(text, args)),
    batch: (list, options) => (list.length ? db.transaction((tx) => tx.batch(list), options) : Promise.resolve()),
    transaction: (work, options) => {
      if (open()) return work(raw);
      return turn(() => {
        const state = { open: true };
        return relaxed(options?.durable ?? true, () =>
          inTransaction.run(state, async () => {
            sql.exec('BEGIN IMMEDIATE');
            try {
              const result = await work(raw);
              sql.exec('COMMIT');
              return result;
            } catch (error) {
              // SQLite may have rolled back already (some errors end the transaction themselves)
              if (conn.inTransaction) sql.exec('ROLLBACK');
              throw error;
            } finally {
              state.open = false;
            }
          }),
        );
      });
    },
    close: () => conn.close(),
  };
  try {
    await migrate(db);
  } catch (error) {
    conn.close();
    throw error;
  }
  return db;
}
