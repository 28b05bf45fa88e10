/**
 * The simulated venue: a pair's outcome is planned when it is sent, from the book and three draws of the
 * random source, then its orders walk the §4 status_ codes one per tick: 1 create → 2 executing → final
 * (3 completed, 5/6/7 partially filled, 4 / 8 abnormal), the fill made at the final step.
 */
import type { Rng } from '../clock/random';
import { endOrder, orderOf } from './orders';
import { execute, takerFee, type Book, type Side } from './pricing';
import { ORDER_STATUS, type EngineSettings, type OrderStatus, type Quote } from './types';
import type { Venue } from './venue';

const EPS = 1e-9;

interface PairOutcome {
  status: [OrderStatus, OrderStatus];
  filled: [number, number];
  price: [number, number];
}

/** The chances of what can go wrong with a pair (EngineSettings). */
type FailureRates = Pick<EngineSettings, 'abnormalRate' | 'cancelRate' | 'legRejectRate' | 'legPartialRate' | 'stalePriceRate'>;

/**
 * What a pair will fill. Both legs fill the same fraction so the position stays hedged: the
 * smaller of what each leg's book holds and what the exchange leaves after a cancellation.
 * Then, at low rates, one leg goes wrong (`legFailure`). The random source is read exactly three
 * times per pair, whatever happens; `stale` (the quotes one tick earlier) is read only when a leg
 * fills at a stale price.
 */
const planPair = (
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

/**
 * The re-hedge's outcome: it takes what the book holds, 3 completed, 5 when the book held less, 4 abnormal
 * end when it held nothing. No random draw.
 */
const hedgeOutcome = (side: Side, quote: Quote, amount: number, book: Book) => {
  const ex = execute(side, quote, amount, book);
  const status: OrderStatus = ex.filled <= 0 ? ORDER_STATUS.abnormalEnd : ex.depthLimited ? ORDER_STATUS.partialDepth : ORDER_STATUS.completed;
  return { status_: status, amount: ex.filled, price: ex.price };
};

/** What leg `i` of a planned pair will fill. */
const plannedOf = (out: PairOutcome, i: 0 | 1) => ({ status_: out.status[i], amount: out.filled[i], price: out.price[i] });

/** The paper venue on the random source `rng` (seededRng makes a run replayable). */
export const paperVenue = (rng: Rng): Venue => ({
  pair(r) {
    const out = planPair(r.sides, r.amounts, r.quotes, r.book, rng, r.settings, r.previous);
    return [orderOf(r, 0, plannedOf(out, 0)), orderOf(r, 1, plannedOf(out, 1))];
  },
  hedge(r, leg) {
    const planned = hedgeOutcome(r.sides[leg], r.quotes[leg], r.amounts[leg], r.book);
    return orderOf({ ...r, action: 'open', orderType: 'hedge' }, leg, planned, 'h');
  },
  // 1 → 2; 2 → its planned final status with its fill (none when nothing filled); the fee is the taker
  // rate of the leg's API account on the filled notional
  advance(order, legs, fees, now) {
    if (order.status_ === ORDER_STATUS.create) return { order: { ...order, status_: ORDER_STATUS.executing }, fill: null };
    const { amount, price, status_ } = order.planned;
    return endOrder(order, status_, { price, amount, fee: amount * price * takerFee(fees, legs[order.leg]) }, now);
  },
});
