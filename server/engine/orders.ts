/** The order records (§3) of what the engine decides: a pair (leg A and leg B) or a re-hedge's one order. */
import { instrumentId, tradeTypeOf } from './calendar';
import { execute, type Book, type Side } from './pricing';
import {
  ORDER_STATUS,
  type ChildTask,
  type Direction,
  type EngineSettings,
  type Fill,
  type OrderStatus,
  type Leg,
  type OrderParam,
  type OrderRecord,
  type Otype,
  type Planned,
  type Quote,
} from './types';

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
  /** the quotes one tick earlier, read only by a simulated venue */
  previous: () => readonly [Quote, Quote];
  /** the engine's settings: a simulated venue's failure rates */
  settings: EngineSettings;
  dlt: number;
  spread: number;
  orderType: OrderParam['order_type'];
  bourses: Record<number, string>;
  book: Book;
  now: number;
}

/** The price a side takes at the touch. */
const touch = (q: Quote, side: Side) => (side === 'buy' ? q.ask : q.bid);

/** The order record of leg `i` of a request, status 1 (create order); suffix 'h' marks a re-hedge. */
export const orderOf = (r: PairRequest, i: 0 | 1, planned: Planned, suffix = ''): OrderRecord => {
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
    planned,
  };
};

/**
 * An order that ended with `status_`: its record with the deal, and its fill when coins filled (none otherwise).
 * The deal is the venue's: the simulation's planned one, or what the exchange reported.
 */
export const endOrder = (
  order: OrderRecord,
  status_: OrderStatus,
  deal: { price: number; amount: number; fee: number },
  time: number,
): { order: OrderRecord; fill: Fill | null } => {
  const { price, amount, fee } = deal;
  const done: OrderRecord = { ...order, status_, result: { deal_price: amount > 0 ? price : 0, deal_amount: amount, fee: amount > 0 ? fee : 0 } };
  if (amount <= 0) return { order: done, fill: null };
  const { client_id, task_id, task_children_id, direction, leg, action } = order;
  const manual = order.cparam.order_type === 'manual';
  return { order: done, fill: { fill_id: `${client_id}-1`, client_id, task_id, task_children_id, direction, leg, action, price, amount, fee, time, manual } };
};
