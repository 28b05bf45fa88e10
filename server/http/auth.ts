import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock/clock';
import type { Db } from '../store/queryable';
import { deleteSession, findSessionUser, insertCaptcha, insertSession, rotateSessions, useCaptcha } from '../store/sessions';
import type { UserRow } from '../store/users';
import { leadingZeroBits, MAX_CAPTCHA_DIFFICULTY } from '../../src/domain/captcha';
import { createLockout } from './lockout';

/** Passwords: scrypt with a per-user salt, stored as `scrypt$N$r$p$salt$hash` (hex). */
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('hex'), hash.toString('hex')].join('$');
}

/** A stored hash used when the user does not exist, so an unknown name costs as much as a known one. */
const DUMMY_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${'00'.repeat(16)}$${'00'.repeat(SCRYPT.keylen)}`;

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, N, r, p, saltHex, hashHex] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}

export const SESSION_MS = 2 * 24 * 60 * 60 * 1000;
/** How long the token that changed the password keeps working, while the console moves its feeds to the fresh one. */
export const ROTATE_GRACE_MS = 60 * 1000;
export const CAPTCHA_MS = 5 * 60 * 1000;

/**
 * A slider answer (src/domain/captcha.ts): validate = the nonce, seccode = SHA-256(challenge + nonce) in hex,
 * which must start with `difficulty` zero bits. One hash checks it.
 */
export function captchaWorkHolds(challenge: string, nonce: unknown, digestHex: unknown, difficulty: number): boolean {
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 32 || typeof digestHex !== 'string') return false;
  const digest = createHash('sha256').update(challenge + nonce).digest();
  return digest.toString('hex') === digestHex.toLowerCase() && leadingZeroBits(digest) >= Math.min(difficulty, MAX_CAPTCHA_DIFFICULTY);
}

export interface SessionUser {
  id: number;
  username: string;
  isSuper: boolean;
  level: number;
  pes: number;
  columns: string[];
  strategyKeys: string[];
}

export const toSessionUser = (row: Pick<UserRow, 'id' | 'username' | 'is_super' | 'level' | 'pes' | 'columns' | 'strategy_keys'>): SessionUser => ({
  id: row.id,
  username: row.username,
  isSuper: row.is_super === 1,
  level: row.level,
  pes: row.pes,
  columns: JSON.parse(row.columns) as string[],
  strategyKeys: JSON.parse(row.strategy_keys) as string[],
});

/** Tokens are stored hashed: a copy of the database does not hand out live sessions. */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAuth(db: Db, clock: Clock) {
  const newToken = () => randomBytes(32).toString('hex');
  return {
    /** failed sign-ins per account and per client address (server/http/lockout.ts). */
    lockout: createLockout(clock, db),

    async issueToken(userId: number): Promise<string> {
      const token = newToken();
      const at = clock.now();
      await insertSession(db, tokenHash(token), userId, at, at + SESSION_MS);
      return token;
    },

    /** The signed-in user of a token, or null when it is missing, unknown or expired. */
    async resolve(token: unknown): Promise<SessionUser | null> {
      if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return null;
      const row = await findSessionUser(db, tokenHash(token));
      if (!row || row.expires_at <= clock.now()) return null;
      return toSessionUser(row);
    },

    revoke: (token: string): Promise<void> => deleteSession(db, tokenHash(token)),

    /**
     * After a password change: ends every other session of the user and returns a fresh token for
     * the changing one, whose old token keeps working ROTATE_GRACE_MS more (its open feeds move over).
     */
    async rotate(userId: number, currentToken: string): Promise<string> {
      const token = newToken();
      const at = clock.now();
      await rotateSessions(db, userId, tokenHash(currentToken), { tokenHash: tokenHash(token), at, expiresAt: at + SESSION_MS, graceUntil: at + ROTATE_GRACE_MS });
      return token;
    },

    async issueCaptcha(): Promise<string> {
      const challenge = randomBytes(16).toString('hex');
      const at = clock.now();
      await insertCaptcha(db, challenge, at, at + CAPTCHA_MS);
      return challenge;
    },

    /**
     * Checks a slider answer (its proof of work, at the difficulty of now) and uses the challenge up, whether the
     * answer is right or not: one answer signs in once, within CAPTCHA_MS of its challenge.
     */
    async consumeCaptcha(challenge: unknown, validate: unknown, seccode: unknown, difficulty: number): Promise<boolean> {
      if (typeof challenge !== 'string' || !challenge) return false;
      const used = await useCaptcha(db, challenge, clock.now());
      return used && captchaWorkHolds(challenge, validate, seccode, difficulty);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
