import type { Clock } from '../clock/clock';
import type { Queryable } from '../store/queryable';
import { loadFailures, pruneFailures, saveFailures, type FailureScope } from '../store/login-failures';

/**
 * Failed sign-ins, counted per account name and per client address on the server's clock (both
 * login calls share it). 5 failures of one account within 15 minutes lock that account for 15
 * minutes; 20 failures from one address lock the address for 15 minutes, so one address cannot lock
 * out every account without being stopped itself. While locked, the password is not even checked:
 * the right one is refused as well. A success clears the account's count (not the address's).
 * The counts live in memory and every change is written to SQLite (server/store/login-failures.ts);
 * `load` reads them back at start, so a restart does not forget a lock or a count. Attempts under way
 * (`pending`) are this process's own and are not stored.
 */
export const LOCKOUT = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  accountFailures: 5,
  addressFailures: 20,
} as const;

interface Counter {
  failures: number[];
  lockedUntil: number;
  /** attempts whose password is being checked now: guesses sent at once count before they end. */
  pending: number;
}

export interface Locked {
  /** who is locked: the account or the client address. */
  scope: 'account' | 'address';
  /** when a sign-in may be tried again (ms, server clock). */
  until: number;
}

export function createLockout(clock: Clock, db: Queryable) {
  const accounts = new Map<string, Counter>();
  const addresses = new Map<string, Counter>();
  const tables: Record<FailureScope, Map<string, Counter>> = { account: accounts, address: addresses };
  const accountKey = (username: string) => username.trim().toLowerCase();

  function counter(table: Map<string, Counter>, key: string, now: number): Counter {
    const found = table.get(key) ?? { failures: [], lockedUntil: 0, pending: 0 };
    found.failures = found.failures.filter((at) => at > now - LOCKOUT.windowMs);
    table.set(key, found);
    return found;
  }

  /** Drops counters that hold nothing any more, so names sprayed by a guesser do not pile up. */
  function prune(table: Map<string, Counter>, now: number): void {
    for (const [key, entry] of table) {
      if (entry.pending === 0 && entry.lockedUntil <= now && entry.failures.every((at) => at <= now - LOCKOUT.windowMs)) table.delete(key);
    }
  }

  /** The lock of one counter, or null; a counter whose failures and attempts under way reach the limit refuses too. */
  function lockOf(entry: Counter, limit: number, now: number): number | null {
    if (entry.lockedUntil > now) return entry.lockedUntil;
    return entry.failures.length + entry.pending >= limit ? now + LOCKOUT.lockMs : null;
  }

  function settle(entry: Counter, limit: number, ok: boolean, now: number): void {
    entry.pending -= 1;
    if (ok) return;
    entry.failures.push(now);
    if (entry.failures.length >= limit) {
      entry.lockedUntil = now + LOCKOUT.lockMs;
      entry.failures = [];
    }
  }

  const save = (scope: FailureScope, key: string, entry: Counter) => saveFailures(db, { scope, key, failures: entry.failures, lockedUntil: entry.lockedUntil });

  return {
    /** Reads the stored counts (at start, before the first sign-in). */
    async load(): Promise<void> {
      for (const row of await loadFailures(db, clock.now(), LOCKOUT.windowMs)) {
        tables[row.scope].set(row.key, { failures: row.failures, lockedUntil: row.lockedUntil, pending: 0 });
      }
    },

    /**
     * Starts a sign-in attempt: the lock that refuses it, or null when it may go ahead, in which case
     * `end` must follow (with whether the password was right).
     */
    begin(username: string, address: string): Locked | null {
      const now = clock.now();
      prune(accounts, now);
      prune(addresses, now);
      const account = counter(accounts, accountKey(username), now);
      const byAccount = lockOf(account, LOCKOUT.accountFailures, now);
      if (byAccount) return { scope: 'account', until: byAccount };
      const origin = counter(addresses, address, now);
      const byAddress = lockOf(origin, LOCKOUT.addressFailures, now);
      if (byAddress) return { scope: 'address', until: byAddress };
      account.pending += 1;
      origin.pending += 1;
      return null;
    },

    /** Ends an attempt `begin` let through, and stores the counts it changed. */
    async end(username: string, address: string, ok: boolean): Promise<void> {
      const now = clock.now();
      const key = accountKey(username);
      const account = counter(accounts, key, now);
      const origin = counter(addresses, address, now);
      settle(account, LOCKOUT.accountFailures, ok, now);
      settle(origin, LOCKOUT.addressFailures, ok, now);
      if (ok) account.failures = [];
      await Promise.all([save('account', key, account), save('address', address, origin), pruneFailures(db, now, LOCKOUT.windowMs)]);
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
