/**
 * The venue of hedging tasks whose accounts are testnet or live (issue 33): the engine's orders leave for the
 * exchange through each account's OrderGateway (server/gateway/gateway.ts), and what the exchange reports comes
 * back as the orders' status and fills.
 *
 * The engine stays pure and synchronous (server/engine/venue.ts): `pair`/`hedge` only record the orders
 * (status 1, create; `planned` is the requested amount at the touch) and queue their requests; the runner
 * sends the queue AFTER the step's transaction has committed (`take`) and feeds every update of the gateway
 * back (`report`), so the next step's `advance` answers from what the exchange said:
 * nothing yet → 1; open → 2; the whole amount filled → 3; cancelled → 7 with what it filled, 4 when nothing;
 * rejected → 8 with nothing filled. The fill booked is the exchange's (price, amount, fee).
 *
 * What an update means (the gateway must answer so): `filled` carries the order's fill SO FAR — the coins filled
 * in all, their average price, the fee in all, as ccxt's order has them (filled, average, fee) — so an update that
 * arrives twice (the socket and the REST poll) counts once. An order ends when it has filled its amount, or the
 * exchange says it filled whole (status 3: the amount it took, rounded to its lot, may be a little less than the coins
 * asked), is cancelled or rejected, or when a cancel the runner asked for has been answered (whatever the answer: the
 * order is no longer open).
 */
import { exchangeInstrumentId, tradeTypeOf } from '../engine/calendar';
import { endOrder, orderOf, type PairRequest } from '../engine/orders';
import type { Side } from '../engine/pricing';
import { ORDER_STATUS, type OrderRecord, type OrderStatus } from '../engine';
import type { Venue } from '../engine/venue';
import type { OrderRequest, OrderUpdate } from '../gateway/gateway';
import type { ApiRow } from '../store/api-accounts';

/** What the exchange said of one order so far. */
export interface OrderReport {
  /** sent: no answer yet; unknown: the gateway failed to say (looked up again) */
  state: 'sent' | 'unknown' | 'open' | 'filled' | 'cancelled' | 'rejected';
  /** coins filled in all, their average price, the fee in all (USDT) */
  filled: number;
  price: number;
  fee: number;
  /** the order is no longer open on the exchange */
  ended: boolean;
  /** the exchange says it filled whole (3): what it filled is the whole amount after the exchange's rounding to its lot */
  whole?: boolean;
}

/** An order made by a step, to send once the step's transaction has committed. */
export interface QueuedOrder {
  taskId: number;
  request: OrderRequest;
}

export interface ExchangeVenue extends Venue {
  /** the orders made since the last take, in the order they were made; empties the queue */
  take(): QueuedOrder[];
  /** an open order read back from the store (after a restart): its updates are taken from now on */
  track(clientId: string): void;
  /** an update of the gateway; an order this venue did not make is ignored */
  report(update: OrderUpdate): void;
  /**
   * the order is no longer open, whatever `update` says: the gateway's answer to a cancel the runner asked for,
   * or undefined when the exchange has no such order (it never arrived: 4, nothing filled)
   */
  reportEnded(clientId: string, update: OrderUpdate | undefined): void;
  /** the gateway failed to place or look up the order: it stays create, looked up again */
  reportUnknown(clientId: string): void;
  reportOf(clientId: string): OrderReport | undefined;
  /** orders whose final status the store holds: their reports are dropped */
  forget(clientIds: Iterable<string>): void;
  /** the same venue sending nothing: to ask what a step would do */
  readonly dry: Venue;
}

const EPS = 1e-12;
const SENT: OrderReport = { state: 'sent', filled: 0, price: 0, fee: 0, ended: false };

/** The §4 status an order of `requested` coins has from what the exchange reported. */
export function statusOf(report: OrderReport | undefined, requested: number): OrderStatus {
  if (!report) return ORDER_STATUS.create;
  if (report.state === 'rejected') return ORDER_STATUS.abnormal;
  const whole = report.whole === true || report.filled >= requested * (1 - 1e-9) - EPS;
  if (report.filled > 0 && (whole || report.ended)) return whole ? ORDER_STATUS.completed : ORDER_STATUS.partialCancelled;
  if (report.ended) return ORDER_STATUS.abnormalEnd;
  return report.state === 'sent' || report.state === 'unknown' ? ORDER_STATUS.create : ORDER_STATUS.executing;
}

/** The worst price the engine's book walk accepts: the touch with the slippage and every level's step (server/engine/pricing.ts). */
const limitOf = (r: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1): number => {
  const side = r.sides[leg];
  const touch = side === 'buy' ? r.quotes[leg].ask : r.quotes[leg].bid;
  const worst = r.book.slippage + (r.book.levels - 1) * r.book.step;
  return side === 'buy' ? touch * (1 + worst) : touch * (1 - worst);
};

/** The touch an order expects to fill at: planned = the requested amount there. */
const touchOf = (side: Side, quote: PairRequest['quotes'][number]) => (side === 'buy' ? quote.ask : quote.bid);

/** The venue on the accounts of the tick (by id), as the runner read them. */
export function exchangeVenue(accountOf: (apiId: number) => ApiRow | undefined): ExchangeVenue {
  const queue: QueuedOrder[] = [];
  const reports = new Map<string, OrderReport>();

  const request = (order: OrderRecord, r: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1, action: 'open' | 'close'): OrderRequest | null => {
    const account = accountOf(order.cparam.apiid);
    if (!account) return null;
    const spot = tradeTypeOf(r.legs[leg].contractType) === 'SS';
    return {
      clientId: order.client_id,
      account,
      leg: r.legs[leg],
      side: r.sides[leg],
      amount: r.amounts[leg],
      limit: limitOf(r, leg),
      // a spot sale is not a position's close on the exchange: only derivatives reduce
      reduceOnly: action === 'close' && !spot,
      at: r.now,
    };
  };

  /** Records the order and queues its request; an order on an account that is gone is rejected at once, never sent. */
  const send = (order: OrderRecord, r: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1, action: 'open' | 'close', live: boolean) => {
    if (!live) return order;
    const req = request(order, r, leg, action);
    if (req) {
      queue.push({ taskId: r.taskId, request: req });
      reports.set(order.client_id, SENT);
    } else reports.set(order.client_id, { ...SENT, state: 'rejected', ended: true });
    return order;
  };

  const planned = (r: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1) => ({
    status_: ORDER_STATUS.completed,
    amount: r.amounts[leg],
    price: touchOf(r.sides[leg], r.quotes[leg]),
  });

  /** each leg's order names the instrument as its own exchange does */
  const onExchange = (order: OrderRecord, r: Omit<PairRequest, 'action' | 'orderType'>, leg: 0 | 1): OrderRecord => ({
    ...order,
    cparam: { ...order.cparam, instrument_id: exchangeInstrumentId(r.legs[leg], r.expiries[leg]) },
  });

  const venue = (live: boolean): Venue => ({
    pair(r) {
      const a = onExchange(orderOf(r, 0, planned(r, 0)), r, 0);
      const b = onExchange(orderOf(r, 1, planned(r, 1)), r, 1);
      return [send(a, r, 0, r.action, live), send(b, r, 1, r.action, live)];
    },
    hedge(r, leg) {
      const order = onExchange(orderOf({ ...r, action: 'open', orderType: 'hedge' }, leg, planned(r, leg), 'h'), r, leg);
      return send(order, r, leg, 'open', live);
    },
    advance(order, _legs, _fees, now) {
      const report = reports.get(order.client_id);
      const status_ = statusOf(report, order.cparam.amount);
      // no news (not answered yet, or read back after a restart and not looked up yet): it stays as it was
      if (status_ === order.status_ || status_ === ORDER_STATUS.create) return { order, fill: null };
      if (status_ === ORDER_STATUS.executing) return { order: { ...order, status_ }, fill: null };
      const filled = report && status_ !== ORDER_STATUS.abnormal ? report.filled : 0;
      return endOrder(order, status_, { price: filled > 0 ? report!.price : 0, amount: filled, fee: filled > 0 ? report!.fee : 0 }, now);
    },
  });

  const merge = (clientId: string, next: (was: OrderReport) => OrderReport) => {
    const was = reports.get(clientId);
    if (!was) return;
    reports.set(clientId, next(was));
  };

  const apply = (was: OrderReport, update: OrderUpdate): OrderReport => {
    // an order that ended stays ended; a fill only grows (the same update twice counts once)
    switch (update.state) {
      case 'open':
        return was.state === 'sent' || was.state === 'unknown' ? { ...was, state: 'open' } : was;
      case 'filled': {
        const { amount, price, fee } = update.fill;
        const grown = amount > was.filled ? { filled: amount, price, fee } : {};
        // filled whole on the exchange: its amount may be less than the coins asked, rounded to the exchange's lot
        const done = update.status === ORDER_STATUS.completed && !was.ended ? { ended: true, whole: true } : {};
        return { ...was, ...grown, ...done, state: was.ended ? was.state : 'filled' };
      }
      case 'cancelled':
        return { ...was, state: was.state === 'rejected' ? was.state : 'cancelled', ended: true };
      case 'rejected':
        return was.filled > 0 ? { ...was, ended: true } : { ...SENT, state: 'rejected', ended: true };
    }
  };

  return {
    ...venue(true),
    dry: venue(false),
    take: () => queue.splice(0),
    track(clientId) {
      if (!reports.has(clientId)) reports.set(clientId, { ...SENT, state: 'unknown' });
    },
    report: (update) => merge(update.clientId, (was) => apply(was, update)),
    reportEnded(clientId, update) {
      merge(clientId, (was) => ({ ...(update ? apply(was, update) : was), ended: true }));
    },
    reportUnknown(clientId) {
      merge(clientId, (was) => (was.state === 'sent' ? { ...was, state: 'unknown' } : was));
    },
    reportOf: (clientId) => reports.get(clientId),
    forget(clientIds) {
      for (const id of clientIds) reports.delete(id);
    },
  };
}
