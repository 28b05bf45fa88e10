import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { isFeedName, type FeedName } from '#contract/feeds';
import { feedManager, type FeedManager, type FeedSubscription } from '../live/manager';
import { isLiveResource, liveRecords, liveSummary, resourceFeeds, type LiveRecord } from '../live/resources';

/**
 * Refine's live provider over the feed manager. Two kinds of channel:
 *
 * - a feed name of contract/feeds.ts (raw streams: market, statistics, demand): `params.feedParams` is
 *   this subscriber's params, and each of its parts of a message arrives as an 'updated' LiveEvent
 *   with the typed message in `payload.data`;
 *
 *     useSubscription({ channel: 'statistics', params: { feedParams: { currencies, minutes: 2880 } },
 *                       onLiveEvent: (event) => setTotals(event.payload.data) });
 *
 * - `resources/<resource>`, Refine's own channels. Every subscriber hears what is `publish`ed on the
 *   channel (Refine publishes after its mutations). A subscriber that passes `params.feed: true` (see
 *   `useLiveResource`) also joins the resource's feed (tasks → task, unilateral-strategies →
 *   unilateral, assets → asset) with `params.feedParams` (e.g. the ids it shows) and gets
 *   'updated' events whose `payload` is `{ ids, records, summary? }` (src/live/resources.ts); those events go to
 *   that subscriber only, so Refine's `liveMode: 'auto'` lists do not refetch on every feed message.
 *
 * The handle `subscribe` returns has `update(feedParams)`, so a subscriber's ids change without
 * reopening the socket.
 */

export const FEED_EVENT_TYPE = 'updated';

/** What `subscribe` returns and `unsubscribe` takes. */
export interface FeedSubscriptionHandle {
  readonly channel: string;
  readonly unsubscribe: () => void;
  /** changes this subscriber's feed params (a no-op for a channel without a feed). */
  readonly update: (feedParams: unknown) => void;
}

/** The payload of a resource feed's event. */
export interface LiveResourcePayload {
  ids: LiveRecord['id'][];
  records: LiveRecord[];
  /** figures about the whole list (the task counter), when the message carries them */
  summary?: Record<string, unknown>;
}

const RESOURCE_CHANNEL = /^resources\/(.+)$/;

const wants = (types: readonly string[] | undefined, type: string): boolean => !types || types.length === 0 || types.includes('*') || types.includes(type);

interface BusEntry {
  types: readonly string[] | undefined;
  callback: (event: LiveEvent) => void;
}

const noop = () => {};

export function createLiveProvider(manager: FeedManager = feedManager): LiveProvider {
  /** Subscribers per channel, for `publish`. */
  const bus = new Map<string, Set<BusEntry>>();

  const joinBus = (channel: string, entry: BusEntry) => {
    const entries = bus.get(channel) ?? new Set<BusEntry>();
    entries.add(entry);
    bus.set(channel, entries);
    return () => {
      entries.delete(entry);
      if (entries.size === 0) bus.delete(channel);
    };
  };

  const joinFeed = (feed: FeedName, feedParams: unknown, deliver: (message: unknown) => void): FeedSubscription =>
    (manager.subscribe as (name: FeedName, params: unknown, listener: (message: unknown) => void) => FeedSubscription)(feed, feedParams, deliver);

  return {
    subscribe: ({ channel, types, params, callback, meta }): FeedSubscriptionHandle => {
      const event = (payload: LiveEvent['payload']): LiveEvent => ({ channel, type: FEED_EVENT_TYPE, payload, date: new Date(), meta });

      if (isFeedName(channel)) {
        if (!wants(types, FEED_EVENT_TYPE)) return { channel, unsubscribe: noop, update: noop };
        const subscription = joinFeed(channel, params?.feedParams, (message) => callback(event({ data: message })));
        return { channel, unsubscribe: subscription, update: subscription.update };
      }

      const leaveBus = joinBus(channel, { types, callback });
      const resource = RESOURCE_CHANNEL.exec(channel)?.[1];
      if (!resource || !isLiveResource(resource) || params?.feed !== true || !wants(types, FEED_EVENT_TYPE)) {
        return { channel, unsubscribe: leaveBus, update: noop };
      }
      const subscription = joinFeed(resourceFeeds[resource].feed, params.feedParams, (message) => {
        const records = liveRecords(resource, message);
        const summary = liveSummary(resource, message);
        const payload: LiveResourcePayload = { ids: records.map((record) => record.id), records, ...(summary ? { summary } : {}) };
        callback(event({ ...payload }));
      });
      return {
        channel,
        unsubscribe: () => {
          leaveBus();
          subscription();
        },
        update: subscription.update,
      };
    },
    unsubscribe: (handle: unknown) => {
      (handle as Partial<FeedSubscriptionHandle> | undefined)?.unsubscribe?.();
    },
    publish: (event: LiveEvent) => {
      [...(bus.get(event.channel) ?? [])].forEach((entry) => {
        if (wants(entry.types, event.type)) entry.callback(event);
      });
    },
  };
}

export const liveProvider: LiveProvider = createLiveProvider();
