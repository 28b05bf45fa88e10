import { recordFills, type AccountRef } from '../ledger/fills';
import type { AppContext } from '../context';
import { clockLoop } from '../clock/loop';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import { feesByApi } from '../store/api-accounts';
import { bourseNames } from '../store/bourses';
import type { Queryable } from '../store/queryable';
import { activeTaskIds, findTask, loadState, realisedByChild, type TaskRow } from '../store/tasks';
import { saveStep, TickWriter, type EarningsRow } from '../store/task-steps';
import { legsOf, mid, paperVenue, seededRng, stepTask, taskPnl, type EngineInputs, type PriceSource, type StepResult, type TaskState } from '../engine';
import { enginePrices } from '../engine/prices';
import { ledgerLegHealth } from '../engine';
import { someLegsApart } from '#contract/rules/leg-health';

/**
 * The task engine on the server's clock: every second, each active task is stepped once (`stepTask`)
 * and written back, all in ONE transaction; then 'task.changed' tells the feeds, with 'asset.changed'
 * once per account whose balances the tick's fills moved and 'orders.changed' once per account whose
 * orders it wrote. A task's state is
 * kept between ticks and read again only after a call changed it ('task.changed' not of the runner's
 * own); the tick's rows are written as a few multi-row statements (`TickWriter`).
 * Ticks queue behind each other, each with its own time (server/clock/loop.ts 'queue'), so a ManualClock moved an hour runs 3600.
 *
 * Prices are the server's one market (`ctx.market.prices`, server/market/source.ts): a task trades at
 * the prices the market board shows.
 */
export interface TaskRunner {
  stop(): void;
  /** resolves when every tick queued so far has been written. */
  idle(): Promise<void>;
  /** an active task's state as the last tick wrote it (undefined before its first tick), for readers that look every second */
  stateOf(taskId: number): TaskState | undefined;
}

const TICK_MS = 1000;
const MINUTE_MS = 60_000;

/** The minute's earnings points of a task (§3, `taskPnl` at the mid prices): each child's and the task's (child 0). */
export function earningsPoints(cached: Pick<Cached, 'state' | 'realised'>, prices: PriceSource, at: number): EarningsRow[] {
  const { state } = cached;
  const legs = legsOf(state.task.params);
  const pnl = taskPnl(state.children, cached.realised, [mid(prices(legs[0], at)), mid(prices(legs[1], at))]);
  const taskId = state.task.id;
  const points: EarningsRow[] = pnl.children.map((c) => ({ taskId, childId: c.task_children_id, at, value: c.realised + c.unrealised }));
  points.push({ taskId, childId: 0, at, value: pnl.realised + pnl.unrealised });
  return points;
}

/** The accounts a step's orders were placed on or changed on (leg A on the child's api_a, leg B on api_b). */
export function orderAccounts(out: Pick<StepResult, 'state' | 'orders'>, userId: number): AccountRef[] {
  const apiOf = new Map(out.state.children.map((c) => [c.child.task_children_id, c.child.link_api_id]));
  const ids = new Set(out.orders.flatMap((o) => apiOf.get(o.task_children_id)?.[o.leg] ?? []));
  return [...ids].map((apiId) => ({ userId, apiId }));
}

/** What stepTask reads besides the state, from the database: the global config, fees per API account, exchange names; and the server's engine settings. */
export async function engineInputs(db: Queryable, expiry: NonNullable<EngineInputs['expiry']>, settings?: EngineInputs['settings']): Promise<EngineInputs> {
  return {
    global: await readGlobalConfig(db, DEFAULT_GLOBAL_CONFIG),
    fees: await feesByApi(db),
    bourses: await bourseNames(db),
    expiry,
    ...(settings ? { settings } : {}),
  };
}

/** What the runner keeps of an active task between ticks, so a tick reads nothing it already knows. */
export interface Cached {
  row: TaskRow;
  state: TaskState;
  /** realised P/L (Σ pnl − fee of the closed trades) per child id, deleted children's too: `realisedByChild` */
  realised: Map<number, number>;
}

/** Moves a kept task to the state a step made, its realised P/L by the step's closed trades. */
export function advance(cached: Pick<Cached, 'state' | 'realised'>, out: StepResult): void {
  cached.state = out.state;
  for (const trade of out.trades) cached.realised.set(trade.task_children_id, (cached.realised.get(trade.task_children_id) ?? 0) + trade.pnl - trade.fee);
}

/**
 * For the alerts' unbalanced rule (server/alerts/engine.ts `LegHealthSource`): per active task, whether some
 * child has its legs apart and the exposure, from the ledgers the runner keeps (the figures the task pages
 * show), so a rule looking every second reads no database.
 */
export const legBalanceSource =
  (runner: Pick<TaskRunner, 'stateOf'>, prices: PriceSource) =>
  async (taskIds: readonly number[], now: number): Promise<Map<number, { apart: boolean; exposure: number }>> =>
    new Map(
      taskIds.flatMap((id) => {
        const state = runner.stateOf(id);
        if (!state) return [];
        const children = state.children.map((c) => ({ id: c.child.task_children_id, position: c.ledger.position }));
        const health = ledgerLegHealth(state.task.params, children, prices, now);
        return [[id, { apart: someLegsApart(health), exposure: health.exposure }] as const];
      }),
    );

export function startTaskRunner(ctx: AppContext): TaskRunner {
  const { prices, expiry } = enginePrices(ctx.market.prices);
  const venue = paperVenue(seededRng(20261123));
  // tasks whose rows a call changed since they were cached: read again at the next tick
  const cache = new Map<number, Cached>();
  const dirty = new Set<number>();
  let emitting = false;

  const load = async (tx: Queryable, taskId: number): Promise<Cached | undefined> => {
    const cached = cache.get(taskId);
    if (cached && !dirty.has(taskId)) return cached;
    dirty.delete(taskId);
    const row = await findTask(tx, taskId);
    if (!row) return undefined;
    const fresh = { row, state: await loadState(tx, row), realised: await realisedByChild(tx, taskId) };
    cache.set(taskId, fresh);
    return fresh;
  };

  const tick = async (at: number): Promise<void> => {
    const changed: { userId: number; taskId: number }[] = [];
    // the accounts whose balances the tick's fills moved, and whose orders it wrote
    const assets = new Map<number, AccountRef>();
    const orders = new Map<number, AccountRef>();
    await ctx.db.transaction(async (db) => {
      const ids = await activeTaskIds(db);
      for (const id of [...cache.keys()]) if (!ids.includes(id)) cache.delete(id);
      if (!ids.length) return loop.pause();
      const inputs = await engineInputs(db, expiry, ctx.settings.engine);
      // the tick's rows are gathered and written at the end as a few multi-row statements
      const tx = new TickWriter(db);
      const minute = at % MINUTE_MS < TICK_MS;
      for (const taskId of ids) {
        const cached = await load(tx, taskId);
        if (!cached) continue;
        const { row, state: before } = cached;
        const out = stepTask(before, inputs, prices, at, venue);
        await saveStep(tx, before, out);
        advance(cached, out);
        for (const account of await recordFills(tx, out.state, out.fills, prices, at)) assets.set(account.apiId, account);
        for (const account of orderAccounts(out, Number(row.user_id))) orders.set(account.apiId, account);
        changed.push({ userId: Number(row.user_id), taskId });
        if (minute) tx.earnings.push(...earningsPoints(cached, prices, at));
      }
      await tx.flush();
    });
    emitting = true;
    try {
      for (const event of changed) ctx.bus.emit('task.changed', event);
    } finally {
      emitting = false;
    }
    for (const account of assets.values()) ctx.bus.emit('asset.changed', account);
    for (const account of orders.values()) ctx.bus.emit('orders.changed', account);
  };

  // it ticks only while some task is active: an idle server has no timer pending
  const loop = clockLoop(ctx.clock, { name: 'task engine', everyMs: TICK_MS, overlap: 'queue', run: (at) => tick(at) });
  const off = ctx.bus.on('task.changed', ({ taskId }) => {
    if (emitting) return; // the runner's own news: its cache is what it wrote
    dirty.add(taskId);
    loop.start();
  });
  void activeTaskIds(ctx.db).then((ids) => ids.length && loop.start());
  return {
    stop: () => {
      off();
      loop.pause();
    },
    idle: () => loop.idle(),
    stateOf: (taskId) => cache.get(taskId)?.state,
  };
}
