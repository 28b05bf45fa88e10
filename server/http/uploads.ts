import { invalid } from './envelope';

/** The largest strategy file, as the refusal names it (contract/rules/strategy-file.ts MAX_STRATEGY_FILE_BYTES). */
export const MAX_STRATEGY_FILE_LABEL = '2 MiB';

/**
 * A name safe to store: the client's directories are dropped, `.` and `..` are refused, and every
 * character outside letters, digits, `.`, `_` and `-` becomes `_`. The caller adds its own prefix.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop()!.trim();
  if (!base || base === '.' || base === '..') throw invalid('err.fileName', { file: original.slice(0, 80) || '""' });
  const clean = base
    .replace(/[^\p{L}\p{N}._-]/gu, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.]+/, '');
  return (clean || 'file').slice(-100);
}

/**
 * How many uploads may be under way at once: per user and for the whole server (ServerSettings.uploadsPerUser,
 * uploadsInAll). An upload holds its place from the moment its caller is admitted until its reply; one more is
 * refused at once (code 429), before its body is read.
 */
export class UploadGate {
  private readonly byUser = new Map<number, number>();
  private total = 0;
  private readonly watchers = new Set<() => void>();

  constructor(private readonly limits: { perUser: number; inAll: number }) {}

  /** A place for one upload of `userId` (its release function), or null when the user or the server has its most. */
  enter(userId: number): (() => void) | null {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser || this.total >= this.limits.inAll) return null;
    this.byUser.set(userId, mine + 1);
    this.total += 1;
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
      this.total -= 1;
      this.changed();
    };
  }

  /** Uploads under way (of one user when given). */
  active(userId?: number): number {
    return userId === undefined ? this.total : (this.byUser.get(userId) ?? 0);
  }

  /** Resolves once `count` uploads are under way: a test holds uploads open and waits for the server to have admitted them. */
  whenActive(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.total < count) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
      check();
    });
  }

  private changed(): void {
    for (const watcher of [...this.watchers]) watcher();
  }
}
