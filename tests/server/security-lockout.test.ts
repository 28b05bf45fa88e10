// @vitest-environment node
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { LOCKOUT, REGISTRATION } from '../../server/http/lockout';
import { answerCaptcha, startTestServer, type Reply, type TestServer } from './helpers';

/** Monday 2026-01-05 10:00 UTC: the lock of a failure now ends 10:15 UTC. */
const START = Date.UTC(2026, 0, 5, 10, 0);
const MINUTE = 60_000;
const OTHER = '127.0.0.2';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ start: START });
});
afterEach(() => t.stop());

async function login(username: string, password: string): Promise<Reply> {
  const { data: captcha } = await t.call('captcha');
  return t.call('login', { username, password, ...(await answerCaptcha(captcha)) });
}

const unilateral = (userName: string, userPassword: string) => t.call('unilateralLogin', { userName, userPassword });

/** A form call from another loopback address (the server sees e.g. 127.0.0.2 as the client). */
function callFrom(address: string, name: EndpointName, fields: Record<string, string>, token?: string): Promise<Reply> {
  const body = new URLSearchParams(fields).toString();
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${endpoints[name].path}`, { method: endpoints[name].method, localAddress: address, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text) as Reply));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** /validation/user from another loopback address. */
const unilateralFrom = (address: string, userName: string, userPassword: string) => callFrom(address, 'unilateralLogin', { userName, userPassword });

async function failTimes(times: number, attempt: () => Promise<Reply>): Promise<void> {
  for (let i = 0; i < times; i += 1) expect(await attempt()).toMatchObject({ code: 400, info: '用户名或密码错误' });
}

const LOCKED_15 = '登录失败次数过多，请在 15 分钟后（10:15 UTC 之后）重试';

describe('login lockout', () => {
  it('locks an account for one address after 5 failures within 15 minutes on both login calls, naming when to retry; the right password is refused there until then', async () => {
    await failTimes(3, () => login('follower', 'wrong-1'));
    await failTimes(2, () => unilateral('follower', 'wrong-2'));

    const locked = await unilateral('follower', 'follower123');
    expect(locked.code).toBe(400);
    expect(locked.info).toBe(LOCKED_15);
    expect(locked.data).toBeNull();
    expect((await login('follower', 'follower123')).info).toBe(LOCKED_15);
    const english = await t.call('unilateralLogin', { userName: 'FOLLOWER', userPassword: 'follower123' }, { lang: 'en' });
    expect(english.info).toBe('too many failed sign-ins: try again in 15 minutes (after 10:15 UTC)');

    // another account is not touched
    expect((await login('trader', 'trader123')).code).toBe(200);

    await t.advance(LOCKOUT.lockMs - MINUTE);
    expect((await unilateral('follower', 'follower123')).info).toContain('1 分钟后');
    await t.advance(MINUTE);
    const open = await unilateral('follower', 'follower123');
    expect(open.code).toBe(200);
    expect(open.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts only the failures of the last 15 minutes, and a success starts the count again', async () => {
    await failTimes(4, () => login('trader', 'nope-nope'));
    await t.advance(LOCKOUT.windowMs);
    await failTimes(4, () => login('trader', 'nope-nope'));
    expect((await login('trader', 'trader123')).code).toBe(200);
    await failTimes(4, () => login('trader', 'nope-nope'));
    expect((await login('trader', 'trader123')).code).toBe(200);
  });

  it('counts guesses sent at once: of 30 parallel wrong passwords at most 5 are checked, then the right one is refused', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => unilateral('manager', `guess-${i}`)));
    const checked = replies.filter((reply) => reply.info === '用户名或密码错误');
    expect(checked.length).toBeLessThanOrEqual(LOCKOUT.pairFailures);
    expect(replies.filter((reply) => reply.info.includes('登录失败次数过多'))).toHaveLength(30 - checked.length);
    expect((await unilateral('manager', 'manager123')).info).toContain('登录失败次数过多');
  });

  it('slows one address that sprays many names: 20 failures lock the address, not the accounts for others', async () => {
    const other = OTHER;
    for (let i = 0; i < LOCKOUT.addressFailures; i += 1) {
      expect((await unilateralFrom(other, `nobody-${i}`, 'whatever')).info).toBe('用户名或密码错误');
    }
    const refused = await unilateralFrom(other, 'follower', 'follower123');
    expect(refused).toMatchObject({ code: 400, info: '此地址登录失败次数过多，请在 15 分钟后（10:15 UTC 之后）重试' });
    // the same account from the usual address signs in: the address was locked, not the account
    expect((await unilateral('follower', 'follower123')).code).toBe(200);
    await t.advance(LOCKOUT.lockMs);
    expect((await unilateralFrom(other, 'follower', 'follower123')).code).toBe(200);
  });

  it('keeps the counts, the locks and how long the next one lasts across a restart on the same data folder', async () => {
    const restart = async () => {
      const { dataDir } = t;
      const now = t.clock.now();
      await t.server.close();
      t = await startTestServer({ dataDir, start: now });
    };
    await failTimes(5, () => login('follower', 'wrong-1'));
    await failTimes(3, () => login('trader', 'wrong-2'));
    for (let i = 0; i < LOCKOUT.addressFailures - 5 - 3; i += 1) {
      expect((await unilateralFrom(OTHER, `nobody-${i}`, 'whatever')).info).toBe('用户名或密码错误');
    }
    await restart();

    // the lock of follower holds, with the same end
    expect((await unilateral('follower', 'follower123')).info).toBe(LOCKED_15);
    // trader's 3 failures still count: 2 more lock it
    await failTimes(2, () => login('trader', 'wrong-3'));
    await restart();
    expect((await login('trader', 'trader123')).info).toContain('登录失败次数过多');
    // the other address keeps its 12 failures: 8 more lock it
    for (let i = 0; i < 8; i += 1) expect((await unilateralFrom(OTHER, `nobody-${i}`, 'whatever')).info).toBe('用户名或密码错误');
    await restart();
    expect((await unilateralFrom(OTHER, 'manager', 'manager123')).info).toContain('此地址');

    // a lock still ends on time after a restart, and the next one of follower lasts twice as long
    await t.advance(LOCKOUT.lockMs);
    await restart();
    await failTimes(5, () => unilateral('follower', 'wrong-4'));
    await restart();
    expect((await unilateral('follower', 'follower123')).info).toBe('登录失败次数过多，请在 30 分钟后（10:45 UTC 之后）重试');
    expect((await login('trader', 'trader123')).code).toBe(200);
  });

  it('does not count a refused captcha as a password guess', async () => {
    for (let i = 0; i < 8; i += 1) {
      const reply = await t.call('login', {
        username: 'trader',
        password: 'trader123',
        geetest_challenge: 'f'.repeat(32),
        geetest_validate: 'x',
        geetest_seccode: 'y',
      });
      expect(reply.info).toContain('验证码');
    }
    expect((await login('trader', 'trader123')).code).toBe(200);
  });

  it("lets nobody lock out an account from an address that is not its user's: refusals of the super user from another address leave it signing in from its own", async () => {
    // five anonymous /validation/user calls used to lock admin out for 15 minutes
    for (let i = 0; i < 2 * LOCKOUT.pairFailures; i += 1) {
      const reply = await unilateralFrom(OTHER, 'admin', `guess-${i}`);
      expect(reply.code).toBe(400);
      expect(reply.info).toMatch(i < LOCKOUT.pairFailures ? /^用户名或密码错误$/ : /^登录失败次数过多/);
    }
    const own = await login('admin', 'admin123');
    expect(own.code).toBe(200);
    expect(own.data.is_super).toBe(1);
    // the guessing address stays locked for admin, right password or not
    expect((await unilateralFrom(OTHER, 'admin', 'admin123')).info).toMatch(/^登录失败次数过多/);
  });

  it('makes each further lock of the same account and address last twice as long, up to 4 hours; a success starts over', async () => {
    const lockFor = async (minutes: number) => {
      await failTimes(LOCKOUT.pairFailures, () => unilateral('follower', 'wrong'));
      const refused = await unilateral('follower', 'follower123');
      expect(refused.info).toContain(`请在 ${minutes} 分钟后`);
      await t.advance(minutes * MINUTE);
    };
    for (const minutes of [15, 30, 60, 120, 240, 240]) await lockFor(minutes);
    expect((await unilateral('follower', 'follower123')).code).toBe(200);
    await lockFor(15);
    // a day after the last lock ended, the locks are forgotten
    await lockFor(30);
    await t.advance(LOCKOUT.strikeMemoryMs);
    await lockFor(15);
  });

  it('answers a console account on /validation/user as it answers an unknown name, whatever the password', async () => {
    const unknown = await unilateral('nobody-at-all', 'admin123');
    expect(unknown).toMatchObject({ code: 400, info: '用户名或密码错误', data: null });
    for (const [user, password] of [
      ['admin', 'admin123'],
      ['admin', 'not-the-password'],
      ['trader', 'trader123'],
    ] as const) {
      expect(await unilateral(user, password)).toEqual(unknown);
    }
  });

  it('counts a wrong old password on a password change as a failed sign-in of that account from that address', async () => {
    const token = await t.login('trader', 'trader123');
    for (let i = 0; i < LOCKOUT.pairFailures; i += 1) {
      expect(await t.call('changePassword', { old_password: `wrong-${i}`, new_password: 'trader456' }, { token })).toMatchObject({
        code: 400,
        info: '原密码错误',
      });
    }
    // the right old password is refused while locked, and so is a sign-in from this address
    expect((await t.call('changePassword', { old_password: 'trader123', new_password: 'trader456' }, { token })).info).toBe(LOCKED_15);
    expect((await login('trader', 'trader123')).info).toBe(LOCKED_15);
    // from another address the account signs in as usual
    expect((await callFrom(OTHER, 'changePassword', { old_password: 'trader123', new_password: 'trader456' }, token)).code).toBe(200);
  });
});

describe('registration', () => {
  it('takes at most 10 registration attempts per address an hour, taken names included; other addresses register meanwhile', async () => {
    const register = (address: string, username: string) => callFrom(address, 'register', { username, password: 'secret-1', telPhone: '' });
    for (let i = 0; i < REGISTRATION.perAddress - 1; i += 1) expect((await register(OTHER, `bulk-${i}`)).code).toBe(200);
    expect((await register(OTHER, 'admin')).info).toBe('用户名已存在');
    const refused = await register(OTHER, 'bulk-x');
    expect(refused).toMatchObject({ code: 400, info: '此地址注册次数过多，请在 60 分钟后（11:00 UTC 之后）重试' });
    expect((await t.call('register', { username: 'elsewhere', password: 'secret-1', telPhone: '' })).code).toBe(200);
    await t.advance(REGISTRATION.windowMs);
    expect((await register(OTHER, 'bulk-x')).code).toBe(200);
  });
});

describe('the slider captcha', () => {
  it('asks for a proof of work of the configured difficulty: an answer made from the challenge alone is refused, the work signs in once', async () => {
    const { data: captcha } = await t.call('captcha');
    expect(captcha.difficulty).toBe(4);
    const { challenge } = captcha;
    // what the slider answered before computable from the challenge without any work
    const derived = await t.call('login', {
      username: 'trader',
      password: 'trader123',
      geetest_challenge: challenge,
      geetest_validate: challenge,
      geetest_seccode: `${challenge}|jordan`,
    });
    expect(derived).toMatchObject({ code: 400, info: '验证码无效或已过期，请重新验证' });

    const fresh = (await t.call('captcha')).data;
    const work = await answerCaptcha(fresh);
    expect((await t.call('login', { username: 'trader', password: 'trader123', ...work })).code).toBe(200);
    expect((await t.call('login', { username: 'trader', password: 'trader123', ...work })).info).toBe('验证码无效或已过期，请重新验证');
  });

  it('refuses a digest without enough zero bits, one that is not the hash of the nonce, and work on an expired challenge', async () => {
    const { createHash } = await import('node:crypto');
    const { leadingZeroBits } = await import('#contract/rules/captcha');
    const digestOf = (text: string) => createHash('sha256').update(text).digest();
    const attempt = (fields: Record<string, string>) => t.call('login', { username: 'trader', password: 'trader123', ...fields });

    const weak = (await t.call('captcha')).data.challenge as string;
    let nonce = 0;
    while (leadingZeroBits(digestOf(weak + nonce)) >= 4) nonce += 1;
    expect(
      (await attempt({ geetest_challenge: weak, geetest_validate: String(nonce), geetest_seccode: digestOf(weak + nonce).toString('hex') })).info,
    ).toContain('验证码');

    const lying = await answerCaptcha((await t.call('captcha')).data);
    expect((await attempt({ ...lying, geetest_validate: `${lying.geetest_validate}0` })).info).toContain('验证码');

    const late = await answerCaptcha((await t.call('captcha')).data);
    await t.advance(5 * MINUTE + 1000);
    expect((await attempt(late)).info).toContain('验证码');
  });
});
