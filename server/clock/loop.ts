import type { Cancel, Clock } from './clock';

/**
 * What a tick does when the run before it has not finished:
 * - 'queue': it runs after it, at the time it fell due (a ManualClock moved an hour runs every second of it);
 * - 'again': one more run follows the running one, at the time it starts (however many ticks came meanwhile);
 * - 'skip': nothing (the next tick tries again).
 */
export type Overlap = 'queue' | 'again' | 'skip';

export interface LoopOptions {
  /** named in the error log: `[server] <name>: …` */
  name: string;
  everyMs: number;
  overlap: Overlap;
  /** one run at `at`; a run that returns no promise is done when it returns (what it does happens within the tick). */
  run(at: number): Promise<void> | void;
}

/**
 * A named job on the injected clock: everything the clock drives (the task engine, the one-sided runner,
 * the alert rules, the market ticker, the live market's refresh) runs through one of these. It holds no
 * timer until `start()` (an idle server has no timer pending), never overlaps itself, logs a failed run
 * and goes on, and `stop()` leaves nothing pending: `idle()` resolves when the runs under way are done.
 */
export interface Loop {
  /** starts ticking every `everyMs`; nothing when it ticks already. */
  start(): void;
  /** stops ticking; a run under way finishes (`idle`). start() wakes it again. */
  pause(): void;
  /** whether it ticks. */
  readonly ticking: boolean;
  /** one run now, as a tick would (the live market's first fetch). */
  runNow(): void;
  /** other work in the order of the runs: after every run queued so far ('queue' loops: the alert rules' count). */
  enqueue(work: () => Promise<void> | void): void;
  /** resolves when every run (and work) queued so far is done. */
  idle(): Promise<void>;
}

export function clockLoop(clock: Clock, options: LoopOptions): Loop {
  const log = (error: unknown) => console.error(`[server] ${options.name}:`, error);
  let cancel: Cancel | null = null;
  let tail: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;

  const enqueue = (work: () => Promise<void> | void) => {
    tail = tail.then(work).catch(log);
  };
  const runs = async () => {
    do {
      again = false;
      await options.run(clock.now());
    } while (again);
  };
  const fire = () => {
    if (options.overlap === 'queue') {
      const at = clock.now();
      enqueue(() => options.run(at));
      return;
    }
    if (busy) {
      if (options.overlap === 'again') again = true;
      return;
    }
    if (options.overlap === 'skip') {
      const result = safely(() => options.run(clock.now()), log);
      if (!result) return;
      busy = true;
      tail = result.finally(() => (busy = false));
      return;
    }
    busy = true;
    tail = runs()
      .catch(log)
      .finally(() => (busy = false));
  };

  return {
    start: () => {
      cancel ??= clock.every(options.everyMs, fire);
    },
    pause: () => {
      cancel?.();
      cancel = null;
    },
    get ticking() {
      return cancel !== null;
    },
    runNow: fire,
    enqueue,
    idle: () => tail,
  };
}

/** Runs `run`: a promise it returns settles with its error logged; one it throws is logged at once (then no promise). */
function safely(run: () => Promise<void> | void, log: (error: unknown) => void): Promise<void> | undefined {
  try {
    return run()?.catch(log);
  } catch (error) {
    log(error);
    return undefined;
  }
}
