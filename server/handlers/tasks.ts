/** §7 task and child task calls: list, add, params, name, delete, status (§4 rules), available APIs, children, change records. */
import type { ChildTask as ChildTaskReply } from '../../src/api/types';
import { editableTransactionTypes, type ParamValue, type Task } from '../../src/domain/task';
import { childrenChangeable, isDeletable, TASK_STATUS, TASK_TARGETS, type TaskTarget } from '../../src/domain/task-status';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { contractOf, isFlat, requestStatus, type TaskParams, type TaskStatus } from '../engine';
import { isCurrency, offers } from '../market';
import { findOwnApi, listApis } from '../store/api-accounts';
import { findStrategy } from '../store/strategies';
import {
  deleteChild,
  deleteTask,
  pageChanges,
  engineOf,
  findOwnTask,
  insertChild,
  insertTask,
  listChildren,
  loadState,
  ownTasks,
  pageTasks,
  paramsOf,
  renameTask,
  saveEngine,
  setChildStatus,
  updateTaskParams,
  type ChildRow,
  type TaskRow,
} from '../store/tasks';
import { formatSecond } from '../clock/time';
import { id, jsonObject, num, oneOf, str, type Payload } from '../http/validate';
import { splitParams } from './strategies';
import { changed, idList, ownChild, ownTask, paging, record } from './task-access';

/** Which statuses each target may be asked from (our reading; §4 shows close position only while running). */
const ALLOWED_FROM: Record<TaskTarget, readonly number[]> = { 2: [0, 3, 4], 3: [2], 4: [0, 1, 2, 3, 4], 1: [2, 3] };
const STRING_PARAMS = ['currency_type', 'fund_occupy', 'price_limit'];
const LEG_FIELDS = ['a_bourse', 'b_bourse', 'a_transaction_type', 'b_transaction_type'] as const;

const taskReply = (row: TaskRow): Task => ({
  id: Number(row.id),
  name: row.name,
  strategy_name: row.strategy_name,
  status: Number(row.status),
  createtime: formatSecond(Number(row.created_at)),
  params: paramsOf(row) as Task['params'],
});

export const childReply = (row: ChildRow): ChildTaskReply => ({
  task_children_id: Number(row.id),
  id: Number(row.task_id),
  status: Number(row.status),
  weight: Number(row.weight),
  link_api_id: [Number(row.api_a), Number(row.api_b)],
  task_children_info: [{ name: row.name_a ?? '' }, { name: row.name_b ?? '' }],
});

/** §5 add task: is_borrow a boolean, the named text params kept, every other value a number; blank price_limit is 'no'. */
function normaliseParams(raw: Record<string, unknown>): TaskParams {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'is_borrow') params[key] = value === true || value === 'true' || value === 1 || value === '1';
    else if (typeof value === 'object' && value !== null) params[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Number(v)]));
    else if (STRING_PARAMS.includes(key)) params[key] = String(value ?? '').trim();
    else if (value === '' || value === null || value === undefined) params[key] = value;
    else params[key] = Number(value);
  }
  if (params.price_limit === '' || params.price_limit === undefined) params.price_limit = 'no';
  else if (params.price_limit !== 'no') params.price_limit = Number(params.price_limit);
  params.currency_type = String(params.currency_type ?? '').toLowerCase();
  return params as TaskParams;
}

/** Every value must be present, numbers finite, the legs offered by their exchanges. */
function checkParams(params: TaskParams, required: readonly string[]): TaskParams {
  for (const key of required) {
    const value = (params as Record<string, unknown>)[key];
    if (value === undefined || value === '' || value === null) throw invalid('err.taskParamsIncomplete', { field: key });
  }
  for (const [key, value] of Object.entries(params)) {
    const bad = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);
    if (bad(value) || (typeof value === 'object' && value !== null && Object.values(value).some(bad))) throw invalid('err.paramValue', { field: key });
  }
  if (!isCurrency(params.currency_type)) throw invalid('err.currency', { currency: params.currency_type });
  for (const side of ['a', 'b'] as const) {
    const bourse = params[`${side}_bourse`];
    const type = params[`${side}_transaction_type`];
    if (!offers(bourse, contractOf(type))) throw invalid('err.taskLeg', { bourse, type });
  }
  return params;
}

const REQUIRED = ['currency_type', 'a_bourse', 'b_bourse', 'a_transaction_type', 'b_transaction_type', 'fund_occupy', 'virtual_initial_capital', 'dlt', 'm'];

async function strategyKeys(call: CallContext, strategyId: number): Promise<{ name: string; keys: string[] }> {
  const strategy = await findStrategy(call.app.db, strategyId);
  if (!strategy) throw fail(CODE.notFound, 'err.strategyNotFound');
  return { name: strategy.name, keys: Object.keys(JSON.parse(strategy.default_params) as Record<string, ParamValue>) };
}


/** The keys whose values differ between two params objects, with their values on each side. */
function paramsDiff(before: TaskParams, after: TaskParams): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [(before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]];
    if (JSON.stringify(a) !== JSON.stringify(b)) [was[key], now[key]] = [a, b];
  }
  return [was, now];
}


/** Asks the engine for a status change; it takes effect settings.statusChangeDelayMs later, on the clock. */
async function requestTaskStatus(call: CallContext, row: TaskRow, target: TaskStatus): Promise<void> {
  const { db, clock, settings } = call.app;
  await db.transaction(async (tx) => {
    const fresh = (await findOwnTask(tx, row.id, row.user_id))!;
    if (!ALLOWED_FROM[target as TaskTarget].includes(Number(fresh.status))) {
      throw invalid('err.taskStatusChange', { status: Number(fresh.status), target });
    }
    const state = requestStatus(await loadState(tx, fresh), target, clock.now(), settings.statusChangeDelayMs);
    await saveEngine(tx, row.id, { ...engineOf(fresh), pending_status: state.pending_status });
    await record(call, row.id, 'status', Number(fresh.status), target);
  });
  changed(call, row.id);
}


export const taskHandlers: HandlerMap = {
  async taskList(call) {
    const user = signedIn(call);
    const { size, page } = paging(call.payload, 'pagesize', 'page', 10);
    const { rows, total } = await pageTasks(call.app.db, user.id, page, size);
    return call.ok({ list: rows.map(taskReply), total });
  },

  async taskAdd(call) {
    const user = signedIn(call);
    const name = str(call.payload, 'name', 64);
    const strategy = await strategyKeys(call, id(call.payload, 'strategyId'));
    const params = checkParams(normaliseParams(jsonObject(call.payload, 'params')), [...new Set([...strategy.keys, ...REQUIRED])]);
    const taskId = await insertTask(call.app.db, {
      userId: user.id,
      strategyId: num(call.payload, 'strategyId'),
      strategyName: strategy.name,
      name,
      params,
      createdAt: call.app.clock.now(),
    });
    await record(call, taskId, 'add', undefined, { name, params });
    changed(call, taskId);
    return call.ok({ id: taskId }, 'ok.taskAdd');
  },

  async taskParamsGet(call) {
    const row = await ownTask(call);
    return call.ok(splitParams(paramsOf(row) as Record<string, ParamValue>));
  },

  async taskParamsUpdate(call) {
    const row = await ownTask(call);
    if ([1, 2].includes(Number(row.status))) throw fail(CODE.badRequest, 'err.taskRunning');
    const before = paramsOf(row);
    const params = checkParams(normaliseParams({ ...before, ...jsonObject(call.payload, 'params') }), REQUIRED);
    for (const field of LEG_FIELDS) {
      const fixed = field.endsWith('bourse') || !editableTransactionTypes(Number(before[field])).some((t) => t.code === Number(params[field]));
      if (fixed && Number(params[field]) !== Number(before[field])) throw invalid('err.taskLegFixed', { field });
    }
    await updateTaskParams(call.app.db, row.id, params);
    await record(call, row.id, 'params', ...paramsDiff(before, params));
    changed(call, row.id);
    return call.ok(null, 'ok.taskConfig');
  },

  async taskNameUpdate(call) {
    const row = await ownTask(call);
    const name = str(call.payload, 'name', 64);
    await renameTask(call.app.db, row.id, name);
    await record(call, row.id, 'name', row.name, name);
    changed(call, row.id);
    return call.ok(null, 'ok.taskRename');
  },

  async taskDelete(call) {
    const row = await ownTask(call);
    if (!isDeletable(row) || engineOf(row).pending_status) throw fail(CODE.badRequest, 'err.taskRunning');
    await deleteTask(call.app.db, row.id);
    changed(call, row.id);
    return call.ok(null, 'ok.delete');
  },

  async taskStatusUpdate(call) {
    const row = await ownTask(call);
    const target = oneOf(call.payload, 'settingStatus', TASK_TARGETS);
    await requestTaskStatus(call, row, target);
    // §4: close position shows the server's message, which the console reads from data
    return target === TASK_STATUS.closePosition ? call.ok(call.t('ok.closePosition'), 'ok.closePosition') : call.ok(null, 'ok.generic');
  },

  async taskStatusDetection(call) {
    const row = await ownTask(call);
    return call.ok({ status: Number(row.status) });
  },

  async taskStatusUpdateBatch(call) {
    const target = oneOf(call.payload, 'settingStatus', TASK_TARGETS);
    const rows = await Promise.all(taskIds(call.payload).map((taskId) => ownTask(call, taskId)));
    for (const row of rows) await requestTaskStatus(call, row, target);
    return call.ok(null, 'ok.generic');
  },

  async taskStatusDetectionBatch(call) {
    const rows = await ownTasks(call.app.db, signedIn(call).id, taskIds(call.payload));
    return call.ok({ updateStatusAccomplishing: rows.every((row) => engineOf(row).pending_status === null) });
  },

  async taskAvailableApi(call) {
    const row = await ownTask(call);
    const params = paramsOf(row);
    const apis = await listApis(call.app.db, signedIn(call).id);
    const bourses = [Number(params.a_bourse), Number(params.b_bourse)];
    return call.ok(apis.filter((api) => bourses.includes(Number(api.bourse_id))).map((api) => ({ id: Number(api.id), name: api.name, bourse_id: Number(api.bourse_id) })));
  },

  async taskChildrenList(call) {
    const row = await ownTask(call);
    return call.ok((await listChildren(call.app.db, row.id)).map(childReply));
  },

  async taskChildrenAdd(call) {
    const user = signedIn(call);
    const row = await ownTask(call);
    const params = paramsOf(row);
    const weight = num(call.payload, 'weight', { positive: true });
    const ids = apiIds(call.payload);
    const apis = await Promise.all(ids.map((apiId) => findOwnApi(call.app.db, apiId, user.id)));
    if (apis.some((api) => !api)) throw fail(CODE.notFound, 'err.apiNotFound');
    // one account per exchange, in any order; a single account serves both legs when they share the exchange
    const onA = apis.find((api) => Number(api!.bourse_id) === Number(params.a_bourse));
    const onB = apis.find((api) => api !== onA && Number(api!.bourse_id) === Number(params.b_bourse)) ?? (ids.length === 1 ? onA : undefined);
    if (!onA || !onB) throw invalid('err.childApiBourse', { a: params.a_bourse, b: params.b_bourse });
    const childId = await insertChild(call.app.db, { taskId: row.id, weight, apiA: Number(onA.id), apiB: Number(onB.id), createdAt: call.app.clock.now() });
    await record(call, row.id, 'child_add', undefined, { task_children_id: childId, weight, link_api_id: [Number(onA.id), Number(onB.id)] });
    changed(call, row.id);
    return call.ok({ task_children_id: childId }, 'ok.add');
  },

  async taskChildrenStatusUpdate(call) {
    const child = await ownChild(call);
    const target = oneOf(call.payload, 'settingStatus', [0, 2] as const);
    const task = (await findOwnTask(call.app.db, child.task_id, child.user_id))!;
    if (target === 0 && !childrenChangeable(task)) throw fail(4, 'err.stopMainTask');
    await setChildStatus(call.app.db, child.id, target);
    await record(call, task.id, 'child_status', { task_children_id: Number(child.id), status: Number(child.status) }, { task_children_id: Number(child.id), status: target });
    changed(call, task.id);
    return call.ok(null, 'ok.generic');
  },

  async taskChildrenDelete(call) {
    const child = await ownChild(call);
    const task = (await findOwnTask(call.app.db, child.task_id, child.user_id))!;
    if (!childrenChangeable(task)) throw fail(4, 'err.stopMainTask');
    if (!isFlat(JSON.parse(child.ledger).position)) throw fail(4, 'err.stopMainTask');
    await deleteChild(call.app.db, child.id);
    await record(call, task.id, 'child_delete', { task_children_id: Number(child.id), weight: Number(child.weight) }, undefined);
    changed(call, task.id);
    return call.ok(null, 'ok.delete');
  },

  /** §7 {task_id, bars, page_num} → {datas, pages}: the task's change records, newest first. */
  async changeRecords(call) {
    const row = await ownTask(call, id(call.payload, 'task_id'));
    const { size, page } = paging(call.payload, 'bars', 'page_num', 10);
    const { rows, total } = await pageChanges(call.app.db, row.id, page, size);
    const operator = signedIn(call).username;
    const datas = rows.map((c) => ({
      id: Number(c.id),
      task_id: Number(c.task_id),
      change_type: c.change_type,
      before: c.before === null ? null : (JSON.parse(c.before) as unknown),
      after: c.after === null ? null : (JSON.parse(c.after) as unknown),
      operator,
      createtime: formatSecond(Number(c.at)),
    }));
    return call.ok({ datas, pages: Math.max(1, Math.ceil(total / size)) });
  },
};

/** taskIds as a JSON array, an array of fields or 'a,b' text. */
function taskIds(payload: Payload): number[] {
  return idList(payload, 'taskIds');
}

/** linkApiId: one id, or one per exchange ('a,b', [a, b]). */
function apiIds(payload: Payload): number[] {
  const ids = idList(payload, 'linkApiId');
  if (ids.length < 1 || ids.length > 2) throw invalid('err.required', { field: 'linkApiId' });
  return ids;
}
