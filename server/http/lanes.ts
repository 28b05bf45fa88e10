import { CODE, fail } from './envelope';

/**
 * one user's work takes turns, so that no user can hold the server.
 *
 * Node runs one thing at a time and the database answers synchronously, so a call or a feed message holds
 * the whole server while it runs. A user who sends many at once (many connections, many sockets) would
 * otherwise hold it for all of them back to back, everyone else (the captcha, the engine's tick) waiting
 * behind. So each signed-in user has a lane: their calls, feed replies and pushes run one at a time, in
 * arrival order, and between two of them the event loop serves everyone else (`setImmediate`): another user
 * waits for at most one piece of this user's work, never for their whole queue. An idle lane starts work at
 * once, so a user alone pays nothing. Long work cuts itself into pieces with `breather()`.
 */

/** Calls a user may have waiting in their lane; one more is refused (code 429, err.busy). */
export const MAX_WAITING_CALLS = 64;

export class Lane {
  private readonly waiting: (() => void)[] = [];
  private busy = false;
  /** pieces waiting outside (`away`): the lane is not idle while one will come back */
  private outside = 0;

  /** `idle` is called whenever the lane has nothing left to run. */
  constructor(private readonly idle: () => void = () => {}) {}

  /** pieces running or waiting */
  get length(): number {
    return this.waiting.length + (this.busy ? 1 : 0);
  }

  /**
   * Runs `work` in turn. With `limit`, refuses (code 429) when that many pieces already wait; feeds pass
   * none, as a socket never has more than two pieces waiting (socket-server.ts).
   */
  run<T>(work: () => T | Promise<T>, limit?: number): Promise<T> {
    if (limit !== undefined && this.waiting.length >= limit) return Promise.reject(fail(CODE.tooMany, 'err.busy', { max: limit }));
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.busy = true;
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => this.next());
      };
      if (this.busy) this.waiting.push(start);
      else start();
    });
  }

  /**
   * Waits for `outside` (an exchange's reply: no work of this server) with the lane free, so the user's other calls
   * run meanwhile; then continues in turn. Only from inside a piece this lane runs.
   */
  async away<T>(outside: () => Promise<T>): Promise<T> {
    this.outside++;
    this.next();
    try {
      return await outside();
    } finally {
      this.outside--;
      await new Promise<void>((resume) => {
        const start = () => {
          this.busy = true;
          resume();
        };
        if (this.busy) this.waiting.push(start);
        else start();
      });
    }
  }

  private next(): void {
    const start = this.waiting.shift();
    if (!start) {
      this.busy = false;
      if (this.outside === 0) this.idle();
      return;
    }
    // still busy until the next piece starts: work arriving in between queues behind it
    setImmediate(start);
  }
}

/** The lanes of one server (keyed by its context: tests run several servers in one process). */
const lanesOf = new WeakMap<object, Map<number, Lane>>();

/** The lane of a user on a server; a lane with nothing left to run is dropped and made again on demand. */
export function laneOf(server: object, userId: number): Lane {
  let lanes = lanesOf.get(server);
  if (!lanes) {
    lanes = new Map();
    lanesOf.set(server, lanes);
  }
  let lane = lanes.get(userId);
  if (!lane) {
    const made: Lane = new Lane(() => {
      if (lanes.get(userId) === made) lanes.delete(userId);
    });
    lane = made;
    lanes.set(userId, made);
  }
  return lane;
}

/** Lets the event loop serve others once, in the middle of long work (a feed reply over many tasks or accounts). */
export const breather = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
