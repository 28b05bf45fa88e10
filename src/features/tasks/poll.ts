/** Waits `ms` (a real or a fake timer). */
export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `done` every `intervalMs` until it answers true (the §4 status polls). Stops quietly when
 * `cancelled` turns true (the page was left); a failed check ends the poll with its error.
 */
export async function pollUntil(done: () => Promise<boolean>, intervalMs: number, cancelled: () => boolean = () => false): Promise<boolean> {
  for (;;) {
    await wait(intervalMs);
    if (cancelled()) return false;
    if (await done()) return true;
  }
}
