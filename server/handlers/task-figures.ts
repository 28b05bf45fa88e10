/** §3 figures of a task and its children: what a task is worth now (`taskFigures`, also the task socket's), the detail's orders, position statistics, earnings curves (at the server's market). */
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail } from '../http/envelope';
import type { AppContext } from '../context';
import { deliveryKeyOf, legsOf, mid, perDelivery, sumPositions, taskCapital, taskPnl, virtualPosition, type PositionData, type TaskState } from '../engine';
import { enginePrices } from '../engine/prices';
import { closedLegA, earningsOf, findOwnChild, findOwnTask, loadState, realisedByChild, type ChildRow, type TaskRow } from '../store/tasks';
import { formatSecond } from '../clock/time';
import { id } from '../http/validate';
import { ownTask } from './task-access';

/**
 * What a task is worth now, computed once and shown alike by the task socket (`/ts/websocket`) and
 * the statistics calls (`/task/statistics/...`), so a card, its trade info and its curve agree:
 * positions from the children's ledgers, P/L by `taskPnl` (as the runner's minute points) at the mid
 * prices of the server's market now.
 */
export interface ChildFigures {
  task_children_id: number;
  status: number;
  weight: number;
  position: PositionData;
  realised: number;
  unrealised: number;
}

export interface TaskFigures {
  state: TaskState;
  /** mid prices of legs A and B now */
  marks: [number, number];
  /** touch prices now: [A bid, A ask], [B bid, B ask] */
  touches: [[number, number], [number, number]];
  /** the position limit: m (of the pair's delivery type) × fund_occupy */
  limit: number;
  position: PositionData;
  children: ChildFigures[];
  realised: number;
  unrealised: number;
}

export async function taskFigures(app: AppContext, row: TaskRow): Promise<TaskFigures> {
  const state = await loadState(app.db, row);
  const { prices } = enginePrices(app.market.prices);
  const now = app.clock.now();
  const legs = legsOf(state.task.params);
  const quotes = [prices(legs[0], now), prices(legs[1], now)] as const;
  const marks: [number, number] = [mid(quotes[0]), mid(quotes[1])];
  const limit = perDelivery(state.task.params.m, deliveryKeyOf(legs), 0) * taskCapital(state.task.params);
  const pnl = taskPnl(state.children, await realisedByChild(app.db, row.id), marks);
  const children = state.children.map(
    (c, i): ChildFigures => ({
      ...pnl.children[i]!,
      status: c.child.status,
      weight: c.child.weight,
      position: c.ledger.position,
    }),
  );
  return {
    state,
    marks,
    touches: [
      [quotes[0].bid, quotes[0].ask],
      [quotes[1].bid, quotes[1].ask],
    ],
    limit,
    position: sumPositions(
      children.map((c) => c.position),
      limit,
    ),
    children,
    realised: pnl.realised,
    unrealised: pnl.unrealised,
  };
}

/** Figures of the whole task, or of one child (its position and its trades). */
interface Figures {
  position: PositionData;
  realised: number;
  unrealised: number;
  marks: [number, number];
  closed: { amount: number; notional: number };
  capital: number;
}

/**
 * §3 Position statistics (our reading of the figures):
 * - task_virtual_position: the open position on leg A — price the average entry price (both
 *   directions), amount the coins held, earnings_amount the unrealised P/L at the current mid prices
 *   less the open fees (what the earnings curve adds to the realised P/L), earnings that in percent
 *   of the entry notional;
 * - task_virtual_earnings: what was closed — price the average close price of leg A, amount the coins
 *   closed on leg A, earnings_amount the realised P/L (Σ closed trades' pnl − fee), earnings that in
 *   percent of the capital (fund_occupy, a child's by weight).
 * The reply also carries the §3 position data (f, r, mt, pro_count, pro_rate) and `legs`: per open
 * leg its price, amount and unrealised USDT before fees (engine `virtualPosition`).
 */
function positionStatistics(f: Figures) {
  const { position: p } = f;
  const amount = p.f[0][1] + p.r[0][1];
  const entry = p.f[0][0] * p.f[0][1] + p.r[0][0] * p.r[0][1];
  return {
    task_virtual_position: {
      price: amount > 0 ? entry / amount : 0,
      amount,
      earnings_amount: f.unrealised,
      earnings: entry > 0 ? (100 * f.unrealised) / entry : 0,
    },
    task_virtual_earnings: {
      price: f.closed.amount > 0 ? f.closed.notional / f.closed.amount : 0,
      amount: f.closed.amount,
      earnings_amount: f.realised,
      earnings: f.capital > 0 ? (100 * f.realised) / f.capital : 0,
    },
    ...p,
    legs: virtualPosition(p, f.marks),
  };
}

async function ownTaskFigures(call: CallContext): Promise<{ row: TaskRow; figures: TaskFigures }> {
  const row = await ownTask(call);
  return { row, figures: await taskFigures(call.app, row) };
}

async function ownChildFigures(call: CallContext): Promise<{ row: TaskRow; child: ChildRow; figures: TaskFigures; mine: TaskFigures['children'][number] }> {
  const child = await findOwnChild(call.app.db, id(call.payload, 'childrenTaskId'), signedIn(call).id);
  if (!child) throw fail(CODE.notFound, 'err.childNotFound');
  const row = (await findOwnTask(call.app.db, child.task_id, child.user_id))!;
  const figures = await taskFigures(call.app, row);
  const mine = figures.children.find((c) => c.task_children_id === Number(child.id))!;
  return { row, child, figures, mine };
}

/** The stored earnings points (one a minute) and, last, the point now: realised + unrealised at the current prices. */
async function earningsCurve(call: CallContext, taskId: number, childId: number, now: number, value: number) {
  const points = (await earningsOf(call.app.db, taskId, childId)).filter((p) => Number(p.at) < now);
  return [...points.map((p) => ({ dateTime: formatSecond(Number(p.at)), earningsVal: Number(p.value) })), { dateTime: formatSecond(now), earningsVal: value }];
}

export const taskFigureHandlers: HandlerMap = {
  async taskPositionStatistics(call) {
    const { row, figures } = await ownTaskFigures(call);
    const closed = await closedLegA(call.app.db, row.id);
    return call.ok(positionStatistics({ ...figures, closed, capital: taskCapital(figures.state.task.params) }));
  },

  async taskChildrenPositionStatistics(call) {
    const { row, figures, mine } = await ownChildFigures(call);
    const closed = await closedLegA(call.app.db, row.id, mine.task_children_id);
    const weights = figures.children.map((c) => c.weight);
    const share = weights.reduce((a, b) => a + b, 0);
    const capital = (taskCapital(figures.state.task.params) * mine.weight) / (share || 1);
    return call.ok(positionStatistics({ ...mine, marks: figures.marks, closed, capital }));
  },

  async taskEarnings(call) {
    const { row, figures } = await ownTaskFigures(call);
    return call.ok(await earningsCurve(call, row.id, 0, call.app.clock.now(), figures.realised + figures.unrealised));
  },

  async taskChildrenEarnings(call) {
    const { row, mine } = await ownChildFigures(call);
    return call.ok(await earningsCurve(call, row.id, mine.task_children_id, call.app.clock.now(), mine.realised + mine.unrealised));
  },
};
