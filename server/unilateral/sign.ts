/**
 * The signature token of §3 Session (get_sign, get_sign2): an HMAC of the session token under a secret
 * kept once per data folder, so it lives and dies with the session. Calls that carry `sign` check it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../store/queryable';
import { signSecret } from '../store/unilateral';

export async function signOf(db: Queryable, token: string): Promise<string> {
  const secret = await signSecret(db, () => randomBytes(32).toString('hex'));
  return createHmac('sha256', secret).update(token).digest('hex');
}

export async function checkSign(db: Queryable, token: string, sign: unknown): Promise<boolean> {
  if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return false;
  const expected = Buffer.from(await signOf(db, token), 'hex');
  return timingSafeEqual(Buffer.from(sign, 'hex'), expected);
}
