import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type InArgs, type Client } from '@libsql/client';
import { migrate } from './migrations';

/** What stores query: the database, or a transaction of it (same face). Rows come back as plain objects. */
export interface Queryable {
  all<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T | undefined>;
  run(sql: string, args?: InArgs): Promise<{ changes: number; lastId: number }>;
  /** runs the statements all or none (inside a transaction: as part of it). */
  batch(statements: { sql: string; args?: InArgs }[]): Promise<void>;
}

export interface Db extends Queryable {
  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE … COMMIT; ROLLBACK when it throws, and the error
   * is thrown on). The client is one connection, so transactions and single statements take turns:
   * nothing else runs on the connection while a transaction is open. Calls made inside `work`
   * through `db` instead of `tx` join the transaction; a nested `transaction` is part of the outer one.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): void;
}

export type { InArgs };

/** A face over a client that runs every statement directly (no turn-taking). */
function direct(client: Client): Queryable {
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
      for (const { sql, args } of statements) await client.execute({ sql, args: args ?? [] });
    },
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
  const client: Client = createClient({ url: `file:${path.resolve(dataDir, 'console.db')}` });
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA busy_timeout = 5000');

  const raw = direct(client);
  const inTransaction = new AsyncLocalStorage<true>();
  const turn = turnTaker();
  /** a statement: now when inside a transaction (it is part of it), else in its turn. */
  const step = <T>(work: () => Promise<T>): Promise<T> => (inTransaction.getStore() ? work() : turn(work));

  const db: Db = {
    all: (sql, args) => step(() => raw.all(sql, args)),
    get: (sql, args) => step(() => raw.get(sql, args)),
    run: (sql, args) => step(() => raw.run(sql, args)),
    batch: (statements) => (statements.length ? db.transaction((tx) => tx.batch(statements)) : Promise.resolve()),
    transaction: (work) => {
      if (inTransaction.getStore()) return work(raw);
      return turn(() =>
        inTransaction.run(true, async () => {
          await client.execute('BEGIN IMMEDIATE');
          try {
            const result = await work(raw);
            await client.execute('COMMIT');
            return result;
          } catch (error) {
            // SQLite may have rolled back already (some errors end the transaction themselves)
            await client.execute('ROLLBACK').catch(() => undefined);
            throw error;
          }
        }),
      );
    },
    close: () => client.close(),
  };
  try {
    await migrate(db);
  } catch (error) {
    client.close();
    throw error;
  }
  return db;
}

