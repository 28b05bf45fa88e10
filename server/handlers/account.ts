import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge, ChangePasswordReply, LoginReply, PermissionData, UnilateralLoginReply } from '#contract/types/account';
import { hashPassword, rehashIfCheap, verifyPassword } from '../http/auth';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { invalid } from '../http/envelope';
import { TRADER_COLUMNS, TRADER_STRATEGY_KEYS } from '../demo-accounts';
import { isUnilateralAccount } from '#contract/rules/unilateral';
import { findUserById, findUserByName, insertUser, setPasswordHash, type UserRow } from '../store/users';
import { has, optStr, str } from '../http/validate';

const USERNAME = /^[\p{L}\p{N}_.-]{1,32}$/u;
const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;

function checkNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length < 6) throw invalid('err.passwordShort');
  if (password.length > 128) throw invalid('err.passwordLong');
  return password;
}

/** `HH:mm` (UTC) of a time on the server's clock, for the lockout message. */
const utcMinute = (at: number): string => new Date(at).toISOString().slice(11, 16);

/** The refusal of an attempt a lock (server/http/lockout.ts) or the registration limit stops, naming when to retry. */
function refusedUntil(call: CallContext, key: 'err.signInLocked' | 'err.addressLocked' | 'err.registerLimit', until: number) {
  const minutes = Math.max(1, Math.ceil((until - call.app.clock.now()) / 60_000));
  return invalid(key, { minutes, until: utcMinute(until) });
}

/**
 * Checks a password of `username` from the caller's address, counted by the lockout: refused unchecked while
 * a lock holds, else true when `row` exists, `admits` it and the password is its own. A missing or refused
 * account costs the same work (the password is checked against a dummy hash) and counts the same failure,
 * so neither the answer nor its time tells a name apart.
 */
async function checkPassword(
  call: CallContext,
  username: string,
  password: string,
  row: UserRow | undefined,
  admits: (row: UserRow) => boolean = () => true,
): Promise<boolean> {
  const { lockout } = call.app.auth;
  const locked = lockout.begin(username, call.address);
  if (locked) throw refusedUntil(call, locked.scope === 'pair' ? 'err.signInLocked' : 'err.addressLocked', locked.until);
  let matches = false;
  try {
    const admitted = row !== undefined && admits(row);
    matches = (await verifyPassword(password, admitted ? row.password_hash : undefined, call.app.settings.passwordCost)) && admitted;
  } finally {
    await lockout.end(username, call.address, matches);
  }
  return matches;
}

/**
 * The user whose name and password match, or a 400 that does not say which of the two was wrong. An account
 * `admits` refuses (a console account on the unilateral form) is refused the same way, whatever the password:
 * that form can neither confirm a console password nor tell a console account from an unknown name.
 */
async function authenticate(call: CallContext, usernameField: string, passwordField: string, admits?: (row: UserRow) => boolean): Promise<UserRow> {
  const username = typeof call.payload[usernameField] === 'string' ? (call.payload[usernameField] as string).trim() : '';
  const password = typeof call.payload[passwordField] === 'string' ? (call.payload[passwordField] as string) : '';
  const row = username ? await findUserByName(call.app.db, username) : undefined;
  if (!(await checkPassword(call, username, password, row, admits)) || !row) throw invalid('err.wrongCredentials');
  await rehashIfCheap(call.app.db, row, password, call.app.settings.passwordCost);
  return row;
}

export const accountHandlers: HandlerMap = {
  async register(call) {
    const { db, auth } = call.app;
    const username = str(call.payload, 'username', 64);
    if (!USERNAME.test(username)) throw invalid('err.usernameInvalid');
    const password = checkNewPassword(call.payload.password);
    const telPhone = optStr(call.payload, 'telPhone', 32) ?? '';
    if (telPhone && !PHONE.test(telPhone)) throw invalid('err.telPhone');
    // every attempt that gets this far counts: a taken name answers, so probing names is slowed too
    const limited = await auth.lockout.register(call.address);
    if (limited) throw refusedUntil(call, 'err.registerLimit', limited);
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
      difficulty: call.app.settings.captchaDifficulty,
      success: 1,
      new_captcha: true,
      user_id: randomBytes(8).toString('hex'),
    };
    return call.ok(data);
  },

  async login(call) {
    const { payload, app } = call;
    // the challenge is used up by any attempt, right or wrong
    const captchaOk = await app.auth.consumeCaptcha(
      payload.geetest_challenge,
      payload.geetest_validate,
      payload.geetest_seccode,
      app.settings.captchaDifficulty,
    );
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
    // a wrong old password is a failed sign-in of this account from this address: a stolen session cannot guess it freely
    if (!(await checkPassword(call, user.username, oldPassword, row)) || !row) throw invalid('err.oldPassword');
    const newPassword = checkNewPassword(call.payload.new_password);
    if (newPassword === oldPassword) throw invalid('err.samePassword');
    // only over the hash just checked: of two changes at once with the same old password, one wins
    if (!(await setPasswordHash(db, user.id, await hashPassword(newPassword, call.app.settings.passwordCost), row.password_hash)))
      throw invalid('err.oldPassword');
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
