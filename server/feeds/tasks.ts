import type { AppContext } from '../context';
import { deliveryKeyOf, legsOf, mid, perDelivery, sumPositions, taskCapital, taskPnl, type PositionData, type TaskState } from '../engine';
import { enginePrices } from '../engine/prices';
import { subscribedIds, type FeedClient, type FeedGenerator, type FeedGenerators } from './socket-server';
import { loadState, ownTasks, realisedByChild, type TaskRow } from '../store/tasks';

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

const percent = (value: number): number => Math.round(value * 1e6) / 1e4;

/**
 * One task of the socket's reply (§7 "position, muldata, changeable, analysis, status"); our reading:
 * - `position`: the task's position data (§3: f, r, mt, pro_count, pro_rate = used share of the limit, 0–1);
 * - `muldata`: the money — realised, unrealised and earnings (their sum, the curve's last point) — and
 *   each child's position and P/L;
 * - `changeable`: whether the task may be configured or deleted now (not running, paused or closing,
 *   no status change under way);
 * - `analysis`: the premiums at the touch prices now, in percent, as the card lists them:
 *   f = (B bid − A ask) / A ask, r = (A bid − B ask) / B ask.
 */
export function taskLive(figures: TaskFigures) {
  const { state, touches } = figures;
  const [[aBid, aAsk], [bBid, bAsk]] = touches;
  return {
    id: state.task.id,
    status: state.task.status,
    position: figures.position,
    muldata: {
      realised: figures.realised,
      unrealised: figures.unrealised,
      earnings: figures.realised + figures.unrealised,
      children: figures.children,
    },
    changeable: ![1, 2, 3].includes(state.task.status) && state.pending_status === null,
    analysis: { f: percent((bBid - aAsk) / aAsk), r: percent((aBid - bAsk) / bAsk) },
  };
}


/** Pushes between a client's own messages: at most one a second (the engine ticks each second). */
const PUSH_GAP_MS = 1000;

interface Subscription {
  ids: Set<number>;
  lastAt: number;
}
const subscriptions = new WeakMap<FeedClient, Subscription>();

/**
 * /ts/websocket: every 3 s the console sends `{token, data: [task ids]}`; the reply is
 * `{code: 200, data: [taskLive…]}` for those of the ids that are the user's own tasks (another
 * user's ids are left out). Pushed again when one of them changes ('task.changed', the engine's
 * tick included), at most once a second.
 */
export const taskFeed: FeedGenerator = {
  async onMessage(client, text) {
    const ids = subscribedIds(text);
    subscriptions.set(client, { ids: new Set(ids), lastAt: client.app.clock.now() });
    const rows = await ownTasks(client.app.db, client.user.id, ids);
    const data = [];
    for (const row of rows) data.push(taskLive(await taskFigures(client.app, row)));
    return { code: 200, data };
  },
  onClose: (client) => void subscriptions.delete(client),
  pushOn: {
    'task.changed': (client, { userId, taskId }) => {
      const sub = subscriptions.get(client);
      const now = client.app.clock.now();
      if (!sub || userId !== client.user.id || !sub.ids.has(taskId) || now - sub.lastAt < PUSH_GAP_MS) return false;
      sub.lastAt = now;
      return true;
    },
  },
};

export const taskFeedGenerators: FeedGenerators = { task: taskFeed };
