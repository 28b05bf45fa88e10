import { taskFigures, type TaskFigures } from '../handlers/task-figures';
import { subscribedIds, type FeedClient, type FeedGenerator, type FeedGenerators } from './socket-server';
import { ownTasks } from '../store/tasks';
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
    const { app } = client;
    const rows = await ownTasks(app.db, client.user.id, ids);
    const health = await legHealthOfTasks(
      app.db,
      rows.map((row) => Number(row.id)),
      app.clock.now(),
      enginePrices(app.market.prices).prices,
    );
    const data = [];
    for (const row of rows) {
      data.push(taskLive(await taskFigures(app, row), health.get(Number(row.id))));
      // the task page subscribes to every task it shows (up to 1,000): others are served between pieces
      if (data.length % BREATH_EVERY === 0) await breather();
    }
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
