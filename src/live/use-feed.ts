import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FeedMessage, FeedName, FeedParams } from '#contract/feeds';
import { feedManager, paramsKey, type FeedManager, type FeedState, type FeedStatus, type FeedSubscription } from './manager';

export interface UseFeedOptions {
  /** false = do not subscribe (default true). */
  enabled?: boolean;
  /** the manager to use; defaults to the console's `feedManager`. */
  manager?: FeedManager;
}

export interface UseFeedResult<T> {
  /** this subscriber's part of the feed's last message since it subscribed. */
  data: T | undefined;
  state: FeedState;
  lastMessageAt: number | null;
  error: string | null;
}

/** The state and last-message time of a feed, without subscribing to it. */
export function useFeedStatus(name: FeedName, manager: FeedManager = feedManager): FeedStatus {
  const subscribe = useCallback((onChange: () => void) => manager.onStatus(name, onChange), [manager, name]);
  const snapshot = useCallback(() => manager.status(name), [manager, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Calls `onMessage` with this subscriber's part of every message of a feed while mounted and enabled,
 * without rendering: for a page that keeps the messages outside React (the market board). Params are
 * compared by their JSON: a new object with the same content changes nothing; new content changes this
 * subscriber's part of the shared subscription without reopening the socket.
 */
export function useFeedListener<N extends FeedName>(
  name: N,
  params: FeedParams<N> | undefined,
  onMessage: (message: FeedMessage<N>) => void,
  options: UseFeedOptions = {},
): void {
  const { enabled = true, manager = feedManager } = options;
  const key = paramsKey(params);
  const latestParams = useRef(params);
  latestParams.current = params;
  const latestListener = useRef(onMessage);
  latestListener.current = onMessage;
  const subscription = useRef<FeedSubscription<FeedParams<N> | undefined> | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const current = manager.subscribe(name, latestParams.current, (message) => latestListener.current(message));
    subscription.current = current;
    return () => {
      current();
      subscription.current = null;
    };
  }, [manager, name, enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the params by value: a new object with the same content updates nothing
  useEffect(() => {
    // runs after the subscription above; a no-op when the params did not change
    subscription.current?.update(latestParams.current);
  }, [key]);
}

/**
 * Subscribes to a raw feed (market, statistics, demand) while mounted and enabled (as useFeedListener)
 * and renders with its last message. The manager delivers once per animation frame, so however fast
 * messages come this renders at most once a frame.
 */
export function useFeed<N extends FeedName>(name: N, params?: FeedParams<N>, options: UseFeedOptions = {}): UseFeedResult<FeedMessage<N>> {
  const { enabled = true, manager = feedManager } = options;
  const [data, setData] = useState<FeedMessage<N> | undefined>(undefined);
  useFeedListener(name, params, (message) => setData(() => message), options);
  // a subscriber that stops (unmounted, disabled) forgets what it was sent
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subscription's own dependencies (useFeedListener's): its end is what clears the data
  useEffect(() => () => setData(undefined), [manager, name, enabled]);
  const { state, lastMessageAt, error } = useFeedStatus(name, manager);
  return { data, state, lastMessageAt, error };
}
