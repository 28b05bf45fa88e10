import { useCallback, useSyncExternalStore } from 'react';
import { ALERT_DEFAULTS } from '#contract/rules/alerts';

/** What this browser remembers of the alerts (localStorage): spoken alerts on, and the console's own sockets' rule. */
export interface AlertPrefs {
  speech: boolean;
  /** seconds a socket of this console may reconnect before a notification; 0 = off */
  socketSeconds: number;
}

const STORAGE_KEY = 'alerts.prefs';
const DEFAULT_PREFS: AlertPrefs = { speech: false, socketSeconds: ALERT_DEFAULTS.socketSeconds };
const listeners = new Set<() => void>();
let cached: { raw: string | null; prefs: AlertPrefs } | null = null;

export function readPrefs(): AlertPrefs {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (cached?.raw === raw) return cached.prefs;
  let prefs = DEFAULT_PREFS;
  try {
    const stored = raw ? (JSON.parse(raw) as Partial<AlertPrefs>) : {};
    prefs = {
      speech: stored.speech === true,
      socketSeconds: Number.isInteger(stored.socketSeconds) && stored.socketSeconds! >= 0 ? stored.socketSeconds! : DEFAULT_PREFS.socketSeconds,
    };
  } catch {
    // unreadable: the defaults
  }
  cached = { raw, prefs };
  return prefs;
}

export function savePrefs(patch: Partial<AlertPrefs>): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readPrefs(), ...patch }));
  listeners.forEach((listener) => {
    listener();
  });
}

export function useAlertPrefs(): AlertPrefs {
  const subscribe = useCallback((onChange: () => void) => {
    listeners.add(onChange);
    return () => void listeners.delete(onChange);
  }, []);
  return useSyncExternalStore(subscribe, readPrefs, readPrefs);
}
