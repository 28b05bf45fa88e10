import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { liveProvider as consoleLiveProvider, type FeedSubscriptionHandle, type LiveResourcePayload } from './live';
import type { FeedName, FeedParams } from '#contract/feeds';
import { feedManager, paramsKey, type FeedManager, type FeedStatus } from '../live/manager';
import { resourceFeeds, writeLiveRecords, type LiveRecord, type LiveResource } from '../live/resources';
import { useFeedStatus } from '../live/use-feed';

type ResourceFeedName<R extends LiveResource> = (typeof resourceFeeds)[R]['feed'] & FeedName;

export interface UseLiveResourceOptions<R extends LiveResource> {
  /** this view's part of the feed: the ids it shows (tasks, assets); absent = everything. */
  params?: FeedParams<ResourceFeedName<R>>;
  /** false = do not subscribe (default true). */
  enabled?: boolean;
  /** the console's by default; tests pass their own (with the manager it was made with). */
  liveProvider?: LiveProvider;
  manager?: FeedManager;
}

/**
 * Keeps Refine's cache of a resource (tasks, unilateral-strategies, assets) in step with its feed
 * while mounted: it subscribes through the live provider and merges each record of each message into
 * every cached list, one and many query of the resource. The feed manager delivers all the messages of
 * a frame in one pass; their records are written in one batch, so observers render once a frame (the
 * unilateral admin gets every push twice, in both shapes of §7). Renders nothing itself: a page that
 * does not show the feed's status is not rendered by each message.
 */
export function useLiveResourceCache<R extends LiveResource>(resource: R, options: UseLiveResourceOptions<R> = {}): void {
  const { params, enabled = true, liveProvider = consoleLiveProvider } = options;
  const queryClient = useQueryClient();
  const key = paramsKey(params);
  const latestParams = useRef(params);
  latestParams.current = params;
  const handle = useRef<FeedSubscriptionHandle | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    let pending: LiveRecord[] = [];
    let cancelled = false;
    const flush = () => {
      const records = pending;
      pending = [];
      if (!cancelled) writeLiveRecords(queryClient, resource, records);
    };
    const current = liveProvider.subscribe({
      channel: `resources/${resource}`,
      types: ['updated'],
      params: { feed: true, feedParams: latestParams.current },
      callback: (event: LiveEvent) => {
        const { records } = event.payload as LiveResourcePayload;
        if (!records) return; // a published event, not a feed message
        if (pending.length === 0) queueMicrotask(flush);
        pending.push(...records);
      },
    }) as FeedSubscriptionHandle;
    handle.current = current;
    return () => {
      cancelled = true;
      liveProvider.unsubscribe(current);
      handle.current = null;
    };
  }, [liveProvider, queryClient, resource, enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the params by value: a new object with the same content updates nothing
  useEffect(() => {
    handle.current?.update(latestParams.current);
  }, [key]);
}

/** useLiveResourceCache, and the feed's status (for FeedStatusBadge): the caller renders on each message. */
export function useLiveResource<R extends LiveResource>(resource: R, options: UseLiveResourceOptions<R> = {}): FeedStatus {
  useLiveResourceCache(resource, options);
  return useFeedStatus(resourceFeeds[resource].feed, options.manager ?? feedManager);
}
