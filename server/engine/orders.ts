/**
 * Orders of a pair (leg A and leg B): planned when made, then walked through the §4 status_ codes,
 * one code per tick: 1 create → 2 executing → final (3 completed, 5/6/7 partially filled, 4 / 8 abnormal).
 */
import { instrumentId, tradeTypeOf } from './calendar';
import { execute, takerFee, type Book, type Side } from './pricing';
import {
  ORDER_STATUS,
  type ChildTask,
  type Direction,
  type FeeConfig,
  type Fill,
  type Leg,
  type OrderParam,
  type OrderRecord,
  type OrderStatus,
  type Otype,
  type Quote,
  type EngineSettings,
} from './types';

import type { Rng } from '../clock/random';

const EPS = 1e-9;

export interface PairOutcome {
  status: [OrderStatus, OrderStatus];
  filled: [number, number];
  price: [number, number];
}

/** The chances of what can go wrong with a pair (EngineSettings). */
export type FailureRates = Pick<EngineSettings, 'abnormalRate' | 'cancelRate' | 'legRejectRate' | 'legPartialRate' | 'stalePriceRate'>;

/**
 * What a pair will fill. Both legs fill the same fraction so the position stays hedged: the
 * smaller of what each leg's book holds and what the exchange leaves after a cancellation.
 * Then, at low rates, one leg goes wrong (`legFailure`). The random source is read exactly three
 * times per pair, whatever happens; `stale` (the quotes one tick earlier) is read only when a leg
 * fills at a stale price.
 */
export const planPair = (
  sides: readonly [Side, Side],
  amounts: readonly [number, number],
  quotes: readonly [Quote, Quote],
  book: Book,
  rng: Rng,
  rates: FailureRates,
  stale: () => readonly [Quote, Quote] = () => quotes,
): PairOutcome => {
  const abnormal = rng();
  const cancel = rng();
  const failure = rng();
  const ex = [0, 1].map((i) => execute(sides[i], quotes[i], amounts[i], book));
  if (abnormal < rates.abnormalRate) {
    return { status: [ORDER_STATUS.abnormal, ORDER_STATUS.abnormalEnd], filled: [0, 0], price: [ex[0].price, ex[1].price] };
  }
  const cancelled = cancel < rates.cancelRate;
  const cancelFraction = cancelled ? 0.3 + (0.5 * cancel) / Math.max(rates.cancelRate, EPS) : 1;
  const depthFraction = ex.map((e, i) => (amounts[i] > 0 ? e.filled / amounts[i] : 1));
  const fraction = Math.min(depthFraction[0], depthFraction[1], cancelFraction);
  const status = [0, 1].map((i): OrderStatus => {
    if (fraction >= 1 - EPS) return ORDER_STATUS.completed;
    if (cancelled && cancelFraction <= Math.min(depthFraction[0], depthFraction[1])) return ORDER_STATUS.partialCancelled;
    return depthFraction[i] <= fraction + EPS ? ORDER_STATUS.partialDepth : ORDER_STATUS.partialHedge;
  }) as [OrderStatus, OrderStatus];
  const filled = [amounts[0] * fraction, amounts[1] * fraction] as [number, number];
  const price = [0, 1].map((i) => (filled[i] > 0 ? execute(sides[i], quotes[i], filled[i], book).price : ex[i].price)) as [number, number];
  return legFailure({ status, filled, price }, failure, rates, (i, amount) => execute(sides[i], stale()[i], amount, book).price, sides);
};

/**
 * The failure modes of one leg, by where the draw `x` falls: [0, legRejectRate) one leg is rejected
 * (8, nothing filled) while the other fills; then [, + legPartialRate) one leg fills 30–80 % of the
 * other's fraction (7, partially filled: the exchange cancelled the rest); then [, + stalePriceRate)
 * one leg fills at the touch one tick earlier when that is worse for the trader. Within each range,
 * the first half hits leg B, the second leg A. Beyond them the outcome stands.
 */
const legFailure = (
  out: PairOutcome,
  x: number,
  rates: FailureRates,
  stalePrice: (leg: 0 | 1, amount: number) => number,
  sides: readonly [Side, Side],
): PairOutcome => {
  const ranges = [rates.legRejectRate, rates.legPartialRate, rates.stalePriceRate];
  let lo = 0;
  const mode = ranges.findIndex((rate) => {
    if (x < lo + rate) return true;
    lo += rate;
    return false;
  });
  if (mode < 0) return out;
  const u = (x - lo) / ranges[mode];
  const leg: 0 | 1 = u < 0.5 ? 1 : 0;
  const next: PairOutcome = { status: [...out.status], filled: [...out.filled], price: [...out.price] };
  if (out.filled[leg] <= 0) return out;
  if (mode === 0) {
    next.status[leg] = ORDER_STATUS.abnormal;
    next.filled[leg] = 0;
  } else if (mode === 1) {
    next.status[leg] = ORDER_STATUS.partialCancelled;
    next.filled[leg] = out.filled[leg] * (0.3 + 0.5 * ((2 * u) % 1));
  } else {
    const old = stalePrice(leg, out.filled[leg]);
    next.price[leg] = sides[leg] === 'buy' ? Math.max(old, out.price[leg]) : Math.min(old, out.price[leg]);
  }
  return next;
};

const accType = (leg: Leg): OrderParam['acc_type'] => {
  const t = tradeTypeOf(leg.contractType);
  return t === 'SS' ? 'spot' : t === 'CS' ? 'swap' : 'futures';
};

/** otype of a leg: spot buys/sells; futures open long 1 / short 2, close long 3 / short 4. */
export const otypeOf = (leg: Leg, side: Side, action: 'open' | 'close'): Otype => {
  if (tradeTypeOf(leg.contractType) === 'SS') return side;
  if (action === 'open') return side === 'buy' ? 1 : 2;
  return side === 'sell' ? 3 : 4;
};

export interface PairRequest {
  taskId: number;
  child: ChildTask;
  seq: number;
  direction: Direction;
  action: 'open' | 'close';
  sides: readonly [Side, Side];
  amounts: readonly [number, number];
  legs: readonly [Leg, Leg];
  quotes: readonly [Quote, Quote];
  expiries: readonly [number | null, number | null];
  outcome: PairOutcome;
  dlt: number;
  spread: number;
  orderType: OrderParam['order_type'];
  bourses: Record<number, string>;
  book: Book;
  now: number;
}

/** The order record of leg `i` of a request, status 1 (create order). */
const makeOrder = (r: PairRequest, i: 0 | 1, suffix = ''): OrderRecord => {
  const touch = (q: Quote, side: Side) => (side === 'buy' ? q.ask : q.bid);
  return {
    client_id: `${r.taskId}-${r.child.task_children_id}-${r.seq}${i === 0 ? 'a' : 'b'}${suffix}`,
    task_id: r.taskId,
    task_children_id: r.child.task_children_id,
    cparam: {
      apiid: r.child.link_api_id[i],
      bourse_name: r.bourses[r.legs[i].exchange] ?? String(r.legs[i].exchange),
      acc_type: accType(r.legs[i]),
      otype: otypeOf(r.legs[i], r.sides[i], r.action),
      match_price: execute(r.sides[i], r.quotes[i], r.amounts[i], r.book).price,
      instrument_id: instrumentId(r.legs[i], r.expiries[i]),
      dlt: r.dlt,
      price: touch(r.quotes[i], r.sides[i]),
      amount: r.amounts[i],
      spread: r.spread,
      price1: touch(r.quotes[1 - i], r.sides[1 - i]),
      order_type: r.orderType,
    },
    result: { deal_price: 0, deal_amount: 0, fee: 0 },
    pairing_id: `${r.taskId}-p${r.seq}`,
    status_: ORDER_STATUS.create,
    createtime: r.now,
    leg: i,
    direction: r.direction,
    action: r.action,
    planned: { status_: r.outcome.status[i], amount: r.outcome.filled[i], price: r.outcome.price[i] },
  };
};

/** The two order records of a pair, status 1 (create order). */
export const makePair = (r: PairRequest): [OrderRecord, OrderRecord] => [makeOrder(r, 0), makeOrder(r, 1)];

/**
 * The re-hedge of an unbalanced child: ONE order on leg `leg` (its short leg), opening `amount` more in
 * the direction, order_type 'hedge'. It takes what the book holds: 3 completed, 5 when the book held
 * less, 4 abnormal end when it held nothing. No random draw.
 */
export const makeHedge = (r: Omit<PairRequest, 'outcome' | 'action' | 'orderType'>, leg: 0 | 1): OrderRecord => {
  const ex = execute(r.sides[leg], r.quotes[leg], r.amounts[leg], r.book);
  const status: OrderStatus = ex.filled <= 0 ? ORDER_STATUS.abnormalEnd : ex.depthLimited ? ORDER_STATUS.partialDepth : ORDER_STATUS.completed;
  const outcome: PairOutcome = { status: [status, status], filled: [ex.filled, ex.filled], price: [ex.price, ex.price] };
  return makeOrder({ ...r, outcome, action: 'open', orderType: 'hedge' }, leg, 'h');
};

/**
 * One tick of an order: 1 → 2; 2 → its planned final status with its fill (none when nothing filled).
 * The fee is the taker rate of the leg's API account on the filled notional.
 */
export const advanceOrder = (order: OrderRecord, legs: readonly [Leg, Leg], fees: FeeConfig, now: number): { order: OrderRecord; fill: Fill | null } => {
  if (order.status_ === ORDER_STATUS.create) return { order: { ...order, status_: ORDER_STATUS.executing }, fill: null };
  const { amount, price, status_ } = order.planned;
  const fee = amount * price * takerFee(fees, legs[order.leg]);
  const done: OrderRecord = { ...order, status_, result: { deal_price: amount > 0 ? price : 0, deal_amount: amount, fee } };
  if (amount <= 0) return { order: done, fill: null };
  return {
    order: done,
    fill: {
      fill_id: `${order.client_id}-1`,
      client_id: order.client_id,
      task_id: order.task_id,
      task_children_id: order.task_children_id,
      direction: order.direction,
      leg: order.leg,
      action: order.action,
      price,
      amount,
      fee,
      time: now,
      manual: order.cparam.order_type === 'manual',
    },
  };
};
