/** §7 task and child task calls: list, add, params, name, delete, status (§4 rules), available APIs, children, change records. */
import type { ChildTask as ChildTaskReply } from '#contract/types/tasks';
import { editableTransactionTypes } from '#contract/rules/codes';
import type { ParamValue, Task } from '#contract/types/tasks';
import { childrenChangeable, isDeletable, TASK_STATUS, TASK_TARGETS, type TaskTarget } from '#contract/rules/task-status';
import { PAGING } from '#contract/rules/constants';
import { CONTRACT_PAIRS, isContractPair, type TaskListFilters } from '#contract/rules/task-filters';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { contractOf, isFlat, requestStatus, type TaskParams, type TaskStatus } from '../engine';
import { isCurrency, offers } from '../market';
import { accountMode, findOwnApi, listApis } from '../store/api-accounts';
import { findStrategy } from '../store/strategies';
import {
  deleteChild,
  deleteTask,
  pageChanges,
  countTasks,
  engineOf,
  filteredTaskIds,
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
import { id, idList, jsonObject, num, oneOf, optBool, optNum, optStr, str, type Payload } from '../http/validate';
import type { Queryable } from '../store/queryable';
import { apisById } from '../store/assets';
import { modeOf } from '../hedging/modes';
import { splitParams } from './strategies';
import { changed, ownChild, ownTask, paging, record } from './task-access';

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

/**
 * A task trades in one mode (server/hedging/modes.ts): accounts of more than one — paper with testnet or live,
 * testnet with live — are refused, each named with its mode in the caller's language.
 */
async function refuseMixedModes(call: CallContext, db: Queryable, apiIds: readonly number[]): Promise<void> {
  const apis = await apisById(db, [...new Set(apiIds)]);
  if (modeOf(apis) !== 'mixed') return;
  const accounts = apis.map((api) => `${api.name} (${call.t(`tradingMode.${accountMode(api)}`)})`).join(', ');
  throw invalid('err.modesMixed', { accounts });
}

/** At most this many tasks in one batch status change (and ids in a /task/list reply). */
export const MAX_BATCH_TASKS = PAGING.taskBatchMax;

/**
 * Asks the engine for a status change of the caller's tasks `ids`, all or none: in one transaction each
 * is read as it is now and checked (another user's task is not found; the first that may not go to
 * `target` refuses the whole request, `refusal` says which), then each gets its request and change
 * record. The change takes effect settings.statusChangeDelayMs later, on the clock.
 */
async function requestStatuses(
  call: CallContext,
  ids: readonly number[],
  target: TaskTarget,
  refusal: 'err.taskStatusChange' | 'err.taskBatchStatusChange',
): Promise<void> {
  const { db, clock, settings } = call.app;
  const userId = signedIn(call).id;
  await db.transaction(async (tx) => {
    const rows: TaskRow[] = [];
    for (const taskId of ids) {
      const row = await findOwnTask(tx, taskId, userId);
      if (!row) throw fail(CODE.notFound, 'err.taskNotFound');
      if (!ALLOWED_FROM[target].includes(Number(row.status))) throw invalid(refusal, { id: row.id, status: Number(row.status), target });
      if (target === TASK_STATUS.running)
        await refuseMixedModes(
          call,
          tx,
          (await listChildren(tx, row.id)).flatMap((c) => [Number(c.api_a), Number(c.api_b)]),
        );
      rows.push(row);
    }
    for (const row of rows) {
      const state = requestStatus(await loadState(tx, row), target as TaskStatus, clock.now(), settings.statusChangeDelayMs);
      await saveEngine(tx, row.id, { ...engineOf(row), pending_status: state.pending_status });
      await record(call, row.id, 'status', Number(row.status), target);
    }
  });
  for (const taskId of ids) changed(call, taskId);
}

/** The caller's task of the payload's taskId, read and checked in the transaction `work` runs in (the engine may change it between calls). */
const inOwnTask = <T>(call: CallContext, work: (tx: Queryable, row: TaskRow) => Promise<T>): Promise<T> =>
  call.app.db.transaction(async (tx) => work(tx, await ownTask(call, id(call.payload, 'taskId'), tx)));

/** The caller's child task of the payload's taskChildrenId and its main task, read in the transaction `work` runs in. */
const inOwnChild = <T>(call: CallContext, work: (tx: Queryable, child: ChildRow, task: TaskRow) => Promise<T>): Promise<T> =>
  call.app.db.transaction(async (tx) => {
    const child = await ownChild(call, tx);
    return work(tx, child, (await findOwnTask(tx, child.task_id, child.user_id))!);
  });

export const taskHandlers: HandlerMap = {
  /** A page of the tasks the filters allow, their count and running count, the counter of every task; select_all: their ids (for the batch menu). */
  async taskList(call) {
    const user = signedIn(call);
    const { db } = call.app;
    const { size, page } = paging(call.payload, 'pagesize', 'page', 10);
    const filter = listFilter(call.payload);
    const { rows, total, running } = await pageTasks(db, user.id, page, size, filter);
    const counter = await countTasks(db, user.id);
    const ids = optBool(call.payload, 'select_all') ? { ids: await filteredTaskIds(db, user.id, filter, MAX_BATCH_TASKS) } : {};
    return call.ok({ list: rows.map(taskReply), total, running, counter, ...ids });
  },

  async taskAdd(call) {
    const user = signedIn(call);
    const name = str(call.payload, 'name', 64);
    const strategy = await strategyKeys(call, id(call.payload, 'strategyId'));
    const params = checkParams(normaliseParams(jsonObject(call.payload, 'params')), [...new Set([...strategy.keys, ...REQUIRED])]);
    // the task and its change record, both or neither
    const taskId = await call.app.db.transaction(async (tx) => {
      const added = await insertTask(tx, {
        userId: user.id,
        strategyId: num(call.payload, 'strategyId'),
        strategyName: strategy.name,
        name,
        params,
        createdAt: call.app.clock.now(),
      });
      await record(call, added, 'add', undefined, { name, params }, tx);
      return added;
    });
    changed(call, taskId);
    return call.ok({ id: taskId }, 'ok.taskAdd');
  },

  async taskParamsGet(call) {
    const row = await ownTask(call);
    return call.ok(splitParams(paramsOf(row) as Record<string, ParamValue>));
  },

  async taskParamsUpdate(call) {
    const given = jsonObject(call.payload, 'params');
    // the status check and the write in one transaction: the engine cannot start the task in between
    const taskId = await inOwnTask(call, async (tx, row) => {
      if ([1, 2].includes(Number(row.status))) throw fail(CODE.badRequest, 'err.taskRunning');
      const before = paramsOf(row);
      const params = checkParams(normaliseParams({ ...before, ...given }), REQUIRED);
      for (const field of LEG_FIELDS) {
        const fixed = field.endsWith('bourse') || !editableTransactionTypes(Number(before[field])).some((t) => t.code === Number(params[field]));
        if (fixed && Number(params[field]) !== Number(before[field])) throw invalid('err.taskLegFixed', { field });
      }
      await updateTaskParams(tx, row.id, params);
      await record(call, row.id, 'params', ...paramsDiff(before, params), tx);
      return row.id;
    });
    changed(call, taskId);
    return call.ok(null, 'ok.taskConfig');
  },

  async taskNameUpdate(call) {
    const name = str(call.payload, 'name', 64);
    const taskId = await inOwnTask(call, async (tx, row) => {
      await renameTask(tx, row.id, name);
      await record(call, row.id, 'name', row.name, name, tx);
      return row.id;
    });
    changed(call, taskId);
    return call.ok(null, 'ok.taskRename');
  },

  async taskDelete(call) {
    const taskId = await inOwnTask(call, async (tx, row) => {
      if (!isDeletable(row) || engineOf(row).pending_status) throw fail(CODE.badRequest, 'err.taskRunning');
      await deleteTask(tx, row.id);
      return row.id;
    });
    changed(call, taskId);
    return call.ok(null, 'ok.delete');
  },

  async taskStatusUpdate(call) {
    const taskId = id(call.payload, 'taskId');
    const target = oneOf(call.payload, 'settingStatus', TASK_TARGETS);
    await requestStatuses(call, [taskId], target, 'err.taskStatusChange');
    // §4: close position shows the server's message, which the console reads from data
    return target === TASK_STATUS.closePosition ? call.ok(call.t('ok.closePosition'), 'ok.closePosition') : call.ok(null, 'ok.generic');
  },

  async taskStatusDetection(call) {
    const row = await ownTask(call);
    return call.ok({ status: Number(row.status) });
  },

  /** All or none: one task that may not change refuses the batch and nothing changes; each id counts once. */
  async taskStatusUpdateBatch(call) {
    const target = oneOf(call.payload, 'settingStatus', TASK_TARGETS);
    await requestStatuses(call, taskIds(call.payload), target, 'err.taskBatchStatusChange');
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
    return call.ok(
      apis.filter((api) => bourses.includes(Number(api.bourse_id))).map((api) => ({ id: Number(api.id), name: api.name, bourse_id: Number(api.bourse_id) })),
    );
  },

  async taskChildrenList(call) {
    const row = await ownTask(call);
    return call.ok((await listChildren(call.app.db, row.id)).map(childReply));
  },

  async taskChildrenAdd(call) {
    const user = signedIn(call);
    const weight = num(call.payload, 'weight', { positive: true });
    const ids = apiIds(call.payload);
    const { taskId, childId } = await inOwnTask(call, async (tx, row) => {
      const params = paramsOf(row);
      const apis = await Promise.all(ids.map((apiId) => findOwnApi(tx, apiId, user.id)));
      if (apis.some((api) => !api)) throw fail(CODE.notFound, 'err.apiNotFound');
      // one account per exchange, in any order; a single account serves both legs when they share the exchange
      const onA = apis.find((api) => Number(api!.bourse_id) === Number(params.a_bourse));
      const onB = apis.find((api) => api !== onA && Number(api!.bourse_id) === Number(params.b_bourse)) ?? (ids.length === 1 ? onA : undefined);
      if (!onA || !onB) throw invalid('err.childApiBourse', { a: params.a_bourse, b: params.b_bourse });
      const siblings = (await listChildren(tx, row.id)).flatMap((c) => [Number(c.api_a), Number(c.api_b)]);
      await refuseMixedModes(call, tx, [Number(onA.id), Number(onB.id), ...siblings]);
      const added = await insertChild(tx, { taskId: row.id, weight, apiA: Number(onA.id), apiB: Number(onB.id), createdAt: call.app.clock.now() });
      await record(call, row.id, 'child_add', undefined, { task_children_id: added, weight, link_api_id: [Number(onA.id), Number(onB.id)] }, tx);
      return { taskId: row.id, childId: added };
    });
    changed(call, taskId);
    return call.ok({ task_children_id: childId }, 'ok.add');
  },

  async taskChildrenStatusUpdate(call) {
    const target = oneOf(call.payload, 'settingStatus', [0, 2] as const);
    const taskId = await inOwnChild(call, async (tx, child, task) => {
      if (target === 0 && !childrenChangeable(task)) throw fail(4, 'err.stopMainTask');
      await setChildStatus(tx, child.id, target);
      await record(
        call,
        task.id,
        'child_status',
        { task_children_id: Number(child.id), status: Number(child.status) },
        { task_children_id: Number(child.id), status: target },
        tx,
      );
      return task.id;
    });
    changed(call, taskId);
    return call.ok(null, 'ok.generic');
  },

  async taskChildrenDelete(call) {
    const taskId = await inOwnChild(call, async (tx, child, task) => {
      if (!childrenChangeable(task)) throw fail(4, 'err.stopMainTask');
      if (!isFlat(JSON.parse(child.ledger).position)) throw fail(4, 'err.stopMainTask');
      await deleteChild(tx, child.id);
      await record(call, task.id, 'child_delete', { task_children_id: Number(child.id), weight: Number(child.weight) }, undefined, tx);
      return task.id;
    });
    changed(call, taskId);
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

/** The task page's filters of /task/list (our addition to §7, contract/rules/task-filters.ts): each absent = all. */
function listFilter(payload: Payload): TaskListFilters {
  const pair = optStr(payload, 'pair', 16);
  if (pair !== undefined && !isContractPair(pair)) throw invalid('err.oneOf', { field: 'pair', values: CONTRACT_PAIRS.join(' / ') });
  const filter: TaskListFilters = {
    currency_type: optStr(payload, 'currency_type', 16),
    pair,
    strategy_name: optStr(payload, 'strategy_name', 64),
    status: optNum(payload, 'status', { integer: true, nonNegative: true }),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** taskIds as a JSON array, an array of fields or 'a,b' text: each id once, at most MAX_BATCH_TASKS of them. */
function taskIds(payload: Payload): number[] {
  const ids = idList(payload, 'taskIds', { max: MAX_BATCH_TASKS, tooMany: 'err.taskBatchTooLarge' });
  return ids;
}

/** linkApiId: one id, or one per exchange ('a,b', [a, b]). */
function apiIds(payload: Payload): number[] {
  const ids = idList(payload, 'linkApiId');
  if (ids.length < 1 || ids.length > 2) throw invalid('err.required', { field: 'linkApiId' });
  return ids;
}
