/**
 * The server's clock. Everything that changes by itself (the initialise delay, task status changes,
 * market pushes, token and captcha ages) reads time and waits through one of these, so tests drive
 * it with a ManualClock instead of waiting on the wall clock.
 */
export type Cancel = () => void;

export interface Clock {
  /** ms since epoch. */
  now(): number;
  /** runs fn every `ms` until cancelled. */
  every(ms: number, fn: () => void): Cancel;
  /** runs fn once after `ms` unless cancelled first. */
  after(ms: number, fn: () => void): Cancel;
  sleep(ms: number): Promise<void>;
}

/** Real time and real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

interface Timer {
  id: number;
  due: number;
  /** repeat interval; undefined for a one-shot timer. */
  interval?: number;
  fn: () => void;
}

/**
 * A clock that only moves when told, from the instant it is given (never the wall clock's: a test that
 * started from "now" would pass at one hour and fail at another): `tick(ms)` runs every timer that falls due, in time order (ties
 * in the order they were set), each seeing `now()` at its own due time.
 */
export class ManualClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private nextId = 1;
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  /** moves the time to `ms` without running timers (for a start time; use tick to move forward). */
  set(ms: number): void {
    this.time = ms;
  }

  every(ms: number, fn: () => void): Cancel {
    return this.add(ms, fn, Math.max(1, ms));
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add(ms, fn);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** timers waiting to run. */
  pending(): number {
    return this.timers.length;
  }

  /** resolves once at least `count` timers are waiting (e.g. a request has reached its delay). */
  whenPending(count = 1): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve });
      this.wake();
    });
  }

  /** moves forward `ms`, running every timer due on the way. */
  tick(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const timer = this.nextDue(end);
      if (!timer) break;
      this.time = Math.max(this.time, timer.due);
      if (timer.interval === undefined) this.timers = this.timers.filter((t) => t !== timer);
      else timer.due += timer.interval;
      timer.fn();
    }
    this.time = Math.max(this.time, end);
  }

  private nextDue(end: number): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.due <= end && (!next || timer.due < next.due || (timer.due === next.due && timer.id < next.id))) next = timer;
    }
    return next;
  }

  private wake(): void {
    const ready = this.waiters.filter((w) => this.timers.length >= w.count);
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    ready.forEach((w) => {
      w.resolve();
    });
  }

  private add(ms: number, fn: () => void, interval?: number): Cancel {
    const timer: Timer = { id: this.nextId++, due: this.time + Math.max(0, ms), interval, fn };
    this.timers.push(timer);
    this.wake();
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
}
