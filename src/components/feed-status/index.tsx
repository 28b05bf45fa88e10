import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Badge, Flex, Tooltip } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { feeds, type FeedName } from '#contract/feeds';
import { feedManager, type FeedManager, type FeedState } from '../../live/manager';
import { useFeedStatus } from '../../live/use-feed';
import { feedAge } from './age';

export { feedAge, type FeedAge } from './age';

const AGE_REFRESH_MS = 1000;

const BADGE: Record<FeedState, NonNullable<BadgeProps['status']>> = {
  idle: 'default',
  connecting: 'processing',
  live: 'success',
  reconnecting: 'warning',
  offline: 'error',
  unsupported: 'error',
};

export interface FeedStatusBadgeProps {
  feed: FeedName;
  /** defaults to the console's feed manager. */
  manager?: FeedManager;
}

/** A feed's state and the age of its last message, e.g. "live · 3 s ago"; a malformed message shows as a warning. */
export function FeedStatusBadge({ feed, manager }: FeedStatusBadgeProps) {
  const { t } = useTranslation('live');
  const { state, lastMessageAt, error } = useFeedStatus(feed, manager);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (lastMessageAt === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [lastMessageAt]);

  const stateText = t(`state.${state}`);
  let text = stateText;
  if (lastMessageAt !== null) {
    const age = feedAge(lastMessageAt, now);
    text = t('withAge', { state: stateText, age: t(age.key, { count: age.count }) });
  }
  const feedText = t(`feed.${feed}`);
  const tooltip = error ? t('malformed', { feed: feedText, error }) : t('tooltip', { feed: feedText, state: stateText });

  return (
    <Tooltip title={tooltip}>
      <span data-feed={feed} data-feed-state={state} data-feed-error={error ? 'true' : undefined}>
        <Badge status={error && state === 'live' ? 'warning' : BADGE[state]} text={text} />
      </span>
    </Tooltip>
  );
}

/** The feeds that have subscribers now: the ones the current page uses. */
export function useActiveFeeds(manager: FeedManager = feedManager): readonly FeedName[] {
  const subscribe = useCallback((onChange: () => void) => manager.onActive(onChange), [manager]);
  const snapshot = useCallback(() => manager.active(), [manager]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export interface ShellFeedStatusProps {
  manager?: FeedManager;
}

/**
 * The shell's live-data line: one FeedStatusBadge per feed the current page subscribes to (via useFeed
 * or useLiveResource); nothing on a page without feeds. Wraps at 375 px.
 */
export function ShellFeedStatus({ manager = feedManager }: ShellFeedStatusProps) {
  const { t } = useTranslation('live');
  const active = useActiveFeeds(manager).filter((feed) => feeds[feed].inShell !== false);
  if (active.length === 0) return null;
  return (
    <Flex role="status" aria-label={t('shellLabel')} wrap gap="small" justify="flex-end" style={{ marginBottom: 8 }}>
      {active.map((feed) => (
        <FeedStatusBadge key={feed} feed={feed} manager={manager} />
      ))}
    </Flex>
  );
}

export default FeedStatusBadge;
