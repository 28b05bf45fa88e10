/** Helpers for the task tests over the wired server: a task, its children, started and run on the clock. */
import { expect } from 'vitest';
import { params } from './engine-fixtures';
import type { TestServer } from './helpers';

/** The engine fixtures' task as the console sends it: a blank price_limit (the server makes it 'no'). */
export const TASK_PARAMS: Record<string, unknown> = { ...params(), price_limit: '', max_borrow_ratio: 0.3 };

/** A threshold the simulated spread always passes: the children open at once and trade all the time. */
export const EAGER = { CW: -0.05, NW: -0.05, CQ: -0.05, NQ: -0.05 };

export async function strategyId(t: TestServer, token: string, name = 'arbitrage 2'): Promise<number> {
  const { data } = await t.call('strategyHome', {}, { token });
  return (data as { id: number; name: string }[]).find((x) => x.name === name)!.id;
}

export async function addTask(t: TestServer, token: string, name = 'task', params: Record<string, unknown> = TASK_PARAMS): Promise<number> {
  const reply = await t.call('taskAdd', { name, strategyId: await strategyId(t, token), params }, { token });
  expect(reply).toMatchObject({ code: 200, info: '添加任务成功' });
  return reply.data.id as number;
}

/** Adds a started child per weight, with the user's API accounts on the task's exchanges; returns the child ids. */
export async function addChildren(t: TestServer, token: string, taskId: number, weights: readonly number[]): Promise<number[]> {
  const apis = (await t.call('taskAvailableApi', { taskId, status: 1 }, { token })).data as { id: number }[];
  const ids: number[] = [];
  for (const weight of weights) {
    const added = await t.call('taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id), weight }, { token });
    expect(added.code, added.info).toBe(200);
    ids.push(added.data.task_children_id as number);
    expect((await t.call('taskChildrenStatusUpdate', { taskChildrenId: added.data.task_children_id, settingStatus: 2 }, { token })).code).toBe(200);
  }
  return ids;
}

/** Asks for a status and moves the clock past the delay, so the engine has applied it. */
export async function setStatus(t: TestServer, token: string, taskId: number, settingStatus: number): Promise<void> {
  const reply = await t.call('taskStatusUpdate', { taskId, settingStatus }, { token });
  expect(reply.code, reply.info).toBe(200);
  await run(t, 3000);
}

/** Moves the clock and waits until the engine has written every tick. */
export async function run(t: TestServer, ms: number): Promise<void> {
  await t.advance(ms);
  await t.server.tasks.idle();
}
