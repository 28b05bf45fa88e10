import { useEffect, useMemo, useRef, useState } from 'react';
import type { AssetFeedData } from '../../domain/assets';
import { feedManager, paramsKey, type FeedManager, type FeedStatus } from '../../live/manager';
import { useFeedStatus } from '../../live/use-feed';

export interface AssetFeed extends FeedStatus {
  /** the last message of each API id asked for, in the order of `apiIds`. */
  messages: AssetFeedData[];
}

/**
 * The asset socket for these API ids (§7: every 3 s the console sends token and its apiIds). The feed
 * sends one message per API id, so the last one of each id is kept (useFeed keeps only the last
 * message of the feed); a new id list is sent at once and messages of ids no longer asked for drop.
 */
export function useAssetFeed(apiIds: readonly number[], { enabled = true, manager = feedManager }: { enabled?: boolean; manager?: FeedManager } = {}): AssetFeed {
  const [byId, setById] = useState<ReadonlyMap<number, AssetFeedData>>(() => new Map());
  const key = paramsKey(apiIds);
  const latest = useRef(apiIds);
  latest.current = apiIds;
  const subscription = useRef<ReturnType<FeedManager['subscribe']> | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const current = manager.subscribe('asset', latest.current, ({ data }) =>
      setById((previous) => new Map(previous).set(data.apiId, data)),
    );
    subscription.current = current;
    return () => {
      current();
      subscription.current = null;
      setById(new Map());
    };
  }, [manager, enabled]);

  useEffect(() => {
    subscription.current?.update(latest.current);
  }, [key]);

  const status = useFeedStatus('asset', manager);
  const messages = useMemo(
    () => apiIds.map((id) => byId.get(id)).filter((m): m is AssetFeedData => m !== undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [byId, key],
  );
  return { ...status, messages };
}
