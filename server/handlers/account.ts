import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge, ChangePasswordReply, LoginReply, PermissionData, UnilateralLoginReply } from '../../src/api/types';
import { hashPassword, rehashIfCheap, verifyPassword } from '../http/auth';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { invalid } from '../http/envelope';
import { TRADER_COLUMNS, TRADER_STRATEGY_KEYS } from '../../src/domain/demo-accounts';
import { isUnilateralAccount } from '../../src/domain/unilateral';
import { findUserById, findUserByName, insertUser, setPasswordHash, type UserRow } from '../store/users';
import { has, optStr, str } from '../http/validate';

const USERNAME = /^[\p{L}\p{N}_.\-]{1,32}$/u;
const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;

function checkNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length < 6) throw invalid('err.passwordShort');
  if (password.length > 128) throw invalid('err.passwordLong');
  return password;
}

/** `HH:mm` (UTC) of a time on the server's clock, for the lockout message. */
const utcMinute = (at: number): string => new Date(at).toISOString().slice(11, 16);

/**
 * The user whose name and password match, or a 400 that does not say which of the two was wrong.
 * A locked account or address (server/http/lockout.ts) is refused before the password is checked.
 */
/**
 * The user of these credentials. An account `admits` refuses (a console account on the unilateral form)
 * is refused by name before its password is looked at, so that form cannot confirm a console password.
 */
async function authenticate(call: CallContext, usernameField: string, passwordField: string, admits: (row: UserRow) => boolean = () => true): Promise<UserRow> {
  const { lockout } = call.app.auth;
  const username = typeof call.payload[usernameField] === 'string' ? (call.payload[usernameField] as string).trim() : '';
  const password = typeof call.payload[passwordField] === 'string' ? (call.payload[passwordField] as string) : '';
  const locked = lockout.begin(username, call.address);
  if (locked) {
    const minutes = Math.max(1, Math.ceil((locked.until - call.app.clock.now()) / 60_000));
    throw invalid(locked.scope === 'account' ? 'err.accountLocked' : 'err.addressLocked', { minutes, until: utcMinute(locked.until) });
  }
  let row: UserRow | undefined;
  let refused = false;
  let matches = false;
  try {
    row = username ? await findUserByName(call.app.db, username) : undefined;
    refused = row !== undefined && !admits(row);
    matches = !refused && (await verifyPassword(password, row?.password_hash, call.app.settings.passwordCost));
  } finally {
    await lockout.end(username, call.address, row !== undefined && matches);
  }
  if (refused) throw invalid('err.unilateralOnly');
  if (!row || !matches) throw invalid('err.wrongCredentials');
  await rehashIfCheap(call.app.db, row, password, call.app.settings.passwordCost);
  return row;
}

export const accountHandlers: HandlerMap = {
  async register(call) {
    const { db } = call.app;
    const username = str(call.payload, 'username', 64);
    if (!USERNAME.test(username)) throw invalid('err.usernameInvalid');
    const password = checkNewPassword(call.payload.password);
    const telPhone = optStr(call.payload, 'telPhone', 32) ?? '';
    if (telPhone && !PHONE.test(telPhone)) throw invalid('err.telPhone');
    if (await findUserByName(db, username)) throw invalid('err.usernameTaken');
    const passwordHash = await hashPassword(password, call.app.settings.passwordCost);
    try {
      await insertUser(db, {
        username,
        passwordHash,
        telPhone,
        isSuper: 0,
        level: 0,
        pes: 0,
        columns: TRADER_COLUMNS,
        strategyKeys: TRADER_STRATEGY_KEYS,
        createdAt: call.app.clock.now(),
      });
    } catch (error) {
      // two registrations racing for one name: the UNIQUE constraint decides
      if (String(error).includes('UNIQUE')) throw invalid('err.usernameTaken');
      throw error;
    }
    return call.ok({ username }, 'ok.register');
  },

  async captcha(call) {
    const challenge = await call.app.auth.issueCaptcha();
    const data: CaptchaChallenge = {
      gt: randomBytes(16).toString('hex'),
      challenge,
      success: 1,
      new_captcha: true,
      user_id: randomBytes(8).toString('hex'),
    };
    return call.ok(data);
  },

  async login(call) {
    const { payload, app } = call;
    // the challenge is used up by any attempt, right or wrong
    const captchaOk = await app.auth.consumeCaptcha(payload.geetest_challenge, payload.geetest_validate, payload.geetest_seccode);
    if (!captchaOk) throw invalid('err.captcha');
    const row = await authenticate(call, 'username', 'password');
    const token = await app.auth.issueToken(row.id);
    const data: LoginReply = { token, is_super: row.is_super === 1 ? 1 : 0, userName: row.username, level: row.level };
    return call.ok(data, 'ok.login');
  },

  async unilateralLogin(call) {
    // the console's own accounts sign in through the normal login (the super user reaches the same pages there)
    const row = await authenticate(call, 'userName', 'userPassword', (user) => isUnilateralAccount({ isSuper: user.is_super === 1, pes: user.pes }));
    const token = await call.app.auth.issueToken(row.id);
    const data: UnilateralLoginReply = { token, pes: row.pes };
    // the spec shows token and pes beside code; they are in data as well
    return call.ok(data, 'ok.login', { token, pes: row.pes });
  },

  async logout(call) {
    if (call.token) await call.app.auth.revoke(call.token);
    return call.ok(null, 'ok.logout');
  },

  async changePassword(call) {
    const user = signedIn(call);
    const { db, auth } = call.app;
    if (!has(call.payload, 'old_password')) throw invalid('err.required', { field: 'old_password' });
    if (!has(call.payload, 'new_password')) throw invalid('err.required', { field: 'new_password' });
    const row = await findUserById(db, user.id);
    const oldPassword = String(call.payload.old_password);
    if (!row || !(await verifyPassword(oldPassword, row.password_hash))) throw invalid('err.oldPassword');
    const newPassword = checkNewPassword(call.payload.new_password);
    if (newPassword === oldPassword) throw invalid('err.samePassword');
    // only over the hash just checked: of two changes at once with the same old password, one wins
    if (!(await setPasswordHash(db, user.id, await hashPassword(newPassword, call.app.settings.passwordCost), row.password_hash))) throw invalid('err.oldPassword');
    // every other session ends; this one carries on with a fresh token (its old one fades out)
    const data: ChangePasswordReply = { token: await auth.rotate(user.id, call.token ?? '') };
    return call.ok(data, 'ok.changePassword');
  },

  async permissions(call) {
    // the session user is read fresh from the users table on every call
    const user = signedIn(call);
    const data: PermissionData = {
      columns: user.columns,
      strategy: user.strategyKeys,
      userName: user.username,
      is_super: user.isSuper ? 1 : 0,
      level: user.level,
      pes: user.pes,
    };
    return call.ok(data);
  },
};
