/** Follow tasks of the unilateral side (spec §3 Follow task, Order detail; §7): one per one-sided API account. */

import type { UnilateralPosition } from './unilateral';

/** §3 Order detail: one follow order; `type` is its signal code, `state` 2 filled. */
export interface FollowOrder {
  id: number;
  createtime: string;
  strategy_name: string;
  instrument_id: string;
  order_id: string;
  bourse: string;
  size: number;
  filled_qty: number;
  price: number;
  price_avg: number;
  type: number;
  state: number;
}
/** /get_records {api_ids, recordId, number ±20}: the follow orders after (or before) row `recordId`, newest first. */
export interface FollowOrderRequest {
  /** the API ids (JSON list or comma-joined); the orders of all of them. */
  api_ids: number[] | string;
  recordId: number;
  number: number;
}
/** A follow task's summary (/get/api/data {apiId}). */
export interface FollowTaskData {
  apiId: number;
  strategy_id: number;
  status: number;
  equity: number;
  initial_cost: number;
  earnings: number;
  position: UnilateralPosition[];
}
/** A point of a follow task's asset-rate chart ({apiId, layout}). */
export interface FollowRatePoint {
  dateTime: string;
  equity: number;
  rate: number;
}
export interface FollowSignalSetting {
  apiId: number;
  follow: 0 | 1;
}
/** §3 Follow task (API item). One per API account: `id` is the API's id (apiId in calls). */
export interface FollowTask {
  id: number;
  /** the followed strategy's names (as on the strategy row); `name` is the API account's name. */
  names: string;
  user: string;
  bourse: string;
  ratio: number;
  strategy_ratio: number;
  qty: number;
  createtime: string;
  status: number;
  strategy_id: number;
  name: string;
  username: string;
}
/** §7 follow task create and update (the §5 ranges: priority 0~5, stop-loss 0~100). */
export interface FollowTaskSave {
  apiId: number;
  strategyId: number;
  priority: number;
  stopLoss: number;
  archiveCurrency: string;
  positiveLeverage: number;
  negativeLeverage: number;
  isBuy: 0 | 1;
  isSell: 0 | 1;
  calculateCost: number;
  initialCost: number;
  /** on add only; default usd. */
  unit?: string;
}
