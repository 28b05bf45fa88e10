import type { CrudFilter } from '@refinedev/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { dataProvider } from '../../src/providers/data';
import { clearSession, saveSession } from '../../src/providers/session';
import { apisResource } from '../../src/features/apis';
import { childTasksResource } from '../../src/features/tasks/child-tasks';
import { followTasksResource } from '../../src/features/unilateral/follow-tasks';
import { GLOBAL_CONFIG_ID, globalConfigResource } from '../../src/features/global-config';
import { ordersResource } from '../../src/features/statistic';
import { strategiesResource } from '../../src/features/strategies';
import { tasksResource } from '../../src/features/tasks';
import { unilateralStrategiesResource } from '../../src/features/unilateral';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => saveSession({ token: 'tok', userName: 'admin', level: 1, isSuper: true, kind: 'normal' }));
afterEach(() => {
  server.resetHandlers();
  clearSession();
});
afterAll(() => server.close());

/** Answers one call with `data` and records the payload it received (query or JSON body, token left out). */
function answer(name: EndpointName, data: unknown) {
  const sent: Record<string, unknown>[] = [];
  const { method, path } = endpoints[name];
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  server.use(
    http[verb](`*${path}`, async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const json = (request.headers.get('content-type') ?? '').includes('json');
      const body = json ? ((await request.json()) as Record<string, unknown>) : {};
      const { token: _token, ...payload } = { ...query, ...body };
      sent.push(payload);
      return HttpResponse.json({ code: 200, info: 'ok', data });
    }),
  );
  return sent;
}

const eq = (field: string, value: unknown): CrudFilter => ({ field, operator: 'eq', value });

describe('apis', () => {
  const meta = apisResource.meta;
  const row = { id: 7, name: 'main', bourse_id: 1, bourse_name: 'OKEx', status_info: '', apiKey: 'k', apiSecret: '******', status: 4 };

  it('lists every account at once: the rows and their count', async () => {
    const sent = answer('apiList', [row, { ...row, id: 8 }]);
    const result = await dataProvider.getList({ resource: 'apis', meta, pagination: { currentPage: 2, pageSize: 1 } });
    expect(result).toEqual({ data: [row, { ...row, id: 8 }], total: 2 });
    expect(sent).toEqual([{}]);
  });

  it('creates with the form fields, updates and deletes by apiId', async () => {
    const add = answer('apiAdd', { id: 9 });
    const update = answer('apiUpdate', { id: 7 });
    const remove = answer('apiDelete', null);
    const save = { name: 'n', bourseId: 1, apiKey: 'k', apiSecret: 's', status: 4 as const };
    expect(await dataProvider.create({ resource: 'apis', meta, variables: save })).toEqual({ data: { id: 9 } });
    await dataProvider.update({ resource: 'apis', meta, id: 7, variables: { ...save, apiSecret: undefined } });
    await dataProvider.deleteOne({ resource: 'apis', meta, id: '7' });
    expect(add).toEqual([save]);
    expect(update).toEqual([{ name: 'n', bourseId: 1, apiKey: 'k', status: 4, apiId: 7 }]);
    expect(remove).toEqual([{ apiId: '7' }]);
  });

  it('has no call that reads one account: the provider says so instead of guessing', async () => {
    await expect(dataProvider.getOne({ resource: 'apis', meta, id: 7 })).rejects.toMatchObject({ message: 'apis: no call for one' });
  });
});

describe('strategies', () => {
  it('lists the library and deletes by strategyId', async () => {
    const list = answer('strategyHome', [{ id: 1, name: 'a' }]);
    const remove = answer('strategyDelete', null);
    expect(await dataProvider.getList({ resource: 'strategies', meta: strategiesResource.meta })).toEqual({ data: [{ id: 1, name: 'a' }], total: 1 });
    await dataProvider.deleteOne({ resource: 'strategies', meta: strategiesResource.meta, id: 3 });
    expect(list).toEqual([{}]);
    expect(remove).toEqual([{ strategyId: '3' }]);
  });
});

describe('tasks', () => {
  const meta = tasksResource.meta;

  it('pages on the server with pagesize and page, 10 from page 1 by default (§9)', async () => {
    const sent = answer('taskList', { list: [{ id: 1 }], total: 31 });
    expect(await dataProvider.getList({ resource: 'tasks', meta })).toEqual({ data: [{ id: 1 }], total: 31 });
    await dataProvider.getList({ resource: 'tasks', meta, pagination: { currentPage: 3, pageSize: 20 } });
    expect(sent).toEqual([
      { pagesize: '10', page: '1' },
      { pagesize: '20', page: '3' },
    ]);
  });

  it('reads one task as its parameter sections and keys every call by taskId', async () => {
    const sections = { taskBaseParams: { name: 't' }, debitCreditParams: {}, strategyParams: { dlt: 1 } };
    const one = answer('taskParamsGet', sections);
    const update = answer('taskParamsUpdate', null);
    const remove = answer('taskDelete', null);
    const add = answer('taskAdd', null);
    expect(await dataProvider.getOne({ resource: 'tasks', meta, id: 5 })).toEqual({ data: sections });
    await dataProvider.update({ resource: 'tasks', meta, id: 5, variables: { params: { currency_type: 'btc' } } });
    await dataProvider.deleteOne({ resource: 'tasks', meta, id: 5 });
    await dataProvider.create({ resource: 'tasks', meta, variables: { name: 't', strategyId: 2, params: { is_borrow: true } } });
    expect(one).toEqual([{ taskId: '5' }]);
    expect(update).toEqual([{ taskId: 5, params: { currency_type: 'btc' } }]);
    expect(remove).toEqual([{ taskId: '5' }]);
    expect(add).toEqual([{ name: 't', strategyId: 2, params: { is_borrow: true } }]);
  });
});

describe('child tasks', () => {
  const meta = childTasksResource.meta;

  it('lists the children of the task named by the taskId filter', async () => {
    const child = { task_children_id: 11, id: 3, status: 1, weight: 1, task_children_info: [{ name: 'a' }, { name: 'b' }] };
    const sent = answer('taskChildrenList', [child]);
    expect(await dataProvider.getList({ resource: 'child-tasks', meta, filters: [eq('taskId', 3)] })).toEqual({ data: [child], total: 1 });
    expect(sent).toEqual([{ taskId: '3' }]);
  });

  it('refuses to list without a task rather than sending NaN', async () => {
    await expect(dataProvider.getList({ resource: 'child-tasks', meta })).rejects.toMatchObject({ message: 'missing taskId filter' });
  });

  it('sends the child task as taskChildrenId to its status and delete calls', async () => {
    const status = answer('taskChildrenStatusUpdate', null);
    const remove = answer('taskChildrenDelete', null);
    const add = answer('taskChildrenAdd', null);
    await dataProvider.update({ resource: 'child-tasks', meta, id: 11, variables: { settingStatus: 2 } });
    await dataProvider.deleteOne({ resource: 'child-tasks', meta, id: 11 });
    await dataProvider.create({ resource: 'child-tasks', meta, variables: { taskId: 3, linkApiId: 7, weight: 2 } });
    expect(status).toEqual([{ taskChildrenId: '11', settingStatus: '2' }]);
    expect(remove).toEqual([{ taskChildrenId: '11' }]);
    expect(add).toEqual([{ taskId: 3, linkApiId: 7, weight: 2 }]);
  });
});

describe('follow tasks', () => {
  const meta = followTasksResource.meta;
  const form = {
    apiId: 7,
    strategyId: 2,
    priority: 3,
    stopLoss: 10,
    archiveCurrency: 'usdt',
    positiveLeverage: 1,
    negativeLeverage: 1,
    isBuy: 1 as const,
    isSell: 0 as const,
    calculateCost: 1,
    initialCost: 100,
    unit: 'usd',
  };

  it('keys a follow task by its API: detail, update and delete send apiId', async () => {
    const detail = answer('followTaskDetail', form);
    const update = answer('followTaskUpdate', null);
    const remove = answer('followTaskDelete', null);
    expect(await dataProvider.getOne({ resource: 'follow-tasks', meta, id: 7 })).toEqual({ data: { id: 7, ...form } });
    await dataProvider.update({ resource: 'follow-tasks', meta, id: 7, variables: form });
    await dataProvider.deleteOne({ resource: 'follow-tasks', meta, id: 7 });
    expect(detail).toEqual([{ apiId: '7' }]);
    const { unit: _unit, ...withoutUnit } = form;
    expect(update).toEqual([withoutUnit]);
    expect(remove).toEqual([{ apiId: 7 }]);
  });

  it('sends the unit on add only (§7)', async () => {
    const add = answer('followTaskAdd', null);
    await dataProvider.create({ resource: 'follow-tasks', meta, variables: form });
    expect(add).toEqual([form]);
  });

  it('lists every follow task of /get/api/list', async () => {
    answer('unilateralApiList', [{ id: 1, names: 'x' }]);
    expect(await dataProvider.getList({ resource: 'follow-tasks', meta })).toEqual({ data: [{ id: 1, names: 'x' }], total: 1 });
  });
});

describe('unilateral strategies', () => {
  const meta = unilateralStrategiesResource.meta;
  const list = (filters: CrudFilter[]) => dataProvider.getList({ resource: 'unilateral-strategies', meta, filters });

  it('pages with the ±20 id cursor: first page, after the last row, before the first row', async () => {
    const sent = answer('unilateralPageData', { list: [{ id: 41 }], total: 90 });
    expect(await list([eq('sign', 's1')])).toEqual({ data: [{ id: 41 }], total: 90 });
    await list([eq('sign', 's1'), { field: 'id', operator: 'gt', value: 60 }]);
    await list([eq('sign', 's1'), { field: 'id', operator: 'lt', value: 41 }]);
    expect(sent).toEqual([
      { sign: 's1', types: '1', ids: '0', number: '20' },
      { sign: 's1', types: '1', ids: '60', number: '20' },
      { sign: 's1', types: '1', ids: '41', number: '-20' },
    ]);
  });

  it('needs the signature token', async () => {
    await expect(list([])).rejects.toMatchObject({ message: 'missing sign filter' });
  });

  it('reads and saves names and target by strategyId', async () => {
    const one = answer('unilateralStrategyReproduction', { names: 'alpha', target: 1 });
    const update = answer('unilateralStrategyUpdate', null);
    expect(await dataProvider.getOne({ resource: 'unilateral-strategies', meta, id: 4 })).toEqual({ data: { names: 'alpha', target: 1 } });
    await dataProvider.update({ resource: 'unilateral-strategies', meta, id: 4, variables: { names: 'beta', target: 0 } });
    expect(one).toEqual([{ strategyId: '4' }]);
    expect(update).toEqual([{ strategyId: 4, names: 'beta', target: 0 }]);
  });
});

describe('global config', () => {
  const meta = globalConfigResource.meta;

  it('is one record: any id reads it, update saves the fields and answers what was stored', async () => {
    const config = { depthMarket: 5, priceSlippage: 0.1, isBorrow: true };
    const get = answer('globalConfigGet', config);
    const save = answer('globalConfigUpdate', { ...config, depthMarket: 6 });
    expect(await dataProvider.getOne({ resource: 'global-config', meta, id: 'anything' })).toEqual({ data: { id: GLOBAL_CONFIG_ID, ...config } });
    const saved = await dataProvider.update({ resource: 'global-config', meta, id: GLOBAL_CONFIG_ID, variables: { ...config, depthMarket: 6 } });
    expect(saved.data).toEqual({ id: GLOBAL_CONFIG_ID, ...config, depthMarket: 6 });
    expect(get).toEqual([{}]);
    expect(save).toEqual([{ ...config, depthMarket: 6 }]);
  });
});

describe('orders', () => {
  it('pages with eachPageNumber and pagingNumber, 18 per page (§9); total_paging counts pages', async () => {
    const sent = answer('orderPaging', { total_paging: 4, data: [{ order_id: 'a' }] });
    expect(await dataProvider.getList({ resource: 'orders', meta: ordersResource.meta })).toEqual({ data: [{ order_id: 'a' }], total: 72 });
    await dataProvider.getList({ resource: 'orders', meta: ordersResource.meta, pagination: { currentPage: 2, pageSize: 18 } });
    expect(sent).toEqual([
      { eachPageNumber: '18', pagingNumber: '1' },
      { eachPageNumber: '18', pagingNumber: '2' },
    ]);
  });
});

describe('errors', () => {
  it('turns a business reply into Refine’s HttpError with the server info', async () => {
    server.use(http.get('*/task/list', () => HttpResponse.json({ code: 500, info: '任务服务维护中' })));
    await expect(dataProvider.getList({ resource: 'tasks', meta: tasksResource.meta })).rejects.toEqual({ message: '任务服务维护中', statusCode: 500 });
  });

  it('custom runs a call of the contract by name, and only those', async () => {
    const sent = answer('transactionTypeGet', [{ id: 1, name: '现货' }]);
    const reply = await dataProvider.custom!({ url: 'transactionTypeGet', method: 'get', query: { bourseId: 2 } });
    expect(reply.data).toEqual([{ id: 1, name: '现货' }]);
    expect(sent).toEqual([{ bourseId: '2' }]);
    await expect(dataProvider.custom!({ url: '/api/list', method: 'get' })).rejects.toMatchObject({ message: 'unknown call /api/list' });
  });
});
