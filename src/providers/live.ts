import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { isFeedName } from '../live/feeds';
import { feedManager, type FeedManager } from '../live/manager';

/**
 * Refine's live provider over the feed manager: the channel is a feed name of src/live/feeds.ts,
 * `params.feedParams` is the feed's subscription payload, and every message of the feed arrives as a
 * LiveEvent of type 'updated' with the parsed message in `payload.data`.
 *
 *   useSubscription({ channel: 'statistics', params: { feedParams: { currencies, minutes: 2880 } },
 *                     onLiveEvent: (event) => setTotals(event.payload.data) });
 *
 * Refine's useSubscription subscribes once per `enabled`; to push new params on the open socket use
 * `useFeed` or `feedManager.update`. Channels that are not feeds (Refine's own `resources/…`) get a
 * handle that does nothing.
 */

export const FEED_EVENT_TYPE = 'updated';

/** What `subscribe` returns and `unsubscribe` takes. */
export interface FeedSubscriptionHandle {
  readonly channel: string;
  readonly unsubscribe: () => void;
}

const wants = (types: readonly string[] | undefined): boolean =>
  !types || types.length === 0 || types.includes('*') || types.includes(FEED_EVENT_TYPE);

export function createLiveProvider(manager: FeedManager = feedManager): LiveProvider {
  return {
    subscribe: ({ channel, types, params, callback, meta }): FeedSubscriptionHandle => {
      if (!isFeedName(channel) || !wants(types)) return { channel, unsubscribe: () => {} };
      const unsubscribe = manager.subscribe(channel, params?.feedParams, (message) => {
        const event: LiveEvent = { channel, type: FEED_EVENT_TYPE, payload: { data: message }, date: new Date(), meta };
        callback(event);
      });
      return { channel, unsubscribe };
    },
    unsubscribe: (handle: unknown) => {
      (handle as Partial<FeedSubscriptionHandle> | undefined)?.unsubscribe?.();
    },
  };
}

export const liveProvider: LiveProvider = createLiveProvider();
