// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from '../../server/http/auth';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { startTestServer } from './helpers';

/**
 * finding 9: password hashes at OWASP's scrypt cost (N=2^17, r=8, p=1). A stored hash carries its
 * own cost (`scrypt$N$r$p$salt$hash`), so hashes of the older cost (N=2^14) still sign in, and each is
 * re-hashed at the server's cost at its next successful sign-in. (Other tests use a cheap cost: a hash at
 * this one takes ~0.3 s and 128 MiB.)
 */
const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');
const OLD_COST = { N: 2 ** 14, r: 8, p: 1 };

describe('password hashes', () => {
  it('are made at N=2^17, r=8, p=1 by default, and a server uses that cost unless told otherwise', async () => {
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(DEFAULT_SETTINGS.passwordCost).toEqual(PASSWORD_COST);
    const hash = await hashPassword('a password of 2026');
    expect(costOf(hash)).toBe('scrypt$131072$8$1');
    expect(await verifyPassword('a password of 2026', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(await hashPassword('x', OLD_COST))).toBe(true);
  });

  it("of the older cost still sign in, and are re-hashed at the server's cost at the next successful sign-in only", async () => {
    const t = await startTestServer({ settings: { passwordCost: PASSWORD_COST } });
    try {
      const { db } = t.server.context;
      const old = await hashPassword('veteran123', OLD_COST);
      // an account as the versions before left it
      await db.run(
        `INSERT INTO users (username, password_hash, is_super, level, pes, columns, strategy_keys, created_at) VALUES ('veteran', ?, 0, 0, 0, '["/api"]', '[]', 0)`,
        [old],
      );
      const stored = async () => (await db.get<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'veteran'"))!.password_hash;

      // a wrong password changes nothing
      await expect(t.login('veteran', 'not-the-password')).rejects.toThrow();
      expect(await stored()).toBe(old);

      const token = await t.login('veteran', 'veteran123');
      expect((await t.call('apiList', {}, { token })).code).toBe(200);
      const upgraded = await stored();
      expect(costOf(upgraded)).toBe('scrypt$131072$8$1');
      expect(upgraded).not.toBe(old);
      // the same password signs in against the new hash, which stays as it is
      await t.login('veteran', 'veteran123');
      expect(await stored()).toBe(upgraded);
    } finally {
      await t.stop();
    }
  });
});
