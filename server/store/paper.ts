import type { OrderRecord, TaskState } from '../engine';
import type { Queryable } from './queryable';

/**
 * The rows of paper runs (server/paper/runs.ts steps them): the run with its engine state and sums,
 * its orders by client id, its equity points.
 */

/** user id of the demo runs every user sees. */
export const DEMO_USER = 0;

export interface PaperRunRow {
  id: number;
  user_id: number;
  strategy_id: number;
  strategy_name: string;
  name: string;
  params: string;
  initial: number;
  running: number;
  started_at: number;
  stepped_at: number;
  ends_at: number;
  state: string;
  /** Σ closed trades' pnl (before fees). */
  pnl: number;
  /** Σ fees of every fill. */
  fees: number;
  /** Σ closed trades' pnl − fee (the engine's realised P/L). */
  realised: number;
}

/** A new run, its state and first point written apart (the state names the run's id): `startRun`. */
export async function insertRun(
  db: Queryable,
  run: { userId: number; strategyId: number; strategyName: string; name: string; params: unknown; initial: number; startedAt: number; endsAt: number },
): Promise<number> {
  const { lastId } = await db.run(
    `INSERT INTO paper_runs (user_id, strategy_id, strategy_name, name, params, initial, running, started_at, stepped_at, ends_at, state)
     VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, '{}')`,
    [run.userId, run.strategyId, run.strategyName, run.name, JSON.stringify(run.params), run.initial, run.startedAt, run.startedAt, run.endsAt],
  );
  return lastId;
}

export const saveRunState = (db: Queryable, runId: number, state: TaskState) =>
  db.run('UPDATE paper_runs SET state = ? WHERE id = ?', [JSON.stringify(state), runId]);

export const insertPoint = (db: Queryable, runId: number, at: number, equity: number) =>
  db.run('INSERT INTO paper_points (run_id, at, equity) VALUES (?, ?, ?)', [runId, at, equity]);

export const findRun = (db: Queryable, id: number): Promise<PaperRunRow | undefined> => db.get<PaperRunRow>('SELECT * FROM paper_runs WHERE id = ?', [id]);

/** The runs a user sees (their own and the demo runs), newest first. */
export async function pageRuns(db: Queryable, userId: number, page: number, size: number): Promise<{ rows: PaperRunRow[]; total: number }> {
  const rows = await db.all<PaperRunRow>('SELECT * FROM paper_runs WHERE user_id IN (?, ?) ORDER BY id DESC LIMIT ? OFFSET ?', [
    userId,
    DEMO_USER,
    size,
    (page - 1) * size,
  ]);
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM paper_runs WHERE user_id IN (?, ?)', [userId, DEMO_USER]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function pageOrders(db: Queryable, runId: number, page: number, size: number): Promise<{ rows: OrderRecord[]; total: number }> {
  const rows = await db.all<{ record: string }>('SELECT record FROM paper_orders WHERE run_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?', [
    runId,
    size,
    (page - 1) * size,
  ]);
  return { rows: rows.map((r) => JSON.parse(r.record) as OrderRecord), total: await countOrders(db, runId) };
}

export async function countOrders(db: Queryable, runId: number): Promise<number> {
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM paper_orders WHERE run_id = ?', [runId]);
  return Number(count?.n ?? 0);
}

/** A user's runs still running at `now`. */
export async function countRunning(db: Queryable, userId: number, now: number): Promise<number> {
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM paper_runs WHERE user_id = ? AND running = 1 AND ends_at > ?', [userId, now]);
  return Number(count?.n ?? 0);
}

export const pointsOf = (db: Queryable, runId: number): Promise<{ at: number; equity: number }[]> =>
  db.all<{ at: number; equity: number }>('SELECT at, equity FROM paper_points WHERE run_id = ? ORDER BY at', [runId]);

/** `{task}-{child}-{seq}{a|b}`: the pair's sequence, leg A before leg B. */
const orderSeq = (o: OrderRecord): number => Number(/-(\d+)[ab]$/.exec(o.client_id)?.[1] ?? 0) * 2 + o.leg;

/** What a stretch of steps changed: the orders it made or moved, the points it passed, the run's new state and sums. */
export interface RunStep {
  orders: readonly OrderRecord[];
  points: readonly { at: number; equity: number }[];
  state: TaskState;
  steppedAt: number;
  running: 0 | 1;
  endsAt: number;
  sums: Pick<PaperRunRow, 'pnl' | 'fees' | 'realised'>;
}

/** Writes a stretch of steps of run `runId` in one batch. */
export async function saveRunStep(db: Queryable, runId: number, step: RunStep): Promise<void> {
  const { sums } = step;
  await db.batch([
    ...step.orders.map((o) => ({
      sql: 'INSERT INTO paper_orders (run_id, client_id, seq, record) VALUES (?, ?, ?, ?) ON CONFLICT (run_id, client_id) DO UPDATE SET record = excluded.record',
      args: [runId, o.client_id, orderSeq(o), JSON.stringify(o)],
    })),
    ...step.points.map((p) => ({ sql: 'INSERT OR REPLACE INTO paper_points (run_id, at, equity) VALUES (?, ?, ?)', args: [runId, p.at, p.equity] })),
    {
      sql: 'UPDATE paper_runs SET state = ?, stepped_at = ?, running = ?, ends_at = ?, pnl = ?, fees = ?, realised = ? WHERE id = ?',
      args: [JSON.stringify(step.state), step.steppedAt, step.running, step.endsAt, sums.pnl, sums.fees, sums.realised, runId],
    },
  ]);
}
