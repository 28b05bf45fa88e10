import {
  CHILD_STATUS,
  TASK_STATUS,
  legsOf,
  mid,
  newTaskState,
  requestStatus,
  paperVenue,
  seededRng,
  stepTask,
  taskPnl,
  type EngineInputs,
  type OrderRecord,
  type PriceSource,
  type TaskParams,
  type TaskState,
} from '../engine';
import { enginePrices } from '../engine/prices';
import type { MarketSource } from '../market';
import { bourseNames } from '../store/bourses';
import { DEFAULT_FEES, DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import { findRun, insertPoint, insertRun, saveRunState, saveRunStep, type PaperRunRow } from '../store/paper';
import type { Queryable } from '../store/queryable';

/**
 * Paper runs (the temporary strategy and /simulate): a strategy's parameters traded by the task engine
 * itself (`stepTask`, its fills, fees and P/L, `taskPnl`) on the server's market, with no exchange
 * account and no real task. One child on the paper account PAPER_API, which pays the fees a new API
 * account starts with (DEFAULT_FEES). The rows are store/paper.ts's.
 *
 * A run holds no timer: it is stepped on reading, from the last instant it was stepped to the clock's
 * now, one step a PAPER_TICK_MS (the task runner's tick), in the reading's transaction. So what a user
 * sees is what the runner would have made tick by tick, and a test moves the injected clock and reads.
 * A run stops by itself PAPER_MAX_MS after its start (which bounds a catch-up), or when stopped.
 */
export const PAPER_TICK_MS = 1000;
/** an equity point is stored every PAPER_POINT_MS of a run (the curve), besides the point of now. */
export const PAPER_POINT_MS = 10_000;
export const PAPER_MAX_MS = 2 * 60 * 60_000;
/** the paper account's id in the engine's inputs (no API account has id 0). */
export const PAPER_API = 0;

const paperChild = {
  task_children_id: 1,
  id: 1,
  status: CHILD_STATUS.started,
  weight: 1,
  link_api_id: [PAPER_API, PAPER_API] as [number, number],
  task_children_info: [{ name: 'paper' }, { name: 'paper' }] as [{ name: string }, { name: string }],
};

/** The engine's inputs for paper runs: the global config, the paper account's fees, expiries from the market. */
async function paperInputs(db: Queryable, expiry: NonNullable<EngineInputs['expiry']>): Promise<EngineInputs> {
  return {
    global: await readGlobalConfig(db, DEFAULT_GLOBAL_CONFIG),
    fees: { [PAPER_API]: DEFAULT_FEES },
    bourses: await bourseNames(db),
    expiry,
  };
}

/** The engine's state of a run that has not stepped yet (task id = run id, for the orders' client ids). */
export const freshState = (runId: number, name: string, strategyName: string, params: TaskParams, at: number): TaskState =>
  newTaskState({ id: runId, name, strategy_name: strategyName, status: TASK_STATUS.running, createtime: at, params }, [paperChild]);

/** Marks (mid prices of legs A and B) of a run's legs at `at`. */
export const marksOf = (prices: PriceSource, params: TaskParams, at: number): [number, number] => {
  const [a, b] = legsOf(params);
  return [mid(prices(a, at)), mid(prices(b, at))];
};

/** A run's equity: its capital plus the engine's realised and unrealised P/L at the marks. */
export const equityOf = (run: Pick<PaperRunRow, 'initial' | 'realised'>, state: TaskState, marks: readonly [number, number]): number => {
  const pnl = taskPnl(state.children, new Map([[paperChild.task_children_id, run.realised]]), marks);
  return run.initial + pnl.realised + pnl.unrealised;
};

/**
 * Checks that the engine can trade these parameters at `at` (legs it knows, prices it gets): one
 * step from a fresh state, nothing stored. Throws what the engine throws.
 */
export async function tryParams(db: Queryable, market: MarketSource, params: TaskParams, at: number): Promise<void> {
  const { prices, expiry } = enginePrices(market);
  const state = freshState(0, '', '', params, at);
  stepTask(state, await paperInputs(db, expiry), prices, at, paperVenue(seededRng(1)));
  const marks = marksOf(prices, params, at);
  if (!marks.every((m) => Number.isFinite(m) && m > 0)) throw new Error('no price');
}

/** A new run of `params` from `startedAt`, PAPER_MAX_MS long unless told: its row, its fresh state, its first point (the capital). */
export async function startRun(
  db: Queryable,
  run: { userId: number; strategyId: number; strategyName: string; name: string; params: TaskParams; startedAt: number; lengthMs?: number },
): Promise<number> {
  const initial = Number(run.params.virtual_initial_capital);
  const { lengthMs, ...row } = run;
  const runId = await insertRun(db, { ...row, initial, endsAt: run.startedAt + (lengthMs ?? PAPER_MAX_MS) });
  await saveRunState(db, runId, freshState(runId, run.name, run.strategyName, run.params, run.startedAt));
  await insertPoint(db, runId, run.startedAt, initial);
  return runId;
}

/** A stop asked: the task stops at its next step (as a real task's stop), the run ends once no order is under way. */
const settled = (state: TaskState): boolean => state.task.status === TASK_STATUS.stopped && !state.pending_status && state.open_orders.length === 0;

/**
 * Steps a run from its last instant to `until` (at most its end), one engine step a PAPER_TICK_MS,
 * and writes its state, its orders (by client id), its equity points and its sums. `stop` asks the
 * engine to stop the task now (§4 status 4: no new decisions; orders under way finish at the next
 * steps), and the run ends at the step it has settled; it also ends at its end time. Call inside a
 * transaction. Returns the run as written.
 */
export async function advanceRun(db: Queryable, market: MarketSource, runId: number, until: number, stop = false): Promise<PaperRunRow | undefined> {
  const run = await findRun(db, runId);
  if (!run?.running) return run;
  const end = Math.min(until, run.ends_at);
  const { prices, expiry } = enginePrices(market);
  const inputs = await paperInputs(db, expiry);
  const venue = paperVenue(seededRng(run.id * 100_003 + run.stepped_at));
  let state = JSON.parse(run.state) as TaskState;
  const sums = { pnl: run.pnl, fees: run.fees, realised: run.realised };
  const orders = new Map<string, OrderRecord>();
  const points: { at: number; equity: number }[] = [];
  let at = run.stepped_at;
  if (stop && state.task.status !== TASK_STATUS.stopped) state = requestStatus(state, TASK_STATUS.stopped, at, 0);
  while (at + PAPER_TICK_MS <= end && !settled(state)) {
    at += PAPER_TICK_MS;
    const out = stepTask(state, inputs, prices, at, venue);
    state = out.state;
    for (const order of out.orders) orders.set(order.client_id, order);
    for (const fill of out.fills) sums.fees += fill.fee;
    for (const trade of out.trades) {
      sums.pnl += trade.pnl;
      sums.realised += trade.pnl - trade.fee;
    }
    if ((at - run.started_at) % PAPER_POINT_MS === 0)
      points.push({ at, equity: equityOf({ initial: run.initial, realised: sums.realised }, state, marksOf(prices, state.task.params, at)) });
  }
  const running = settled(state) || at >= run.ends_at ? 0 : 1;
  await saveRunStep(db, run.id, { orders: [...orders.values()], points, state, steppedAt: at, running, endsAt: running ? run.ends_at : at, sums });
  return findRun(db, run.id);
}
