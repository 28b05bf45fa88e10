/** §7 manual trading of a task: a request, its end, and /ts/delstock's close of everything the chosen children hold. */
import type { CallContext, HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { endManual, requestManual, type ManualRequest, type TaskState } from '../engine';
import { engineOf, listChildren, loadState, saveEngine, type TaskRow } from '../store/tasks';
import type { Queryable } from '../store/queryable';
import { id, idList, jsonObject, num } from '../http/validate';
import { changed, ownTask, record } from './task-access';

/** §7 manual trading cparam: {dlt, count, duration, cid ('1,2' or a list), change_type open|close, direct f|r}. */
function manualRequest(call: CallContext): Omit<ManualRequest, 'remaining'> {
  const cparam = jsonObject(call.payload, 'cparam');
  const changeType = cparam.change_type;
  if (changeType !== 'open' && changeType !== 'close') throw invalid('err.oneOf', { field: 'change_type', values: 'open / close' });
  const direct = cparam.direct ?? 'f';
  if (changeType === 'open' && direct !== 'f' && direct !== 'r') throw invalid('err.oneOf', { field: 'direct', values: 'f / r' });
  return {
    change_type: changeType,
    dlt: num(cparam, 'dlt'),
    count: num(cparam, 'count', { positive: true }),
    duration: num(cparam, 'duration', { positive: true }),
    cids: idList({ cid: cparam.cid ?? cparam.cids }, 'cid'),
    ...(changeType === 'open' ? { direct: direct as 'f' | 'r' } : {}),
    start: call.app.clock.now(),
  };
}

/** Every id must be a child of the task; at least one (§5: sent only with a child selected). */
async function checkChildren(db: Queryable, row: TaskRow, cids: number[]): Promise<void> {
  if (!cids.length) throw invalid('err.required', { field: 'cid' });
  const own = new Set((await listChildren(db, row.id)).map((c) => Number(c.id)));
  if (cids.some((cid) => !own.has(cid))) throw fail(CODE.notFound, 'err.childNotFound');
}

/**
 * Saves a manual request (or its end) in the caller's task's engine column, and its change record: the
 * task read, checked and written in one transaction. The engine carries the request out on its ticks.
 */
async function saveManual(
  call: CallContext,
  changeType: string,
  next: (state: TaskState, tx: Queryable, row: TaskRow) => Promise<ManualRequest | null>,
): Promise<void> {
  const taskId = await call.app.db.transaction(async (tx) => {
    const row = await ownTask(call, id(call.payload, 'task_id'), tx);
    const before = engineOf(row).manual;
    const manual = await next(await loadState(tx, row), tx, row);
    await saveEngine(tx, row.id, { ...engineOf(row), manual });
    await record(call, row.id, changeType, before, manual, tx);
    return row.id;
  });
  changed(call, taskId);
}

/** A manual close of everything the children hold: any profit point, every contract, within a minute. */
const CLOSE_ALL = { change_type: 'close', dlt: -1e9, count: 1e9, duration: 1 } as const;

export const taskManualHandlers: HandlerMap = {
  async manualTrade(call) {
    const request = manualRequest(call);
    await saveManual(call, 'manual', async (state, tx, row) => {
      await checkChildren(tx, row, request.cids);
      return requestManual(state, request).manual;
    });
    return call.ok(null, 'ok.submit');
  },

  async manualTradeEnd(call) {
    await saveManual(call, 'manual_end', async (state) => endManual(state).manual);
    return call.ok(null, 'ok.generic');
  },

  /** /ts/delstock {task_id, cids}: the children close all they hold now (a manual close at any price). */
  async manualClosePosition(call) {
    const cids = idList(call.payload, 'cids');
    await saveManual(call, 'manual_close', async (state, tx, row) => {
      await checkChildren(tx, row, cids);
      return requestManual(state, { ...CLOSE_ALL, cids, start: call.app.clock.now() }).manual;
    });
    return call.ok(null, 'ok.generic');
  },
};
