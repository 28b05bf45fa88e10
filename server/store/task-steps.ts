/** What the engine writes per step: the rows a step changed, gathered per tick by `TickWriter` into a few multi-row statements; the earnings points. */
import type { InArgs, Queryable } from './queryable';
import { isActive, type EngineColumn } from './tasks';
import type { ClosedTrade, Fill, OrderRecord, StepResult, TaskState } from '../engine';

/** One earnings point (§3 curve) of a task (childId 0) or a child. */
export interface EarningsRow {
  taskId: number;
  childId: number;
  at: number;
  value: number;
}

/** Rows a step (or a whole tick) writes, by table. */
interface StepRows {
  tasks: unknown[][];
  children: unknown[][];
  orders: unknown[][];
  fills: unknown[][];
  trades: unknown[][];
  earnings: EarningsRow[];
}

const emptyRows = (): StepRows => ({ tasks: [], children: [], orders: [], fills: [], trades: [], earnings: [] });

/** Each table's multi-row statement around `VALUES (…), (…)`, and its column count. */
const WRITES: Record<keyof StepRows, { columns: number; sql: (values: string) => string }> = {
  tasks: {
    columns: 4,
    sql: (v) => `WITH v(id, status, engine, active) AS (VALUES ${v})
      UPDATE task_tasks SET status = v.status, engine = v.engine, active = v.active FROM v WHERE task_tasks.id = v.id`,
  },
  children: {
    columns: 4,
    sql: (v) => `WITH v(id, ledger, last_trade, realised) AS (VALUES ${v})
      UPDATE task_children SET ledger = v.ledger, last_trade = v.last_trade, realised = task_children.realised + v.realised FROM v WHERE task_children.id = v.id`,
  },
  orders: {
    columns: 8,
    sql: (v) => `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime) VALUES ${v}
      ON CONFLICT (client_id) DO UPDATE SET result = excluded.result, status_ = excluded.status_, cparam = excluded.cparam`,
  },
  fills: {
    columns: 12,
    sql: (v) => `INSERT INTO task_fills (fill_id, client_id, task_id, task_children_id, direction, leg, action, price, amount, fee, time, manual) VALUES ${v}`,
  },
  trades: {
    columns: 11,
    sql: (v) => `INSERT INTO task_trades (client_id, task_id, task_children_id, direction, leg, amount, open_price, close_price, pnl, fee, time) VALUES ${v}`,
  },
  earnings: { columns: 4, sql: (v) => `INSERT OR REPLACE INTO task_earnings (task_id, task_children_id, at, value) VALUES ${v}` },
};

/** Rows per statement: well under SQLite's limit of bound parameters. */
const CHUNK = 400;

function statements(rows: StepRows): { sql: string; args: InArgs }[] {
  const out: { sql: string; args: InArgs }[] = [];
  for (const table of Object.keys(WRITES) as (keyof StepRows)[]) {
    const { columns, sql } = WRITES[table];
    const list = table === 'earnings' ? rows.earnings.map((p) => [p.taskId, p.childId, p.at, p.value]) : rows[table];
    const one = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK);
      out.push({ sql: sql(chunk.map(() => one).join(', ')), args: chunk.flat() as InArgs });
    }
  }
  return out;
}

const orderRow = (o: OrderRecord) => [
  o.client_id,
  o.task_id,
  o.task_children_id,
  JSON.stringify(o.cparam),
  JSON.stringify(o.result),
  o.pairing_id,
  o.status_,
  o.createtime,
];
const fillRow = (f: Fill) => [
  f.fill_id,
  f.client_id,
  f.task_id,
  f.task_children_id,
  f.direction,
  f.leg,
  f.action,
  f.price,
  f.amount,
  f.fee,
  f.time,
  f.manual ? 1 : 0,
];
const tradeRow = (t: ClosedTrade) => [
  t.client_id,
  t.task_id,
  t.task_children_id,
  t.direction,
  t.leg,
  t.amount,
  t.open_price,
  t.close_price,
  t.pnl,
  t.fee,
  t.time,
];

/** The rows of what one step changed. */
function stepRows(before: TaskState, out: StepResult, rows: StepRows): void {
  const { state } = out;
  const engine: EngineColumn = { open_orders: state.open_orders, manual: state.manual, pending_status: state.pending_status, seq: state.seq };
  const realisedOf = (childId: number) => out.trades.filter((t) => t.task_children_id === childId).reduce((s, t) => s + t.pnl - t.fee, 0);
  rows.tasks.push([state.task.id, state.task.status, JSON.stringify(engine), isActive(state) ? 1 : 0]);
  state.children.forEach((c, i) => {
    if (c === before.children[i]) return;
    rows.children.push([
      c.child.task_children_id,
      JSON.stringify(c.ledger),
      Number.isFinite(c.last_trade) ? c.last_trade : null,
      realisedOf(c.child.task_children_id),
    ]);
  });
  for (const o of out.orders) rows.orders.push(orderRow(o));
  for (const f of out.fills) rows.fills.push(fillRow(f));
  for (const t of out.trades) rows.trades.push(tradeRow(t));
}

/**
 * The runner's face of a tick's transaction: reads and statements go straight through; `saveStep`
 * and `earnings` gather rows, which `flush` writes as a few multi-row statements per table, after
 * the writes registered with `beforeFlush` (the books the tick's fills moved, ledger/accounts.ts).
 */
export class TickWriter implements Queryable {
  readonly rows = emptyRows();
  readonly earnings = this.rows.earnings;
  private readonly pending: (() => Promise<void>)[] = [];
  constructor(private readonly tx: Queryable) {}
  all<T>(sql: string, args?: InArgs) {
    return this.tx.all<T>(sql, args);
  }
  get<T>(sql: string, args?: InArgs) {
    return this.tx.get<T>(sql, args);
  }
  run(sql: string, args?: InArgs) {
    return this.tx.run(sql, args);
  }
  batch(list: { sql: string; args?: InArgs }[]) {
    return this.tx.batch(list);
  }
  beforeFlush(write: () => Promise<void>): void {
    this.pending.push(write);
  }
  async flush(): Promise<void> {
    for (const write of this.pending.splice(0)) await write();
    await this.tx.batch(statements(this.rows));
  }
}

/** Writes what one step changed (call inside the tick's transaction; gathered when `db` is the tick's TickWriter). */
export async function saveStep(db: Queryable, before: TaskState, out: StepResult): Promise<void> {
  if (db instanceof TickWriter) return stepRows(before, out, db.rows);
  const rows = emptyRows();
  stepRows(before, out, rows);
  await db.batch(statements(rows));
}

// ── Orders, trades and earnings ────────────────────────────────────────────────────

/** Earnings points; child 0 is the whole task. */
export const insertEarnings = (db: Queryable, points: EarningsRow[]) => db.batch(statements({ ...emptyRows(), earnings: points }));
