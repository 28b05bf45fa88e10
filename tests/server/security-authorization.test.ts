// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '../../src/api/endpoints';
import { MATRIX_FILE, authorizationMarkdown } from '../../scripts/authorization-matrix';
import { startTestServer, type Reply, type TestServer } from './helpers';

/**
 * The authorization matrix (docs/AUTHORIZATION.md) is the data the console's access control reads
 * (the server answering every call as each role the way it says is tests/server/permissions.test.ts);
 * calls that name an API account or a task answer only for the caller's own.
 */

describe('authorization matrix', () => {
  it('docs/AUTHORIZATION.md is the table written from src/api/access.ts (npx tsx scripts/authorization-matrix.ts)', () => {
    expect(readFileSync(MATRIX_FILE, 'utf8')).toBe(authorizationMarkdown());
  });
});

describe('only your own API accounts and tasks', () => {
  let t: TestServer;
  let admin: string;
  let trader: string;
  let apiId: number;
  let taskId: number;
  let childId: number;
  const snapshot = async () => ({
    apis: (await t.call('apiList', {}, { token: admin })).data.map((a: { id: number; name: string }) => `${a.id}:${a.name}`).sort(),
    tasks: (await t.call('taskList', { pagesize: 100, page: 1 }, { token: admin })).data.list.map((task: { id: number; name: string; status: number }) => `${task.id}:${task.name}:${task.status}`).sort(),
    children: (await t.call('taskChildrenList', { taskId }, { token: admin })).data.map((child: { id: number; status: number }) => `${child.id}:${child.status}`),
  });

  beforeAll(async () => {
    t = await startTestServer({ settings: { demoTasks: true } });
    admin = await t.login('admin', 'admin123');
    trader = await t.login('trader', 'trader123');
    apiId = (await t.call('apiList', {}, { token: admin })).data[0].id;
    const tasks = (await t.call('taskList', { pagesize: 100, page: 1 }, { token: admin })).data.list as { id: number }[];
    const withChildren = await Promise.all(tasks.map(async (task) => ({ task, children: (await t.call('taskChildrenList', { taskId: task.id }, { token: admin })).data as { id: number }[] })));
    const parent = withChildren.find((entry) => entry.children.length > 0)!;
    taskId = parent.task.id;
    childId = parent.children[0]!.id;
  }, 60_000); // the demo tasks' first hour is simulated at start
  afterAll(() => t.stop());

  const reads = (): [EndpointName, Record<string, unknown>][] => [
    ['apiChargesGet', { apiId }],
    ['apiAssetTemplateGet', { apiId }],
    ['apiAdvancedGet', { apiId }],
    ['assetImaging', { apiId, layout: 1 }],
    ['assetLedgerLog', { apiId }],
    ['taskParamsGet', { taskId }],
    ['taskStatusDetection', { taskId }],
    ['taskChildrenList', { taskId }],
    ['taskPositionStatistics', { taskId }],
    ['taskEarnings', { taskId }],
    ['orderNewest', { taskId, number: 1 }],
    ['changeRecords', { task_id: taskId, bars: 10, page_num: 1 }],
    ['taskChildrenPositionStatistics', { childrenTaskId: childId }],
    ['taskChildrenEarnings', { childrenTaskId: childId }],
  ];

  it("a trader reading the super user's API account or task by id is refused; the super user reads the same", async () => {
    const leaks: string[] = [];
    for (const [name, payload] of reads()) {
      const own = await t.call(name, payload, { token: admin });
      const other = await t.call(name, payload, { token: trader });
      if (own.code !== 200) leaks.push(`${name}: the owner got ${own.code} ${own.info}`);
      if (other.code === 200) leaks.push(`${name}: the trader got ${JSON.stringify(other.data).slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  });

  it("a trader changing or deleting the super user's API account or task by id is refused and nothing changes", async () => {
    const before = await snapshot();
    const writes: [EndpointName, Record<string, unknown>][] = [
      ['apiUpdate', { apiId, id: apiId, name: 'taken over', bourse_id: 1, api_key: 'k', api_secret: 's' }],
      ['apiChargesUpdate', { apiId, maker: 0.5 }],
      ['apiAdvancedUpdate', { apiId }],
      ['apiClear', { apiId }],
      ['apiInit', { apiId }],
      ['apiDelete', { apiId }],
      ['assetManualSnapshot', { apiId }],
      ['taskNameUpdate', { taskId, name: 'taken over' }],
      ['taskParamsUpdate', { taskId, params: {} }],
      ['taskStatusUpdate', { taskId, settingStatus: 3 }],
      ['taskStatusUpdateBatch', { taskIds: [taskId], settingStatus: 3 }],
      ['taskChildrenStatusUpdate', { taskChildrenId: childId, settingStatus: 3 }],
      ['taskChildrenDelete', { taskChildrenId: childId }],
      ['manualClosePosition', { task_id: taskId, cids: String(childId) }],
      ['manualTradeEnd', { task_id: taskId }],
      ['taskDelete', { taskId }],
    ];
    const accepted: string[] = [];
    for (const [name, payload] of writes) {
      const reply: Reply = await t.call(name, payload, { token: trader });
      if (reply.code === 200) accepted.push(`${name}: ${reply.info}`);
    }
    expect(accepted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
