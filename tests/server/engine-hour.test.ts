// @vitest-environment node
/**
 * An hour of simulated trading (1 Hz ticks, a premium that swings open and comes back, a book that
 * is sometimes thin), then the identities the console relies on: the numbers agree everywhere.
 */
import { describe, expect, it } from 'vitest';
import {
  earningsPoint,
  legsOf,
  mid,
  realisedPnl,
  seededRng,
  sumPositions,
  taskCapital,
  unrealisedPnl,
  type Direction,
  type Fill,
  type PriceSource,
} from '../../server/engine';
import { T0, premiumSource, run, state, swinging } from './engine-fixtures';

const HOUR_S = 3600;
/** leg B's book is thin (0.02 coin a level) for 2 minutes in every 7: orders there fill partially. */
const thinSometimes: PriceSource = (leg, now) => {
  const q = premiumSource(swinging)(leg, now);
  const minute = Math.floor((now - T0) / 60_000);
  return leg.exchange === 2 && minute % 7 < 2 ? { ...q, bidSize: 0.02, askSize: 0.02 } : q;
};

const r = run(state(), thinSometimes, HOUR_S, seededRng(2024));
const now = T0 + (HOUR_S - 1) * 1000;
const legs = legsOf(r.state.task.params);
const marks = [mid(thinSometimes(legs[0], now)), mid(thinSometimes(legs[1], now))] as [number, number];
const EPS = 1e-6;

/** +1 long / −1 short, from the fill alone: f is long A, short B; opening adds, closing removes. */
const signedQty = (f: Fill): number => {
  const long = (f.direction === 'f') === (f.leg === 0);
  return (long ? 1 : -1) * (f.action === 'open' ? 1 : -1) * f.amount;
};

describe('an hour of trading', () => {
  it('trades both ways, opening and closing, and shows every order status_', () => {
    const seen = new Set([...r.history.values()].flat());
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const kinds = new Set(r.fills.map((f) => `${f.direction}-${f.action}`));
    expect(kinds).toEqual(new Set(['f-open', 'f-close', 'r-open', 'r-close']));
    expect(r.trades.length).toBeGreaterThan(10);
    // every order went 1 → 2 → a final status, one step per tick
    for (const h of r.history.values()) {
      expect(h.slice(0, 2)).toEqual([1, 2]);
      expect(h.length).toBeLessThanOrEqual(3);
    }
  });

  it('every fill belongs to exactly one order and matches its result', () => {
    const byOrder = new Map<string, Fill[]>();
    for (const f of r.fills) byOrder.set(f.client_id, [...(byOrder.get(f.client_id) ?? []), f]);
    expect(new Set(r.fills.map((f) => f.fill_id)).size).toBe(r.fills.length);
    for (const [clientId, fills] of byOrder) {
      const order = r.orders.get(clientId);
      expect(order, clientId).toBeDefined();
      expect(fills).toHaveLength(1);
      expect(order!.result.deal_amount).toBeCloseTo(fills[0].amount, 9);
      expect(order!.result.fee).toBeCloseTo(fills[0].fee, 9);
    }
    for (const order of r.orders.values()) {
      if ([4, 8].includes(order.status_)) expect(byOrder.has(order.client_id)).toBe(false);
      if ([3, 5, 6, 7].includes(order.status_)) expect(byOrder.has(order.client_id)).toBe(true);
    }
  });

  it("each child's position is what its fills add up to, and the task's is the sum of its children's", () => {
    const expected = (childId: number | null, d: Direction, leg: 0 | 1) =>
      r.fills.filter((f) => (childId === null || f.task_children_id === childId) && f.direction === d && f.leg === leg).reduce((s, f) => s + signedQty(f), 0);
    const sign = (d: Direction, leg: 0 | 1) => ((d === 'f') === (leg === 0) ? 1 : -1);
    for (const { child, ledger } of r.state.children) {
      for (const d of ['f', 'r'] as const) {
        for (const leg of [0, 1] as const) expect(sign(d, leg) * ledger.position[d][leg][1]).toBeCloseTo(expected(child.task_children_id, d, leg), 9);
      }
    }
    const limit = 2 * taskCapital(r.state.task.params);
    const total = sumPositions(
      r.state.children.map((c) => c.ledger.position),
      limit,
    );
    for (const d of ['f', 'r'] as const) {
      for (const leg of [0, 1] as const) expect(sign(d, leg) * total[d][leg][1]).toBeCloseTo(expected(null, d, leg), 9);
    }
    expect(total.mt[0]).toBeCloseTo(r.state.children[0].ledger.position.mt[0] + r.state.children[1].ledger.position.mt[0], 9);
    expect(total.pro_count).toBe(r.state.children[0].ledger.position.pro_count + r.state.children[1].ledger.position.pro_count);
  });

  it('the realised P/L is the closed trades’ P/L minus fees, and every fee paid is either closed or still open', () => {
    const realised = realisedPnl(r.trades);
    const gross = r.trades.reduce((s, t) => s + t.pnl, 0);
    const closedFees = r.trades.reduce((s, t) => s + t.fee, 0);
    expect(realised).toBeCloseTo(gross - closedFees, 9);
    const paid = r.fills.reduce((s, f) => s + f.fee, 0);
    const stillOpen = r.state.children.reduce((s, c) => s + c.ledger.open_fee.f[0] + c.ledger.open_fee.f[1] + c.ledger.open_fee.r[0] + c.ledger.open_fee.r[1], 0);
    expect(closedFees + stillOpen).toBeCloseTo(paid, 6);
    expect(closedFees).toBeGreaterThan(0);
  });

  it("the earnings curve's last point is realised plus unrealised P/L at the current prices, as the cash flows say", () => {
    const unrealised = r.state.children.reduce((s, c) => s + unrealisedPnl(c.ledger, marks), 0);
    const point = earningsPoint(now, realisedPnl(r.trades), unrealised);
    // independently: cash paid and received by every fill, less fees, plus what is held at the marks
    let cash = 0;
    const held = [0, 0];
    for (const f of r.fills) {
      const q = signedQty(f);
      cash -= q * f.price + f.fee;
      held[f.leg] += q;
    }
    expect(point.dateTime).toBe(now);
    expect(point.earningsVal).toBeCloseTo(cash + held[0] * marks[0] + held[1] * marks[1], 6);
  });

  it('never goes over the position limit or the capital at any tick', () => {
    for (const s of r.states) {
      const capital = taskCapital(s.task.params);
      const weights = s.children.reduce((sum, c) => sum + c.child.weight, 0);
      for (const { child, ledger } of s.children) {
        const share = (capital * child.weight) / weights;
        expect(ledger.position.pro_rate).toBeLessThanOrEqual(1 + EPS);
        expect(ledger.position.mt[0] + ledger.position.mt[1]).toBeLessThanOrEqual(share + EPS);
      }
    }
  });

  it('the heavier child holds more: positions follow the weights', () => {
    const notional = r.state.children.map((c) => c.ledger.position.f[0][1] + c.ledger.position.r[0][1]);
    expect(notional[1]).toBeGreaterThan(notional[0]);
  });

  it('is deterministic: the same seed replays the same orders', () => {
    const again = run(state(), thinSometimes, 600, seededRng(2024));
    const first = run(state(), thinSometimes, 600, seededRng(2024));
    expect([...again.orders.values()]).toEqual([...first.orders.values()]);
  });
});
