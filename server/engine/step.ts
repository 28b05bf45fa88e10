/**
 * One tick of a task: pending status changes take effect, open orders advance (fills move the
 * children's positions), then each idle child decides — delivery close, close position, manual
 * request, or the strategy's open/close on the spread.
 */
import { deliveryKeyOf, defaultExpiry, isDelivery, legsOf, tradeTypeOf } from './calendar';
import { coinToContracts, contractsToCoin, positionUnitDivisor } from '#contract/rules/position-unit';
import { applyFill, childCapital, emptyLedger, hasDirection, isFlat, legSign, perDelivery, withUsage } from './ledger';
import type { Venue } from './venue';
import { heldOf, isUnbalanced } from '#contract/rules/leg-health';
import { closeSides, execute, mid, openSides, premium, takerFee, withFee, type Book, type Side } from './pricing';
import {
  TASK_STATUS,
  CHILD_STATUS,
  type ChildState,
  type ChildTask,
  type ClosedTrade,
  type Direction,
  type EngineInputs,
  type EngineSettings,
  type FeeConfig,
  type Fill,
  type Leg,
  type ManualRequest,
  type OrderParam,
  type OrderRecord,
  type PriceSource,
  type Quote,
  type StepResult,
  type Task,
  type TaskParams,
  type TaskState,
  type TaskStatus,
} from './types';

export const DEFAULT_SETTINGS: EngineSettings = {
  closeBeforeExpiryMs: 10 * 60_000,
  leverage: 10,
  abnormalRate: 0.02,
  cancelRate: 0.05,
  legRejectRate: 0.005,
  legPartialRate: 0.005,
  stalePriceRate: 0.005,
  rehedgeAfterMs: 60_000,
};
/** A stale price is the touch this long before the fill: the previous tick's. */
const STALE_MS = 1000;
export const DEFAULT_CLOSE_DLT = 0.001;
export const DEFAULT_OPEN_COUNT = 20;
const NO_FEES: FeeConfig = { ssHangCharges: 0, ssEatCharges: 0, fuHangCharges: 0, fuEatCharges: 0, csHangCharges: 0, csEatCharges: 0 };
const DIRECTIONS: readonly Direction[] = ['f', 'r'];
const MINUTE = 60_000;
/** premiumsOf only reads prices: it sends nothing */
const NO_VENUE: Venue = {
  pair: () => {
    throw new Error('premiumsOf sends no order');
  },
  hedge: () => {
    throw new Error('premiumsOf sends no order');
  },
  advance: (order) => ({ order, fill: null }),
};

export const newTaskState = (task: Task, children: readonly ChildTask[]): TaskState => ({
  task,
  children: children.map((child) => ({ child, ledger: emptyLedger(), last_trade: -Infinity })),
  open_orders: [],
  manual: null,
  pending_status: null,
  seq: 1,
});

/** A status change takes effect `delayMs` later (2 start, 3 pause, 4 stop, 1 close position). */
export const requestStatus = (state: TaskState, target: TaskStatus, now: number, delayMs: number): TaskState => ({
  ...state,
  pending_status: { target, at: now + delayMs },
});

/** §7 /taskServer/manual: a manual open or close over `duration` minutes for the children in cids. */
export const requestManual = (state: TaskState, request: Omit<ManualRequest, 'remaining'>): TaskState => ({
  ...state,
  manual: { ...request, remaining: Object.fromEntries(request.cids.map((cid) => [cid, request.count])) },
});
/** §7 /taskServer/manualend. */
export const endManual = (state: TaskState): TaskState => ({ ...state, manual: null });

/** Everything a tick knows about the task, computed once for all its children. */
interface Context {
  task: Task;
  legs: [Leg, Leg];
  quotes: [Quote, Quote];
  /** the quotes one tick earlier (a stale fill's), asked only when one happens */
  stale: () => [Quote, Quote];
  expiries: [number | null, number | null];
  book: Book;
  settings: EngineSettings;
  dlt: number;
  m: number;
  closeDlt: number;
  openCount: number;
  priceLimit: number | null;
  intervalMs: number;
  nearExpiry: boolean;
  inputs: EngineInputs;
  weights: number[];
  now: number;
  venue: Venue;
}

/** The engine's settings of a tick's inputs, merged once per inputs (a tick steps every task with the same). */
const mergedSettings = new WeakMap<EngineInputs, EngineSettings>();
const settingsOf = (inputs: EngineInputs): EngineSettings => {
  let settings = mergedSettings.get(inputs);
  if (!settings) {
    settings = { ...DEFAULT_SETTINGS, ...inputs.settings };
    mergedSettings.set(inputs, settings);
  }
  return settings;
};

/** What a step's context takes from the task's params and the inputs alone. */
type Fixed = Pick<Context, 'legs' | 'book' | 'settings' | 'dlt' | 'm' | 'closeDlt' | 'openCount' | 'priceLimit' | 'intervalMs' | 'inputs'> & {
  /** some leg is a delivery contract: the step's expiries are figured at its time */
  dated: boolean;
};
/** Figured once per params and inputs: a task is stepped every tick, and dry-stepped at every book update (runner.ts). */
const fixedParts = new WeakMap<TaskParams, Fixed>();
const fixedOf = (p: TaskParams, inputs: EngineInputs): Fixed => {
  const known = fixedParts.get(p);
  if (known?.inputs === inputs) return known;
  const legs = legsOf(p);
  const key = deliveryKeyOf(legs);
  const limit = Number(p.price_limit);
  const fixed: Fixed = {
    legs,
    dated: legs.some((l) => isDelivery(tradeTypeOf(l.contractType))),
    book: {
      levels: Math.max(1, Math.min(inputs.global.depthMarket, Number(p.depth) || inputs.global.depthMarket)),
      slippage: inputs.global.priceSlippage,
      step: Number(p.slip) || 0,
    },
    settings: settingsOf(inputs),
    dlt: perDelivery(p.dlt, key, Infinity),
    m: perDelivery(p.m, key, 0),
    closeDlt: Number(p.close_dlt ?? DEFAULT_CLOSE_DLT),
    openCount: Number(p.open_count) || DEFAULT_OPEN_COUNT,
    priceLimit: p.price_limit === undefined || p.price_limit === 'no' || !Number.isFinite(limit) ? null : limit,
    intervalMs: inputs.global.tradingIntervalTime * 1000,
    inputs,
  };
  fixedParts.set(p, fixed);
  return fixed;
};

const NO_EXPIRIES: Context['expiries'] = [null, null];
const expiryOf = (leg: Leg, expiry: NonNullable<EngineInputs['expiry']>, now: number): number | null =>
  isDelivery(tradeTypeOf(leg.contractType)) ? expiry(leg, now) : null;
/** The legs' quotes one tick before `now`, when asked (a function returned, not named: see pricing.ts `execute`). */
const staleQuotes =
  (prices: PriceSource, legs: [Leg, Leg], now: number): Context['stale'] =>
  () => [prices(legs[0], now - STALE_MS), prices(legs[1], now - STALE_MS)];
const contextOf = (state: TaskState, inputs: EngineInputs, prices: PriceSource, now: number, venue: Venue): Context => {
  const { task } = state;
  const fixed = fixedOf(task.params, inputs);
  const { legs, settings } = fixed;
  const expiry = inputs.expiry ?? defaultExpiry;
  const expiries: Context['expiries'] = fixed.dated ? [expiryOf(legs[0], expiry, now), expiryOf(legs[1], expiry, now)] : NO_EXPIRIES;
  // the fixed parts named one by one: a context spread from them measured twice as slow to read in every step
  return {
    task,
    legs,
    quotes: [prices(legs[0], now), prices(legs[1], now)],
    stale: staleQuotes(prices, legs, now),
    expiries,
    book: fixed.book,
    settings,
    dlt: fixed.dlt,
    m: fixed.m,
    closeDlt: fixed.closeDlt,
    openCount: fixed.openCount,
    priceLimit: fixed.priceLimit,
    intervalMs: fixed.intervalMs,
    nearExpiry: fixed.dated && expiries.some((e) => e !== null && e - now <= settings.closeBeforeExpiryMs),
    inputs,
    weights: state.children.map((c) => c.child.weight),
    now,
    venue,
  };
};

const feesOf = (ctx: Context, child: ChildTask, leg: 0 | 1): FeeConfig => ctx.inputs.fees[child.link_api_id[leg]] ?? NO_FEES;

/** The net price (slippage, depth and fees) of trading `amount` on one leg. */
const netPrice = (ctx: Context, child: ChildTask, leg: 0 | 1, side: Side, amount: number): number =>
  withFee(side, execute(side, ctx.quotes[leg], amount, ctx.book).price, takerFee(feesOf(ctx, child, leg), ctx.legs[leg]));

/** The net premium of trading `amounts` on both legs with `sides` (every book update prices every task: no arrays made). */
const netPremium = (ctx: Context, child: ChildTask, d: Direction, sides: readonly [Side, Side], amounts: readonly [number, number]): number =>
  premium(d, netPrice(ctx, child, 0, sides[0], amounts[0]), netPrice(ctx, child, 1, sides[1], amounts[1]));

const limitOf = (ctx: Context, child: ChildTask): number => ctx.m * childCapital(ctx.task, ctx.weights, child.weight);

interface Decision {
  direction: Direction;
  action: 'open' | 'close';
  amounts: [number, number];
  dlt: number;
  spread: number;
  orderType: OrderParam['order_type'];
  /** a re-hedge ('hedge'): the one leg it orders */
  leg?: 0 | 1;
}

/** Closes everything the child holds in one direction (f first). */
const closeAll = (ctx: Context, cs: ChildState, orderType: OrderParam['order_type']): Decision | null => {
  const d = DIRECTIONS.find((x) => hasDirection(cs.ledger.position, x));
  if (!d) return null;
  const amounts: [number, number] = [cs.ledger.position[d][0][1], cs.ledger.position[d][1][1]];
  return { direction: d, action: 'close', amounts, dlt: ctx.closeDlt, spread: netPremium(ctx, cs.child, d, closeSides(d), amounts), orderType };
};

/** The strategy: close a held direction once its premium is back to close_dlt; else open at dlt within the limits. */
const automatic = (ctx: Context, cs: ChildState): Decision | null => {
  const pos = cs.ledger.position;
  for (const d of DIRECTIONS) {
    if (!hasDirection(pos, d)) continue;
    const amounts: [number, number] = [pos[d][0][1], pos[d][1][1]];
    const spread = netPremium(ctx, cs.child, d, closeSides(d), amounts);
    if (spread <= ctx.closeDlt) return { direction: d, action: 'close', amounts, dlt: ctx.closeDlt, spread, orderType: 'auto' };
  }
  for (const d of DIRECTIONS) {
    if (hasDirection(pos, d === 'f' ? 'r' : 'f')) continue;
    const amount = openAmount(ctx, cs);
    if (amount <= 0 || !withinPriceLimit(ctx, d)) continue;
    const spread = netPremium(ctx, cs.child, d, openSides(d), [amount, amount]);
    if (spread >= ctx.dlt) return { direction: d, action: 'open', amounts: [amount, amount], dlt: ctx.dlt, spread, orderType: 'auto' };
  }
  return null;
};

/** price_limit bounds leg A: f does not buy it above the limit, r does not sell it below. */
const withinPriceLimit = (ctx: Context, d: Direction): boolean =>
  ctx.priceLimit === null || (d === 'f' ? ctx.quotes[0].ask <= ctx.priceLimit : ctx.quotes[0].bid >= ctx.priceLimit);

/**
 * The amount step of a hedge's two legs (coins): a multiple of both exchanges' lots — the coarser one when it is a
 * multiple of the other, as exchanges' lots are — so both legs of a pair trade the same coins, with no naked
 * remainder one exchange would round off. 0: any amount (the simulation).
 */
export const pairLot = (lots: readonly [number, number]): number => {
  const [a, b] = lots.map((lot) => (lot > 0 && Number.isFinite(lot) ? lot : 0)) as [number, number];
  const coarse = Math.max(a, b);
  const fine = Math.min(a, b);
  if (fine <= 0) return coarse;
  const ratio = coarse / fine;
  if (Math.abs(ratio - Math.round(ratio)) < 1e-6) return coarse;
  const SCALE = 1e9;
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  const [x, y] = [Math.round(a * SCALE), Math.round(b * SCALE)];
  const common = ((x / gcd(x, y)) * y) / SCALE;
  // lots that share no small multiple (an inverse contract's coins move with its price): the coarser, as near as it gets
  return common <= coarse * 100 ? common : coarse;
};

/** `amount` down to a whole number of `lot`s (0: as it is), printed as its decimal so no exchange rounds it once more. */
export const toLot = (amount: number, lot: number): number => (lot > 0 ? Math.round(Math.floor(amount / lot + 1e-9) * lot * 1e12) / 1e12 : amount);

const lotOf = (ctx: Context): number => pairLot([ctx.quotes[0].lot ?? 0, ctx.quotes[1].lot ?? 0]);

/** A leg's leverage: spot none, contracts the engine's. */
const leverageOf = (ctx: Context, leg: Leg): number => (tradeTypeOf(leg.contractType) === 'SS' ? 1 : ctx.settings.leverage);

/**
 * One open step in coin: open_count contracts, cut to what the position limit (m × the child's
 * share of fund_occupy, counted on leg A's entry notional) and the child's free capital (margins) allow,
 * down to whole lots of both legs' exchanges (pairLot).
 */
const openAmount = (ctx: Context, cs: ChildState): number => {
  // the dearest price any level of the book can fill at, so fills never go over the limits
  const worst = 1 + ctx.book.slippage + (ctx.book.levels - 1) * ctx.book.step;
  const pA = ctx.quotes[0].ask * worst;
  const pB = ctx.quotes[1].ask * worst;
  const capital = childCapital(ctx.task, ctx.weights, cs.child.weight);
  const pos = cs.ledger.position;
  const used = pos.f[0][0] * pos.f[0][1] + pos.r[0][0] * pos.r[0][1];
  const marginPerCoin = pA / leverageOf(ctx, ctx.legs[0]) + pB / leverageOf(ctx, ctx.legs[1]);
  const byStep = contractsToCoin(ctx.openCount, ctx.task.params.currency_type, pA);
  const byLimit = (limitOf(ctx, cs.child) - used) / pA;
  const byFund = (capital - pos.mt[0] - pos.mt[1]) / marginPerCoin;
  const amount = toLot(Math.max(0, Math.min(byStep, byLimit, byFund)), lotOf(ctx));
  // less than one contract is not worth an order
  return amount * pA >= positionUnitDivisor(ctx.task.params.currency_type) ? amount : 0;
};

/** A manual open (premium ≥ dlt in the asked direction) or close (profit ≥ dlt percent) for this child. */
const manual = (ctx: Context, cs: ChildState, req: ManualRequest): Decision | null => {
  const left = req.remaining?.[cs.child.task_children_id] ?? 0;
  if (left <= 0) return null;
  const currency = ctx.task.params.currency_type;
  const pos = cs.ledger.position;
  if (req.change_type === 'open') {
    const d = req.direct ?? 'f';
    const amount = toLot(contractsToCoin(left, currency, ctx.quotes[0].ask), lotOf(ctx));
    if (amount <= 0) return null;
    const spread = netPremium(ctx, cs.child, d, openSides(d), [amount, amount]);
    return spread >= req.dlt ? { direction: d, action: 'open', amounts: [amount, amount], dlt: req.dlt, spread, orderType: 'manual' } : null;
  }
  for (const d of DIRECTIONS) {
    if (!hasDirection(pos, d)) continue;
    const asked = contractsToCoin(left, currency, ctx.quotes[0].bid);
    // a part of the position: whole lots of both exchanges; all of it: what each leg holds
    const want = asked >= pos[d][0][1] ? pos[d][0][1] : toLot(asked, lotOf(ctx));
    if (want <= 0) continue;
    const amounts: [number, number] = [want, pos[d][0][1] > 0 ? (pos[d][1][1] * want) / pos[d][0][1] : pos[d][1][1]];
    const sides = closeSides(d);
    const net = [netPrice(ctx, cs.child, 0, sides[0], amounts[0]), netPrice(ctx, cs.child, 1, sides[1], amounts[1])] as const;
    const share = (leg: 0 | 1) => (pos[d][leg][1] > 0 ? amounts[leg] / pos[d][leg][1] : 0);
    const gross = ([0, 1] as const).reduce<number>((s, leg) => s + legSign(d, leg) * amounts[leg] * (net[leg] - pos[d][leg][0]), 0);
    const openFees = cs.ledger.open_fee[d][0] * share(0) + cs.ledger.open_fee[d][1] * share(1);
    const profitPercent = (100 * (gross - openFees)) / (pos[d][0][0] * want);
    if (profitPercent >= req.dlt) return { direction: d, action: 'close', amounts, dlt: req.dlt, spread: profitPercent, orderType: 'manual' };
  }
  return null;
};

/**
 * The net premiums dlt and close_dlt are compared with at `now`, per direction, for the task's first
 * child while flat: opening one open step, and closing the same amount again (the seed derives the
 * demo tasks' thresholds from these). Null when the child could not open anything.
 */
export const premiumsOf = (
  state: TaskState,
  inputs: EngineInputs,
  prices: PriceSource,
  now: number,
): Record<Direction, { open: number; close: number }> | null => {
  const ctx = contextOf(state, inputs, prices, now, NO_VENUE);
  const cs = state.children[0];
  const amount = cs ? openAmount(ctx, { ...cs, ledger: emptyLedger() }) : 0;
  if (amount <= 0) return null;
  const at = (d: Direction, sides: readonly [Side, Side]) => netPremium(ctx, cs.child, d, sides, [amount, amount]);
  return {
    f: { open: at('f', openSides('f')), close: at('f', closeSides('f')) },
    r: { open: at('r', openSides('r')), close: at('r', closeSides('r')) },
  };
};

/**
 * An unbalanced child's repair, once it has been unbalanced for rehedgeAfterMs: one order on its short
 * leg (the leg holding less in the direction most apart) for the difference. Null while it waits.
 */
const rehedge = (ctx: Context, cs: ChildState): Decision | null => {
  const since = cs.ledger.unbalanced_since;
  if (since == null || ctx.now - since < ctx.settings.rehedgeAfterMs) return null;
  const pos = cs.ledger.position;
  const gap = (d: Direction) => pos[d][0][1] - pos[d][1][1];
  const d = Math.abs(gap('r')) > Math.abs(gap('f')) ? 'r' : 'f';
  const amount = Math.abs(gap(d));
  return { direction: d, action: 'open', amounts: [amount, amount], dlt: 0, spread: 0, orderType: 'hedge', leg: gap(d) > 0 ? 1 : 0 };
};

/** Keeps a child's unbalanced_since: set when its legs are first apart (contract/rules/leg-health.ts), cleared when they agree again. */
const withBalance = (ctx: Context, cs: ChildState): ChildState => {
  const apart = isUnbalanced(heldOf(cs.ledger.position), ctx.task.params.currency_type, mid(ctx.quotes[0]));
  const was = cs.ledger.unbalanced_since ?? null;
  const since = apart ? (was ?? ctx.now) : null;
  if (since === was) return cs;
  const { unbalanced_since: _, ...ledger } = cs.ledger;
  return { ...cs, ledger: since === null ? ledger : { ...ledger, unbalanced_since: since } };
};

/** What an idle child does this tick, in order of precedence. */
const decide = (ctx: Context, cs: ChildState, state: TaskState): Decision | null => {
  if (ctx.nearExpiry) return closeAll(ctx, cs, 'delivery');
  if (ctx.task.status === TASK_STATUS.closePosition) return closeAll(ctx, cs, 'close');
  // an unbalanced child opens nothing: it waits, then re-hedges
  if (cs.ledger.unbalanced_since != null) return rehedge(ctx, cs);
  const req = state.manual;
  if (req?.cids.includes(cs.child.task_children_id)) {
    const d = manual(ctx, cs, req);
    if (d) return d;
  }
  if (ctx.task.status !== TASK_STATUS.running || cs.child.status !== CHILD_STATUS.started) return null;
  return automatic(ctx, cs);
};

/** Advances every open order one status; final ones leave the open list and their fills hit the ledgers. */
const advanceOrders = (state: TaskState, ctx: Context): { state: TaskState; orders: OrderRecord[]; fills: Fill[]; trades: ClosedTrade[] } => {
  if (!state.open_orders.length) return { state, orders: [], fills: [], trades: [] };
  const orders: OrderRecord[] = [];
  const fills: Fill[] = [];
  const trades: ClosedTrade[] = [];
  const open: OrderRecord[] = [];
  const children = new Map(state.children.map((c) => [c.child.task_children_id, c]));
  for (const order of state.open_orders) {
    const cs = children.get(order.task_children_id);
    const { order: next, fill } = ctx.venue.advance(order, ctx.legs, cs ? feesOf(ctx, cs.child, order.leg) : NO_FEES, ctx.now);
    orders.push(next);
    if (next.status_ <= 2) open.push(next);
    if (!fill || !cs) continue;
    fills.push(fill);
    const applied = applyFill(cs.ledger, fill);
    children.set(cs.child.task_children_id, { ...cs, ledger: applied.ledger });
    if (applied.trade) trades.push(applied.trade);
  }
  const updated = state.children.map((c) => {
    const cs = children.get(c.child.task_children_id)!;
    return cs === c ? c : { ...cs, ledger: withUsage(cs.ledger, ctx.legs, ctx.settings.leverage, limitOf(ctx, cs.child)) };
  });
  return { state: { ...state, children: updated, open_orders: open }, orders, fills, trades };
};

/** Sends the pair a decision asks for; a manual request's remaining contracts go down by what leg A is expected to fill. */
const place = (state: TaskState, ctx: Context, cs: ChildState, d: Decision): { state: TaskState; pair: OrderRecord[] } => {
  const sides = d.action === 'open' ? openSides(d.direction) : closeSides(d.direction);
  const request = {
    taskId: ctx.task.id,
    child: cs.child,
    seq: state.seq,
    direction: d.direction,
    action: d.action,
    orderType: d.orderType,
    sides,
    amounts: d.amounts,
    legs: ctx.legs,
    quotes: ctx.quotes,
    previous: ctx.stale,
    settings: ctx.settings,
    expiries: ctx.expiries,
    dlt: d.dlt,
    spread: d.spread,
    bourses: ctx.inputs.bourses ?? {},
    book: ctx.book,
    now: ctx.now,
  };
  const pair = d.leg !== undefined ? [ctx.venue.hedge(request, d.leg)] : ctx.venue.pair(request);
  let manualReq = state.manual;
  if (d.orderType === 'manual' && manualReq?.remaining) {
    const id = cs.child.task_children_id;
    const done = coinToContracts(pair[0]!.planned.amount, ctx.task.params.currency_type, ctx.quotes[0].ask);
    manualReq = { ...manualReq, remaining: { ...manualReq.remaining, [id]: Math.max(0, manualReq.remaining[id] - done) } };
  }
  const children = state.children.map((c) => (c === cs ? { ...c, last_trade: ctx.now } : c));
  return { state: { ...state, children, manual: manualReq, seq: state.seq + 1, open_orders: [...state.open_orders, ...pair] }, pair };
};

/** A manual request ends after its duration or when every child has done its count. */
const expireManual = (req: ManualRequest | null, now: number): ManualRequest | null => {
  if (!req) return null;
  const left = Object.values(req.remaining ?? {}).some((n) => n >= 0.5);
  return left && now < req.start + req.duration * MINUTE ? req : null;
};

/**
 * One tick of one task: its decisions leave through `venue` (venue.ts), which also says what became of
 * its open orders. Pure with a pure venue: the same state, inputs, prices, time and venue give the same result. `orders` are upserts (every order made or changed), `fills` and `trades` are new rows.
 */
export const stepTask = (state: TaskState, inputs: EngineInputs, prices: PriceSource, now: number, venue: Venue): StepResult => {
  let current = state;
  if (current.pending_status && current.pending_status.at <= now) {
    current = { ...current, task: { ...current.task, status: current.pending_status.target }, pending_status: null };
  }
  const ctx = contextOf(current, inputs, prices, now, venue);
  const advanced = advanceOrders(current, ctx);
  current = advanced.state;
  const balanced = current.children.map((cs) => withBalance(ctx, cs));
  if (balanced.some((cs, i) => cs !== current.children[i])) current = { ...current, children: balanced };
  const orders = advanced.orders;
  const busy = current.open_orders.length ? new Set(current.open_orders.map((o) => o.task_children_id)) : null;
  for (const cs of current.children) {
    if (busy?.has(cs.child.task_children_id) || now - cs.last_trade < ctx.intervalMs) continue;
    const decision = decide(ctx, cs, current);
    if (!decision) continue;
    const placed = place(current, ctx, cs, decision);
    current = placed.state;
    orders.push(...placed.pair);
  }
  const manual = expireManual(current.manual, now);
  if (manual !== current.manual) current = { ...current, manual };
  if (current.task.status === TASK_STATUS.closePosition && current.open_orders.length === 0 && current.children.every((c) => isFlat(c.ledger.position))) {
    current = { ...current, task: { ...current.task, status: TASK_STATUS.stopped } };
  }
  return { state: current, orders, fills: advanced.fills, trades: advanced.trades };
};
