import { recordFills } from '../ledger/fills';
import type { AppContext } from '../context';
import { listApis } from '../store/api-accounts';
import { seedOnce } from '../store/meta';
import { listStrategies } from '../store/strategies';
import { insertChild, insertChange, insertTask, loadState, findTask, type TaskRow } from '../store/tasks';
import { saveStep, TickWriter } from '../store/task-steps';
import { findUserByName } from '../store/users';
import {
  CHILD_STATUS,
  legsOf,
  newTaskState,
  premiumsOf,
  requestStatus,
  paperVenue,
  seededRng,
  type Venue,
  stepTask,
  TASK_STATUS,
  type ChildTask,
  type TaskParams,
} from '../engine/index';
import { advance, earningsPoints, engineInputs } from '../hedging/runner';
import { enginePrices } from '../engine/prices';

/**
 * Demo tasks of a first start: admin and trader each have running tasks with children and
 * a day of trading behind them, and stopped ones, so every task page shows real data at once.
 *
 * The history is made by the engine itself, not drawn: each task with history is stepped with
 * `stepTask` over the past day in coarse steps (STEP_MS) at the prices of the server's market, and
 * every step is written as the runner writes a tick (`saveStep`, earnings points each step). So the
 * orders, fills, closed trades, positions and curve agree exactly as live ones do; the runner then
 * carries on from the state written. One task is closed (close position, §4 status 1) two hours
 * before now and so ends stopped and flat.
 */
const DAY_MS = 24 * 60 * 60_000;
const STEP_MS = 60_000;
const CLOSED_BEFORE_MS = 2 * 60 * 60_000;

interface DemoTask {
  user: 'admin' | 'trader';
  name: string;
  params: Partial<TaskParams>;
  /** child weights; each child has the user's account on leg A's exchange and on leg B's */
  children: number[];
  /** 'running': a day of history, still running; 'closed': a day of history, closed 2 h ago; 'stopped': never run */
  kind: 'running' | 'closed' | 'stopped';
}

/**
 * The tasks that trade get their dlt/close_dlt from the spread their legs show over the day about to
 * be replayed (`thresholds`), not fixed numbers: the basis of a delivery contract shrinks towards its
 * expiry and jumps at a roll, so fixed thresholds trade on some dates and never on others.
 */
const DEMO_TASKS: DemoTask[] = [
  {
    user: 'admin',
    name: 'BTC 现货/季度',
    kind: 'running',
    children: [1, 2],
    params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 4 },
  },
  {
    user: 'admin',
    name: 'ETH 现货/季度',
    kind: 'running',
    children: [1],
    params: { currency_type: 'eth', a_bourse: 1, a_transaction_type: 1, b_bourse: 1, b_transaction_type: 4 },
  },
  {
    user: 'admin',
    name: 'BTC 当周/当周',
    kind: 'closed',
    children: [1, 1],
    params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 2, b_bourse: 2, b_transaction_type: 2 },
  },
  {
    user: 'admin',
    name: 'EOS 现货/季度',
    kind: 'stopped',
    children: [],
    params: { currency_type: 'eos', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 4 },
  },
  {
    user: 'trader',
    name: 'BTC 现货/季度 OKEx',
    kind: 'running',
    children: [1],
    params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 1, b_transaction_type: 4 },
  },
  {
    user: 'trader',
    name: 'ETH 当周/季度',
    kind: 'stopped',
    children: [],
    params: { currency_type: 'eth', a_bourse: 1, a_transaction_type: 2, b_bourse: 1, b_transaction_type: 4 },
  },
];

export async function seedDemoTasks(ctx: AppContext, now: number): Promise<void> {
  const { db } = ctx;
  await seedOnce(db, 'tasks', now, async () => {
    const strategy = (await listStrategies(db)).find((s) => s.name === 'arbitrage 2');
    if (!strategy) return;
    const defaults = JSON.parse(strategy.default_params) as TaskParams;
    const { prices, expiry } = enginePrices(ctx.market.prices);
    const inputs = await engineInputs(db, expiry, ctx.settings.engine);
    const venue = paperVenue(seededRng(20261124));
    for (const demo of DEMO_TASKS) {
      const user = await findUserByName(db, demo.user);
      if (!user) continue;
      const apis = await listApis(db, user.id);
      const start = demo.kind === 'stopped' ? now : now - DAY_MS;
      const accountOn = (bourse: number) => apis.find((a) => Number(a.bourse_id) === bourse);
      const base = { ...defaults, ...demo.params } as TaskParams;
      const [apiA, apiB] = [accountOn(Number(base.a_bourse)), accountOn(Number(base.b_bourse))];
      const links = apiA && apiB ? demo.children.map((weight) => ({ weight, apiA: Number(apiA.id), apiB: Number(apiB.id) })) : [];
      const params = demo.kind === 'stopped' ? base : { ...base, ...thresholds(base, links, { inputs, prices }, start, now) };
      const taskId = await insertTask(db, {
        userId: user.id,
        strategyId: Number(strategy.id),
        strategyName: strategy.name,
        name: demo.name,
        params,
        createdAt: start - 60 * 60_000,
      });
      await insertChange(db, { taskId, userId: user.id, changeType: 'add', before: undefined, after: { name: demo.name, params }, at: start - 60 * 60_000 });
      for (const link of links) await insertChild(db, { taskId, ...link, createdAt: start - 30 * 60_000 });
      if (demo.kind === 'stopped') continue;
      await db.run('UPDATE task_children SET status = 2 WHERE task_id = ?', [taskId]);
      await db.run('UPDATE task_tasks SET status = 2, active = 1 WHERE id = ?', [taskId]);
      await insertChange(db, { taskId, userId: user.id, changeType: 'status', before: 4, after: 2, at: start });
      await history(ctx, (await findTask(db, taskId))!, demo.kind === 'closed', start, now, { inputs, prices, venue });
    }
  });
}

/**
 * Bands of the day's premiums tried in turn, widest first: open where the opening premium is at or
 * above its `open` quantile, close where the closing premium is at or below its `close` quantile.
 */
const BANDS: readonly { open: number; close: number }[] = [
  { open: 0.7, close: 0.4 },
  { open: 0.65, close: 0.45 },
  { open: 0.6, close: 0.5 },
  { open: 0.55, close: 0.5 },
];
/** Round trips (open, then close) a day a band should give to be taken. */
const ROUND_TRIPS = 4;

/** Samples (STEP_MS apart) on the current contracts needed to use only them: two hours. */
const MIN_SAMPLES = 120;

/** The value below which `share` of the values lie. */
const quantile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};
const round4 = (x: number): number => Number(x.toFixed(4));

/** How often a flat child would open (premium ≥ dlt) and then close (closing premium ≤ closeDlt) over the samples. */
const roundTrips = (series: readonly { open: number; close: number }[], dlt: number, closeDlt: number): number => {
  let held = false;
  let trips = 0;
  for (const p of series) {
    if (!held && p.open >= dlt) held = true;
    else if (held && p.close <= closeDlt) {
      held = false;
      trips += 1;
    }
  }
  return trips;
};

/**
 * dlt (the same for every expiry class) and close_dlt of a demo task, from the net premiums
 * (`premiumsOf`: fees, slippage, depth, as stepTask compares them) its first child sees over
 * [start, now), sampled each STEP_MS (after a roll of a leg's contract in that time, only those on the
 * contracts of the end). The closing premium carries the round trip's costs, so
 * close_dlt is above dlt: the task opens when the basis is high and closes when it is back down.
 * Per direction, the widest band that gives ROUND_TRIPS round trips over the samples (else the one
 * that gives most); the direction with more round trips wins. So a task opens and closes several
 * times a day on any date; after the costs most round trips lose, as they would on such spreads.
 */
function thresholds(
  params: TaskParams,
  links: readonly { weight: number; apiA: number; apiB: number }[],
  engine: { inputs: Awaited<ReturnType<typeof engineInputs>>; prices: ReturnType<typeof enginePrices>['prices'] },
  start: number,
  now: number,
): Partial<Pick<TaskParams, 'dlt' | 'close_dlt'>> {
  const children: ChildTask[] = links.map((l, i) => ({
    task_children_id: i + 1,
    id: 0,
    status: CHILD_STATUS.started,
    weight: l.weight,
    link_api_id: [l.apiA, l.apiB],
    task_children_info: [{ name: '' }, { name: '' }],
  }));
  const state = newTaskState({ id: 0, name: '', strategy_name: '', status: TASK_STATUS.running, createtime: start, params }, children);
  // the contracts the legs are on at the end: a roll within the day (the quarter leg jumps to the next
  // quarter) changes the basis for good, so the samples after it are what the runner carries on with
  const contracts = (at: number) =>
    legsOf(params)
      .map((leg) => engine.inputs.expiry?.(leg, at) ?? null)
      .join();
  const current = contracts(now - STEP_MS);
  const all: { p: NonNullable<ReturnType<typeof premiumsOf>>; current: boolean }[] = [];
  for (let at = start; at < now; at += STEP_MS) {
    const p = premiumsOf(state, engine.inputs, engine.prices, at);
    if (p) all.push({ p, current: contracts(at) === current });
  }
  const onCurrent = all.filter((x) => x.current);
  const samples = (onCurrent.length >= MIN_SAMPLES ? onCurrent : all).map((x) => x.p);
  if (!samples.length) return {};
  const best = (['f', 'r'] as const)
    .flatMap((d) => {
      const series = samples.map((p) => p[d]);
      return BANDS.map((band) => {
        const dlt = round4(
          quantile(
            series.map((p) => p.open),
            band.open,
          ),
        );
        const closeDlt = round4(
          quantile(
            series.map((p) => p.close),
            band.close,
          ),
        );
        return { dlt, closeDlt, trips: Math.min(ROUND_TRIPS, roundTrips(series, dlt, closeDlt)) };
      });
    })
    .reduce((a, b) => (b.trips > a.trips ? b : a));
  return { dlt: { CW: best.dlt, NW: best.dlt, CQ: best.dlt, NQ: best.dlt }, close_dlt: best.closeDlt };
}

/** Steps a task from `start` to `now` (STEP_MS apart), written as the runner writes its ticks. */
async function history(
  ctx: AppContext,
  row: TaskRow,
  close: boolean,
  start: number,
  now: number,
  engine: { inputs: Awaited<ReturnType<typeof engineInputs>>; prices: ReturnType<typeof enginePrices>['prices']; venue: Venue },
): Promise<void> {
  const kept = { state: await loadState(ctx.db, row), realised: new Map<number, number>() };
  const closeAt = now - CLOSED_BEFORE_MS;
  await ctx.db.transaction(async (db) => {
    const tx = new TickWriter(db);
    for (let at = start; at < now; at += STEP_MS) {
      if (close && at >= closeAt && kept.state.task.status === 2 && !kept.state.pending_status) {
        kept.state = requestStatus(kept.state, 1, at, 0);
        await insertChange(db, { taskId: row.id, userId: row.user_id, changeType: 'status', before: 2, after: 1, at });
      }
      const out = stepTask(kept.state, engine.inputs, engine.prices, at, engine.venue);
      await saveStep(tx, row.user_id, kept.state, out);
      // the accounts' balances move with the history's fills, as the runner's do
      await recordFills(tx, out.state, out.fills, engine.prices, at);
      advance(kept, out);
      tx.earnings.push(...earningsPoints(kept, engine.prices, at));
    }
    await tx.flush();
  });
}
