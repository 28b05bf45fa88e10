// @vitest-environment node
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { LOCKOUT } from '../../server/http/lockout';
import { startTestServer, type Reply, type TestServer } from './helpers';

/** Monday 2026-01-05 10:00 UTC: the lock of a failure now ends 10:15 UTC. */
const START = Date.UTC(2026, 0, 5, 10, 0);
const MINUTE = 60_000;

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ start: START });
});
afterEach(() => t.stop());

async function login(username: string, password: string): Promise<Reply> {
  const { data: captcha } = await t.call('captcha');
  return t.call('login', {
    username,
    password,
    geetest_challenge: captcha.challenge,
    geetest_validate: captcha.challenge,
    geetest_seccode: `${captcha.challenge}|jordan`,
  });
}

const unilateral = (userName: string, userPassword: string) => t.call('unilateralLogin', { userName, userPassword });

/** /validation/user from another loopback address (the server sees 127.0.0.2 as the client). */
function unilateralFrom(address: string, userName: string, userPassword: string): Promise<Reply> {
  const body = new URLSearchParams({ userName, userPassword }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}${endpoints.unilateralLogin.path}`,
      { method: endpoints.unilateralLogin.method, localAddress: address, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as Reply));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function failTimes(times: number, attempt: () => Promise<Reply>): Promise<void> {
  for (let i = 0; i < times; i += 1) expect(await attempt()).toMatchObject({ code: 400, info: '用户名或密码错误' });
}

describe('login lockout', () => {
  it('locks an account after 5 failures within 15 minutes on both login calls, naming when to retry; the right password is refused until then', async () => {
    await failTimes(3, () => login('follower', 'wrong-1'));
    await failTimes(2, () => unilateral('follower', 'wrong-2'));

    const locked = await unilateral('follower', 'follower123');
    expect(locked.code).toBe(400);
    expect(locked.info).toBe('登录失败次数过多，该账户已锁定，请在 15 分钟后（10:15 UTC 之后）重试');
    expect(locked.data).toBeNull();
    expect((await login('follower', 'follower123')).info).toContain('已锁定');
    const english = await t.call('unilateralLogin', { userName: 'FOLLOWER', userPassword: 'follower123' }, { lang: 'en' });
    expect(english.info).toBe('too many failed sign-ins: this account is locked, try again in 15 minutes (after 10:15 UTC)');

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
    expect(checked.length).toBeLessThanOrEqual(LOCKOUT.accountFailures);
    expect(replies.filter((reply) => reply.info.includes('已锁定'))).toHaveLength(30 - checked.length);
    expect((await unilateral('manager', 'manager123')).info).toContain('已锁定');
  });

  it('slows one address that sprays many names: 20 failures lock the address, not the accounts for others', async () => {
    const other = '127.0.0.2';
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

  it('keeps the counts and the locks across a restart on the same data folder', async () => {
    const restart = async () => {
      const { dataDir } = t;
      const now = t.clock.now();
      await t.server.close();
      t = await startTestServer({ dataDir, start: now });
    };
    await failTimes(5, () => login('follower', 'wrong-1'));
    await failTimes(3, () => login('trader', 'wrong-2'));
    for (let i = 0; i < LOCKOUT.addressFailures - 5 - 3; i += 1) {
      expect((await unilateralFrom('127.0.0.2', `nobody-${i}`, 'whatever')).info).toBe('用户名或密码错误');
    }
    await restart();

    // the lock of follower holds, with the same end
    expect((await unilateral('follower', 'follower123')).info).toBe('登录失败次数过多，该账户已锁定，请在 15 分钟后（10:15 UTC 之后）重试');
    // trader's 3 failures still count: 2 more lock it
    await failTimes(2, () => login('trader', 'wrong-3'));
    await restart();
    expect((await login('trader', 'trader123')).info).toContain('已锁定');
    // the other address keeps its 12 failures: 8 more lock it
    for (let i = 0; i < 8; i += 1) expect((await unilateralFrom('127.0.0.2', `nobody-${i}`, 'whatever')).info).toBe('用户名或密码错误');
    await restart();
    expect((await unilateralFrom('127.0.0.2', 'manager', 'manager123')).info).toContain('此地址');

    // a lock still ends on time after a restart
    await t.advance(LOCKOUT.lockMs);
    await restart();
    expect((await unilateral('follower', 'follower123')).code).toBe(200);
    expect((await login('trader', 'trader123')).code).toBe(200);
  });

  it('does not count a refused captcha as a password guess', async () => {
    for (let i = 0; i < 8; i += 1) {
      const reply = await t.call('login', { username: 'trader', password: 'trader123', geetest_challenge: 'f'.repeat(32), geetest_validate: 'x', geetest_seccode: 'y' });
      expect(reply.info).toContain('验证码');
    }
    expect((await login('trader', 'trader123')).code).toBe(200);
  });
});
