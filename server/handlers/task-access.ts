import { signedIn, type CallContext } from '../context';
import { CODE, fail } from '../http/envelope';
import { insertChange, findOwnChild, findOwnTask, type ChildRow, type TaskRow } from '../store/tasks';
import { id, optNum, type Payload } from '../http/validate';
import type { Queryable } from '../store/queryable';

/** What every task call shares: the caller's own task or child, paging, the change record and the 'task.changed' event. */

/** The caller's own task (another user's is not found, for every role), read through `db` (a transaction, to check and write in one). */
export async function ownTask(call: CallContext, taskId = id(call.payload, 'taskId'), db: Queryable = call.app.db): Promise<TaskRow> {
  const row = await findOwnTask(db, taskId, signedIn(call).id);
  if (!row) throw fail(CODE.notFound, 'err.taskNotFound');
  return row;
}

/** The caller's own child task: its main task is the caller's. */
export async function ownChild(call: CallContext, db: Queryable = call.app.db): Promise<ChildRow> {
  const row = await findOwnChild(db, id(call.payload, 'taskChildrenId'), signedIn(call).id);
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
export const record = (call: CallContext, taskId: number, changeType: string, before?: unknown, after?: unknown, db: Queryable = call.app.db) =>
  insertChange(db, { taskId, userId: signedIn(call).id, changeType, before, after, at: call.app.clock.now() });
