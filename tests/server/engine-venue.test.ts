/**
 * The seam where orders leave the task engine (server/engine/venue.ts): every order a step makes is sent
 * through its venue, and what the venue reports back (status, fill price, nothing filled) is what the
 * children's ledgers hold. The venue here answers like an exchange would, not like the simulation.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, stepTask, type OrderRecord, type TaskState, type Venue } from '../../server/engine';
import { endOrder, orderOf } from '../../server/engine/orders';
import { T0, child, inputs, premiumSource, state, task } from './engine-fixtures';

/** An exchange that fills leg A at `fillPrice` and rejects leg B (nothing filled), one status a tick. */
const exchange = (fillPrice: number) => {
  const sent: OrderRecord[] = [];
  const venue: Venue = {
    pair(r) {
      const pair: [OrderRecord, OrderRecord] = [
        orderOf(r, 0, { status_: ORDER_STATUS.completed, amount: r.amounts[0], price: r.quotes[0].ask }),
        orderOf(r, 1, { status_: ORDER_STATUS.completed, amount: r.amounts[1], price: r.quotes[1].bid }),
      ];
      sent.push(...pair);
      return pair;
    },
    hedge(r, leg) {
      const order = orderOf({ ...r, action: 'open', orderType: 'hedge' }, leg, { status_: ORDER_STATUS.completed, amount: r.amounts[leg], price: 0 }, 'h');
      sent.push(order);
      return order;
    },
    advance(order, _legs, _fees, now) {
      if (order.status_ === ORDER_STATUS.create) return { order: { ...order, status_: ORDER_STATUS.executing }, fill: null };
      if (order.leg === 1 && !order.client_id.endsWith('h')) return { order: { ...order, status_: ORDER_STATUS.abnormal }, fill: null };
      return endOrder(order, ORDER_STATUS.completed, { price: fillPrice, amount: order.cparam.amount, fee: 0 }, now);
    },
  };
  return { venue, sent };
};

const settings = { rehedgeAfterMs: 5000 };

describe('the order seam', () => {
  it('sends every order through the venue and books the fills it reports, so a rejected leg leaves the child unbalanced until its re-hedge', () => {
    const { venue, sent } = exchange(10_050);
    const wide = premiumSource(() => 0.012);
    let s: TaskState = state(task(), [child(1, 1)]);
    const made: OrderRecord[] = [];
    const fills = [];
    for (let i = 0; i < 3; i++) {
      const out = stepTask(s, inputs({ settings }), wide, T0 + i * 1000, venue);
      s = out.state;
      made.push(...out.orders.filter((o) => o.status_ === ORDER_STATUS.create));
      fills.push(...out.fills);
    }
    expect(made.map((o) => o.client_id)).toEqual(sent.map((o) => o.client_id));
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ leg: 0, price: 10_050 });
    const ledger = s.children[0]!.ledger;
    expect(ledger.position.f[0]).toEqual([10_050, fills[0]!.amount]);
    expect(ledger.position.f[1][1]).toBe(0);
    expect(ledger.unbalanced_since).toBe(T0 + 2000);

    // no new pair while apart; after rehedgeAfterMs one hedge order on leg B goes out through the venue,
    // and once it has filled the child trades again
    for (let i = 3; i < 10; i++) s = stepTask(s, inputs({ settings }), wide, T0 + i * 1000, venue).state;
    const after = sent.slice(2);
    expect(after.map((o) => [o.leg, o.cparam.order_type, o.createtime])).toEqual([
      [1, 'hedge', T0 + 7000],
      [0, 'auto', T0 + 9000],
      [1, 'auto', T0 + 9000],
    ]);
    expect(s.children[0]!.ledger.position.f[1][1]).toBeCloseTo(fills[0]!.amount, 12);
    expect(s.children[0]!.ledger.unbalanced_since).toBeUndefined();
  });
});
