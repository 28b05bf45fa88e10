/** Shared fixtures of the task engine tests: a task with two children and a scripted price source. */
import {
  newTaskState,
  paperVenue,
  stepTask,
  type ChildTask,
  type ClosedTrade,
  type EngineInputs,
  type Fill,
  type OrderRecord,
  type PriceSource,
  type Quote,
  type Rng,
  type Task,
  type TaskParams,
  type TaskState,
} from '../../server/engine';

export const T0 = Date.UTC(2025, 0, 6, 0, 0, 0); // a Monday
export const FAR = T0 + 60 * 86_400_000;

export const FEES = { ssHangCharges: 0.0008, ssEatCharges: 0.001, fuHangCharges: 0.0002, fuEatCharges: 0.0005, csHangCharges: 0.0002, csEatCharges: 0.0005 };

export const params = (over: Partial<TaskParams> = {}): TaskParams => ({
  currency_type: 'btc',
  a_bourse: 1,
  a_transaction_type: 1,
  b_bourse: 2,
  b_transaction_type: 4,
  fund_occupy: '50%',
  virtual_initial_capital: 10000,
  is_borrow: false,
  depth: 5,
  slip: 0.0005,
  price_limit: 'no',
  dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
  m: { CW: 1, NW: 1, CQ: 2, NQ: 2 },
  close_dlt: 0.001,
  open_count: 20,
  ...over,
});

export const task = (over: Partial<Task> = {}, p: Partial<TaskParams> = {}): Task => ({
  id: 7,
  name: 'btc spot/quarter',
  strategy_name: 'arbitrage 2',
  status: 2,
  createtime: T0,
  params: params(p),
  ...over,
});

export const child = (id: number, weight: number, over: Partial<ChildTask> = {}): ChildTask => ({
  task_children_id: id,
  id: 7,
  status: 2,
  weight,
  link_api_id: [id * 10 + 1, id * 10 + 2],
  task_children_info: [{ name: `api-${id}-a` }, { name: `api-${id}-b` }],
  ...over,
});

export const inputs = (over: Partial<EngineInputs> = {}): EngineInputs => ({
  global: { depthMarket: 5, priceSlippage: 0.001, tradingIntervalTime: 1 },
  fees: { 11: FEES, 12: FEES, 21: FEES, 22: FEES },
  bourses: { 1: 'OKEx', 2: 'Huobi' },
  expiry: () => FAR,
  ...over,
});

export const state = (t: Task = task(), children: ChildTask[] = [child(1, 1), child(2, 2)]): TaskState => newTaskState(t, children);

/** A quote around a mid with a half-spread of 1 bp and `depth` coin per level. */
export const quoteAt = (mid: number, depth = 1): Quote => ({ bid: mid * 0.9999, ask: mid * 1.0001, bidSize: depth, askSize: depth });

/** Leg A (exchange a_bourse) at 10000; leg B at 10000 × (1 + premium(now)). */
export const premiumSource =
  (premium: (now: number) => number, depth = 1, base = 10000): PriceSource =>
  (leg, now) =>
    leg.exchange === 1 ? quoteAt(base, depth) : quoteAt(base * (1 + premium(now)), depth);

/** The premium of B over A swings ±1.5 % with a 10-minute period: it opens both ways and comes back. */
export const swinging = (now: number): number => 0.015 * Math.sin((2 * Math.PI * (now - T0)) / 600_000);

/** A random source that replays the given numbers, then repeats `rest`. */
export const scriptedRng = (values: number[], rest = 0.5): Rng => {
  let i = 0;
  return () => (i < values.length ? values[i++] : rest);
};

export interface Run {
  state: TaskState;
  /** every order by client_id in its latest state */
  orders: Map<string, OrderRecord>;
  /** every status_ each order went through, in order */
  history: Map<string, number[]>;
  fills: Fill[];
  trades: ClosedTrade[];
  states: TaskState[];
}

/** Ticks the task at 1 Hz from `from` for `seconds`, collecting what the store would persist. */
export const run = (start: TaskState, source: PriceSource, seconds: number, rng: Rng, inp: EngineInputs = inputs(), from = T0): Run => {
  const venue = paperVenue(rng);
  const r: Run = { state: start, orders: new Map(), history: new Map(), fills: [], trades: [], states: [] };
  for (let s = 0; s < seconds; s++) {
    const out = stepTask(r.state, inp, source, from + s * 1000, venue);
    r.state = out.state;
    for (const o of out.orders) {
      r.orders.set(o.client_id, o);
      r.history.set(o.client_id, [...(r.history.get(o.client_id) ?? []), o.status_]);
    }
    r.fills.push(...out.fills);
    r.trades.push(...out.trades);
    r.states.push(out.state);
  }
  return r;
};
