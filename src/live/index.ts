export { feedDefinitions, unionIds, mergeMarketParams, mergeStatisticsParams } from './feeds';
export type { AnyFeedDefinition, FeedDefinition } from './feeds';
export type * from '#contract/types/feeds';
export { FeedManager, feedManager, paramsKey, DEFAULT_BACKOFF, DEFAULT_OFFLINE_AFTER_ATTEMPTS, requestAnimationFrameOrTimeout } from './manager';
export type { BackoffOptions, FeedListener, FeedManagerOptions, FeedState, FeedStatus, FeedStatusListener, FeedSubscription, RequestFrame } from './manager';
export { useFeed, useFeedListener, useFeedStatus } from './use-feed';
export type { UseFeedOptions, UseFeedResult } from './use-feed';
export { resourceFeeds, isLiveResource, liveRecords, writeLiveRecords } from './resources';
export type { LiveRecord, LiveResource } from './resources';
