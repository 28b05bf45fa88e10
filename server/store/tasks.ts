import type { OrderRecord as OrderReply } from '#contract/types/orders';
import type { Queryable } from './queryable';
import { pairCodes, type TaskListFilters } from '#contract/rules/task-filters';
import { TASK_STATUS } from '#contract/rules/task-status';
import {
  emptyLedger,
  isFlat,
  type ChildLedger,
  type ChildState,
  type ChildStatus,
  type ClosedTrade,
  type Fill,
  type ManualRequest,
  type OrderRecord,
  type TaskParams,
  type TaskState,
  type TaskStatus,
} from '../engine';

/**
 * Hedging tasks: tasks, their child tasks, and what the task engine writes — orders
 * (upserted by client_id), fills, closed trades and earnings points. A task's engine state that is
 * not a row of its own (orders under way, the manual request, a requested status, the id sequence)
 * is one JSON column; a child's ledger (§3 position data and open fees) is another.
 */

export interface TaskRow {
  id: number;
  user_id: number;
  strategy_id: number;
  strategy_name: string;
  name: string;
  status: number;
  params: string;
  engine: string;
  active: number;
  created_at: number;
}

export interface ChildRow {
  id: number;
  task_id: number;
  status: number;
  weight: number;
  api_a: number;
  api_b: number;
  ledger: string;
  last_trade: number | null;
  realised: number;
  created_at: number;
  /** joined: the accounts' names and the task's owner */
  name_a: string | null;
  name_b: string | null;
  user_id: number;
}

/**
 * What task_tasks.engine keeps of an open order: what task_orders has no column for. The rest (its status,
 * cparam, result…) is its row there, written in the same transaction, so a step that only moves an order's
 * status leaves the task's row as it is. (Before, the column held whole records; such a column still loads.)
 */
export type OpenOrderRef = Pick<OrderRecord, 'client_id' | 'leg' | 'direction' | 'action' | 'planned'>;

export const openOrderRef = ({ client_id, leg, direction, action, planned }: OpenOrderRef): OpenOrderRef => ({ client_id, leg, direction, action, planned });

/** The part of TaskState kept in task_tasks.engine. */
export interface EngineColumn {
  open_orders: OpenOrderRef[];
  manual: ManualRequest | null;
  pending_status: TaskState['pending_status'];
  seq: number;
}

const EMPTY_ENGINE: EngineColumn = { open_orders: [], manual: null, pending_status: null, seq: 1 };

export const engineOf = (row: Pick<TaskRow, 'engine'>): EngineColumn => ({ ...EMPTY_ENGINE, ...(JSON.parse(row.engine) as Partial<EngineColumn>) });
export const paramsOf = (row: Pick<TaskRow, 'params'>): TaskParams => JSON.parse(row.params) as TaskParams;
export const ledgerOf = (row: Pick<ChildRow, 'ledger'>): ChildLedger => JSON.parse(row.ledger) as ChildLedger;

// ── Tasks ──────────────────────────────────────────────────────────────────────────

export interface NewTask {
  userId: number;
  strategyId: number;
  strategyName: string;
  name: string;
  params: TaskParams;
  createdAt: number;
}

export async function insertTask(db: Queryable, task: NewTask): Promise<number> {
  const { lastId } = await db.run(
    `INSERT INTO task_tasks (user_id, strategy_id, strategy_name, name, status, params, engine, created_at)
     VALUES (?, ?, ?, ?, 4, ?, ?, ?)`,
    [task.userId, task.strategyId, task.strategyName, task.name, JSON.stringify(task.params), JSON.stringify(EMPTY_ENGINE), task.createdAt],
  );
  return lastId;
}

/** The task if it belongs to the user (another user's task is not found). */
export const findOwnTask = (db: Queryable, taskId: number, userId: number) =>
  db.get<TaskRow>('SELECT * FROM task_tasks WHERE id = ? AND user_id = ?', [taskId, userId]);

export const findTask = (db: Queryable, taskId: number) => db.get<TaskRow>('SELECT * FROM task_tasks WHERE id = ?', [taskId]);

/** The user's tasks among `ids`. */
export async function ownTasks(db: Queryable, userId: number, ids: readonly number[]): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db.all<TaskRow>(`SELECT * FROM task_tasks WHERE user_id = ? AND id IN (${ids.map(() => '?').join(',')}) ORDER BY id`, [userId, ...ids]);
}

/**
 * The user's tasks a filter of the task page allows (contract/rules/task-filters.ts), as conditions on the
 * columns of migration 19, which index `task_tasks_filters` holds: no row's JSON is read to count or choose.
 */
function filterSql(userId: number, filter: TaskListFilters): { where: string; args: (string | number)[] } {
  const parts = ['user_id = ?'];
  const args: (string | number)[] = [userId];
  if (filter.strategy_name !== undefined) {
    parts.push('strategy_name = ?');
    args.push(filter.strategy_name);
  }
  if (filter.currency_type !== undefined) {
    parts.push('currency = ?');
    args.push(filter.currency_type.toLowerCase());
  }
  if (filter.pair !== undefined) {
    const [first, second] = pairCodes(filter.pair).map((codes) => codes.join(', '));
    parts.push(`((a_type IN (${first}) AND b_type IN (${second})) OR (a_type IN (${second}) AND b_type IN (${first})))`);
  }
  if (filter.status !== undefined) {
    parts.push('status = ?');
    args.push(filter.status);
  }
  return { where: parts.join(' AND '), args };
}

/** How many of the user's tasks a filter allows, and how many of those run (§2's counter: running/total). */
export async function countTasks(db: Queryable, userId: number, filter: TaskListFilters = {}): Promise<{ running: number; total: number }> {
  const { where, args } = filterSql(userId, filter);
  const row = await db.get<{ total: number; running: number | null }>(
    `SELECT COUNT(*) AS total, SUM(status = ${TASK_STATUS.running}) AS running FROM task_tasks INDEXED BY task_tasks_filters WHERE ${where}`,
    args,
  );
  return { running: Number(row?.running ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * One page of the user's tasks a filter allows, newest first, and how many it allows and how many of those run.
 * The page's ids are chosen on the index alone (sorted, then offset), and only its rows are read.
 */
export async function pageTasks(
  db: Queryable,
  userId: number,
  page: number,
  size: number,
  filter: TaskListFilters = {},
): Promise<{ rows: TaskRow[]; total: number; running: number }> {
  const { where, args } = filterSql(userId, filter);
  const rows = await db.all<TaskRow>(
    `SELECT * FROM task_tasks WHERE id IN (SELECT id FROM task_tasks INDEXED BY task_tasks_filters WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?) ORDER BY id DESC`,
    [...args, size, (page - 1) * size],
  );
  return { rows, ...(await countTasks(db, userId, filter)) };
}

/** The ids of the user's tasks a filter allows, newest first, at most `max` of them. */
export async function filteredTaskIds(db: Queryable, userId: number, filter: TaskListFilters, max: number): Promise<number[]> {
  const { where, args } = filterSql(userId, filter);
  const rows = await db.all<{ id: number }>(`SELECT id FROM task_tasks INDEXED BY task_tasks_filters WHERE ${where} ORDER BY id DESC LIMIT ?`, [...args, max]);
  return rows.map((r) => Number(r.id));
}

export const updateTaskParams = (db: Queryable, taskId: number, params: TaskParams) =>
  db.run('UPDATE task_tasks SET params = ? WHERE id = ?', [JSON.stringify(params), taskId]);

export const renameTask = (db: Queryable, taskId: number, name: string) => db.run('UPDATE task_tasks SET name = ? WHERE id = ?', [name, taskId]);

/** Saves a requested status (or manual request) made by a call; the engine applies it on its tick. */
export const saveEngine = (db: Queryable, taskId: number, engine: EngineColumn) =>
  db.run('UPDATE task_tasks SET engine = ?, active = 1 WHERE id = ?', [JSON.stringify(engine), taskId]);

/** Removes a task and everything recorded about it. */
export const deleteTask = (db: Queryable, taskId: number) =>
  db.batch(
    [
      'task_tasks WHERE id',
      'task_children WHERE task_id',
      'task_orders WHERE task_id',
      'task_fills WHERE task_id',
      'task_trades WHERE task_id',
      'task_earnings WHERE task_id',
      'task_changes WHERE task_id',
    ].map((target) => ({ sql: `DELETE FROM ${target} = ?`, args: [taskId] })),
  );

/** Tasks the engine has to step: running, pausing or closing, or with something under way or held. */
export const activeTaskIds = async (db: Queryable): Promise<number[]> =>
  (await db.all<{ id: number }>('SELECT id FROM task_tasks WHERE active = 1 ORDER BY id')).map((r) => Number(r.id));

export const childCounts = async (db: Queryable, taskIds: readonly number[]): Promise<Map<number, number>> => {
  if (!taskIds.length) return new Map();
  const rows = await db.all<{ task_id: number; n: number }>(
    `SELECT task_id, COUNT(*) AS n FROM task_children WHERE task_id IN (${taskIds.map(() => '?').join(',')}) GROUP BY task_id`,
    [...taskIds],
  );
  return new Map(rows.map((r) => [Number(r.task_id), Number(r.n)]));
};

// ── Child tasks ────────────────────────────────────────────────────────────────────

const SELECT_CHILD = `SELECT c.*, a.name AS name_a, b.name AS name_b, t.user_id AS user_id FROM task_children c
  JOIN task_tasks t ON t.id = c.task_id
  LEFT JOIN api_accounts a ON a.id = c.api_a
  LEFT JOIN api_accounts b ON b.id = c.api_b`;

export interface NewChild {
  taskId: number;
  weight: number;
  apiA: number;
  apiB: number;
  createdAt: number;
}

export async function insertChild(db: Queryable, child: NewChild): Promise<number> {
  const { lastId } = await db.run('INSERT INTO task_children (task_id, status, weight, api_a, api_b, ledger, created_at) VALUES (?, 0, ?, ?, ?, ?, ?)', [
    child.taskId,
    child.weight,
    child.apiA,
    child.apiB,
    JSON.stringify(emptyLedger()),
    child.createdAt,
  ]);
  return lastId;
}

export const listChildren = (db: Queryable, taskId: number) => db.all<ChildRow>(`${SELECT_CHILD} WHERE c.task_id = ? ORDER BY c.id`, [taskId]);

/** The child task if its main task belongs to the user. */
export const findOwnChild = (db: Queryable, childId: number, userId: number) =>
  db.get<ChildRow>(`${SELECT_CHILD} WHERE c.id = ? AND t.user_id = ?`, [childId, userId]);

export const setChildStatus = (db: Queryable, childId: number, status: ChildStatus) =>
  db.run('UPDATE task_children SET status = ? WHERE id = ?', [status, childId]);

export const deleteChild = (db: Queryable, childId: number) => db.run('DELETE FROM task_children WHERE id = ?', [childId]);

// ── Engine state ───────────────────────────────────────────────────────────────────

export const childStateOf = (row: ChildRow): ChildState => ({
  child: {
    task_children_id: Number(row.id),
    id: Number(row.task_id),
    status: Number(row.status) as ChildStatus,
    weight: Number(row.weight),
    link_api_id: [Number(row.api_a), Number(row.api_b)],
    task_children_info: [{ name: row.name_a ?? '' }, { name: row.name_b ?? '' }],
  },
  ledger: ledgerOf(row),
  last_trade: row.last_trade === null ? -Infinity : Number(row.last_trade),
});

/** The open orders of an engine column, whole: each its task_orders row with what the column keeps of it. */
async function openOrders(db: Queryable, refs: readonly OpenOrderRef[]): Promise<OrderRecord[]> {
  if (!refs.length) return [];
  const rows = await db.all<OrderColumns>(
    `SELECT client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime FROM task_orders WHERE client_id IN (${refs.map(() => '?').join(',')})`,
    refs.map((r) => r.client_id),
  );
  const byClientId = new Map(rows.map((r) => [r.client_id, r]));
  return refs.flatMap((ref): OrderRecord[] => {
    const row = byClientId.get(ref.client_id);
    if (!row) return 'cparam' in ref ? [ref as OrderRecord] : [];
    return [
      {
        task_id: Number(row.task_id),
        task_children_id: Number(row.task_children_id),
        cparam: JSON.parse(row.cparam) as OrderRecord['cparam'],
        result: JSON.parse(row.result) as OrderRecord['result'],
        pairing_id: row.pairing_id,
        status_: Number(row.status_) as OrderRecord['status_'],
        createtime: Number(row.createtime),
        ...openOrderRef(ref),
      },
    ];
  });
}

/** A task_orders row's columns, as stored (the time as epoch ms). */
type OrderColumns = Omit<OrderReply, 'id' | 'createtime'> & { createtime: number };

/** The engine's state of a task, as stepTask reads it. */
export async function loadState(db: Queryable, row: TaskRow): Promise<TaskState> {
  const engine = engineOf(row);
  const children = await listChildren(db, row.id);
  return {
    task: {
      id: Number(row.id),
      name: row.name,
      strategy_name: row.strategy_name,
      status: Number(row.status) as TaskStatus,
      createtime: Number(row.created_at),
      params: paramsOf(row),
    },
    children: children.map(childStateOf),
    open_orders: await openOrders(db, engine.open_orders),
    manual: engine.manual,
    pending_status: engine.pending_status,
    seq: engine.seq,
  };
}

/** Whether the engine still has to step the task: not stopped, or something under way or held. */
export const isActive = (s: TaskState): boolean =>
  [1, 2, 3].includes(s.task.status) ||
  s.pending_status !== null ||
  s.manual !== null ||
  s.open_orders.length > 0 ||
  s.children.some((c) => !isFlat(c.ledger.position));

/** A task_orders row: the §3 order record with createtime as stored (ms). */
export interface OrderRow extends Omit<OrderReply, 'createtime'> {
  createtime: number;
}

/** One page of a task's orders, newest first. */
export async function pageOrders(db: Queryable, taskId: number, page: number, size: number): Promise<{ rows: OrderRow[]; total: number }> {
  const rows = await db.all<OrderRow>('SELECT * FROM task_orders WHERE task_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [taskId, size, (page - 1) * size]);
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders WHERE task_id = ?', [taskId]);
  return { rows, total: Number(count?.n ?? 0) };
}

export const tradesOf = (db: Queryable, taskId: number) =>
  db.all<ClosedTrade & { id: number }>('SELECT * FROM task_trades WHERE task_id = ? ORDER BY id', [taskId]);

export const fillsOf = (db: Queryable, taskId: number) => db.all<Fill>('SELECT * FROM task_fills WHERE task_id = ? ORDER BY time, fill_id', [taskId]);

export const earningsOf = (db: Queryable, taskId: number, childId = 0) =>
  db.all<{ at: number; value: number }>('SELECT at, value FROM task_earnings WHERE task_id = ? AND task_children_id = ? ORDER BY at', [taskId, childId]);

/** Realised P/L per child (Σ pnl − fee of its closed trades); a deleted child's trades still count for the task. */
export async function realisedByChild(db: Queryable, taskId: number): Promise<Map<number, number>> {
  const rows = await db.all<{ child: number; realised: number }>(
    'SELECT task_children_id AS child, SUM(pnl - fee) AS realised FROM task_trades WHERE task_id = ? GROUP BY task_children_id',
    [taskId],
  );
  return new Map(rows.map((r) => [Number(r.child), Number(r.realised)]));
}

/** Leg A's closed trades of a task (or one child): amount and notional at the close price. */
export async function closedLegA(db: Queryable, taskId: number, childId?: number): Promise<{ amount: number; notional: number }> {
  const row = await db.get<{ amount: number | null; notional: number | null }>(
    `SELECT SUM(amount) AS amount, SUM(amount * close_price) AS notional FROM task_trades WHERE task_id = ? AND leg = 0${childId === undefined ? '' : ' AND task_children_id = ?'}`,
    childId === undefined ? [taskId] : [taskId, childId],
  );
  return { amount: Number(row?.amount ?? 0), notional: Number(row?.notional ?? 0) };
}

/** Every order of a task (tests and the demo seed). */
export const ordersOf = (db: Queryable, taskId: number) => db.all<OrderRow>('SELECT * FROM task_orders WHERE task_id = ? ORDER BY id', [taskId]);

// ── Change records (§7 /changeServer/changerecords, migration 4) ──────────────────────

/** What a call changed on a task: 'add', 'params', 'name', 'status', 'child_add', 'child_status', 'child_delete', 'manual', 'manual_end', 'close_position'. */
export interface TaskChange {
  taskId: number;
  userId: number;
  changeType: string;
  before: unknown;
  after: unknown;
  at: number;
}

export const insertChange = (db: Queryable, c: TaskChange) =>
  db.run('INSERT INTO task_changes (task_id, user_id, change_type, before, after, at) VALUES (?, ?, ?, ?, ?, ?)', [
    c.taskId,
    c.userId,
    c.changeType,
    c.before === undefined ? null : JSON.stringify(c.before),
    c.after === undefined ? null : JSON.stringify(c.after),
    c.at,
  ]);

export interface ChangeRow {
  id: number;
  task_id: number;
  user_id: number;
  change_type: string;
  before: string | null;
  after: string | null;
  at: number;
}

/** One page of a task's change records, newest first, and how many there are. */
export async function pageChanges(db: Queryable, taskId: number, page: number, size: number): Promise<{ rows: ChangeRow[]; total: number }> {
  const rows = await db.all<ChangeRow>('SELECT * FROM task_changes WHERE task_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [taskId, size, (page - 1) * size]);
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_changes WHERE task_id = ?', [taskId]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The tasks with a child on one of the accounts. */
export const tasksOnAccounts = async (db: Queryable, apiIds: readonly number[]): Promise<number[]> => {
  if (!apiIds.length) return [];
  const marks = apiIds.map(() => '?').join(', ');
  const rows = await db.all<{ task_id: number }>(
    `SELECT DISTINCT task_id FROM task_children WHERE api_a IN (${marks}) OR api_b IN (${marks}) ORDER BY task_id`,
    [...apiIds, ...apiIds],
  );
  return rows.map((r) => Number(r.task_id));
};
