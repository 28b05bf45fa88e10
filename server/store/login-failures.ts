import type { Queryable } from './queryable';

/** Failed sign-ins, per account name or client address (server/http/lockout.ts keeps the logic). */

export type FailureScope = 'account' | 'address';

export interface FailureRow {
  scope: FailureScope;
  key: string;
  /** failure times (ms) still inside the window. */
  failures: number[];
  lockedUntil: number;
}

/** Deletes the rows that count no more: lock over, last failure out of the window (names a guesser sprayed). */
export async function pruneFailures(db: Queryable, now: number, windowMs: number): Promise<void> {
  await db.run('DELETE FROM login_failures WHERE locked_until <= ? AND last_at <= ?', [now, now - windowMs]);
}

/** The rows that still count at `now`: a lock not yet over or a failure inside the window; the others go. */
export async function loadFailures(db: Queryable, now: number, windowMs: number): Promise<FailureRow[]> {
  await pruneFailures(db, now, windowMs);
  const rows = await db.all<{ scope: FailureScope; key: string; failures: string; locked_until: number }>('SELECT scope, key, failures, locked_until FROM login_failures');
  return rows.map((row) => ({ scope: row.scope, key: row.key, failures: JSON.parse(row.failures) as number[], lockedUntil: row.locked_until }));
}

/** Stores a counter's state; one that holds nothing is deleted. */
export async function saveFailures(db: Queryable, row: FailureRow): Promise<void> {
  if (row.failures.length === 0 && row.lockedUntil === 0) {
    await db.run('DELETE FROM login_failures WHERE scope = ? AND key = ?', [row.scope, row.key]);
    return;
  }
  await db.run(
    `INSERT INTO login_failures (scope, key, failures, last_at, locked_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_at = excluded.last_at, locked_until = excluded.locked_until`,
    [row.scope, row.key, JSON.stringify(row.failures), Math.max(0, ...row.failures), row.lockedUntil],
  );
}
