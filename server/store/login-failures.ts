import type { Queryable } from './queryable';

/** Failed sign-ins per address and account or per address, and registrations per address (server/http/lockout.ts keeps the logic). */

export type FailureScope = 'pair' | 'address' | 'register';

export interface FailureRow {
  scope: FailureScope;
  key: string;
  /** failure (or registration) times (ms) still inside the window. */
  failures: number[];
  /** when the last lock ends or ended; 0 = never locked. */
  lockedUntil: number;
  /** locks in a row (the next one grows with them). */
  strikes: number;
}

/**
 * Deletes the rows that count no more: no failure inside its window, no lock under way, and (when it was
 * locked) its last lock ended more than `strikeMemoryMs` ago. Names a guesser sprayed go this way.
 */
export async function pruneFailures(db: Queryable, now: number, windowMs: number, registerWindowMs: number, strikeMemoryMs: number): Promise<void> {
  await db.run(
    `DELETE FROM login_failures
     WHERE last_at <= CASE WHEN scope = 'register' THEN ? ELSE ? END
       AND locked_until <= CASE WHEN strikes > 0 THEN ? ELSE ? END`,
    [now - registerWindowMs, now - windowMs, now - strikeMemoryMs, now],
  );
}

/** Every stored row (prune first: the callers keep only what still counts). */
export async function loadFailures(db: Queryable): Promise<FailureRow[]> {
  const rows = await db.all<{ scope: FailureScope; key: string; failures: string; locked_until: number; strikes: number }>(
    'SELECT scope, key, failures, locked_until, strikes FROM login_failures',
  );
  return rows.map((row) => ({
    scope: row.scope,
    key: row.key,
    failures: JSON.parse(row.failures) as number[],
    lockedUntil: row.locked_until,
    strikes: row.strikes,
  }));
}

/** Stores a counter's state; one that holds nothing is deleted. */
export async function saveFailures(db: Queryable, row: FailureRow): Promise<void> {
  if (row.failures.length === 0 && row.lockedUntil === 0 && row.strikes === 0) {
    await db.run('DELETE FROM login_failures WHERE scope = ? AND key = ?', [row.scope, row.key]);
    return;
  }
  await db.run(
    `INSERT INTO login_failures (scope, key, failures, last_at, locked_until, strikes) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_at = excluded.last_at, locked_until = excluded.locked_until, strikes = excluded.strikes`,
    [row.scope, row.key, JSON.stringify(row.failures), Math.max(0, ...row.failures), row.lockedUntil, row.strikes],
  );
}
