// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATE_GRACE_MS, SESSION_MS } from '../../server/http/auth';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const MINUTE = 60_000;
const signedIn = async (token: string) => (await t.call('permissions', {}, { token })).code;

describe('sessions on the server', () => {
  it('a password change ends every other session; the changing one gets a fresh token and its old one fades out', async () => {
    await t.call('register', { username: 'rotator', password: 'first-pass', telPhone: '' });
    const mine = await t.login('rotator', 'first-pass');
    const laptop = await t.login('rotator', 'first-pass');
    const phone = (await t.call('unilateralLogin', { userName: 'rotator', userPassword: 'first-pass' })).data?.token as string | undefined;
    const someoneElse = await t.login('trader', 'trader123');

    const reply = await t.call('changePassword', { old_password: 'first-pass', new_password: 'second-pass' }, { token: mine });
    expect(reply).toMatchObject({ code: 200, info: '修改密码成功!' });
    const fresh = reply.data.token as string;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(mine);

    expect(await signedIn(laptop)).toBe(3);
    if (phone) expect(await signedIn(phone)).toBe(3);
    expect(await signedIn(someoneElse)).toBe(200);
    expect(await signedIn(fresh)).toBe(200);
    // the console moves its feeds to the fresh token; until then the old one still answers
    expect(await signedIn(mine)).toBe(200);
    await t.advance(ROTATE_GRACE_MS);
    expect(await signedIn(mine)).toBe(3);
    expect(await signedIn(fresh)).toBe(200);
  });

  it('a fresh token from a password change lasts 2 days like any other, on the server clock', async () => {
    await t.call('register', { username: 'expirer', password: 'first-pass', telPhone: '' });
    const token = await t.login('expirer', 'first-pass');
    const fresh = (await t.call('changePassword', { old_password: 'first-pass', new_password: 'second-pass' }, { token })).data.token as string;
    await t.advance(SESSION_MS - MINUTE);
    expect(await signedIn(fresh)).toBe(200);
    await t.advance(MINUTE);
    expect(await signedIn(fresh)).toBe(3);
  });

  it('an ended session cannot change the password again', async () => {
    await t.call('register', { username: 'twice', password: 'first-pass', telPhone: '' });
    const a = await t.login('twice', 'first-pass');
    const b = await t.login('twice', 'first-pass');
    expect((await t.call('changePassword', { old_password: 'first-pass', new_password: 'second-pass' }, { token: a })).code).toBe(200);
    expect((await t.call('changePassword', { old_password: 'second-pass', new_password: 'third-pass' }, { token: b })).code).toBe(3);
  });
});
