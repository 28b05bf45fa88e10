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
  type OrderRecord,
  type PriceSource,
} from '../../server/engine';
import { childLegHealth, taskLegHealth, type LegHealth } from '#contract/rules/leg-health';
import { T0, inputs, premiumSource, run, state, swinging } from './engine-fixtures';

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

/** Independently of the ledger: cash paid and received by every fill, less fees, plus what is held at the marks. */
const cashFlows = (fills: readonly Fill[]): number => {
  let cash = 0;
  const held = [0, 0];
  for (const f of fills) {
    const q = signedQty(f);
    cash -= q * f.price + f.fee;
    held[f.leg] += q;
  }
  return cash + held[0] * marks[0] + held[1] * marks[1];
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
    const stillOpen = r.state.children.reduce(
      (s, c) => s + c.ledger.open_fee.f[0] + c.ledger.open_fee.f[1] + c.ledger.open_fee.r[0] + c.ledger.open_fee.r[1],
      0,
    );
    expect(closedFees + stillOpen).toBeCloseTo(paid, 6);
    expect(closedFees).toBeGreaterThan(0);
  });

  it("the earnings curve's last point is realised plus unrealised P/L at the current prices, as the cash flows say", () => {
    const unrealised = r.state.children.reduce((s, c) => s + unrealisedPnl(c.ledger, marks), 0);
    const point = earningsPoint(now, realisedPnl(r.trades), unrealised);
    expect(point.dateTime).toBe(now);
    expect(point.earningsVal).toBeCloseTo(cashFlows(r.fills), 6);
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

/**
 * The same hour with the leg failure modes frequent (one leg rejected, uneven partial fills,
 * stale prices): legs come apart and are re-hedged, and the identities still hold, per leg.
 */
describe('an hour of trading with the leg failure modes on', () => {
  const settings = { legRejectRate: 0.1, legPartialRate: 0.1, stalePriceRate: 0.1, rehedgeAfterMs: 60_000 };
  const rf = run(state(), thinSometimes, HOUR_S, seededRng(2024), inputs({ settings }));
  const heldByFills = (childId: number | null, leg: 0 | 1) =>
    rf.fills
      .filter((f) => (childId === null || f.task_children_id === childId) && f.leg === leg)
      .reduce((s, f) => s + (f.action === 'open' ? f.amount : -f.amount), 0);
  const orders = [...rf.orders.values()];

  it('rejects, fills unevenly and at stale prices, and re-hedges on the short leg', () => {
    const hedges = orders.filter((o) => o.cparam.order_type === 'hedge');
    expect(hedges.length).toBeGreaterThan(0);
    // a hedge is one order, no pair leg: its pairing id holds nothing else
    for (const h of hedges) expect(orders.filter((o) => o.pairing_id === h.pairing_id)).toHaveLength(1);
    const byPair = new Map<string, OrderRecord[]>();
    for (const o of orders) byPair.set(o.pairing_id, [...(byPair.get(o.pairing_id) ?? []), o]);
    const pairs = [...byPair.values()].filter((p) => p.length === 2);
    // one leg rejected (8, nothing filled) while the other filled
    expect(pairs.some(([a, b]) => (a.status_ === 8 && b.result.deal_amount > 0) || (b.status_ === 8 && a.result.deal_amount > 0))).toBe(true);
    // different fractions on the two legs
    expect(
      pairs.some(
        ([a, b]) =>
          a.result.deal_amount > 0 &&
          b.result.deal_amount > 0 &&
          Math.abs(a.result.deal_amount / a.cparam.amount - b.result.deal_amount / b.cparam.amount) > 0.05,
      ),
    ).toBe(true);
  });

  it("each child's holding per leg is the sum of its fills, the task's the sum of its children's, and the leg health adds up", () => {
    const midA = marks[0];
    const children: Record<number, LegHealth> = {};
    for (const { child, ledger } of rf.state.children) {
      const id = child.task_children_id;
      const h = childLegHealth(ledger.position, 'btc', midA, [null, null], 0);
      expect(h.filled[0]).toBeCloseTo(heldByFills(id, 0), 9);
      expect(h.filled[1]).toBeCloseTo(heldByFills(id, 1), 9);
      expect(h.imbalance).toBeCloseTo(((heldByFills(id, 0) - heldByFills(id, 1)) * midA) / 100, 6);
      children[id] = h;
    }
    const total = taskLegHealth(children);
    expect(total.filled[0]).toBeCloseTo(heldByFills(null, 0), 9);
    expect(total.filled[1]).toBeCloseTo(heldByFills(null, 1), 9);
    expect(total.imbalance).toBeCloseTo(((heldByFills(null, 0) - heldByFills(null, 1)) * midA) / 100, 6);
    expect(total.exposure).toBeCloseTo(
      Object.values(children).reduce((s, h) => s + h.exposure, 0),
      9,
    );
  });

  it('no child stays unbalanced much longer than rehedgeAfterMs, and opens nothing while it is', () => {
    const longest = new Map<number, number>();
    rf.states.forEach((s, i) => {
      for (const c of s.children) {
        const since = c.ledger.unbalanced_since;
        if (since != null) longest.set(c.child.task_children_id, Math.max(longest.get(c.child.task_children_id) ?? 0, T0 + i * 1000 - since));
      }
    });
    expect(Math.max(...longest.values())).toBeGreaterThanOrEqual(settings.rehedgeAfterMs);
    // the hedge is placed at rehedgeAfterMs and fills two ticks later (a thin book may take a second hedge)
    for (const ms of longest.values()) expect(ms).toBeLessThanOrEqual(settings.rehedgeAfterMs + 10_000);
    for (const o of orders) {
      if (o.cparam.order_type !== 'auto' || o.action !== 'open') continue;
      // the state of the tick that placed it: balanced (a hedge filled that tick may have just made it so)
      const placed = rf.states[(o.createtime - T0) / 1000];
      expect(placed.children.find((c) => c.child.task_children_id === o.task_children_id)?.ledger.unbalanced_since ?? null).toBeNull();
    }
  });

  it('the earnings curve still equals the cash flows plus the holdings', () => {
    const unrealised = rf.state.children.reduce((s, c) => s + unrealisedPnl(c.ledger, marks), 0);
    expect(realisedPnl(rf.trades) + unrealised).toBeCloseTo(cashFlows(rf.fills), 6);
  });
});
