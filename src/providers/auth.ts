import type { AuthProvider } from '@refinedev/core';
import { call } from '../api/client';
import type { ChangePasswordRequest, LoginReply, LoginRequest, RegisterRequest, UnilateralLoginReply, UnilateralLoginRequest } from '#contract/types/account';
import { clearSession, readSession, saveSession } from './session';
import { loadPermissions, resetPermissions } from './permissions';
import { feedManager } from '../live/manager';

/** Where a normal login lands (spec §2 Login page): is_super 0 → /user, 1 → /market. */
export const landingAfterLogin = (isSuper: boolean) => (isSuper ? '/market' : '/user');
/** Where a unilateral login lands (spec §2: /unilateral, which opens the unilateral strategy list). */
export const UNILATERAL_LANDING = '/unilateral';

export async function login(request: LoginRequest): Promise<LoginReply> {
  const reply = await call('login', request);
  resetPermissions();
  saveSession({
    token: reply.token,
    userName: reply.userName || request.username,
    level: reply.level ?? 0,
    isSuper: Number(reply.is_super) === 1,
    kind: 'normal',
  });
  return reply;
}

export async function unilateralLogin(request: UnilateralLoginRequest): Promise<UnilateralLoginReply> {
  const reply = await call('unilateralLogin', request);
  resetPermissions();
  saveSession({ token: reply.token, userName: request.userName, level: Number(reply.pes ?? 0), isSuper: false, kind: 'unilateral' });
  return reply;
}

export const register = (request: RegisterRequest) => call('register', request);

/**
 * A password change ends the user's other sessions on the server; this one carries on with the fresh
 * token of the reply, and its open feeds reconnect with it (the old token fades out on the server).
 */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  const reply = await call('changePassword', request);
  const session = readSession();
  if (!session || typeof reply?.token !== 'string' || !reply.token) return;
  saveSession({ ...session, token: reply.token });
  feedManager.reconnectAll();
}

/**
 * Ends the session locally at once and on the server: the call leaves with the token before the session
 * is cleared, and the operator is not kept waiting on a slow or lost reply (best effort; the token also
 * expires on the server). Resolves when the server has answered or given up.
 */
export function logout(): Promise<void> {
  const told = readSession()
    ? call('logout').then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  clearSession();
  resetPermissions();
  return told;
}

/** Refine's view of the same session. Login itself happens on the login page, outside Refine. */
export const authProvider: AuthProvider = {
  login: async () => ({ success: false }),
  logout: async () => {
    await logout();
    return { success: true, redirectTo: '/login' };
  },
  check: async () => (readSession() ? { authenticated: true } : { authenticated: false, redirectTo: '/login', logout: true }),
  // a code-3 reply is handled once, where the client meets it (endInvalidSession, set up in
  // src/app/connect.ts); Refine must not log out a second time
  onError: async () => ({}),
  getIdentity: async () => {
    const session = readSession();
    return session ? { id: session.userName, name: session.userName, isSuper: session.isSuper, level: session.level } : null;
  },
  getPermissions: async () => (readSession() ? loadPermissions() : null),
};
