import { useEffect, useState } from 'react';
import { Badge, Tooltip } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedName } from '../../live/feeds';
import type { FeedManager, FeedState } from '../../live/manager';
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

/** A feed's state and the age of its last message, e.g. "live · 3 s ago". */
export function FeedStatusBadge({ feed, manager }: FeedStatusBadgeProps) {
  const { t } = useTranslation('live');
  const { state, lastMessageAt } = useFeedStatus(feed, manager);
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

  return (
    <Tooltip title={t('tooltip', { feed: t(`feed.${feed}`), state: stateText })}>
      <span data-feed={feed} data-feed-state={state}>
        <Badge status={BADGE[state]} text={text} />
      </span>
    </Tooltip>
  );
}

export default FeedStatusBadge;
