// @vitest-environment node
/** The task engine's decisions, one rule at a time: thresholds, limits, fees, fills, expiry, status, manual trading. */
import { describe, expect, it } from 'vitest';
import {
  deliveryExpiry,
  deliveryKeyOf,
  execute,
  legsOf,
  paperVenue,
  requestManual,
  requestStatus,
  seededRng,
  stepTask,
  takerFee,
  taskCapital,
  type OrderRecord,
  type TaskState,
} from '../../server/engine';
import { FEES, T0, child, inputs, premiumSource, run, scriptedRng, state, task } from './engine-fixtures';

const fine = () => scriptedRng([], 0.5); // never abnormal, never cancelled
const constant = (p: number, depth = 1) => premiumSource(() => p, depth);
const placed = (r: { orders: Map<string, OrderRecord> }) => [...r.orders.values()];
/** Opens at a wide premium for 3 ticks, then lets the orders still under way finish at premium 0 (no decision there). */
const opened = (s: TaskState = state(task(), [child(1, 1)])): TaskState =>
  run(run(s, constant(0.012), 3, fine()).state, constant(0), 2, fine(), inputs(), T0 + 3000).state;
const AFTER = T0 + 5000;

/**
 * The premium of B over A (mids) at which opening f nets exactly dlt: A bought at the ask with the
 * global slippage and the spot taker fee, B sold at the bid with slippage and the futures taker fee.
 */
const openingPremium = (dlt: number) => {
  const aNet = 10000 * 1.0001 * 1.001 * (1 + FEES.ssEatCharges);
  const bMid = ((1 + dlt) * aNet) / (0.9999 * 0.999 * (1 - FEES.fuEatCharges));
  return bMid / 10000 - 1;
};

describe('open when the spread passes the threshold', () => {
  it('opens f only once the premium net of slippage and fees reaches dlt (CQ for a spot/quarter pair)', () => {
    const p = openingPremium(0.004);
    expect(placed(run(state(), constant(p - 0.0002), 5, fine()))).toHaveLength(0);
    const orders = placed(run(state(), constant(p + 0.0002), 1, fine()));
    expect(orders).toHaveLength(4); // two children, a pair each
    const [a, b] = orders;
    expect(a.cparam).toMatchObject({
      otype: 'buy',
      acc_type: 'spot',
      dlt: 0.004,
      instrument_id: 'BTC-USDT',
      order_type: 'auto',
      apiid: 11,
      bourse_name: 'OKEx',
    });
    expect(b.cparam).toMatchObject({ otype: 2, acc_type: 'futures', dlt: 0.004, apiid: 12, bourse_name: 'Huobi' });
    expect(a.cparam.spread).toBeGreaterThanOrEqual(0.004);
    expect(a.pairing_id).toBe(b.pairing_id);
    expect(a.cparam.amount).toBeCloseTo(b.cparam.amount, 12);
  });

  it("takes 'arbitrage 2' dlt from the pair's delivery type", () => {
    const cw = task({}, { b_transaction_type: 2 });
    expect(deliveryKeyOf(legsOf(cw.params))).toBe('CW');
    expect(deliveryKeyOf(legsOf(task({}, { a_transaction_type: 2, b_transaction_type: 4 }).params))).toBe('CQ');
    const p = openingPremium(0.002);
    const orders = placed(run(state(cw), constant(p + 0.0002), 1, fine()));
    expect(orders[0].cparam.dlt).toBe(0.002);
    expect(placed(run(state(), constant(p + 0.0002), 1, fine()))).toHaveLength(0); // CQ needs 0.004
  });

  it('opens r (sell A, buy B) when A is above B', () => {
    const [a, b] = placed(run(state(), constant(-0.012), 1, fine()));
    expect(a.direction).toBe('r');
    expect(a.cparam.otype).toBe('sell');
    expect(b.cparam.otype).toBe(1);
  });

  it('trades nothing while the task is paused or stopped, or for a stopped child', () => {
    for (const status of [3, 4, 0] as const) expect(placed(run(state(task({ status })), constant(0.012), 3, fine()))).toHaveLength(0);
    const one = placed(run(state(task(), [child(1, 1, { status: 0 }), child(2, 1)]), constant(0.012), 1, fine()));
    expect(new Set(one.map((o) => o.task_children_id))).toEqual(new Set([2]));
  });
});

describe('close when the spread comes back', () => {
  it('closes f once the closing premium is at close_dlt or below, not before', () => {
    const s = opened();
    expect(s.children[0].ledger.position.f[0][1]).toBeGreaterThan(0);
    expect(s.open_orders).toHaveLength(0);
    expect(placed(run(s, constant(-0.002), 5, fine(), inputs(), AFTER))).toHaveLength(0);
    const back = run(s, constant(-0.004), 3, fine(), inputs(), AFTER);
    const [a, b] = placed(back);
    expect(a).toMatchObject({ action: 'close', direction: 'f' });
    expect(a.cparam.otype).toBe('sell');
    expect(b.cparam.otype).toBe(4); // close short
    expect(a.cparam.spread).toBeLessThanOrEqual(0.001);
    expect(back.state.children[0].ledger.position.f).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(back.trades).toHaveLength(2);
    expect(back.trades[0].pnl + back.trades[1].pnl).toBeGreaterThan(0);
  });
});

describe('position limit, fund_occupy and weight', () => {
  it('stops opening at m × the child’s share of fund_occupy', () => {
    const s = state(task({}, { m: { CQ: 0.5 } }), [child(1, 1), child(2, 3)]);
    const r = run(s, constant(0.012), 60, fine());
    const [c1, c2] = r.state.children.map((c) => c.ledger.position);
    for (const p of [c1, c2]) {
      expect(p.pro_rate).toBeLessThanOrEqual(1 + 1e-9);
      expect(p.pro_rate).toBeGreaterThan(0.95);
    }
    // 0.5 × 5000 × 1/4 and × 3/4 of notional on leg A
    expect(c1.f[0][0] * c1.f[0][1]).toBeCloseTo(625, -1);
    expect(c2.f[0][0] * c2.f[0][1]).toBeCloseTo(1875, -1);
    expect(r.orders.size).toBeLessThan(20);
  });

  it('never puts more margin up than the child’s capital (fund_occupy amount, spot leg paid in full)', () => {
    const s = state(task({}, { fund_occupy: '3000', m: { CQ: 10 } }), [child(1, 1)]);
    expect(taskCapital(s.task.params)).toBe(3000);
    const p = run(s, constant(0.012), 60, fine()).state.children[0].ledger.position;
    expect(p.mt[0] + p.mt[1]).toBeLessThanOrEqual(3000);
    expect(p.mt[0] + p.mt[1]).toBeGreaterThan(2900);
    expect(p.mt[1]).toBeCloseTo((p.f[1][0] * p.f[1][1]) / 10, 6); // futures at 10x
    expect(taskCapital({ ...s.task.params, fund_occupy: '50%' })).toBe(5000);
  });
});

describe('fees and slippage', () => {
  it('walks the book: the global slippage on every level, task slip per deeper level', () => {
    const q = { bid: 99, ask: 100, bidSize: 1, askSize: 1 };
    const book = { levels: 5, slippage: 0.001, step: 0.0005 };
    const buy = execute('buy', q, 2.5, book);
    expect(buy.filled).toBe(2.5);
    expect(buy.price).toBeCloseTo((100.1 + 100.15 + 0.5 * 100.2) / 2.5, 9);
    const sell = execute('sell', q, 10, book);
    expect(sell).toMatchObject({ filled: 5, depthLimited: true });
    expect(sell.price).toBeCloseTo(99 * (1 - 0.001 - 0.001), 9);
  });

  it('charges the taker rate of the leg’s API account and kind', () => {
    expect(takerFee(FEES, { exchange: 1, currency: 'btc', contractType: 1 })).toBe(FEES.ssEatCharges);
    expect(takerFee(FEES, { exchange: 1, currency: 'btc', contractType: 4 })).toBe(FEES.fuEatCharges);
    expect(takerFee(FEES, { exchange: 1, currency: 'btc', contractType: 5 })).toBe(FEES.csEatCharges);
    const own = { ...FEES, ssEatCharges: 0.002 };
    const r = run(state(task(), [child(1, 1)]), constant(0.012), 3, fine(), inputs({ fees: { 11: own, 12: FEES } }));
    const [fa, fb] = r.fills;
    expect(fa.fee).toBeCloseTo(fa.amount * fa.price * 0.002, 9);
    expect(fb.fee).toBeCloseTo(fb.amount * fb.price * FEES.fuEatCharges, 9);
    expect(fa.price).toBeCloseTo(10000 * 1.0001 * 1.001, 6); // ask + global slippage
  });
});

describe('orders through the status_ codes', () => {
  const history = (r: ReturnType<typeof run>) => [...r.history.values()];
  it('goes 1 create → 2 executing → 3 completed, one tick each, and fills on completion', () => {
    const r = run(state(task(), [child(1, 1)]), constant(0.012), 3, fine());
    expect(history(r).slice(0, 2)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(r.fills.map((f) => f.time)).toEqual([T0 + 2000, T0 + 2000]);
    expect(history(r).slice(2)).toEqual([[1], [1]]); // the child is free again: the next step
  });

  it('fills partially where the book is thin: 5 on the thin leg, 6 on the leg cut to stay hedged', () => {
    const thinB = premiumSource(() => 0.012);
    const source = (leg: Parameters<typeof thinB>[0], now: number) =>
      leg.exchange === 2 ? { ...thinB(leg, now), bidSize: 0.02, askSize: 0.02 } : thinB(leg, now);
    const r = run(state(task(), [child(1, 1)]), source, 3, fine());
    const [a, b] = placed(r);
    expect([a.status_, b.status_]).toEqual([6, 5]);
    expect(a.result.deal_amount).toBeCloseTo(0.1, 9); // 5 levels × 0.02
    expect(b.result.deal_amount).toBeCloseTo(0.1, 9);
    expect(a.cparam.amount).toBeGreaterThan(0.1);
  });

  it('ends abnormal (8, its pair 4) without fills, then tries again', () => {
    const r = run(state(task(), [child(1, 1)]), constant(0.012), 6, scriptedRng([0.001, 0.5]));
    const [a, b, a2] = placed(r);
    expect([a.status_, b.status_]).toEqual([8, 4]);
    expect(r.fills.filter((f) => f.client_id === a.client_id || f.client_id === b.client_id)).toHaveLength(0);
    expect(a2.status_).toBe(3);
  });

  it('shows 7 when the exchange cancels part of the pair', () => {
    const r = run(state(task(), [child(1, 1)]), constant(0.012), 3, scriptedRng([0.5, 0.01]));
    const [a, b] = placed(r);
    expect([a.status_, b.status_]).toEqual([7, 7]);
    expect(a.result.deal_amount).toBeCloseTo(a.cparam.amount * 0.4, 9);
  });
});

describe('delivery legs are closed before expiry', () => {
  const expiry = T0 + 20 * 60_000;
  const inp = inputs({ expiry: (_leg, now) => (now < expiry ? expiry : expiry + 7 * 86_400_000) });
  it('closes within closeBeforeExpiryMs of expiry, opens nothing until it has passed', () => {
    const r = run(state(task(), [child(1, 1)]), constant(0.012), 25 * 60, fine(), inp);
    const closes = placed(r).filter((o) => o.action === 'close');
    expect(closes.length).toBeGreaterThanOrEqual(2);
    expect(closes.every((o) => o.cparam.order_type === 'delivery')).toBe(true);
    expect(Math.min(...closes.map((o) => o.createtime))).toBe(expiry - 10 * 60_000);
    const between = placed(r).filter((o) => o.createtime > expiry - 10 * 60_000 && o.createtime < expiry && o.action === 'open');
    expect(between).toHaveLength(0);
    expect(placed(r).some((o) => o.action === 'open' && o.createtime >= expiry)).toBe(true);
  });

  it('names delivery instruments by their expiry date', () => {
    const [, b] = placed(run(state(task(), [child(1, 1)]), constant(0.012), 1, fine(), inp));
    expect(b.cparam.instrument_id).toBe('BTC-USD-250106');
  });

  it('knows the calendar: CW the next Friday 08:00 UTC, CQ the last Friday of the quarter after NW', () => {
    expect(new Date(deliveryExpiry('CW', T0)!).toISOString()).toBe('2025-01-10T08:00:00.000Z');
    expect(new Date(deliveryExpiry('NW', T0)!).toISOString()).toBe('2025-01-17T08:00:00.000Z');
    expect(new Date(deliveryExpiry('CW', Date.parse('2025-01-10T08:00:00Z'))!).toISOString()).toBe('2025-01-17T08:00:00.000Z');
    expect(new Date(deliveryExpiry('CQ', T0)!).toISOString()).toBe('2025-03-28T08:00:00.000Z');
    expect(new Date(deliveryExpiry('NQ', T0)!).toISOString()).toBe('2025-06-27T08:00:00.000Z');
    expect(new Date(deliveryExpiry('CQ', Date.parse('2025-03-20T00:00:00Z'))!).toISOString()).toBe('2025-06-27T08:00:00.000Z');
    expect(deliveryExpiry('SS', T0)).toBeNull();
    expect(deliveryExpiry('CS', T0)).toBeNull();
  });
});

describe('status changes', () => {
  it('take effect after the delay; close position (1) closes everything, then stops (4)', () => {
    let s: TaskState = requestStatus(opened(state()), 1, AFTER, 2000);
    const r = run(s, constant(0.012), 8, fine(), inputs(), AFTER);
    expect(r.states[0].task.status).toBe(2);
    expect(r.states[1].task.status).toBe(2);
    expect(r.states[2].task.status).toBe(1);
    s = r.state;
    expect(s.task.status).toBe(4);
    expect(s.children.every((c) => c.ledger.position.f[0][1] === 0 && c.ledger.position.f[1][1] === 0)).toBe(true);
    const closes = placed(r).filter((o) => o.action === 'close');
    expect(closes).toHaveLength(4);
    expect(closes.every((o) => o.cparam.order_type === 'close')).toBe(true);
  });

  it('pause (3) holds the position without trading', () => {
    const r = run(requestStatus(opened(state()), 3, AFTER, 0), constant(-0.02), 10, fine(), inputs(), AFTER);
    expect(r.state.task.status).toBe(3);
    expect(r.orders.size).toBe(0);
  });
});

describe('manual open and close', () => {
  it('opens the asked direction and count for the selected children only, as manual orders', () => {
    const s = requestManual(state(task({ status: 4 })), { change_type: 'open', dlt: -0.01, count: 20, duration: 1, cids: [2], direct: 'r', start: T0 });
    const r = run(s, constant(0), 5, fine());
    const orders = placed(r);
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.task_children_id === 2 && o.cparam.order_type === 'manual' && o.direction === 'r')).toBe(true);
    expect(orders.map((o) => o.cparam.otype)).toEqual(['sell', 1]);
    expect(orders[0].cparam.amount * 10001).toBeCloseTo(20 * 100, 6); // 20 contracts of 100 USD
    expect(r.fills.every((f) => f.manual)).toBe(true);
    expect(r.state.manual).toBeNull(); // done
    expect(r.state.children[1].ledger.position.r[0][1]).toBeGreaterThan(0);
    expect(r.state.children[0].ledger.position.r[0][1]).toBe(0);
  });

  it('waits for its price difference and ends after its duration', () => {
    const s = requestManual(state(task({ status: 4 })), { change_type: 'open', dlt: 0.05, count: 20, duration: 1, cids: [1, 2], direct: 'f', start: T0 });
    const r = run(s, constant(0.012), 30, fine());
    expect(r.orders.size).toBe(0);
    expect(r.state.manual).not.toBeNull();
    expect(run(r.state, constant(0.012), 31, fine(), inputs(), T0 + 30_000).state.manual).toBeNull();
  });

  it('closes at the profit point (percent) and not below it', () => {
    const held = opened();
    const stopped = { ...held, task: { ...held.task, status: 4 as const } };
    const ask = (dlt: number) => requestManual(stopped, { change_type: 'close', dlt, count: 20, duration: 1, cids: [1], start: AFTER });
    expect(run(ask(5), constant(0), 10, fine(), inputs(), AFTER).orders.size).toBe(0);
    const r = run(ask(0.3), constant(0), 3, fine(), inputs(), AFTER);
    const [a, b] = placed(r);
    expect(a).toMatchObject({ action: 'close', direction: 'f' });
    expect(a.cparam).toMatchObject({ order_type: 'manual', otype: 'sell' });
    expect(b.cparam.otype).toBe(4);
    expect(a.cparam.spread).toBeGreaterThanOrEqual(0.3);
    expect(a.cparam.spread).toBeLessThan(5);
    expect(r.trades.reduce((sum, t) => sum + t.pnl - t.fee, 0)).toBeGreaterThan(0);
  });
});

describe('replays', () => {
  it('the same seed gives the same run; another seed another', () => {
    const go = (seed: number) =>
      placed(
        run(
          state(),
          premiumSource((n) => 0.015 * Math.sin((n - T0) / 60_000)),
          900,
          seededRng(seed),
        ),
      ).map((o) => o.status_);
    expect(go(1)).toEqual(go(1));
    expect(go(1)).not.toEqual(go(99));
    expect(stepTask(state(), inputs(), constant(0.012), T0, paperVenue(fine())).orders).toHaveLength(4);
  });
});
