import { signedIn, type CallContext } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { insertChange, findOwnChild, findOwnTask, type ChildRow, type TaskRow } from '../store/tasks';
import { bounded, id, optNum, type Payload } from '../http/validate';

/** What every task call shares: the caller's own task or child, paging, the change record and the 'task.changed' event. */

export async function ownTask(call: CallContext, taskId = id(call.payload, 'taskId')): Promise<TaskRow> {
  const row = await findOwnTask(call.app.db, taskId, signedIn(call).id);
  if (!row) throw fail(CODE.notFound, 'err.taskNotFound');
  return row;
}

export async function ownChild(call: CallContext): Promise<ChildRow> {
  const row = await findOwnChild(call.app.db, id(call.payload, 'taskChildrenId'), signedIn(call).id);
  if (!row) throw fail(CODE.notFound, 'err.childNotFound');
  return row;
}


export const paging = (payload: Payload, sizeField: string, pageField: string, defaultSize: number) => ({
  size: optNum(payload, sizeField, { integer: true, min: 1, max: 1000 }) ?? defaultSize,
  page: optNum(payload, pageField, { integer: true, min: 1 }) ?? 1,
});

export const changed = (call: CallContext, taskId: number) => call.app.bus.emit('task.changed', { userId: signedIn(call).id, taskId });

/**
 * A change record (§7 /changeServer/changerecords): every call that changes a task writes one —
 * add, params (only the keys that changed, before and after), name, status (the requested target),
 * child_add / child_status / child_delete, manual / manual_end / manual_close.
 */
export const record = (call: CallContext, taskId: number, changeType: string, before?: unknown, after?: unknown) =>
  insertChange(call.app.db, { taskId, userId: signedIn(call).id, changeType, before, after, at: call.app.clock.now() });


/** A list of ids: a JSON array, an array of fields or 'a,b' text. */
export function idList(payload: Payload, field: string): number[] {
  let raw = payload[field];
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw invalid('err.number', { field });
    }
  }
  const parts = bounded(Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined ? [] : [raw], field);
  return parts.map((value, i) => {
    const name = i === 0 ? field : `${field}[${i}]`;
    return id({ [name]: value }, name);
  });
}
