import { to, type Access } from '../rules/permissions';
import type { FeedName } from '../feeds';

/** Every socket of contract/feeds.ts and what subscribing to it needs. */
export const FEED_ACCESS: Record<FeedName, Access> = {
  market: to('market', 'list'),
  asset: to('assets', 'list'),
  task: to('tasks', 'list'),
  statistics: to('orders', 'list'),
  demand: to('demand', 'list'),
  unilateral: to('unilateral-strategies', 'list'),
  alert: to('alerts', 'list'),
};
