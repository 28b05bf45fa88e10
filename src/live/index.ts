export { feeds, feedNames, isFeedName, statisticsHeartbeat, demandHeartbeat } from './feeds';
export type { FeedDefinition, FeedName, StatisticsFeedParams } from './feeds';
export { FeedManager, feedManager, paramsKey, DEFAULT_BACKOFF, DEFAULT_OFFLINE_AFTER_ATTEMPTS } from './manager';
export type { BackoffOptions, FeedListener, FeedManagerOptions, FeedState, FeedStatus, FeedStatusListener } from './manager';
export { useFeed, useFeedStatus } from './use-feed';
export type { UseFeedOptions, UseFeedResult } from './use-feed';
