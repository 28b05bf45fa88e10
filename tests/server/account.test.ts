// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCaptcha, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const DAY = 24 * 60 * 60 * 1000;

async function captcha() {
  const reply = await t.call('captcha');
  expect(reply.code).toBe(200);
  return reply.data as { challenge: string; gt: string; success: number; new_captcha: boolean; user_id: string; difficulty: number };
}

/** The slider's answer: the proof of work of the challenge (tests/server/security-lockout.test.ts covers its checks). */
const answer = (challenge: string) => answerCaptcha({ challenge, difficulty: 4 });

describe('captcha and login', () => {
  it('issues a random challenge with the CaptchaChallenge fields', async () => {
    const a = await captcha();
    const b = await captcha();
    expect(a.challenge).toMatch(/^[0-9a-f]{32}$/);
    expect(a.challenge).not.toBe(b.challenge);
    expect(a).toMatchObject({ success: 1, new_captcha: true });
    expect(typeof a.gt).toBe('string');
    expect(typeof a.user_id).toBe('string');
  });

  it('logs in with a valid captcha and returns the LoginReply', async () => {
    const { challenge, user_id } = await captcha();
    const reply = await t.call('login', { userId: user_id, username: 'admin', password: 'admin123', ...(await answer(challenge)) });
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ is_super: 1, userName: 'admin', level: 1 });
    expect(reply.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a reused captcha', async () => {
    const { challenge } = await captcha();
    const first = await t.call('login', { username: 'trader', password: 'trader123', ...(await answer(challenge)) });
    expect(first.code).toBe(200);
    expect(first.data.is_super).toBe(0);
    const again = await t.call('login', { username: 'trader', password: 'trader123', ...(await answer(challenge)) });
    expect(again.code).toBe(400);
    expect(again.info).toContain('验证码');
  });

  it('refuses a wrong slider answer, an invented challenge and an expired one', async () => {
    const { challenge } = await captcha();
    const wrong = await t.call('login', { username: 'admin', password: 'admin123', ...(await answer(challenge)), geetest_seccode: challenge });
    expect(wrong.code).toBe(400);
    const invented = 'f'.repeat(32);
    expect((await t.call('login', { username: 'admin', password: 'admin123', ...(await answer(invented)) })).code).toBe(400);
    const old = await captcha();
    await t.advance(5 * 60 * 1000 + 1000);
    expect((await t.call('login', { username: 'admin', password: 'admin123', ...(await answer(old.challenge)) })).code).toBe(400);
  });

  it('refuses a wrong password and an unknown user with the same message, in zh-CN and en', async () => {
    const a = await captcha();
    const wrong = await t.call('login', { username: 'admin', password: 'nope-nope', ...(await answer(a.challenge)) });
    expect(wrong).toMatchObject({ code: 400, info: '用户名或密码错误' });
    const b = await captcha();
    const unknown = await t.call('login', { username: 'ghost', password: 'admin123', ...(await answer(b.challenge)) }, { lang: 'en-US,en;q=0.9' });
    expect(unknown).toMatchObject({ code: 400, info: 'wrong user name or password' });
  });
});

describe('sessions', () => {
  it('answers code 3 when the token is missing, unknown or expired', async () => {
    expect((await t.call('permissions')).code).toBe(3);
    expect((await t.call('permissions', {}, { token: 'a'.repeat(64) })).code).toBe(3);
    const token = await t.login('admin', 'admin123');
    expect((await t.call('permissions', {}, { token })).code).toBe(200);
    await t.advance(2 * DAY - 60_000);
    expect((await t.call('permissions', {}, { token })).code).toBe(200);
    await t.advance(2 * 60_000);
    const expired = await t.call('permissions', {}, { token });
    expect(expired.code).toBe(3);
    expect(expired.info).toBeTruthy();
  });

  it('logout invalidates the token', async () => {
    const token = await t.login('trader', 'trader123');
    expect((await t.call('logout', {}, { token })).code).toBe(200);
    expect((await t.call('apiList', {}, { token })).code).toBe(3);
  });

  it('stores neither passwords nor tokens in clear', async () => {
    const token = await t.login('admin', 'admin123');
    const dbFiles = readdirSync(t.dataDir).filter((name) => name.startsWith('console.db'));
    expect(dbFiles.length).toBeGreaterThan(0);
    const raw = Buffer.concat(dbFiles.map((name) => readFileSync(path.join(t.dataDir, name)))).toString('latin1');
    expect(raw).toContain('admin');
    for (const secret of ['admin123', 'trader123', 'follower123', token]) expect(raw).not.toContain(secret);
    expect(raw).toContain('scrypt$');
  });
});

describe('register, unilateral login and change password', () => {
  it('registers a user who can then log in', async () => {
    const reply = await t.call('register', { username: 'newbie', password: 'secret1', telPhone: '13900000000' });
    expect(reply.code).toBe(200);
    const token = await t.login('newbie', 'secret1');
    const permissions = await t.call('permissions', {}, { token });
    expect(permissions.data).toMatchObject({ userName: 'newbie', is_super: 0, level: 0 });
  });

  it('refuses a taken name, an empty name and a short password with clear messages', async () => {
    expect(await t.call('register', { username: 'admin', password: 'whatever1', telPhone: '' })).toMatchObject({ code: 400, info: '用户名已存在' });
    expect(await t.call('register', { username: 'ADMIN', password: 'whatever1', telPhone: '' })).toMatchObject({ code: 400 });
    const empty = await t.call('register', { username: '  ', password: 'whatever1', telPhone: '' }, { lang: 'en' });
    expect(empty).toMatchObject({ code: 400, info: 'username is required' });
    const short = await t.call('register', { username: 'shorty', password: '12345', telPhone: '' });
    expect(short).toMatchObject({ code: 400, info: '密码至少需要 6 位' });
  });

  it('unilateral login puts token and pes both beside code and in data', async () => {
    const reply = await t.call('unilateralLogin', { userName: 'follower', userPassword: 'follower123' });
    expect(reply.code).toBe(200);
    expect(reply.token).toMatch(/^[0-9a-f]{64}$/);
    expect(reply.pes).toBe(2);
    expect(reply.data).toEqual({ token: reply.token, pes: 2 });
    const permissions = await t.call('permissions', {}, { token: reply.token as string });
    expect(permissions.data.columns).toContain('/main/index/unilateral');
    expect((await t.call('unilateralLogin', { userName: 'follower', userPassword: 'bad' })).code).toBe(400);
  });

  it('changes the password: wrong old password refused, old password then stops working', async () => {
    await t.call('register', { username: 'changer', password: 'first-pass', telPhone: '' });
    const token = await t.login('changer', 'first-pass');
    const other = await t.login('changer', 'first-pass');
    const wrong = await t.call('changePassword', { old_password: 'not-it', new_password: 'second-pass' }, { token });
    expect(wrong).toMatchObject({ code: 400, info: '原密码错误' });
    const short = await t.call('changePassword', { old_password: 'first-pass', new_password: '123' }, { token });
    expect(short.code).toBe(400);
    const ok = await t.call('changePassword', { old_password: 'first-pass', new_password: 'second-pass' }, { token });
    expect(ok).toMatchObject({ code: 200, info: '修改密码成功!' });
    expect((await t.call('permissions', {}, { token })).code).toBe(200);
    expect((await t.call('permissions', {}, { token: other })).code).toBe(3);
    await expect(t.login('changer', 'first-pass')).rejects.toThrow();
    expect(await t.login('changer', 'second-pass')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('permissions', () => {
  it('differ for admin and trader', async () => {
    const admin = (await t.call('permissions', {}, { token: await t.login('admin', 'admin123') })).data;
    const trader = (await t.call('permissions', {}, { token: await t.login('trader', 'trader123') })).data;
    expect(admin).toMatchObject({ userName: 'admin', is_super: 1, level: 1 });
    expect(trader).toMatchObject({ userName: 'trader', is_super: 0, level: 0 });
    expect(admin.columns).toEqual(expect.arrayContaining(['/market', '/config', '/main/index', '/coins', '/temp/strategy']));
    expect(admin.strategy).toHaveLength(8);
    expect(trader.columns).toContain('/market');
    expect(trader.columns).not.toContain('/coins');
    expect(trader.columns).not.toContain('/main/index');
    expect(trader.strategy).toEqual(['strategy_details']);
    const adminOnly = admin.columns.filter((column: string) => !trader.columns.includes(column));
    expect(adminOnly.length).toBeGreaterThan(10);
  });
});
