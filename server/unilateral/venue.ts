import { FOLLOW_ORDER_STATE } from '#contract/rules/unilateral';
import type { FollowTaskRow, NewFollowOrder } from '../store/unilateral';
import type { FollowOrderRow } from './engine';

export const instrumentOf = (coin: string): string => `${coin.toUpperCase()}-USDT-SWAP`;

/**
 * Where a follow task's orders leave for its API account and come back as the rows the task records:
 * every order of the one-sided runner and of the follow-task actions is sent here, the one place a real
 * exchange goes behind. Paper (the reference server): the order fills at once at the price it was sent at.
 */
export const sendFollowOrder = (task: FollowTaskRow, coin: string, order: FollowOrderRow): NewFollowOrder => ({
  api_id: task.api_id,
  strategy_id: task.strategy_id,
  at: order.at,
  instrument_id: instrumentOf(coin),
  size: order.qty,
  price: order.price,
  type: order.type,
  state: FOLLOW_ORDER_STATE.filled,
});
