/** Waits `ms` (a real or a fake timer). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How long a §4 status poll waits for its status before it gives up and tells the user (the spec sets no
 * end; a task that never gets there would spin and poll until the page closed): a minute, 75 checks at
 * 800 ms, 60 at 1 s. The server's engine applies a status change at its next step (seconds).
 */
export const STATUS_POLL_LIMIT_MS = 60_000;

/** How a poll ended: the status came, the bound passed first, or the page was left. */
export type PollOutcome = 'reached' | 'timedOut' | 'cancelled';

/**
 * Asks `done` every `intervalMs` until it answers true (the §4 status polls), at most `limitMs` of waits.
 * Stops quietly when `cancelled` turns true (the page was left); a failed check ends the poll with its error.
 */
export async function pollUntil(
  done: () => Promise<boolean>,
  intervalMs: number,
  cancelled: () => boolean = () => false,
  limitMs: number = STATUS_POLL_LIMIT_MS,
): Promise<PollOutcome> {
  for (let waited = 0; waited < limitMs; waited += intervalMs) {
    await wait(intervalMs);
    if (cancelled()) return 'cancelled';
    if (await done()) return 'reached';
  }
  return 'timedOut';
}
