// @vitest-environment node
/**
 * (7, 9): a batch status change is all or none, counts each task once and has a bound; a task
 * call's rows (the task and its change record; the status check and the params) are written in one
 * transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/store/queryable';
import { PAGING } from '#contract/rules/constants';
import { addTask, run, setStatus, strategyId, TASK_PARAMS } from './engine-tasks';
import { signedInServer } from './helpers';

const s = signedInServer();

const statusOf = async (taskId: number) => (await s.t.call('taskStatusDetection', { taskId }, { token: s.admin })).data.status as number;
const records = async (taskId: number) =>
  (await s.t.call('changeRecords', { task_id: taskId, bars: 100, page_num: 1 }, { token: s.admin })).data.datas as { change_type: string; after: unknown }[];
const taskNames = async () =>
  ((await s.t.call('taskList', { pagesize: 1000, page: 1 }, { token: s.admin })).data.list as { name: string }[]).map((task) => task.name);

describe('batch status change (POST /task/status/update/batch)', () => {
  it('a batch refused for one task changes none of the others, even after the engine has ticked', async () => {
    const running = await addTask(s.t, s.admin, 'batch running');
    await setStatus(s.t, s.admin, running, 2);
    expect(await statusOf(running)).toBe(2);
    const stopped = await addTask(s.t, s.admin, 'batch stopped');
    const before = await records(running);

    const reply = await s.t.call('taskStatusUpdateBatch', { taskIds: [running, stopped], settingStatus: 3 }, { token: s.admin });
    expect(reply.code).toBe(400);
    expect(reply.info).toBe(`任务 ${stopped} 当前状态 4 不能改为 3，整批均未执行`);
    await run(s.t, 5000);
    expect(await statusOf(running)).toBe(2);
    expect(await records(running)).toEqual(before);
    expect(
      (await s.t.call('taskStatusDetectionBatch', { taskIds: [running, stopped], settingStatus: 3 }, { token: s.admin })).data.updateStatusAccomplishing,
    ).toBe(true);
  });

  it('a refused batch names the task in the caller’s language', async () => {
    const stopped = await addTask(s.t, s.admin, 'batch stopped en');
    const reply = await s.t.call('taskStatusUpdateBatch', { taskIds: [stopped], settingStatus: 3 }, { token: s.admin, lang: 'en' });
    expect(reply).toMatchObject({ code: 400, info: `task ${stopped} in status 4 cannot change to 3: nothing in the batch was changed` });
  });

  it('2,000 copies of one id are one request: one change record', async () => {
    const taskId = await addTask(s.t, s.admin, 'batch copies');
    const reply = await s.t.call('taskStatusUpdateBatch', { taskIds: Array.from({ length: 2000 }, () => taskId), settingStatus: 2 }, { token: s.admin });
    expect(reply.code, reply.info).toBe(200);
    expect((await records(taskId)).map((r) => r.change_type)).toEqual(['status', 'add']);
    await run(s.t, 3000);
    expect(await statusOf(taskId)).toBe(2);
  });

  it(`refuses more than ${PAGING.taskBatchMax} different tasks at once, with a clear message, and changes nothing`, async () => {
    const taskId = await addTask(s.t, s.admin, 'batch bound');
    const taskIds = [taskId, ...Array.from({ length: PAGING.taskBatchMax }, (_, i) => 1_000_000 + i)];
    for (const [lang, info] of [
      ['zh-CN', `一次最多批量操作 ${PAGING.taskBatchMax} 个任务（本次 ${taskIds.length} 个）`],
      ['en', `at most ${PAGING.taskBatchMax} tasks in one batch (${taskIds.length} were sent)`],
    ]) {
      expect(await s.t.call('taskStatusUpdateBatch', { taskIds, settingStatus: 2 }, { token: s.admin, lang })).toMatchObject({ code: 400, info });
      expect((await s.t.call('taskStatusDetectionBatch', { taskIds, settingStatus: 2 }, { token: s.admin, lang })).code).toBe(400);
    }
    expect((await records(taskId)).map((r) => r.change_type)).toEqual(['add']);
  });
});

describe('one transaction per task call', () => {
  /** Makes the database refuse the change records of one kind, as a full disk or a broken row would. */
  const refuseRecords = (db: Db, changeType: string) =>
    db.run(
      `CREATE TRIGGER refuse_${changeType} BEFORE INSERT ON task_changes WHEN NEW.change_type = '${changeType}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
  const allowRecords = (db: Db, changeType: string) => db.run(`DROP TRIGGER refuse_${changeType}`);

  it('a task whose change record cannot be written is not added', async () => {
    const { db } = s.t.server.context;
    await refuseRecords(db, 'add');
    try {
      const reply = await s.t.call('taskAdd', { name: 'half added', strategyId: await strategyId(s.t, s.admin), params: TASK_PARAMS }, { token: s.admin });
      expect(reply.code).toBe(500);
    } finally {
      await allowRecords(db, 'add');
    }
    expect(await taskNames()).not.toContain('half added');
  });

  it('a rename whose change record cannot be written keeps the old name', async () => {
    const { db } = s.t.server.context;
    const taskId = await addTask(s.t, s.admin, 'named once');
    await refuseRecords(db, 'name');
    try {
      expect((await s.t.call('taskNameUpdate', { taskId, name: 'named twice' }, { token: s.admin })).code).toBe(500);
    } finally {
      await allowRecords(db, 'name');
    }
    expect(await taskNames()).toContain('named once');
  });

  it('params are never written to a task the engine started after the status check', async () => {
    const { db } = s.t.server.context;
    const taskId = await addTask(s.t, s.admin, 'params race');
    // the database refuses params written to a running task: what the status check is there to prevent
    await db.run(`CREATE TRIGGER params_of_running BEFORE UPDATE OF params ON task_tasks WHEN OLD.status IN (1, 2) BEGIN SELECT RAISE(ABORT, 'running'); END`);
    // the engine starts the task right after the call has read it: queued on the connection from outside the call
    const outside = AsyncLocalStorage.snapshot();
    const get = db.get;
    let started: Promise<unknown> | undefined;
    db.get = ((sql, args) => {
      const read = get(sql, args);
      if (!started && sql.startsWith('SELECT * FROM task_tasks WHERE id = ?') && args?.[0] === taskId) {
        started = outside(() => db.run('UPDATE task_tasks SET status = 2 WHERE id = ?', [taskId]));
      }
      return read;
    }) as Db['get'];
    try {
      const reply = await s.t.call('taskParamsUpdate', { taskId, params: { ...TASK_PARAMS, slip: 0.002 } }, { token: s.admin });
      await started;
      // either the update came first (and the task then started) or it saw the task running and was refused
      expect([200, 400]).toContain(reply.code);
      if (reply.code === 400) expect(reply.info).toBe('任务正在运行中!');
    } finally {
      db.get = get;
      await db.run('DROP TRIGGER params_of_running');
    }
  });
});
