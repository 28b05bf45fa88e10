/**
 * Work done one piece at a time, in the order it was given (an order's updates book its fills one after another); a
 * piece that fails is logged and the next one still runs.
 */
export function serialWork(log: (error: unknown) => void) {
  let tail: Promise<void> = Promise.resolve();
  const run = (work: () => Promise<void>): Promise<void> => {
    const done = tail.then(work);
    tail = done.catch(log);
    return done;
  };
  return {
    /** Queues the work; answers once it has ended, with its error if it failed. */
    run,
    /** Queues the work and does not wait: a failure is only logged. */
    post(work: () => Promise<void>): void {
      run(work).catch(() => undefined);
    },
    /** Resolves once every piece queued so far, and any queued meanwhile, has ended. */
    async idle(): Promise<void> {
      let seen: Promise<void> | undefined;
      while (seen !== tail) {
        seen = tail;
        await tail;
      }
    },
  };
}
