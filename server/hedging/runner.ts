import type { KillResult } from '#contract/types/api-accounts';
import { recordFills, type AccountRef } from '../ledger/fills';
import type { AppContext } from '../context';
import { clockLoop } from '../clock/loop';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import { accountMode, feesByApi, tradesOnExchange, type ApiRow } from '../store/api-accounts';
import { allApis } from '../store/assets';
import { bourseNames } from '../store/bourses';
import { engineInputsVersion } from '../store/meta';
import type { Queryable } from '../store/queryable';
import { activeTaskIds, findTask, insertChange, loadState, realisedByChild, tasksOnAccounts, type TaskRow } from '../store/tasks';
import { saveStep, TickWriter, type EarningsRow } from '../store/task-steps';
import {
  legsOf,
  mid,
  paperVenue,
  seededRng,
  stepTask,
  taskPnl,
  TASK_STATUS,
  type EngineInputs,
  type PriceSource,
  type StepResult,
  type TaskState,
  type Venue,
} from '../engine';
import { enginePrices } from '../engine/prices';
import { ledgerLegHealth } from '../engine';
import { someLegsApart } from '#contract/rules/leg-health';
import { exchangeDesk, type ExchangeDesk, type ExchangeSide, type OpenOrder, type Send } from './exchange-desk';
import { modeOf } from './modes';
import { reachesExchange } from '#contract/types/api-accounts';

export type { ExchangeSide } from './exchange-desk';

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
 *
 * Each task trades on the venue of its accounts' mode (modes.ts): all paper → the simulation (paperVenue), all
 * testnet or all live → the exchange (`exchange`, exchange-desk.ts): it decides on its legs' live books, its
 * orders are sent after the step's transaction has committed, and a book update that makes it decide steps it
 * at once (queued behind the ticks, one transaction per step as a tick). An exchange task sends nothing while a
 * book is older than BOOK_MAX_AGE_MS (contract/rules/exchange-trading.ts), nor once it is stopped (0 or 4: the
 * kill switch's stop sticks) unless its owner asked for a manual open or close since; its open orders still settle. A task in mixed modes is not stepped (its start is
 * refused), nor an exchange task on a server without `exchange`.
 */
export interface TaskRunner {
  stop(): void;
  /** resolves when every tick queued so far has been written. */
  idle(): Promise<void>;
  /** an active task's state as the last tick wrote it (undefined before its first tick), for readers that look every second */
  stateOf(taskId: number): TaskState | undefined;
  /**
   * The kill switch: stops (status 4) every task trading on an exchange with a leg on one of the accounts, and
   * cancels their open orders through the accounts' gateways. `userId`: who asked (the change records).
   */
  kill(apiIds: readonly number[], userId: number): Promise<KillResult>;
}

/** The runner of each server (its handlers reach it here: the kill switch). */
const runners = new WeakMap<AppContext, TaskRunner>();
export const taskRunnerOf = (ctx: AppContext): TaskRunner | undefined => runners.get(ctx);

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

/** Adds to `to` the accounts a step's orders were placed on or changed on (an order's cparam.apiid: its child's api_a for leg A, api_b for leg B). */
export function orderAccounts(out: Pick<StepResult, 'orders'>, userId: number, to: Map<number, AccountRef>): void {
  for (const { cparam } of out.orders) if (!to.has(cparam.apiid)) to.set(cparam.apiid, { userId, apiId: cparam.apiid });
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

/**
 * A step that sends nothing: the children have just traded (last_trade ∞) so none decides; open orders advance
 * and the task's status changes as ever. Their last trade is theirs again afterwards.
 */
export function holdStep(before: TaskState, inputs: EngineInputs, prices: PriceSource, at: number, venue: Venue): StepResult {
  const held = { ...before, children: before.children.map((c) => ({ ...c, last_trade: Infinity })) };
  const out = stepTask(held, inputs, prices, at, venue);
  const children = out.state.children.map((c, i) => (c === held.children[i] ? before.children[i]! : { ...c, last_trade: before.children[i]!.last_trade }));
  return { ...out, state: { ...out.state, children } };
}

/** How a task is stepped now: on which venue and prices, and whether it may send anything. */
interface Way {
  venue: Venue;
  prices: PriceSource;
  hold: boolean;
  exchange: boolean;
}

/** `exchange`: how the runner reaches the exchanges (server/main.ts); without it, tasks on testnet or live accounts wait. */
export function startTaskRunner(ctx: AppContext, exchange?: ExchangeSide): TaskRunner {
  const { prices, expiry } = enginePrices(ctx.market.prices);
  const venue = paperVenue(seededRng(20261123));
  let depth = DEFAULT_GLOBAL_CONFIG.depthMarket;
  const desk: ExchangeDesk | null = exchange ? exchangeDesk(exchange, { clock: ctx.clock, market: prices, depth: () => depth }) : null;
  // tasks whose rows a call changed since they were cached: read again at the next tick
  const cache = new Map<number, Cached>();
  const dirty = new Set<number>();
  let accounts = new Map<number, ApiRow>();
  // no account trades on an exchange (the demo, every paper server): every task is paper, asked no further
  let allPaper = true;
  let lastInputs: EngineInputs | null = null;
  let inputsRead = -1;
  let lastAt = -Infinity;
  let emitting = false;

  /** The task as cached, unless a call changed its rows since. */
  const unchanged = (taskId: number): Cached | undefined => (dirty.has(taskId) ? undefined : cache.get(taskId));
  const load = async (tx: Queryable, taskId: number): Promise<Cached | undefined> => {
    const cached = unchanged(taskId);
    if (cached) return cached;
    dirty.delete(taskId);
    const row = await findTask(tx, taskId);
    if (!row) return undefined;
    const fresh = { row, state: await loadState(tx, row), realised: await realisedByChild(tx, taskId) };
    cache.set(taskId, fresh);
    return fresh;
  };

  /** The engine's inputs and the accounts, read again only when they changed since (a step on a book update reads one number). */
  const readInputs = async (db: Queryable): Promise<EngineInputs> => {
    const version = await engineInputsVersion(db);
    if (lastInputs && version === inputsRead) return lastInputs;
    lastInputs = await engineInputs(db, expiry, ctx.settings.engine);
    depth = lastInputs.global.depthMarket;
    accounts = new Map((await allApis(db)).map((a) => [Number(a.id), a]));
    allPaper = [...accounts.values()].every((a) => accountMode(a) === 'paper');
    desk?.setAccounts(accounts);
    inputsRead = version;
    return lastInputs;
  };

  const paper: Way = { venue, prices, hold: false, exchange: false };
  const wayOf = (state: TaskState, at: number): Way | null => {
    if (allPaper) return paper;
    const mode = modeOf(state.children.flatMap((c) => c.child.link_api_id.map((id) => accounts.get(id))));
    if (mode === 'paper') return paper;
    if (!reachesExchange(mode) || !desk) return null;
    const books = desk.pricesOf(state, mode, at);
    // a stopped task sends nothing by itself (the kill switch's stop sticks); a manual request its owner made since is carried out
    const stopped = (state.task.status === TASK_STATUS.stopped || state.task.status === TASK_STATUS.notRunning) && state.manual === null;
    return { venue: desk.venue, prices: books.prices, hold: !books.fresh || stopped, exchange: true };
  };

  const emit = (changed: readonly { userId: number; taskId: number }[]) => {
    emitting = true;
    try {
      for (const event of changed) ctx.bus.emit('task.changed', event);
    } finally {
      emitting = false;
    }
  };

  /** One step of the tasks `only` (every active task when null: a tick) at `at`, in one transaction. */
  const step = async (at: number, only: readonly number[] | null): Promise<void> => {
    // a step a book update asked for may run between two queued ticks: time never goes back
    const now = Math.max(at, lastAt);
    lastAt = now;
    const changed: { userId: number; taskId: number }[] = [];
    // the accounts whose balances the tick's fills moved, and whose orders it wrote
    const assets = new Map<number, AccountRef>();
    const orders = new Map<number, AccountRef>();
    const stepped: TaskState[] = [];
    const ended: string[] = [];
    let sends: Send[] = [];
    const written = ctx.db.transaction(async (db) => {
      const active = await activeTaskIds(db);
      const isActive = new Set(active);
      if (only === null) {
        for (const id of [...cache.keys()]) if (!isActive.has(id)) cache.delete(id);
        if (!active.length) return loop.pause();
      }
      const ids = only === null ? active : only.filter((id) => isActive.has(id));
      const inputs = await readInputs(db);
      // the tick's rows are gathered and written at the end as a few multi-row statements
      const tx = new TickWriter(db);
      const minute = only === null && now % MINUTE_MS < TICK_MS;
      for (const taskId of ids) {
        // a task read before is taken as it is, no promise made (10,000 tasks a tick)
        const cached = unchanged(taskId) ?? (await load(tx, taskId));
        if (!cached) continue;
        const { row, state: before } = cached;
        const way = wayOf(before, now);
        if (!way) continue;
        const out = way.hold ? holdStep(before, inputs, way.prices, now, way.venue) : stepTask(before, inputs, way.prices, now, way.venue);
        const writing = tx.save(Number(row.user_id), before, out);
        if (writing) await writing;
        advance(cached, out);
        for (const account of await recordFills(tx, out.state, out.fills, way.prices, now)) assets.set(account.apiId, account);
        orderAccounts(out, Number(row.user_id), orders);
        changed.push({ userId: Number(row.user_id), taskId });
        if (minute) tx.earnings.push(...earningsPoints(cached, way.prices, now));
        if (way.exchange) {
          stepped.push(out.state);
          for (const order of out.orders) if (order.status_ > 2) ended.push(order.client_id);
        }
      }
      await tx.flush();
      if (desk) sends = await desk.intend(db);
    });
    try {
      await written;
    } catch (error) {
      // nothing it made was written: its orders are never sent, and the tasks are read again
      desk?.discard();
      cache.clear();
      throw error;
    }
    emit(changed);
    for (const account of assets.values()) ctx.bus.emit('asset.changed', account);
    for (const account of orders.values()) ctx.bus.emit('orders.changed', account);
    desk?.afterStep(stepped, ended, now, sends);
  };

  // it ticks only while some task is active: an idle server has no timer pending
  const loop = clockLoop(ctx.clock, { name: 'task engine', everyMs: TICK_MS, overlap: 'queue', run: (at) => step(at, null) });

  /** Whether the task would send something at `now` on the books as they are (a dry step: nothing sent, nothing kept). */
  const wouldDecide = (taskId: number, now: number): boolean => {
    const cached = unchanged(taskId);
    if (!cached || !lastInputs || !desk) return false;
    const way = wayOf(cached.state, now);
    if (!way?.exchange || way.hold) return false;
    return stepTask(cached.state, lastInputs, way.prices, now, desk.venue.dry).state.seq !== cached.state.seq;
  };
  // a book update that makes a task decide steps it at once, behind the ticks under way
  const woken = new Set<number>();
  const offBooks = desk?.onBook((network, symbol) => {
    const now = Math.max(ctx.clock.now(), lastAt);
    const first = woken.size === 0;
    for (const taskId of desk.tasksOn(network, symbol)) if (wouldDecide(taskId, now)) woken.add(taskId);
    if (!first || !woken.size) return;
    loop.enqueue(() => {
      const ids = [...woken];
      woken.clear();
      return step(ctx.clock.now(), ids);
    });
  });

  /** The kill switch's stop, in one transaction: the tasks, their change records, and the open orders to cancel. */
  const stopTasks = async (apiIds: readonly number[], userId: number): Promise<{ stopped: number; open: OpenOrder[] }> => {
    const at = ctx.clock.now();
    const wanted = new Set(apiIds);
    const changed: { userId: number; taskId: number }[] = [];
    const open: OpenOrder[] = [];
    await ctx.db.transaction(async (db) => {
      await readInputs(db);
      for (const taskId of await tasksOnAccounts(db, apiIds)) {
        const cached = await load(db, taskId);
        if (!cached) continue;
        const before = cached.state;
        const apis = before.children.flatMap((c) => c.child.link_api_id);
        if (!apis.some((id) => wanted.has(id)) || modeOf(apis.map((id) => accounts.get(id))) === 'paper') continue;
        const status = before.task.status;
        const running = (status !== TASK_STATUS.stopped && status !== TASK_STATUS.notRunning) || before.pending_status !== null || before.manual !== null;
        if (running) {
          const state: TaskState = { ...before, task: { ...before.task, status: TASK_STATUS.stopped }, pending_status: null, manual: null };
          await saveStep(db, Number(cached.row.user_id), before, { state, orders: [], fills: [], trades: [] });
          cached.state = state;
          await insertChange(db, { taskId, userId, changeType: 'status', before: status, after: TASK_STATUS.stopped, at });
          changed.push({ userId: Number(cached.row.user_id), taskId });
        }
        for (const order of cached.state.open_orders) {
          const account = accounts.get(order.cparam.apiid);
          if (account && tradesOnExchange(account)) open.push({ clientId: order.client_id, account });
        }
      }
    });
    emit(changed);
    if (changed.length) loop.start();
    return { stopped: changed.length, open };
  };

  const off = ctx.bus.on('task.changed', ({ taskId }) => {
    if (emitting) return; // the runner's own news: its cache is what it wrote
    dirty.add(taskId);
    loop.start();
  });
  void activeTaskIds(ctx.db).then((ids) => ids.length && loop.start());
  const runner: TaskRunner = {
    stop: () => {
      off();
      offBooks?.();
      loop.pause();
      desk?.stop();
    },
    idle: async () => {
      await loop.idle();
      await desk?.idle();
    },
    stateOf: (taskId) => cache.get(taskId)?.state,
    async kill(apiIds, userId) {
      const stop = new Promise<{ stopped: number; open: OpenOrder[] }>((resolve, reject) =>
        loop.enqueue(() => stopTasks(apiIds, userId).then(resolve, reject)),
      );
      const { stopped, open } = await stop;
      const cancelledOrders = desk && open.length ? await desk.cancel(open) : 0;
      return { accounts: [...apiIds], stoppedTasks: stopped, cancelledOrders };
    },
  };
  runners.set(ctx, runner);
  return runner;
}
