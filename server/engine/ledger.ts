/**
 * The books of a child task: fills move its position, closing fills make closed trades; P/L and
 * the earnings curve are derived from those alone, so every figure can be computed again from rows.
 */
import { isDelivery, tradeTypeOf } from './calendar';
import { notionalToContracts } from '#contract/rules/position-unit';
import type { ChildLedger, ChildState, ClosedTrade, DeliveryType, Direction, Fill, Leg, PerDelivery, PositionData, Task, TaskParams } from './types';

const DIRECTIONS: readonly Direction[] = ['f', 'r'];
const EPS = 1e-12;

export const emptyPosition = (): PositionData => ({
  f: [
    [0, 0],
    [0, 0],
  ],
  r: [
    [0, 0],
    [0, 0],
  ],
  mt: [0, 0],
  pro_count: 0,
  pro_rate: 0,
});
export const emptyLedger = (): ChildLedger => ({ position: emptyPosition(), open_fee: { f: [0, 0], r: [0, 0] } });

/** +1 for a long leg, −1 for a short one: f is long A / short B, r the opposite. */
export const legSign = (d: Direction, leg: 0 | 1): 1 | -1 => ((d === 'f') === (leg === 0) ? 1 : -1);

const cloneLedger = (l: ChildLedger): ChildLedger => ({
  position: {
    f: [[...l.position.f[0]], [...l.position.f[1]]],
    r: [[...l.position.r[0]], [...l.position.r[1]]],
    mt: [...l.position.mt],
    pro_count: l.position.pro_count,
    pro_rate: l.position.pro_rate,
  },
  open_fee: { f: [...l.open_fee.f], r: [...l.open_fee.r] },
  ...(l.unbalanced_since != null ? { unbalanced_since: l.unbalanced_since } : {}),
});

/**
 * Applies one fill. Opening: the leg's average price is volume-weighted and its fee is held as an
 * open fee. Closing: the closed amount leaves at its average price and becomes a closed trade whose
 * fee is the closing fee plus the open fees of that amount. mt/pro_count/pro_rate are left to `withUsage`.
 */
export const applyFill = (ledger: ChildLedger, fill: Fill): { ledger: ChildLedger; trade: ClosedTrade | null } => {
  const next = cloneLedger(ledger);
  const leg = next.position[fill.direction][fill.leg];
  const fees = next.open_fee[fill.direction];
  const [avg, qty] = leg;
  if (fill.action === 'open') {
    const total = qty + fill.amount;
    leg[0] = total > 0 ? (avg * qty + fill.price * fill.amount) / total : 0;
    leg[1] = total;
    fees[fill.leg] += fill.fee;
    return { ledger: next, trade: null };
  }
  const amount = Math.min(fill.amount, qty);
  const share = qty > 0 ? amount / qty : 0;
  const openFee = fees[fill.leg] * share;
  fees[fill.leg] -= openFee;
  leg[1] = qty - amount;
  if (leg[1] <= EPS) {
    leg[0] = 0;
    leg[1] = 0;
    fees[fill.leg] = 0;
  }
  const trade: ClosedTrade = {
    client_id: fill.client_id,
    task_id: fill.task_id,
    task_children_id: fill.task_children_id,
    direction: fill.direction,
    leg: fill.leg,
    amount,
    open_price: avg,
    close_price: fill.price,
    pnl: legSign(fill.direction, fill.leg) * amount * (fill.price - avg),
    fee: openFee + fill.fee,
    time: fill.time,
  };
  return { ledger: next, trade };
};

/** Realised P/L: the closed trades' P/L minus their fees. */
export const realisedPnl = (trades: readonly ClosedTrade[]): number => trades.reduce((sum, t) => sum + t.pnl - t.fee, 0);

/** Unrealised P/L at the marks (mid prices of legs A and B), less the open fees already paid. */
export const unrealisedPnl = (ledger: ChildLedger, marks: readonly [number, number]): number => {
  let sum = 0;
  for (const d of DIRECTIONS) {
    for (const leg of [0, 1] as const) {
      const [avg, qty] = ledger.position[d][leg];
      sum += legSign(d, leg) * qty * (marks[leg] - avg) - ledger.open_fee[d][leg];
    }
  }
  return sum;
};

/** The P/L of one child: realised (its closed trades, Σ pnl − fee) and unrealised at the marks. */
export interface ChildPnl {
  task_children_id: number;
  realised: number;
  unrealised: number;
}

/**
 * A task's P/L, the one computation the task card, its statistics, its curve and the runner's minute
 * points all read: per child the realised P/L of its closed trades (`realised`, by child id) and the
 * unrealised P/L of its ledger at the marks; the task's realised counts every child's closed trades
 * (a deleted child's too), its unrealised the children's open positions. Both together are what the
 * fills and fees made: closed trades carry their open and close fees, open positions their open fees.
 */
export function taskPnl(
  children: readonly ChildState[],
  realised: ReadonlyMap<number, number>,
  marks: readonly [number, number],
): { children: ChildPnl[]; realised: number; unrealised: number } {
  const rows = children.map((c) => ({
    task_children_id: c.child.task_children_id,
    realised: realised.get(c.child.task_children_id) ?? 0,
    unrealised: unrealisedPnl(c.ledger, marks),
  }));
  let total = 0;
  for (const value of realised.values()) total += value;
  return { children: rows, realised: total, unrealised: rows.reduce((sum, c) => sum + c.unrealised, 0) };
}

/** §3 earnings curve point: earningsVal = realised + unrealised P/L at `now`. */
export const earningsPoint = (now: number, realised: number, unrealised: number): { dateTime: number; earningsVal: number } => ({
  dateTime: now,
  earningsVal: realised + unrealised,
});

/** A leg is flat when nothing is open on it in either direction. */
export const isFlat = (p: PositionData): boolean => DIRECTIONS.every((d) => p[d][0][1] <= EPS && p[d][1][1] <= EPS);
export const hasDirection = (p: PositionData, d: Direction): boolean => p[d][0][1] > EPS || p[d][1][1] > EPS;

// ── Capital and limits ─────────────────────────────────────────────────────────────

/** fund_occupy: '50%' of virtual_initial_capital, or an amount in USDT. */
export const taskCapital = (p: TaskParams): number => {
  const raw = String(p.fund_occupy ?? '').trim();
  const capital = Number(p.virtual_initial_capital) || 0;
  if (raw.endsWith('%')) return (capital * (Number(raw.slice(0, -1)) || 0)) / 100;
  const amount = Number(raw);
  return Number.isFinite(amount) && raw !== '' ? amount : capital;
};

/** A dlt or m value: one number, or the entry of the pair's delivery type. */
export const perDelivery = (value: PerDelivery | undefined, key: DeliveryType, fallback: number): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || fallback;
  const v = value?.[key];
  return v === undefined ? fallback : Number(v);
};

/** A child's share of the task's capital: fund_occupy × weight / Σ weights of the task's children. */
export const childCapital = (task: Task, weights: readonly number[], weight: number): number => {
  const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const share = total > 0 ? Math.max(0, weight) / total : 1 / Math.max(1, weights.length);
  return taskCapital(task.params) * share;
};

/** Notional of leg A at entry prices, both directions: what the position limit counts. */
export const usedNotional = (p: PositionData): number => p.f[0][0] * p.f[0][1] + p.r[0][0] * p.r[0][1];

/** Margin of each leg: notional / leverage (a spot leg is paid in full). */
export const margins = (p: PositionData, legs: readonly Leg[], leverage: number): [number, number] =>
  [0, 1].map((i) => {
    const lev = tradeTypeOf(legs[i].contractType) === 'SS' ? 1 : leverage;
    return (p.f[i][0] * p.f[i][1] + p.r[i][0] * p.r[i][1]) / lev;
  }) as [number, number];

/** Fills in mt, pro_count (contracts open on leg A) and pro_rate (share of the limit in use). */
export const withUsage = (ledger: ChildLedger, legs: readonly Leg[], leverage: number, limit: number): ChildLedger => {
  const used = usedNotional(ledger.position);
  return {
    ...ledger,
    position: {
      ...ledger.position,
      mt: margins(ledger.position, legs, leverage),
      pro_count: Math.round(notionalToContracts(used, legs[0].currency)),
      pro_rate: limit > 0 ? used / limit : 0,
    },
  };
};

/** A task's position: the sum of its children's (average prices weighted by quantity). */
export const sumPositions = (positions: readonly PositionData[], limit: number): PositionData => {
  const total = emptyPosition();
  for (const p of positions) {
    for (const d of DIRECTIONS) {
      for (const leg of [0, 1] as const) {
        const [avg, qty] = p[d][leg];
        const [tAvg, tQty] = total[d][leg];
        const q = tQty + qty;
        total[d][leg] = [q > 0 ? (tAvg * tQty + avg * qty) / q : 0, q];
      }
    }
    total.mt = [total.mt[0] + p.mt[0], total.mt[1] + p.mt[1]];
    total.pro_count += p.pro_count;
  }
  total.pro_rate = limit > 0 ? usedNotional(total) / limit : 0;
  return total;
};

/**
 * §3 Position statistics (task_virtual_position rows): per open direction and leg, the average
 * price, the amount, earnings_amount (unrealised USDT before fees) and earnings (percent of entry).
 */
export const virtualPosition = (p: PositionData, marks: readonly [number, number]) =>
  DIRECTIONS.flatMap((d) =>
    ([0, 1] as const)
      .filter((leg) => p[d][leg][1] > EPS)
      .map((leg) => {
        const [price, amount] = p[d][leg];
        const earnings_amount = legSign(d, leg) * amount * (marks[leg] - price);
        return { direction: d, leg, price, amount, earnings_amount, earnings: (100 * earnings_amount) / (price * amount) };
      }),
  );

export const isDeliveryLeg = (leg: Leg): boolean => isDelivery(tradeTypeOf(leg.contractType));
