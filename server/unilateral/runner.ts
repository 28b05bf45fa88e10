/**
 * The unilateral engine on the server's clock: every minute each running strategy runs the bars that
 * fell due since its last one (on the simulated index price of its coin), its follow tasks copy the
 * signals (not with their /signal switch off; no new position in a coin their owner's /coins lists
 * bar: server/store/signal-coins.ts), and everything is written in one transaction; then
 * 'unilateral.changed' on the bus. The same `advance` builds the demo history (seed) and answers the
 * follow-task actions.
 */
import type { AppContext } from '../context';
import type { Clock } from '../clock/clock';
import { clockLoop } from '../clock/loop';
import type { Queryable } from '../store/queryable';
import type { Currency, SimMarket } from '../market';
import { FOLLOW_STATE, isOpening, signalSide, type Signal } from '#contract/rules/unilateral';
import { checkStopLoss, closePosition, equityOf, followSignal, joinPosition, openPosition, runBars, type FollowBook, type FollowOrderRow } from './engine';
import {
  findUStrategy,
  followTasksOfStrategy,
  insertEquity,
  insertFollowEquity,
  insertFollowOrder,
  insertFollowOrders,
  insertTrades,
  runningUStrategies,
  saveFollowBook,
  saveUStrategyBook,
  type FollowTaskRow,
  type NewFollowOrder,
  type StrategyRow,
} from '../store/unilateral';
import { followGate, type FollowGate } from '../store/signal-coins';
import { followExchange, sendFollowOrder } from './venue';

declare module '../bus' {
  interface ServerEvents {
    /** unilateral strategies ran, changed state or were edited, or their follow tasks changed. */
    'unilateral.changed': { strategyIds: number[] };
  }
}

/** How often the runner looks for due bars. */
export const RUN_EVERY_MS = 60_000;
/** At most this many bars are caught up after a long stop (the rest is not replayed). */
export const MAX_CATCH_UP_BARS = 5000;
export type PriceAt = (coin: string, at: number) => number;
/** The simulated index of a coin, to 4 decimals. */
export const simPrice =
  (sim: SimMarket): PriceAt =>
  (coin, at) =>
    Number(sim.index(coin as Currency, at).toFixed(4));

/** The task's book; a gate that forbids opening (blacklist, coin range) leaves it only closing. */
const toBook = (task: FollowTaskRow, gate: Pick<FollowGate, 'mayOpen'> = { mayOpen: true }): FollowBook => ({
  cash: task.cash,
  qty: task.qty,
  entry: task.entry,
  state: task.status,
  isBuy: gate.mayOpen && task.is_buy === 1,
  isSell: gate.mayOpen && task.is_sell === 1,
  positiveLeverage: task.positive_leverage,
  negativeLeverage: task.negative_leverage,
  stopLoss: task.stop_loss,
});

/**
 * Runs the strategy's bars from the one after `last_bar` up to the bar of `until`, with its follow tasks,
 * and writes the result. Returns false when no bar was due.
 */
export async function advance(db: Queryable, strategy: StrategyRow, until: number, priceAt: PriceAt, now: number): Promise<boolean> {
  const { bar_ms: barMs, slow } = strategy;
  const lastBar = Math.floor(until / barMs) * barMs;
  const firstBar = Math.max(strategy.last_bar + barMs, lastBar - (MAX_CATCH_UP_BARS - 1) * barMs);
  if (lastBar < firstBar) return false;
  const prices: number[] = [];
  for (let at = firstBar - slow * barMs; at <= lastBar; at += barMs) prices.push(priceAt(strategy.coin, at));
  const book = { cash: strategy.cash, qty: strategy.qty, entry: strategy.entry };
  const { trades, equity } = runBars({ barMs, fast: strategy.fast, slow }, book, firstBar, prices, strategy.last_equity);

  const tasks = [];
  for (const row of await followTasksOfStrategy(db, strategy.id)) {
    // the /signal switch and the /coins lists, as they are when the bars run
    const gate = await followGate(db, row, strategy.coin);
    tasks.push({ row, gate, book: toBook(row, gate) });
  }
  const orders: NewFollowOrder[] = [];
  const taskEquity: { apiId: number; at: number; equity: number }[] = [];
  let t = 0;
  for (const bar of equity) {
    for (; t < trades.length && trades[t]!.at === bar.at; t += 1) {
      for (const task of tasks) {
        if (task.gate.follows) for (const order of followSignal(task.book, trades[t]!)) orders.push(sendFollowOrder(task.row, strategy.coin, order));
      }
    }
    for (const task of tasks) {
      const stopped = checkStopLoss(task.book, bar.price, bar.at);
      if (stopped) orders.push(sendFollowOrder(task.row, strategy.coin, stopped));
      if (task.book.state !== FOLLOW_STATE.stop)
        taskEquity.push({ apiId: task.row.api_id, at: bar.at, equity: Number(equityOf(task.book, bar.price).toFixed(4)) });
    }
  }
  await insertTrades(db, strategy.id, trades);
  await insertEquity(db, strategy.id, equity);
  await saveUStrategyBook(db, {
    id: strategy.id,
    ...book,
    last_bar: lastBar,
    last_equity: equity.at(-1)?.equity ?? strategy.last_equity,
    update_time: now,
  });
  await insertFollowOrders(db, orders);
  await insertFollowEquity(db, taskEquity);
  for (const { row, book: b } of tasks) await saveFollowBook(db, { api_id: row.api_id, status: b.state, cash: b.cash, qty: b.qty, entry: b.entry });
  return true;
}

/** One pass: every running strategy advanced to `now`, each in its own transaction. The ids that ran, and how many run. */
export async function runDue(ctx: Pick<AppContext, 'db' | 'market'>, now: number): Promise<{ ran: number[]; running: number }> {
  const priceAt = simPrice(ctx.market.sim);
  const ran: number[] = [];
  const running = await runningUStrategies(ctx.db);
  for (const strategy of running) {
    // most minutes no bar is due: no transaction then
    if (Math.floor(now / strategy.bar_ms) * strategy.bar_ms <= strategy.last_bar) continue;
    const advanced = await ctx.db.transaction(async (tx) => {
      // read again inside: a call may have paused it or moved its tasks meanwhile
      const fresh = await findUStrategy(tx, strategy.id);
      return fresh?.status === 1 && advance(tx, fresh, now, priceAt, now);
    });
    if (advanced) ran.push(strategy.id);
  }
  return { ran, running: running.length };
}

export interface UnilateralRunner {
  stop(): void;
  /** resolves when the pass under way (if any) is done, and the follow orders' sends and updates under way. */
  idle(): Promise<void>;
}

/**
 * Runs `runDue` every minute while some strategy runs: an idle server has no timer pending. A change
 * on the bus (a strategy started, a task added) wakes it; a pass that finds none running pauses it.
 * Every such change has been committed: the follow orders it made for testnet and live accounts are sent then
 * (venue.ts `followExchange`), and the ones a previous run left are looked up at start.
 */
export function startUnilateralRunner(ctx: AppContext & { clock: Clock }): UnilateralRunner {
  // a tick that comes during a pass asks for one more: the clock may have moved far meanwhile
  const loop = clockLoop(ctx.clock, {
    name: 'unilateral runner',
    everyMs: RUN_EVERY_MS,
    overlap: 'again',
    run: async (now) => {
      const { ran, running } = await runDue(ctx, now);
      if (!running) loop.pause();
      if (ran.length) ctx.bus.emit('unilateral.changed', { strategyIds: ran });
    },
  });
  const exchange = followExchange(ctx);
  const off = ctx.bus.on('unilateral.changed', () => {
    loop.start();
    exchange.sync();
  });
  void runningUStrategies(ctx.db).then((rows) => rows.length && loop.start());
  exchange.sync();
  return {
    stop: () => {
      off();
      loop.pause();
      exchange.stop();
    },
    idle: async () => {
      await loop.idle();
      await exchange.idle();
    },
  };
}

// ── Follow-task actions ────────────────────────────────────────────────────────────────

async function placeOrders(db: Queryable, task: FollowTaskRow, coin: string, book: FollowBook, orders: (FollowOrderRow | null)[]) {
  const placed = [];
  for (const order of orders) if (order) placed.push(await insertFollowOrder(db, sendFollowOrder(task, coin, order)));
  await saveFollowBook(db, { api_id: task.api_id, status: book.state, cash: book.cash, qty: book.qty, entry: book.entry });
  return placed;
}

/**
 * /put/task/state: 0 stops (the position is closed at the market); 1 starts now (joining the strategy's
 * position at once when it holds one); 3 starts delayed (it waits for the next opening signal).
 */
export async function setFollowState(db: Queryable, task: FollowTaskRow, strategy: StrategyRow, state: number, priceAt: PriceAt, now: number) {
  const gate = await followGate(db, task, strategy.coin);
  const book = toBook(task, gate);
  const price = priceAt(strategy.coin, now);
  const orders: (FollowOrderRow | null)[] = [];
  book.state = state;
  if (state === FOLLOW_STATE.stop) orders.push(closePosition(book, price, now));
  if (state === FOLLOW_STATE.auto && strategy.status === 1 && gate.follows) orders.push(joinPosition(book, strategy.qty, price, now));
  return placeOrders(db, task, strategy.coin, book, orders);
}

/** /manually/adjust/position: the task's position becomes `position` (signed coins), through a close and an open at the market. */
export async function adjustPosition(db: Queryable, task: FollowTaskRow, strategy: StrategyRow, position: number, priceAt: PriceAt, now: number) {
  const book = toBook(task);
  const price = priceAt(strategy.coin, now);
  if (book.qty === position) return [];
  const orders: (FollowOrderRow | null)[] = [closePosition(book, price, now)];
  if (position !== 0) orders.push(openPosition(book, Math.sign(position) as 1 | -1, Math.abs(position), price, now));
  return placeOrders(db, task, strategy.coin, book, orders);
}

/** /independent/trigger: one signal for this task alone (an opening one at its own size, a closing one closes that side). */
export async function triggerSignal(db: Queryable, task: FollowTaskRow, strategy: StrategyRow, type: Signal, priceAt: PriceAt, now: number) {
  const book = toBook(task);
  const price = priceAt(strategy.coin, now);
  // the task follows this one signal whatever its state, then keeps its state
  const state = book.state;
  book.state = FOLLOW_STATE.auto;
  const side = signalSide(type);
  const forced = { ...book, isBuy: book.isBuy || (isOpening(type) && side === 1), isSell: book.isSell || (isOpening(type) && side === -1) };
  const orders = followSignal(forced, { at: now, price, qty: 0, type, winLost: 0 });
  Object.assign(book, { cash: forced.cash, qty: forced.qty, entry: forced.entry, state });
  return placeOrders(db, task, strategy.coin, book, orders);
}
