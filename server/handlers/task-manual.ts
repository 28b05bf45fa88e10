/** §7 manual trading of a task: a request, its end, and /ts/delstock's close of everything the chosen children hold. */
import type { CallContext, HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { endManual, requestManual, type ManualRequest } from '../engine';
import { engineOf, findOwnTask, listChildren, loadState, saveEngine, type TaskRow } from '../store/tasks';
import { id, jsonObject, num } from '../http/validate';
import { changed, idList, ownTask, record } from './task-access';

/** §7 manual trading cparam: {dlt, count, duration, cid ('1,2' or a list), change_type open|close, direct f|r}. */
async function manualRequest(call: CallContext, row: TaskRow): Promise<Omit<ManualRequest, 'remaining'>> {
  const cparam = jsonObject(call.payload, 'cparam');
  const changeType = cparam.change_type;
  if (changeType !== 'open' && changeType !== 'close') throw invalid('err.oneOf', { field: 'change_type', values: 'open / close' });
  const direct = cparam.direct ?? 'f';
  if (changeType === 'open' && direct !== 'f' && direct !== 'r') throw invalid('err.oneOf', { field: 'direct', values: 'f / r' });
  const cids = idList({ cid: cparam.cid ?? cparam.cids }, 'cid');
  await checkChildren(call, row, cids);
  return {
    change_type: changeType,
    dlt: num(cparam, 'dlt'),
    count: num(cparam, 'count', { positive: true }),
    duration: num(cparam, 'duration', { positive: true }),
    cids,
    ...(changeType === 'open' ? { direct: direct as 'f' | 'r' } : {}),
    start: call.app.clock.now(),
  };
}

/** Every id must be a child of the task; at least one (§5: sent only with a child selected). */
async function checkChildren(call: CallContext, row: TaskRow, cids: number[]): Promise<void> {
  if (!cids.length) throw invalid('err.required', { field: 'cid' });
  const own = new Set((await listChildren(call.app.db, row.id)).map((c) => Number(c.id)));
  if (cids.some((cid) => !own.has(cid))) throw fail(CODE.notFound, 'err.childNotFound');
}

/** Saves a manual request (or its end) in the task's engine column; the engine carries it out on its ticks. */
async function saveManual(call: CallContext, row: TaskRow, manual: ManualRequest | null, changeType: string): Promise<void> {
  await call.app.db.transaction(async (tx) => {
    const fresh = (await findOwnTask(tx, row.id, row.user_id))!;
    await saveEngine(tx, row.id, { ...engineOf(fresh), manual });
    await record(call, row.id, changeType, engineOf(fresh).manual, manual);
  });
  changed(call, row.id);
}

/** A manual close of everything the children hold: any profit point, every contract, within a minute. */
const CLOSE_ALL = { change_type: 'close', dlt: -1e9, count: 1e9, duration: 1 } as const;


export const taskManualHandlers: HandlerMap = {
  async manualTrade(call) {
    const row = await ownTask(call, id(call.payload, 'task_id'));
    const state = requestManual(await loadState(call.app.db, row), await manualRequest(call, row));
    await saveManual(call, row, state.manual, 'manual');
    return call.ok(null, 'ok.submit');
  },

  async manualTradeEnd(call) {
    const row = await ownTask(call, id(call.payload, 'task_id'));
    await saveManual(call, row, endManual(await loadState(call.app.db, row)).manual, 'manual_end');
    return call.ok(null, 'ok.generic');
  },

  /** /ts/delstock {task_id, cids}: the children close all they hold now (a manual close at any price). */
  async manualClosePosition(call) {
    const row = await ownTask(call, id(call.payload, 'task_id'));
    const cids = idList(call.payload, 'cids');
    await checkChildren(call, row, cids);
    const state = requestManual(await loadState(call.app.db, row), { ...CLOSE_ALL, cids, start: call.app.clock.now() });
    await saveManual(call, row, state.manual, 'manual_close');
    return call.ok(null, 'ok.generic');
  },
};
