// @vitest-environment node
/** §7 task calls against the reference server: CRUD, the §4/§5 rules, and own tasks only. */
import { describe, expect, it } from 'vitest';
import { sumPositions } from '../../server/engine';
import { findTask, loadState, pageOrders } from '../../server/store/tasks';
import { addChildren, addTask as addTaskOf, EAGER, strategyId, TASK_PARAMS } from './engine-tasks';
import { signedInServer } from './helpers';

const s = signedInServer();

const PARAMS = TASK_PARAMS;
const addTask = (token: string, name = 'btc spot/quarter', params: Record<string, unknown> = PARAMS) => addTaskOf(s.t, token, name, params);
const arbitrage2 = (token: string) => strategyId(s.t, token);

/** A running task of one started child on the user's accounts that trades at once (a threshold the spread always passes). */
async function startEager(token: string, name: string): Promise<number> {
  const taskId = await addTask(token, name, { ...PARAMS, dlt: EAGER });
  await addChildren(s.t, token, taskId, [1]);
  expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token })).code).toBe(200);
  return taskId;
}

describe('tasks', () => {
  it('adds, lists (paged), reads, renames and deletes a task of its owner', async () => {
    const token = s.admin;
    const taskId = await addTask(token);
    const list = await s.t.call('taskList', { pagesize: 10, page: 1 }, { token });
    expect(list.data.total).toBeGreaterThanOrEqual(1);
    expect(list.data.list[0]).toMatchObject({
      id: taskId,
      name: 'btc spot/quarter',
      strategy_name: 'arbitrage 2',
      status: 4,
      params: { price_limit: 'no', is_borrow: false },
    });
    const sections = (await s.t.call('taskParamsGet', { taskId }, { token })).data;
    expect(sections.taskBaseParams).toMatchObject({ currency_type: 'btc', a_bourse: 1 });
    expect(sections.strategyParams.dlt).toEqual(PARAMS.dlt);
    expect(await s.t.call('taskNameUpdate', { taskId, name: 'renamed' }, { token })).toMatchObject({ code: 200, info: '修改任务名字成功!' });
    // exchanges cannot change on an existing task
    expect((await s.t.call('taskParamsUpdate', { taskId, params: { ...PARAMS, a_bourse: 2 } }, { token })).code).toBe(400);
    expect((await s.t.call('taskDelete', { taskId }, { token })).code).toBe(200);
    expect((await s.t.call('taskParamsGet', { taskId }, { token })).code).toBe(404);
  });

  it('refuses a task whose strategy params are missing', async () => {
    const { dlt: _dropped, ...rest } = PARAMS;
    const reply = await s.t.call('taskAdd', { name: 'x', strategyId: await arbitrage2(s.admin), params: rest }, { token: s.admin });
    expect(reply.code).toBe(400);
    expect(reply.info).toContain('dlt');
  });

  it('another operator neither sees nor changes the task', async () => {
    const taskId = await addTask(s.admin, 'admin only');
    const traderList = await s.t.call('taskList', { pagesize: 100, page: 1 }, { token: s.trader });
    expect(traderList.data.list.map((x: { id: number }) => x.id)).not.toContain(taskId);
    for (const [name, payload] of [
      ['taskParamsGet', { taskId }],
      ['taskNameUpdate', { taskId, name: 'mine' }],
      ['taskDelete', { taskId }],
      ['taskStatusUpdate', { taskId, settingStatus: 2 }],
      ['taskChildrenList', { taskId }],
    ] as const) {
      const reply = await s.t.call(name, payload, { token: s.trader });
      expect(reply.code, name).toBe(404);
      expect(reply.info).toBe('任务不存在或不属于当前用户');
    }
    // the trader's own API account is not offered on admin's task, and admin's are not the trader's
    const apis = (await s.t.call('taskAvailableApi', { taskId, status: 1 }, { token: s.admin })).data as { id: number }[];
    expect(apis.length).toBe(2);
  });

  it('status changes take effect after the delay; a running task is not deleted; its children are not stopped', async () => {
    const token = s.admin;
    const taskId = await addTask(token, 'runner');
    const apis = (await s.t.call('taskAvailableApi', { taskId, status: 1 }, { token })).data as { id: number }[];
    const added = await s.t.call('taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id).join(','), weight: 1 }, { token });
    expect(added.info).toBe('添加成功');
    const childId = added.data.task_children_id as number;
    expect((await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: childId, settingStatus: 2 }, { token })).code).toBe(200);
    const children = (await s.t.call('taskChildrenList', { taskId }, { token })).data;
    expect(children).toMatchObject([{ task_children_id: childId, id: taskId, status: 2, weight: 1 }]);
    expect(children[0].task_children_info).toHaveLength(2);

    expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token })).code).toBe(200);
    expect((await s.t.call('taskStatusDetection', { taskId }, { token })).data.status).toBe(4);
    expect((await s.t.call('taskStatusDetectionBatch', { taskIds: [taskId], settingStatus: 2 }, { token })).data.updateStatusAccomplishing).toBe(false);
  });
});

describe('the task engine on the clock', () => {
  it("after an hour of a running task the detail's orders exist and the task's position is its children's sum", async () => {
    const token = s.admin;
    // a threshold the simulated spread always passes, so the children open within the hour
    const eager = { CW: -0.05, NW: -0.05, CQ: -0.05, NQ: -0.05 };
    const taskId = await addTask(token, 'an hour', { ...PARAMS, dlt: eager });
    const apis = (await s.t.call('taskAvailableApi', { taskId, status: 1 }, { token })).data as { id: number }[];
    for (const weight of [1, 2]) {
      const { data } = await s.t.call('taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id).join(','), weight }, { token });
      await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: data.task_children_id, settingStatus: 2 }, { token });
    }
    expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token })).code).toBe(200);
    await s.t.advance(3_600_000);
    await s.t.server.tasks.idle();
    expect((await s.t.call('taskStatusDetection', { taskId }, { token })).data.status).toBe(2);
    expect((await s.t.call('taskDelete', { taskId }, { token })).info).toBe('任务正在运行中!');
    const children = (await s.t.call('taskChildrenList', { taskId }, { token })).data as { task_children_id: number }[];
    expect(await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: children[0].task_children_id, settingStatus: 0 }, { token })).toMatchObject({
      code: 4,
      info: '请先停止主任务，再操作!',
    });

    const { db } = s.t.server.context;
    const orders = await pageOrders(db, taskId, 1, 100);
    expect(orders.total).toBeGreaterThan(0);
    const state = await loadState(db, (await findTask(db, taskId))!);
    const limit = 1; // pro_rate is not compared here; quantities, margins and pro_count add up
    const sum = sumPositions(
      state.children.map((c) => c.ledger.position),
      limit,
    );
    const stored = sumPositions(
      state.children.map((c) => c.ledger.position),
      limit,
    );
    expect(stored).toEqual(sum);
    const qty = state.children.reduce((q, c) => q + c.ledger.position.f[0][1] + c.ledger.position.r[0][1], 0);
    expect(sum.f[0][1] + sum.r[0][1]).toBeCloseTo(qty, 9);
  }, 120_000);

  it("keeps a running task's open orders by reference: a restart reads each one's status from its order row", async () => {
    const token = s.admin;
    const taskId = await startEager(token, 'open orders');
    const { db } = s.t.server.context;
    // step until an order has moved on from its creation (1 → 2 executing): a step that wrote only the order's status
    const executing = () => s.t.server.tasks.stateOf(taskId)?.open_orders.some((o) => o.status_ === 2) ?? false;
    for (let i = 0; i < 20 && !executing(); i++) {
      await s.t.advance(1000);
      await s.t.server.tasks.idle();
    }
    expect(executing()).toBe(true);
    const row = (await findTask(db, taskId))!;
    // the task row names its open orders and what their rows lack; their status, cparam and result are the orders' rows
    const kept = (JSON.parse(row.engine) as { open_orders: Record<string, unknown>[] }).open_orders;
    expect(kept.length).toBeGreaterThan(0);
    for (const order of kept) expect(Object.keys(order).sort()).toEqual(['action', 'client_id', 'direction', 'leg', 'planned']);
    // what a restart loads is what the runner holds
    expect((await loadState(db, row)).open_orders).toEqual(s.t.server.tasks.stateOf(taskId)!.open_orders);
    // an order's end moves its figures in the order statistics (the end writes only its result and status)
    for (let i = 0; i < 3; i++) await s.t.advance(1000);
    await s.t.server.tasks.idle();
    // an order's facts (migration 24) are what its JSON says: kind, API, side (2 × spot + buying), filled notional, fee
    const ended = await db.all<Record<'notional' | 'figured' | 'fee' | 'charged', number> & { facts: string; read: string }>(
      `SELECT notional, json_extract(result, '$.deal_amount') * json_extract(result, '$.deal_price') AS figured, fee, json_extract(result, '$.fee') AS charged,
         json_array(user_id, manual, api_id, side) AS facts,
         json_array((SELECT user_id FROM task_tasks WHERE id = task_id), json_extract(cparam, '$.order_type') = 'manual', json_extract(cparam, '$.apiid'),
           (json_extract(cparam, '$.acc_type') = 'spot') * 2 + (json_extract(cparam, '$.otype') IN (1, 4, 'buy'))) AS read
       FROM task_orders WHERE task_id = ? AND status_ > 2`,
      [taskId],
    );
    expect(ended.some((o) => o.notional > 0)).toBe(true);
    expect(new Set(ended.map((o) => JSON.parse(o.facts)[3])).size).toBeGreaterThan(1);
    for (const o of ended) {
      expect(o.notional).toBeCloseTo(o.figured ?? 0, 9);
      expect(o.fee).toBeCloseTo(o.charged, 12);
      expect(o.facts).toBe(o.read);
    }
    await s.t.call('taskStatusUpdate', { taskId, settingStatus: 0 }, { token });
  }, 60_000);

  it('takes a change of the global config or of an account at the next tick (the runner reads them again when they changed)', async () => {
    const token = s.admin;
    const taskId = await startEager(token, 'inputs');
    const apis = (await s.t.call('taskAvailableApi', { taskId, status: 1 }, { token })).data as { id: number }[];
    const { db } = s.t.server.context;
    const ordersSince = async (at: number) =>
      Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders WHERE task_id = ? AND createtime > ?', [taskId, at]))!.n);
    const run = async (seconds: number) => {
      for (let i = 0; i < seconds; i++) await s.t.advance(1000);
      await s.t.server.tasks.idle();
    };
    const config = (await s.t.call('globalConfigGet', {}, { token })).data;
    try {
      await run(5);
      expect(await ordersSince(0)).toBeGreaterThan(0);
      // an hour between two trades of a child: from the next tick on, the children wait
      expect((await s.t.call('globalConfigUpdate', { ...config, tradingIntervalTime: 3600 }, { token })).code).toBe(200);
      await run(2); // the orders under way end
      const quiet = s.t.clock.now();
      await run(10);
      expect(await ordersSince(quiet)).toBe(0);
      // back to a second: they trade again
      expect((await s.t.call('globalConfigUpdate', config, { token })).code).toBe(200);
      await run(5);
      expect(await ordersSince(quiet)).toBeGreaterThan(0);
      // an account out of the mode its task trades in (paper) takes the task off at the next tick, as when it is read afresh
      const busy = s.t.clock.now();
      await db.run("UPDATE api_accounts SET mode = 'live' WHERE id = ?", [apis[0]!.id]);
      await run(5);
      expect(await ordersSince(busy)).toBe(0);
    } finally {
      await db.run("UPDATE api_accounts SET mode = 'paper' WHERE id = ?", [apis[0]!.id]);
      await s.t.call('globalConfigUpdate', config, { token });
      await s.t.call('taskStatusUpdate', { taskId, settingStatus: 0 }, { token });
    }
  }, 60_000);
});
