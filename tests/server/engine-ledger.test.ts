// @vitest-environment node
/** The ledger functions by hand-computed numbers. */
import { describe, expect, it } from 'vitest';
import { applyFill, earningsPoint, emptyLedger, realisedPnl, sumPositions, unrealisedPnl, withUsage, type Fill } from '../../server/engine';

const fill = (over: Partial<Fill>): Fill => ({
  fill_id: 'x-1',
  client_id: 'x',
  task_id: 1,
  task_children_id: 1,
  direction: 'f',
  leg: 0,
  action: 'open',
  price: 100,
  amount: 1,
  fee: 0.1,
  time: 0,
  manual: false,
  ...over,
});

describe('applyFill', () => {
  it('averages opening fills by volume and holds their fees as open fees', () => {
    let l = applyFill(emptyLedger(), fill({ price: 100, amount: 1, fee: 0.1 })).ledger;
    l = applyFill(l, fill({ price: 110, amount: 3, fee: 0.3 })).ledger;
    expect(l.position.f[0]).toEqual([107.5, 4]);
    expect(l.open_fee.f[0]).toBeCloseTo(0.4, 12);
  });

  it('a close makes a trade: P/L by the leg’s side, fee = close fee + the closed share of open fees', () => {
    let l = applyFill(emptyLedger(), fill({ leg: 1, price: 200, amount: 2, fee: 0.4 })).ledger; // f leg B is short
    const { ledger, trade } = applyFill(l, fill({ leg: 1, action: 'close', price: 190, amount: 0.5, fee: 0.05 }));
    l = ledger;
    expect(trade).toMatchObject({ amount: 0.5, open_price: 200, close_price: 190, pnl: 5 });
    expect(trade!.fee).toBeCloseTo(0.05 + 0.1, 12);
    expect(l.position.f[1]).toEqual([200, 1.5]);
    expect(l.open_fee.f[1]).toBeCloseTo(0.3, 12);
    const last = applyFill(l, fill({ leg: 1, action: 'close', price: 210, amount: 1.5, fee: 0.1 }));
    expect(last.trade!.pnl).toBeCloseTo(-15, 12);
    expect(last.ledger.position.f[1]).toEqual([0, 0]);
    expect(last.ledger.open_fee.f[1]).toBe(0);
    expect(realisedPnl([trade!, last.trade!])).toBeCloseTo(5 - 0.15 - 15 - 0.4, 12);
  });
});

describe('unrealised P/L and earnings', () => {
  it('marks every leg at its mid, less the open fees', () => {
    let l = applyFill(emptyLedger(), fill({ direction: 'r', leg: 0, price: 100, amount: 2, fee: 0.2 })).ledger; // r: short A
    l = applyFill(l, fill({ direction: 'r', leg: 1, price: 98, amount: 2, fee: 0.1 })).ledger; // long B
    expect(unrealisedPnl(l, [99, 99])).toBeCloseTo(2 * 1 + 2 * 1 - 0.3, 12);
    expect(earningsPoint(5, 10, 3.7)).toEqual({ dateTime: 5, earningsVal: 13.7 });
  });
});

describe('usage and sums', () => {
  const legs = [
    { exchange: 1, currency: 'btc', contractType: 1 },
    { exchange: 2, currency: 'btc', contractType: 4 },
  ];
  it('margins: spot in full, futures at the leverage; pro_count in contracts, pro_rate of the limit', () => {
    let l = applyFill(emptyLedger(), fill({ price: 10000, amount: 0.5 })).ledger;
    l = applyFill(l, fill({ leg: 1, price: 10100, amount: 0.5 })).ledger;
    const p = withUsage(l, legs, 10, 10000).position;
    expect(p.mt).toEqual([5000, 505]);
    expect(p.pro_count).toBe(50);
    expect(p.pro_rate).toBe(0.5);
    const total = sumPositions([p, p], 20000);
    expect(total.f[0]).toEqual([10000, 1]);
    expect(total.mt).toEqual([10000, 1010]);
    expect(total.pro_count).toBe(100);
    expect(total.pro_rate).toBe(0.5);
  });
});
