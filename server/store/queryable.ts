/** The face of the database that stores, migrations and the driver share (the driver: db.ts). */

/** A value a statement binds: booleans are stored as 1 / 0, dates as epoch ms. */
export type SqlValue = string | number | bigint | boolean | null | Date | ArrayBuffer | Uint8Array;
export type InArgs = readonly SqlValue[];

/**
 * `durable: false`: the commit does not wait for the disk (SQLite's synchronous = NORMAL in WAL mode). It survives a
 * crash of the server (kill -9) and reaches the disk with the next durable commit; a power cut may lose it. Only
 * for what can be read again or is a log: an exchange's reply, an order's progress, the audit rows. Ignored inside
 * a transaction (the outer one decides).
 */
export interface WriteOptions {
  durable?: boolean;
}

/** What stores query: the database, or a transaction of it (same face). Rows come back as plain objects. */
export interface Queryable {
  all<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, args?: InArgs): Promise<T | undefined>;
  run(sql: string, args?: InArgs): Promise<{ changes: number; lastId: number }>;
  /** runs the statements all or none (inside a transaction: as part of it). */
  batch(statements: { sql: string; args?: InArgs }[], options?: WriteOptions): Promise<void>;
}

export interface Db extends Queryable {
  /**
   * Runs `work` in one transaction (BEGIN IMMEDIATE … COMMIT; ROLLBACK when it throws, and the error
   * is thrown on). The database is one connection, so transactions and single statements take turns:
   * nothing else runs on the connection while a transaction is open. Calls made inside `work`
   * through `db` instead of `tx` join the transaction; a nested `transaction` is part of the outer one.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: WriteOptions): Promise<T>;
  close(): void;
}
