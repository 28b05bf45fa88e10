import type { EndpointName } from '#contract/endpoints';
import { params } from './engine-fixtures';

/** A contract call that answers the reply's data (and fails on another code than 200). */
export type DataCall = (name: EndpointName, payload?: Record<string, unknown>) => Promise<any>;

/** 'arbitrage 2' params that open at once (the simulated spread always passes dlt -5 %): spot / quarter. */
export const tradingTaskParams = (currency: string) =>
  params({ currency_type: currency, price_limit: '', max_borrow_ratio: 0.3, dlt: { CW: -0.05, NW: -0.05, CQ: -0.05, NQ: -0.05 } });

/**
 * A task that trades as soon as the engine applies its start: one started child on the user's accounts
 * of both exchanges, the task asked to start (status 2). Used by the order tests, e2e and bench.
 */
export async function startTradingTask(call: DataCall, name: string, currency: string): Promise<{ taskId: number; childId: number }> {
  const strategies = (await call('strategyHome')) as { id: number; name: string }[];
  const strategyId = strategies.find((s) => s.name === 'arbitrage 2')!.id;
  const { id: taskId } = (await call('taskAdd', { name, strategyId, params: tradingTaskParams(currency) })) as { id: number };
  const apis = (await call('taskAvailableApi', { taskId, status: 1 })) as { id: number }[];
  const { task_children_id: childId } = (await call('taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id).join(','), weight: 1 })) as {
    task_children_id: number;
  };
  await call('taskChildrenStatusUpdate', { taskChildrenId: childId, settingStatus: 2 });
  await call('taskStatusUpdate', { taskId, settingStatus: 2 });
  return { taskId, childId };
}
