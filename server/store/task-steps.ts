/** What the engine writes per step: the rows a step changed, gathered per tick by `TickWriter` into a few multi-row statements; the earnings points. */
import type { InArgs, Queryable } from './queryable';
import { isActive, openOrderRef, type EngineColumn } from './tasks';
import type { ClosedTrade, Fill, OrderRecord, OrderResult, StepResult, TaskState } from '../engine';

/** One earnings point (§3 curve) of a task (childId 0) or a child. */
export interface EarningsRow {
  taskId: number;
  childId: number;
  at: number;
  value: number;
}

/**
 * An order a run of steps wrote: its newest record, and the record as the database holds it before the run
 * (`was`: the task's open order it came from; null when the run made it).
 */
interface OrderWrite {
  order: OrderRecord;
  was: OrderRecord | null;
  /** its task's user */
  userId: number;
}

/** A child's row as a run of steps leaves it: its newest ledger and last trade, the realised P/L its steps added. */
interface ChildWrite {
  ledger: string;
  lastTrade: number | null;
  realised: number;
}

/**
 * A task's row as a run of steps leaves it. `full`: some step moved its status or its active flag, so they are written
 * with the engine column; otherwise the engine column alone, which leaves the row's indexes (status, active, and the
 * filters' columns computed from its params, migration 19) as they are.
 */
interface TaskWrite {
  status: number;
  engine: string;
  active: number;
  full: boolean;
}

/**
 * Rows a step (or a whole run of steps) writes, by table; a task, child or order once with its newest values. Fills and
 * trades are kept as their statements bind them: each row's values one after the other (their WRITES columns a row), so
 * a tick's ~10⁵ values make no array per row.
 */
interface StepRows {
  tasks: Map<number, TaskWrite>;
  children: Map<number, ChildWrite>;
  orders: Map<string, OrderWrite>;
  fills: unknown[];
  trades: unknown[];
  earnings: EarningsRow[];
}

const emptyRows = (): StepRows => ({ tasks: new Map(), children: new Map(), orders: new Map(), fills: [], trades: [], earnings: [] });

/**
 * The statements' values, by statement, each row's values one after the other (the statement's `columns` a row). An
 * order the run made is upserted whole; one the database holds is updated in what changed since: most steps only move
 * its status (1 → 2), its end adds the result and the facts taken from it (notional, fee), so neither writes its cparam
 * again nor moves the kept sums for nothing.
 */
interface Written {
  tasks: unknown[];
  taskEngines: unknown[];
  children: unknown[];
  orders: unknown[];
  orderStatus: unknown[];
  orderResult: unknown[];
  fills: unknown[];
  trades: unknown[];
  earnings: unknown[];
}

/** Each statement around `VALUES (…), (…)`, and its column count. */
const WRITES: Record<keyof Written, { columns: number; sql: (values: string) => string }> = {
  tasks: {
    columns: 4,
    sql: (v) => `WITH v(id, status, engine, active) AS (VALUES ${v})
      UPDATE task_tasks SET status = v.status, engine = v.engine, active = v.active FROM v WHERE task_tasks.id = v.id`,
  },
  taskEngines: {
    columns: 2,
    sql: (v) => `WITH v(id, engine) AS (VALUES ${v}) UPDATE task_tasks SET engine = v.engine FROM v WHERE task_tasks.id = v.id`,
  },
  children: {
    columns: 4,
    sql: (v) => `WITH v(id, ledger, last_trade, realised) AS (VALUES ${v})
      UPDATE task_children SET ledger = v.ledger, last_trade = v.last_trade, realised = task_children.realised + v.realised FROM v WHERE task_children.id = v.id`,
  },
  orders: {
    columns: 14,
    sql: (v) => `INSERT INTO task_orders
      (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee) VALUES ${v}
      ON CONFLICT (client_id) DO UPDATE SET result = excluded.result, status_ = excluded.status_, cparam = excluded.cparam,
        manual = excluded.manual, api_id = excluded.api_id, side = excluded.side, notional = excluded.notional, fee = excluded.fee`,
  },
  orderStatus: {
    columns: 2,
    sql: (v) => `WITH v(client_id, status_) AS (VALUES ${v})
      UPDATE task_orders SET status_ = v.status_ FROM v WHERE task_orders.client_id = v.client_id`,
  },
  orderResult: {
    columns: 5,
    sql: (v) => `WITH v(client_id, status_, result, notional, fee) AS (VALUES ${v})
      UPDATE task_orders SET status_ = v.status_, result = v.result, notional = v.notional, fee = v.fee FROM v WHERE task_orders.client_id = v.client_id`,
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

/**
 * An order's statistics facts, as task_orders keeps them beside its JSON (migration 24), in the orders' statement's
 * order: manual (cparam.order_type), its API account, its side (2 × spot + buying: otype 1, 4 or 'buy'), the filled
 * notional and the fee. What store/orders.ts sums and lists.
 */
const orderFacts = ({ cparam: c, result }: Pick<OrderRecord, 'cparam' | 'result'>): [number, number, number, number, number] => {
  const buying = c.otype === 1 || c.otype === 4 || c.otype === 'buy';
  return [c.order_type === 'manual' ? 1 : 0, c.apiid, (c.acc_type === 'spot' ? 2 : 0) + (buying ? 1 : 0), notionalOf(result), result.fee];
};
const notionalOf = (r: OrderResult) => r.deal_amount * r.deal_price;

/** Where an order's write goes: whole (made by the run, or its cparam or time changed), its status and result, its status, or nowhere. */
function orderWrites(orders: Map<string, OrderWrite>, out: Written): void {
  for (const { order: o, was, userId } of orders.values()) {
    if (!was || o.cparam !== was.cparam || o.createtime !== was.createtime) {
      out.orders.push(
        o.client_id,
        o.task_id,
        o.task_children_id,
        JSON.stringify(o.cparam),
        JSON.stringify(o.result),
        o.pairing_id,
        o.status_,
        o.createtime,
        userId,
        ...orderFacts(o),
      );
    } else if (o.result !== was.result) out.orderResult.push(o.client_id, o.status_, JSON.stringify(o.result), notionalOf(o.result), o.result.fee);
    else if (o.status_ !== was.status_) out.orderStatus.push(o.client_id, o.status_);
  }
}

function statements(rows: StepRows): { sql: string; args: InArgs }[] {
  const written: Written = {
    tasks: [],
    taskEngines: [],
    children: [],
    orders: [],
    orderStatus: [],
    orderResult: [],
    fills: rows.fills,
    trades: rows.trades,
    earnings: [],
  };
  for (const [id, t] of rows.tasks) {
    if (t.full) written.tasks.push(id, t.status, t.engine, t.active);
    else written.taskEngines.push(id, t.engine);
  }
  for (const [id, c] of rows.children) written.children.push(id, c.ledger, c.lastTrade, c.realised);
  orderWrites(rows.orders, written);
  for (const p of rows.earnings) written.earnings.push(p.taskId, p.childId, p.at, p.value);
  const out: { sql: string; args: InArgs }[] = [];
  for (const table of Object.keys(WRITES) as (keyof Written)[]) {
    const values = written[table];
    const { columns } = WRITES[table];
    const count = values.length / columns;
    for (let i = 0; i < count; ) {
      const rows = chunkSize(count - i);
      const args = rows === count ? values : values.slice(i * columns, (i + rows) * columns);
      out.push({ sql: statementText(table, rows), args: args as InArgs });
      i += rows;
    }
  }
  return out;
}

/**
 * Rows in the next statement: CHUNK while there are as many, then the largest power of two left, so every
 * statement has one of a few texts, each prepared once (db.ts keeps them), however the rows fall.
 */
const chunkSize = (left: number): number => (left >= CHUNK ? CHUNK : 2 ** Math.floor(Math.log2(left)));

/** The text of a table's statement for `rows` rows (a chunkSize), made once. */
const texts = new Map<string, string>();
function statementText(table: keyof Written, rows: number): string {
  const key = `${table} ${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    const { columns, sql } = WRITES[table];
    const one = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
    text = sql(Array.from({ length: rows }, () => one).join(', '));
    texts.set(key, text);
  }
  return text;
}

/** A fill's values, as the fills' statement binds them. */
const pushFill = (to: unknown[], f: Fill) =>
  to.push(f.fill_id, f.client_id, f.task_id, f.task_children_id, f.direction, f.leg, f.action, f.price, f.amount, f.fee, f.time, f.manual ? 1 : 0);
/** A closed trade's values, as the trades' statement binds them. */
const pushTrade = (to: unknown[], t: ClosedTrade) =>
  to.push(t.client_id, t.task_id, t.task_children_id, t.direction, t.leg, t.amount, t.open_price, t.close_price, t.pnl, t.fee, t.time);

/** Whether two lists of open orders keep the same engine column: the same orders, as planned. */
const sameOpenOrders = (a: readonly OrderRecord[], b: readonly OrderRecord[]): boolean =>
  a.length === b.length && a.every((o, i) => o.client_id === b[i]!.client_id && o.planned === b[i]!.planned);

/**
 * Whether the task's row reads the same after the step (status, engine column, still active), so it is not
 * written again: most steps of a trading task only move its orders' status, which their rows carry. The row
 * of a stepped task says active, so one that stays active has nothing new to say.
 */
const sameTaskRow = (before: TaskState, after: TaskState): boolean =>
  before.task.status === after.task.status &&
  before.seq === after.seq &&
  before.manual === after.manual &&
  before.pending_status === after.pending_status &&
  sameOpenOrders(before.open_orders, after.open_orders) &&
  isActive(after);

/** The rows of what one step of a task of `userId`'s changed. */
function stepRows(userId: number, before: TaskState, out: StepResult, rows: StepRows): void {
  const { state } = out;
  if (!sameTaskRow(before, state)) {
    const engine: EngineColumn = {
      open_orders: state.open_orders.map(openOrderRef),
      manual: state.manual,
      pending_status: state.pending_status,
      seq: state.seq,
    };
    const active = isActive(state);
    // the row of a stepped task says active (as sameTaskRow): only a move of its status or activity rewrites them
    const full = rows.tasks.get(state.task.id)?.full === true || before.task.status !== state.task.status || !active;
    rows.tasks.set(state.task.id, { status: state.task.status, engine: JSON.stringify(engine), active: active ? 1 : 0, full });
  }
  state.children.forEach((c, i) => {
    if (c === before.children[i]) return;
    const id = c.child.task_children_id;
    const realised = out.trades.reduce((sum, t) => (t.task_children_id === id ? sum + t.pnl - t.fee : sum), rows.children.get(id)?.realised ?? 0);
    rows.children.set(id, { ledger: JSON.stringify(c.ledger), lastTrade: Number.isFinite(c.last_trade) ? c.last_trade : null, realised });
  });
  for (const o of out.orders) {
    const pending = rows.orders.get(o.client_id);
    rows.orders.set(o.client_id, { order: o, was: pending ? pending.was : (before.open_orders.find((b) => b.client_id === o.client_id) ?? null), userId });
  }
  for (const f of out.fills) pushFill(rows.fills, f);
  for (const t of out.trades) pushTrade(rows.trades, t);
}

/** Steps gathered before their rows are written, inside the transaction: a tick's rows die young instead of piling up in memory. */
const STEPS_PER_WRITE = 500;

/**
 * The runner's face of a tick's transaction: reads and statements go straight through; `saveStep`
 * and `earnings` gather rows, written as a few multi-row statements per table every STEPS_PER_WRITE
 * steps and at `flush`, which first runs the writes registered with `beforeFlush` (the books the
 * tick's fills moved, ledger/accounts.ts).
 */
export class TickWriter implements Queryable {
  private rows = emptyRows();
  private steps = 0;
  private readonly pending: (() => Promise<void>)[] = [];
  constructor(private readonly tx: Queryable) {}
  /** the earnings points to write with the rows */
  get earnings(): EarningsRow[] {
    return this.rows.earnings;
  }
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
  /** Gathers a step's rows; every STEPS_PER_WRITE steps answers the write of what is gathered (no promise otherwise: 10,000 steps a tick). */
  save(userId: number, before: TaskState, out: StepResult): Promise<void> | undefined {
    stepRows(userId, before, out, this.rows);
    return ++this.steps % STEPS_PER_WRITE === 0 ? this.write() : undefined;
  }
  async flush(): Promise<void> {
    for (const write of this.pending.splice(0)) await write();
    await this.write();
  }
  private async write(): Promise<void> {
    const rows = this.rows;
    this.rows = emptyRows();
    await this.tx.batch(statements(rows));
  }
}

/** Writes what one step of a task of `userId`'s changed (call inside the tick's transaction; gathered when `db` is the tick's TickWriter). */
export async function saveStep(db: Queryable, userId: number, before: TaskState, out: StepResult): Promise<void> {
  if (db instanceof TickWriter) return db.save(userId, before, out);
  const rows = emptyRows();
  stepRows(userId, before, out, rows);
  await db.batch(statements(rows));
}

// ── Orders, trades and earnings ────────────────────────────────────────────────────

/** Earnings points; child 0 is the whole task. */
export const insertEarnings = (db: Queryable, points: EarningsRow[]) => db.batch(statements({ ...emptyRows(), earnings: points }));
