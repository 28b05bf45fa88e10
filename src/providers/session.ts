import Cookies from 'js-cookie';
import { SESSION_DAYS } from '#contract/rules/constants';

/**
 * The signed-in session (spec §4 Session), kept in cookies that last 2 days: SameSite=Strict (no other site's
 * request carries them) and Secure when the console is served over https.
 *
 * The token cookie stays readable by the console's script, not HttpOnly: the console sends the token itself, in
 * an Authorization header to services that may live on other origins (config.json) where no cookie of this
 * origin goes, and in the handshake of its sockets. What keeps another script from reading it is the
 * Content-Security-Policy (scripts of this origin only: no inline or injected script runs) and names shown
 * as text everywhere; a token also expires after 2 days on the server and ends with logout.
 */
export interface Session {
  token: string;
  userName: string;
  /** user level; 1 = admin. For a unilateral login, the returned pes. */
  level: number;
  isSuper: boolean;
  /** 'normal' or 'unilateral' login. */
  kind: 'normal' | 'unilateral';
}

/** Whether this session has already been ended by a code-3 reply (reset by the next login). */
let ended = false;

export const KEYS = { token: 'token', userName: 'userName', level: 'level', isSuper: 'isSuper', kind: 'loginKind', sign: 'sign' } as const;

/** Secure when the page came over https (a cookie marked Secure would not be kept on plain http at all). */
const cookieOptions = () => ({ expires: SESSION_DAYS, sameSite: 'strict' as const, secure: typeof location !== 'undefined' && location.protocol === 'https:' });

export function saveSession(session: Session): void {
  ended = false;
  const options = cookieOptions();
  Cookies.set(KEYS.token, session.token, options);
  Cookies.set(KEYS.userName, session.userName, options);
  Cookies.set(KEYS.level, String(session.level), options);
  Cookies.set(KEYS.isSuper, session.isSuper ? '1' : '0', options);
  Cookies.set(KEYS.kind, session.kind, options);
  // a new login gets its own signature token
  Cookies.remove(KEYS.sign);
}

export function readSession(): Session | null {
  // the cookies read and parsed once: every permission check of a page reads the session (none outside a browser)
  const cookies: Partial<Record<string, string>> = Cookies.get() ?? {};
  const token = cookies[KEYS.token];
  if (!token) return null;
  return {
    token,
    userName: cookies[KEYS.userName] ?? '',
    level: Number(cookies[KEYS.level] ?? 0),
    isSuper: cookies[KEYS.isSuper] === '1',
    kind: cookies[KEYS.kind] === 'unilateral' ? 'unilateral' : 'normal',
  };
}

export const getToken = (): string | undefined => Cookies.get(KEYS.token);

/** The unilateral side's signature token (§3 Session: get_sign / get_sign2), kept with the session and cleared with it. */
export const readSign = (): string | undefined => Cookies.get(KEYS.sign) || undefined;
export const saveSign = (sign: string): void => {
  Cookies.set(KEYS.sign, sign, cookieOptions());
};

export function clearSession(): void {
  Object.values(KEYS).forEach((key) => {
    Cookies.remove(key);
  });
}

type SessionListener = () => void;
const listeners = new Set<SessionListener>();
/** Told once when a reply says the session is invalid; the app goes to /login. */
export function onSessionInvalid(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one place a code-3 reply (from any call or feed) is handled: the session is cleared and the
 * listeners told, once however many replies say so, until the next login.
 */
export function endInvalidSession(): void {
  if (ended) return;
  ended = true;
  clearSession();
  listeners.forEach((listener) => {
    listener();
  });
}
