import type { Queryable } from './queryable';
import type { UserRow } from './users';

/** Sessions (by token hash) and the captcha challenges of the sign-in slider. */

export async function insertSession(db: Queryable, tokenHash: string, userId: number, at: number, expiresAt: number): Promise<void> {
  await db.batch([
    { sql: 'DELETE FROM sessions WHERE expires_at <= ?', args: [at] },
    { sql: 'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', args: [tokenHash, userId, at, expiresAt] },
  ]);
}

export const findSessionUser = (db: Queryable, tokenHash: string) =>
  db.get<UserRow & { expires_at: number }>('SELECT u.*, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?', [tokenHash]);

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

/**
 * A password change: every other session of the user ends, the changing one (`keepTokenHash`) lives
 * until `graceUntil` at most (its open feeds switch over), and a fresh session starts.
 */
export async function rotateSessions(
  db: Queryable,
  userId: number,
  keepTokenHash: string,
  fresh: { tokenHash: string; at: number; expiresAt: number; graceUntil: number },
): Promise<void> {
  await db.batch([
    { sql: 'DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?', args: [userId, keepTokenHash] },
    { sql: 'UPDATE sessions SET expires_at = MIN(expires_at, ?) WHERE token_hash = ?', args: [fresh.graceUntil, keepTokenHash] },
    {
      sql: 'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      args: [fresh.tokenHash, userId, fresh.at, fresh.expiresAt],
    },
  ]);
}

export async function insertCaptcha(db: Queryable, challenge: string, at: number, expiresAt: number): Promise<void> {
  await db.batch([
    { sql: 'DELETE FROM captchas WHERE expires_at <= ?', args: [at] },
    { sql: 'INSERT INTO captchas (challenge, expires_at) VALUES (?, ?)', args: [challenge, expiresAt] },
  ]);
}

/** Marks a live, unused challenge used; true when this call was the one that used it. */
export async function useCaptcha(db: Queryable, challenge: string, at: number): Promise<boolean> {
  const { changes } = await db.run('UPDATE captchas SET used = 1 WHERE challenge = ? AND used = 0 AND expires_at > ?', [challenge, at]);
  return changes === 1;
}
