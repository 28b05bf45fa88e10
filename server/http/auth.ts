import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock/clock';
import type { Db, Queryable } from '../store/queryable';
import { deleteSession, findSessionUser, insertCaptcha, insertSession, rotateSessions, useCaptcha } from '../store/sessions';
import { setPasswordHash, type UserRow } from '../store/users';
import { leadingZeroBits, MAX_CAPTCHA_DIFFICULTY } from '#contract/rules/captcha';
import { createLockout } from './lockout';
import { PASSWORD_COST, type ScryptCost } from '../settings';

/** Passwords: scrypt with a per-user salt, stored as `scrypt$N$r$p$salt$hash` (hex): a hash carries its own cost. */
export { PASSWORD_COST, type ScryptCost } from '../settings';
const KEYLEN = 64;
/** scrypt's memory: 128 · N · r · p bytes, and some room. */
const memoryOf = ({ N, r, p }: ScryptCost): number => 128 * N * r * p + 32 * 1024 * 1024;

/** At most two derivations at once (one per core of the reference machine): each holds 128 MiB at the default cost. */
const MAX_DERIVING = 2;
let deriving = 0;
const waiting: (() => void)[] = [];
async function oneAtATurn<T>(work: () => Promise<T>): Promise<T> {
  if (deriving >= MAX_DERIVING) await new Promise<void>((resolve) => waiting.push(resolve));
  else deriving += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else deriving -= 1;
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost, keylen: number): Promise<Buffer> {
  return oneAtATurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, keylen, { ...cost, maxmem: memoryOf(cost) }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost, KEYLEN);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('hex'), hash.toString('hex')].join('$');
}

/** A stored hash used when the user does not exist, so an unknown name costs as much as a known one. */
const dummyHash = ({ N, r, p }: ScryptCost): string => `scrypt$${N}$${r}$${p}$${'00'.repeat(16)}$${'00'.repeat(KEYLEN)}`;

/** The cost a stored hash was made with (undefined: not a hash of ours). */
function costOf(stored: string): ScryptCost | undefined {
  const [scheme, N, r, p] = stored.split('$');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  return scheme === 'scrypt' && Object.values(cost).every((n) => Number.isSafeInteger(n) && n > 0) ? cost : undefined;
}

/** `cost` is the server's current one: what an unknown user's refusal costs. */
export async function verifyPassword(password: string, stored: string | undefined, cost: ScryptCost = PASSWORD_COST): Promise<boolean> {
  const hashed = stored ?? dummyHash(cost);
  const [, , , , saltHex, hashHex] = hashed.split('$');
  const storedCost = costOf(hashed);
  if (!storedCost || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'), storedCost, expected.length);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}

/** Whether a stored hash is cheaper than `cost` in any of N, r and p: re-hash it when its password is next given. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const storedCost = costOf(stored);
  return !storedCost || storedCost.N < cost.N || storedCost.r < cost.r || storedCost.p < cost.p;
}

/** After a successful sign-in: a hash cheaper than `cost` is replaced by one at `cost` (unless the password changed meanwhile). */
export async function rehashIfCheap(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  password: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<void> {
  if (needsRehash(user.password_hash, cost)) await setPasswordHash(db, user.id, await hashPassword(password, cost), user.password_hash);
}

export const SESSION_MS = 2 * 24 * 60 * 60 * 1000;
/** How long the token that changed the password keeps working, while the console moves its feeds to the fresh one. */
export const ROTATE_GRACE_MS = 60 * 1000;
export const CAPTCHA_MS = 5 * 60 * 1000;

/**
 * A slider answer (contract/rules/captcha.ts): validate = the nonce, seccode = SHA-256(challenge + nonce) in hex,
 * which must start with `difficulty` zero bits. One hash checks it.
 */
export function captchaWorkHolds(challenge: string, nonce: unknown, digestHex: unknown, difficulty: number): boolean {
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 32 || typeof digestHex !== 'string') return false;
  const digest = createHash('sha256')
    .update(challenge + nonce)
    .digest();
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
      await rotateSessions(db, userId, tokenHash(currentToken), {
        tokenHash: tokenHash(token),
        at,
        expiresAt: at + SESSION_MS,
        graceUntil: at + ROTATE_GRACE_MS,
      });
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
