import type { IdSpec } from './calls';
import type { FeedName, FeedParams } from '../feeds';

/** The feeds whose subscription is a list of ids. */
type IdFeed = { [N in FeedName]: readonly number[] extends NonNullable<FeedParams<N>> ? N : never }[FeedName];

/**
 * Every feed whose messages name ids (`{token, data: [id…]}`): what they name, the feeds' half of the ownership
 * table (contract/ownership/calls.ts holds the calls').
 */
export const FEED_IDS: Record<IdFeed, IdSpec> & Partial<Record<FeedName, IdSpec>> = {
  asset: 'apiAccount',
  task: 'task',
};
