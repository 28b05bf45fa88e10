import { feedNames, type FeedName } from '#contract/feeds';
import type { FeedManager, FeedState } from '../../live/manager';

const DOWN: readonly FeedState[] = ['reconnecting', 'offline'];

/**
 * The console's own sockets ("a feed down"): calls `onDown` once when a feed of the feed
 * manager has been reconnecting (or offline) for `seconds`; again only after it was live in between.
 * Returns the stop function. `seconds` ≤ 0 watches nothing.
 */
export function watchSockets(manager: FeedManager, seconds: number, onDown: (feed: FeedName) => void): () => void {
  if (!(seconds > 0)) return () => undefined;
  const timers = new Map<FeedName, ReturnType<typeof setTimeout> | 'fired'>();
  const offs = feedNames.map((name) =>
    manager.onStatus(name, ({ state }) => {
      const timer = timers.get(name);
      if (DOWN.includes(state)) {
        if (timer === undefined) {
          timers.set(
            name,
            setTimeout(() => {
              timers.set(name, 'fired');
              onDown(name);
            }, seconds * 1000),
          );
        }
      } else if (state !== 'connecting' && timer !== undefined) {
        if (timer !== 'fired') clearTimeout(timer);
        timers.delete(name);
      }
    }),
  );
  return () => {
    offs.forEach((off) => {
      off();
    });
    timers.forEach((timer) => {
      if (timer !== 'fired') clearTimeout(timer);
    });
  };
}
