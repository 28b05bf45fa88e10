import { taskFigures, type TaskFigures } from '../handlers/task-figures';
import { subscribedIds, type FeedClient, type FeedGenerator, type FeedGenerators } from './socket-server';
import { countTasks, ownTasks } from '../store/tasks';
import { legHealthOfTasks } from '../ledger/leg-health';
import { enginePrices } from '../engine/prices';
import type { TaskLegHealth } from '#contract/rules/leg-health';
import { breather } from '../http/lanes';

const percent = (value: number): number => Math.round(value * 1e6) / 1e4;

/**
 * One task of the socket's reply (§7 "position, muldata, changeable, analysis, status"); our reading:
 * - `position`: the task's position data (§3: f, r, mt, pro_count, pro_rate = used share of the limit, 0–1);
 * - `muldata`: the money — realised, unrealised and earnings (their sum, the curve's last point) — and
 *   each child's position and P/L;
 * - `changeable`: whether the task may be configured or deleted now (not running, paused or closing,
 *   no status change under way);
 * - `analysis`: the premiums at the touch prices now, in percent, as the card lists them:
 *   f = (B bid − A ask) / A ask, r = (A bid − B ask) / B ask;
 * - `leg_health` (the console's own addition): the task's leg health and its children's
 *   (`legHealthOfTasks`, contract/rules/leg-health.ts).
 */
export function taskLive(figures: TaskFigures, legHealth?: TaskLegHealth) {
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
    ...(legHealth ? { leg_health: legHealth } : {}),
  };
}

/** Tasks figured between two breaths of a reply (one reply never holds the server for long). */
const BREATH_EVERY = 50;

/** Pushes between a client's own messages: at most one a second (the engine ticks each second). */
const PUSH_GAP_MS = 1000;

interface Subscription {
  ids: Set<number>;
  lastAt: number;
  /** what this socket was last sent of each subscribed task (its taskLive as JSON): a reply carries the others only when they differ */
  sent: Map<number, string>;
}
const subscriptions = new WeakMap<FeedClient, Subscription>();

/** The client's subscription to `ids`: what it was sent is kept for the ids it still names and forgotten for the others. */
function subscribe(client: FeedClient, ids: readonly number[]): Subscription {
  const wanted = new Set(ids);
  const before = subscriptions.get(client);
  const sent = new Map([...(before?.sent ?? [])].filter(([id]) => wanted.has(id)));
  const sub = { ids: wanted, lastAt: client.app.clock.now(), sent };
  subscriptions.set(client, sub);
  return sub;
}

/**
 * /ts/websocket: every 3 s the console sends `{token, data: [task ids]}`, the ids of the cards on screen;
 * the reply is `{code: 200, data: [taskLive…], counter}`: of those ids that are the user's own tasks
 * (another user's are left out), the ones whose figures differ from what this socket was last sent of them
 * (all of them the first time an id is subscribed), and the user's running/total over every task. Pushed
 * again when one of them changes ('task.changed', the engine's tick included), at most once a second. So a
 * push grows with what is on screen and what changed, not with the user's number of tasks.
 */
export const taskFeed: FeedGenerator = {
  async onMessage(client, text) {
    const sub = subscribe(client, subscribedIds(text));
    const { app } = client;
    const rows = await ownTasks(app.db, client.user.id, [...sub.ids]);
    const health = await legHealthOfTasks(
      app.db,
      rows.map((row) => Number(row.id)),
      app.clock.now(),
      enginePrices(app.market.prices).prices,
    );
    const data = [];
    const sending = new Map<number, string>();
    for (const [i, row] of rows.entries()) {
      const live = taskLive(await taskFigures(app, row), health.get(Number(row.id)));
      const json = JSON.stringify(live);
      if (sub.sent.get(live.id) !== json) {
        sending.set(live.id, json);
        data.push(live);
      }
      // a subscription may name up to MAX_LIST_ITEMS tasks: others are served between pieces
      if ((i + 1) % BREATH_EVERY === 0) await breather();
    }
    const counter = await countTasks(app.db, client.user.id);
    // counted as sent once the whole reply is made (a reply that fails leaves them to the next)
    for (const [id, json] of sending) sub.sent.set(id, json);
    return { code: 200, data, counter };
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
