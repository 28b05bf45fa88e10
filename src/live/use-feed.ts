import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FeedName } from './feeds';
import { feedManager, paramsKey, type FeedManager, type FeedState, type FeedStatus } from './manager';

export interface UseFeedOptions {
  /** false = do not subscribe (default true). */
  enabled?: boolean;
  /** the manager to use; defaults to the console's `feedManager`. */
  manager?: FeedManager;
}

export interface UseFeedResult<T> {
  /** the last message of the feed since this hook subscribed. */
  data: T | undefined;
  state: FeedState;
  lastMessageAt: number | null;
}

/** The state and last-message time of a feed, without subscribing to it. */
export function useFeedStatus(name: FeedName, manager: FeedManager = feedManager): FeedStatus {
  const subscribe = useCallback((onChange: () => void) => manager.onStatus(name, onChange), [manager, name]);
  const snapshot = useCallback(() => manager.status(name), [manager, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Subscribes to a feed while mounted (and enabled). Params are compared by their JSON: a new object
 * with the same content changes nothing; new content is pushed on the open socket without reopening it.
 */
export function useFeed<T = unknown>(name: FeedName, params?: unknown, options: UseFeedOptions = {}): UseFeedResult<T> {
  const { enabled = true, manager = feedManager } = options;
  const [data, setData] = useState<T | undefined>(undefined);
  const key = paramsKey(params);
  const latestParams = useRef(params);
  latestParams.current = params;

  useEffect(() => {
    if (!enabled) return undefined;
    const unsubscribe = manager.subscribe(name, latestParams.current, (message) => setData(message as T));
    return () => {
      unsubscribe();
      setData(undefined);
    };
  }, [manager, name, enabled]);

  useEffect(() => {
    // runs after the subscription above; a no-op when the params did not change
    if (enabled && latestParams.current !== undefined) manager.update(name, latestParams.current);
  }, [manager, name, enabled, key]);

  const { state, lastMessageAt } = useFeedStatus(name, manager);
  return { data, state, lastMessageAt };
}
