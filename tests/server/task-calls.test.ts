// @vitest-environment node
/** §7 manual trading and change records, and the §4/§5 rules with their §8 messages, over the wired server. */
import { describe, expect, it } from 'vitest';
import { ordersOf } from '../../server/store/tasks';
import { addChildren, addTask, run, setStatus, TASK_PARAMS } from './engine-tasks';
import { signedInServer } from './helpers';

const s = signedInServer();

const position = async (taskId: number, token = s.admin) => (await s.t.call('taskPositionStatistics', { taskId }, { token })).data;
const orderTypes = async (taskId: number) => (await ordersOf(s.t.server.context.db, taskId)).map((o) => JSON.parse(o.cparam).order_type as string);

describe('manual trading (§5, §7 /taskServer/manual, /ts/delstock, /taskServer/manualend)', () => {
  it('a manual open fills as manual orders, a manual close (delstock) flattens, manualend clears the request', async () => {
    const taskId = await addTask(s.t, s.admin, 'manual');
    const children = await addChildren(s.t, s.admin, taskId, [1, 1]);
    const cparam = JSON.stringify({ dlt: -0.01, count: 20, duration: 1, cid: children.join(','), change_type: 'open', direct: 'f' });
    expect(await s.t.call('manualTrade', { task_id: taskId, cparam }, { token: s.admin })).toMatchObject({ code: 200, info: '提交成功!' });
    await run(s.t, 10_000);
    expect(new Set(await orderTypes(taskId))).toEqual(new Set(['manual']));
    const opened = await position(taskId);
    expect(opened.f[0][1]).toBeGreaterThan(0);
    expect(opened.r[0][1]).toBe(0);

    expect((await s.t.call('manualClosePosition', { task_id: taskId, cids: children.join(',') }, { token: s.admin })).code).toBe(200);
    await run(s.t, 30_000);
    const closed = await position(taskId);
    expect(closed.f[0][1] + closed.f[1][1]).toBeCloseTo(0, 9);
    expect(closed.task_virtual_earnings.amount).toBeGreaterThan(0);
    expect(closed.task_virtual_earnings.earnings_amount).not.toBe(0);

    expect((await s.t.call('manualTradeEnd', { task_id: taskId }, { token: s.admin })).code).toBe(200);
    const kinds = (await s.t.call('changeRecords', { task_id: taskId, bars: 50, page_num: 1 }, { token: s.admin })).data.datas.map(
      (d: { change_type: string }) => d.change_type,
    );
    expect(kinds.slice(0, 3)).toEqual(['manual_end', 'manual_close', 'manual']);
  }, 60_000);

  it('refuses a manual trade without children, with a foreign child, or with a bad change_type', async () => {
    const taskId = await addTask(s.t, s.admin, 'manual refusals');
    const [child] = await addChildren(s.t, s.admin, taskId, [1]);
    const other = await addTask(s.t, s.admin, 'other');
    const [foreign] = await addChildren(s.t, s.admin, other, [1]);
    const send = (cparam: Record<string, unknown>) =>
      s.t.call(
        'manualTrade',
        { task_id: taskId, cparam: JSON.stringify({ dlt: -0.01, count: 20, duration: 1, change_type: 'open', direct: 'f', ...cparam }) },
        { token: s.admin },
      );
    expect((await send({ cid: '' })).code).toBe(400);
    expect((await send({ cid: String(foreign) })).code).toBe(404);
    expect((await send({ cid: String(child), change_type: 'sideways' })).code).toBe(400);
    expect((await send({ cid: String(child), direct: 'x' })).code).toBe(400);
  });
});

describe('change records (§7 /changeServer/changerecords)', () => {
  it('records add, name, params, children and status changes, newest first, paged by bars and page_num', async () => {
    const taskId = await addTask(s.t, s.admin, 'recorded');
    await s.t.call('taskNameUpdate', { taskId, name: 'renamed' }, { token: s.admin });
    await s.t.call('taskParamsUpdate', { taskId, params: { ...TASK_PARAMS, slip: 0.001 } }, { token: s.admin });
    const [child] = await addChildren(s.t, s.admin, taskId, [1]);
    await setStatus(s.t, s.admin, taskId, 2);
    const page = (n: number) => s.t.call('changeRecords', { task_id: taskId, bars: 3, page_num: n }, { token: s.admin });
    const first = (await page(1)).data;
    expect(first.pages).toBe(2);
    expect(first.datas.map((d: { change_type: string }) => d.change_type)).toEqual(['status', 'child_status', 'child_add']);
    expect(first.datas[0]).toMatchObject({ task_id: taskId, before: 4, after: 2, operator: 'admin' });
    expect(first.datas[1]).toMatchObject({ before: { task_children_id: child, status: 0 }, after: { task_children_id: child, status: 2 } });
    const second = (await page(2)).data.datas;
    expect(second.map((d: { change_type: string }) => d.change_type)).toEqual(['params', 'name', 'add']);
    expect(second[0]).toMatchObject({ before: { slip: 0.0005 }, after: { slip: 0.001 } });
    expect(second[1]).toMatchObject({ before: 'recorded', after: 'renamed' });
    await setStatus(s.t, s.admin, taskId, 4);
  });
});

describe('the rules of §4/§5 with the messages of §8', () => {
  it('a running or a paused task is not deleted (任务正在运行中!); its children are neither stopped nor deleted (code 4)', async () => {
    const taskId = await addTask(s.t, s.admin, 'rules');
    const [child] = await addChildren(s.t, s.admin, taskId, [1]);
    for (const status of [2, 3]) {
      await setStatus(s.t, s.admin, taskId, status);
      expect((await s.t.call('taskStatusDetection', { taskId }, { token: s.admin })).data.status).toBe(status);
      expect(await s.t.call('taskDelete', { taskId }, { token: s.admin })).toMatchObject({ code: 400, info: '任务正在运行中!' });
      expect(await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: child, settingStatus: 0 }, { token: s.admin })).toMatchObject({
        code: 4,
        info: '请先停止主任务，再操作!',
      });
      expect(await s.t.call('taskChildrenDelete', { taskChildrenId: child }, { token: s.admin })).toMatchObject({ code: 4, info: '请先停止主任务，再操作!' });
    }
    await setStatus(s.t, s.admin, taskId, 4);
    expect((await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: child, settingStatus: 0 }, { token: s.admin })).code).toBe(200);
  });

  it('close position (status 1) answers its own message in data, which the console shows (§4); other statuses the common one', async () => {
    const taskId = await addTask(s.t, s.admin, 'closing');
    await addChildren(s.t, s.admin, taskId, [1]);
    await setStatus(s.t, s.admin, taskId, 2);
    const close = await s.t.call('taskStatusUpdate', { taskId, settingStatus: 1 }, { token: s.admin });
    expect(close).toMatchObject({ code: 200, data: '平仓指令已发出：子任务平掉全部持仓后，任务停止' });
    expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 4 }, { token: s.admin })).data).toBeNull();
    await s.t.advance(3000);
    await s.t.server.tasks.idle();
  });

  it('a close position the engine ends is written: the task reads stopped and is no longer active', async () => {
    const taskId = await addTask(s.t, s.admin, 'closed by the engine');
    await addChildren(s.t, s.admin, taskId, [1]);
    await setStatus(s.t, s.admin, taskId, 2);
    expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 1 }, { token: s.admin })).code).toBe(200);
    await run(s.t, 5000);
    expect((await s.t.call('taskStatusDetection', { taskId }, { token: s.admin })).data.status).toBe(4);
    const row = await s.t.server.context.db.get<{ status: number; active: number }>('SELECT status, active FROM task_tasks WHERE id = ?', [taskId]);
    expect(row).toEqual({ status: 4, active: 0 });
  });

  it('exchanges and non-delivery types of an existing task stay; delivery types may change', async () => {
    const taskId = await addTask(s.t, s.admin, 'fixed legs');
    const update = (params: Record<string, unknown>) => s.t.call('taskParamsUpdate', { taskId, params: { ...TASK_PARAMS, ...params } }, { token: s.admin });
    expect((await update({ b_bourse: 1 })).code).toBe(400);
    expect((await update({ a_transaction_type: 5 })).code).toBe(400); // spot → perpetual
    expect((await update({ b_transaction_type: 1 })).code).toBe(400); // quarter → spot
    expect(await update({ b_transaction_type: 2 })).toMatchObject({ code: 200 }); // quarter → this week
    expect((await s.t.call('taskParamsGet', { taskId }, { token: s.admin })).data.taskBaseParams.b_transaction_type).toBe(2);
  });

  it('an operator uses only their own API accounts on their own tasks', async () => {
    const mine = await addTask(s.t, s.trader, 'trader spot/quarter', { ...TASK_PARAMS, b_bourse: 1 });
    const apis = (await s.t.call('taskAvailableApi', { taskId: mine, status: 1 }, { token: s.trader })).data as { id: number; name: string }[];
    expect(apis.map((a) => a.name)).toEqual(['OKEx-trader']);
    const adminApis = (await s.t.call('apiNames', {}, { token: s.admin })).data as { id: number }[];
    const refused = await s.t.call('taskChildrenAdd', { taskId: mine, linkApiId: [adminApis[0]!.id], weight: 1 }, { token: s.trader });
    expect(refused.code).toBe(404);
    const added = await s.t.call('taskChildrenAdd', { taskId: mine, linkApiId: [apis[0]!.id], weight: 1 }, { token: s.trader });
    expect(added.code).toBe(200);
    // and admin cannot touch the trader's child
    expect((await s.t.call('taskChildrenDelete', { taskChildrenId: added.data.task_children_id }, { token: s.admin })).code).toBe(404);
  });
});
