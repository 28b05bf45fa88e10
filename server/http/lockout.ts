import type { Clock } from '../clock/clock';
import type { Queryable } from '../store/queryable';
import { loadFailures, pruneFailures, saveFailures, type FailureScope } from '../store/login-failures';

/**
 * Failed sign-ins, counted on the server's clock (both login calls and the old password of a password change
 * share them) per client address and account name together, and per client address alone:
 * - 5 failures of one account from one address within 15 minutes lock that account for that address only:
 *   the same account signs in from any other address, so nobody can lock out an account whose password
 *   they do not know from an address that is not its user's;
 * - 20 failures from one address, whatever the names, lock the address, so one address cannot guess across
 *   every account unhindered;
 * - each further lock of the same counter lasts twice as long as the one before (15 min, 30 min, 1 h… up
 *   to 4 h); a counter's locks are forgotten 24 hours after its last one ended.
 * While locked, the password is not even checked: the right one is refused as well. A success clears the
 * counter of its address and account (not the address's own). Unknown names are counted like known ones,
 * so a lock does not tell them apart.
 * Registrations are limited per address (REGISTRATION), every attempt counted.
 * The counts live in memory and every change is written to SQLite (server/store/login-failures.ts); `load`
 * reads them back at start, so a restart does not forget a lock or a count. Attempts under way (`pending`)
 * are this process's own and are not stored.
 */
export const LOCKOUT = {
  windowMs: 15 * 60 * 1000,
  /** the first lock of a counter; each further one doubles, up to maxLockMs. */
  lockMs: 15 * 60 * 1000,
  maxLockMs: 4 * 60 * 60 * 1000,
  /** how long after its last lock ended a counter still remembers its locks (and the next one grows). */
  strikeMemoryMs: 24 * 60 * 60 * 1000,
  /** failures of one account from one address. */
  pairFailures: 5,
  /** failures from one address, any names. */
  addressFailures: 20,
} as const;

/** Registrations (attempts, refused ones included) one address may make per window. */
export const REGISTRATION = {
  windowMs: 60 * 60 * 1000,
  perAddress: 10,
} as const;

interface Counter {
  failures: number[];
  /** when the last lock ends (or ended: it stays as the date of the last lock, for strikeMemoryMs). */
  lockedUntil: number;
  /** locks in a row: the next one lasts lockMs × 2^strikes. */
  strikes: number;
  /** attempts whose password is being checked now: guesses sent at once count before they end. */
  pending: number;
}

export interface Locked {
  /** who is locked: this account from this address, or the client address for every account. */
  scope: 'pair' | 'address';
  /** when a sign-in may be tried again (ms, server clock). */
  until: number;
}

type Scope = FailureScope;

export const lockDuration = (strikes: number): number => Math.min(LOCKOUT.maxLockMs, LOCKOUT.lockMs * 2 ** strikes);

export function createLockout(clock: Clock, db: Queryable) {
  const tables: Record<Scope, Map<string, Counter>> = { pair: new Map(), address: new Map(), register: new Map() };
  const windowOf = (scope: Scope) => (scope === 'register' ? REGISTRATION.windowMs : LOCKOUT.windowMs);
  const pairKey = (address: string, username: string) => JSON.stringify([address, username.trim().toLowerCase()]);

  /** strikes older than strikeMemoryMs are forgotten. */
  function counter(scope: Scope, key: string, now: number): Counter {
    const table = tables[scope];
    const found = table.get(key) ?? { failures: [], lockedUntil: 0, strikes: 0, pending: 0 };
    found.failures = found.failures.filter((at) => at > now - windowOf(scope));
    if (found.strikes > 0 && found.lockedUntil <= now - LOCKOUT.strikeMemoryMs) found.strikes = 0;
    table.set(key, found);
    return found;
  }

  const holdsNothing = (entry: Counter, scope: Scope, now: number) =>
    entry.pending === 0 &&
    entry.lockedUntil <= (entry.strikes > 0 ? now - LOCKOUT.strikeMemoryMs : now) &&
    entry.failures.every((at) => at <= now - windowOf(scope));

  /** Drops counters that hold nothing any more, so names sprayed by a guesser do not pile up. */
  function prune(now: number): void {
    for (const scope of Object.keys(tables) as Scope[]) {
      for (const [key, entry] of tables[scope]) if (holdsNothing(entry, scope, now)) tables[scope].delete(key);
    }
  }

  /** The lock of one counter, or null; a counter whose failures and attempts under way reach the limit refuses too. */
  function lockOf(entry: Counter, limit: number, now: number): number | null {
    if (entry.lockedUntil > now) return entry.lockedUntil;
    return entry.failures.length + entry.pending >= limit ? now + lockDuration(entry.strikes) : null;
  }

  function settle(entry: Counter, limit: number, ok: boolean, now: number): void {
    entry.pending -= 1;
    if (ok) return;
    entry.failures.push(now);
    if (entry.failures.length >= limit) {
      entry.lockedUntil = now + lockDuration(entry.strikes);
      entry.strikes += 1;
      entry.failures = [];
    }
  }

  const save = (scope: Scope, key: string, entry: Counter) =>
    saveFailures(db, { scope, key, failures: entry.failures, lockedUntil: entry.lockedUntil, strikes: entry.strikes });
  const pruneStored = (now: number) => pruneFailures(db, now, LOCKOUT.windowMs, REGISTRATION.windowMs, LOCKOUT.strikeMemoryMs);

  return {
    /** Reads the stored counts (at start, before the first sign-in). */
    async load(): Promise<void> {
      await pruneStored(clock.now());
      for (const row of await loadFailures(db)) {
        if (!(row.scope in tables)) continue;
        tables[row.scope].set(row.key, { failures: row.failures, lockedUntil: row.lockedUntil, strikes: row.strikes, pending: 0 });
      }
    },

    /**
     * Starts a sign-in attempt of `username` from `address`: the lock that refuses it, or null when it may go
     * ahead, in which case `end` must follow (with whether the password was right).
     */
    begin(username: string, address: string): Locked | null {
      const now = clock.now();
      prune(now);
      const pair = counter('pair', pairKey(address, username), now);
      const byPair = lockOf(pair, LOCKOUT.pairFailures, now);
      if (byPair) return { scope: 'pair', until: byPair };
      const origin = counter('address', address, now);
      const byAddress = lockOf(origin, LOCKOUT.addressFailures, now);
      if (byAddress) return { scope: 'address', until: byAddress };
      pair.pending += 1;
      origin.pending += 1;
      return null;
    },

    /** Ends an attempt `begin` let through, and stores the counts it changed. */
    async end(username: string, address: string, ok: boolean): Promise<void> {
      const now = clock.now();
      const key = pairKey(address, username);
      const pair = counter('pair', key, now);
      const origin = counter('address', address, now);
      settle(pair, LOCKOUT.pairFailures, ok, now);
      settle(origin, LOCKOUT.addressFailures, ok, now);
      if (ok) Object.assign(pair, { failures: [], lockedUntil: 0, strikes: 0 });
      await Promise.all([save('pair', key, pair), save('address', address, origin), pruneStored(now)]);
    },

    /**
     * Counts a registration attempt from `address`: null when it may go ahead, else when the address may try
     * again (the oldest attempt of the window leaves it).
     */
    async register(address: string): Promise<number | null> {
      const now = clock.now();
      prune(now);
      const entry = counter('register', address, now);
      if (entry.failures.length >= REGISTRATION.perAddress) return entry.failures[0]! + REGISTRATION.windowMs;
      entry.failures.push(now);
      await save('register', address, entry);
      return null;
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
