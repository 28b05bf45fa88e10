import type { PairRequest } from './orders';
import type { FeeConfig, Fill, Leg, OrderRecord } from './types';

/**
 * Where the engine's orders leave and their fills come back. `stepTask` hands each decision to a venue,
 * which answers the order records it sent (status 1, create, with what it expects them to end as), and
 * asks it each tick what became of every open order: its next §4 status, and its fill once it ends.
 * The engine stays pure and synchronous: a venue behind a real exchange answers from what its gateway
 * (server/gateway/gateway.ts) reported since the last tick. `paperVenue` (paper-venue.ts) simulates one.
 */
export interface Venue {
  /** the two orders of a pair, sent now */
  pair(request: PairRequest): [OrderRecord, OrderRecord];
  /** a re-hedge: one order on leg `leg`, opening the request's amount more */
  hedge(request: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1): OrderRecord;
  /** an open order one tick on, and its fill when it ended now with coins filled */
  advance(order: OrderRecord, legs: readonly [Leg, Leg], fees: FeeConfig, now: number): { order: OrderRecord; fill: Fill | null };
}
