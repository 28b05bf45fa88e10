import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { liveProvider as consoleLiveProvider, type FeedSubscriptionHandle, type LiveResourcePayload } from './live';
import type { FeedName, FeedParams } from '#contract/feeds';
import { feedManager, paramsKey, type FeedManager, type FeedStatus } from '../live/manager';
import { isQueryOf, resourceFeeds, restoreLiveRecords, writeLiveRecords, type LiveRecord, type LiveResource } from '../live/resources';
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

/** The ids a subscription names, when it is a list of ids (tasks, assets); undefined = every record. */
const namedIds = (params: unknown): Set<string> | undefined => (Array.isArray(params) ? new Set(params.map(String)) : undefined);

/**
 * Keeps Refine's cache of a resource (tasks, unilateral-strategies, assets) in step with its feed
 * while mounted: it subscribes through the live provider and merges each record of each message into
 * every cached list, one and many query of the resource (and a message's summary, the task counter, into
 * every list). The feed manager delivers all the messages of a frame in one pass; their records are
 * written in one batch, so observers render once a frame (the unilateral admin gets every push twice, in
 * both shapes of §7). A feed may send a record only when it changes (the task socket): the newest of each
 * subscribed record is kept, and a query of the resource read again from the server gets the live fields
 * its rows lack back at once. Renders nothing itself: a page that does not show the feed's status is not
 * rendered by each message.
 */
export function useLiveResourceCache<R extends LiveResource>(resource: R, options: UseLiveResourceOptions<R> = {}): void {
  const { params, enabled = true, liveProvider = consoleLiveProvider } = options;
  const queryClient = useQueryClient();
  const key = paramsKey(params);
  const latestParams = useRef(params);
  latestParams.current = params;
  const handle = useRef<FeedSubscriptionHandle | null>(null);
  /** the newest live fields of each subscribed record, by id */
  const known = useRef(new Map<string, LiveRecord>());

  useEffect(() => {
    if (!enabled) return undefined;
    let pending: LiveRecord[] = [];
    let summary: Record<string, unknown> | undefined;
    let cancelled = false;
    const flush = () => {
      const [records, listSummary] = [pending, summary];
      pending = [];
      summary = undefined;
      if (cancelled) return;
      for (const record of records) {
        const id = String(record.id);
        known.current.set(id, { id: record.id, patch: { ...known.current.get(id)?.patch, ...record.patch } });
      }
      writeLiveRecords(queryClient, resource, records, listSummary);
    };
    const current = liveProvider.subscribe({
      channel: `resources/${resource}`,
      types: ['updated'],
      params: { feed: true, feedParams: latestParams.current },
      callback: (event: LiveEvent) => {
        const payload = event.payload as LiveResourcePayload;
        if (!payload.records) return; // a published event, not a feed message
        if (pending.length === 0 && summary === undefined) queueMicrotask(flush);
        pending.push(...payload.records);
        if (payload.summary) summary = { ...summary, ...payload.summary };
      },
    }) as FeedSubscriptionHandle;
    handle.current = current;
    // a query of the resource read from the server (not one this hook wrote): its rows get their live fields back
    const unwatch = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual || !isQueryOf(resource, event.query.queryKey)) return;
      const { queryKey } = event.query;
      queueMicrotask(() => {
        if (!cancelled) restoreLiveRecords(queryClient, queryKey, [...known.current.values()]);
      });
    });
    return () => {
      cancelled = true;
      unwatch();
      liveProvider.unsubscribe(current);
      handle.current = null;
      known.current.clear();
    };
  }, [liveProvider, queryClient, resource, enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the params by value: a new object with the same content updates nothing
  useEffect(() => {
    handle.current?.update(latestParams.current);
    // what is no longer subscribed is forgotten (the feed sends it whole when it is subscribed again)
    const wanted = namedIds(latestParams.current);
    if (wanted) for (const id of known.current.keys()) if (!wanted.has(id)) known.current.delete(id);
  }, [key]);
}

/** useLiveResourceCache, and the feed's status (for FeedStatusBadge): the caller renders on each message. */
export function useLiveResource<R extends LiveResource>(resource: R, options: UseLiveResourceOptions<R> = {}): FeedStatus {
  useLiveResourceCache(resource, options);
  return useFeedStatus(resourceFeeds[resource].feed, options.manager ?? feedManager);
}
