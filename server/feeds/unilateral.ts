import { MONITORING_VIEW, TREND_POINTS } from '#contract/rules/unilateral';
import type { MonitoringEntry } from '#contract/types/unilateral';
import type { FollowTask } from '#contract/types/follow-tasks';
import type { UnilateralStrategyLive } from '#contract/types/feeds';
import { monitoring, visibleTasks } from '../handlers/unilateral';
import { isUnilateralAdmin } from '../handlers/unilateral-access';
import { followTaskItem, strategyFields, trendOf } from '../handlers/unilateral-views';
import { equityOf, lastEquity, lastTradeAt, listUStrategies, type StrategyRow } from '../store/unilateral';
import type { Queryable } from '../store/queryable';
import { breather } from '../http/lanes';
import type { FeedClient, FeedGenerator, FeedGenerators } from './socket-server';

/** What one socket was last sent of a strategy: its stored row (an unchanged row is an unchanged view), its fields' JSON, its trend's last point. */
interface SentStrategy {
  row: string;
  initialMoney: number;
  fields: Map<string, string>;
  /** the time of the last trend point sent, null when it had none */
  trendAt: number | null;
}

/** What one socket was last sent, to send it only what changed since. */
interface Sent {
  strategies: Map<number, SentStrategy>;
  tasks: Map<number, string>;
  monitoring: Map<number, Map<number, string>>;
}

const sentTo = new WeakMap<FeedClient, Sent>();
/** strategies read between two breathers */
const BREATH_EVERY = 100;
const VIEWS = [MONITORING_VIEW.strategy, MONITORING_VIEW.api, MONITORING_VIEW.kline] as const;

/** A strategy as the feed carries it: its id and fields, with its trend whole (`chart_data`) or its new points (`chart_append`). */
type StrategyPatch = { id: number } & Partial<UnilateralStrategyLive>;

/**
 * A strategy's view, whole (no `before`), or what changed since `before` (undefined: nothing). The trend of a
 * strategy that was sent one grows by the equity rows after its last point (`chart_append`), read alone:
 * earlier points never change (equity rows are only added; initial_money is set once).
 */
async function strategyPatch(db: Queryable, row: StrategyRow, taskIds: number[], before: SentStrategy | undefined) {
  const rowKey = JSON.stringify([row, taskIds]);
  if (before && before.row === rowKey) return { patch: undefined, sent: before };
  const appended = before && before.trendAt !== null && before.initialMoney === row.initial_money ? await equityOf(db, row.id, before.trendAt + 1) : undefined;
  const grows = appended !== undefined && appended.length < TREND_POINTS;
  const points = grows ? appended : (appended?.slice(-TREND_POINTS) ?? (await lastEquity(db, row.id, TREND_POINTS)));
  const fields = strategyFields(row, taskIds, await lastTradeAt(db, row.id), grows || points.length > 0);
  const sent: SentStrategy = {
    row: rowKey,
    initialMoney: row.initial_money,
    fields: new Map(),
    trendAt: points.at(-1)?.at ?? (grows ? before!.trendAt : null),
  };
  const patch: StrategyPatch = { id: row.id };
  for (const [field, value] of Object.entries(fields)) {
    const text = JSON.stringify(value);
    sent.fields.set(field, text);
    if (before?.fields.get(field) !== text) Object.assign(patch, { [field]: value });
  }
  if (!grows) patch.chart_data = JSON.stringify(trendOf(row, points));
  else if (points.length) patch.chart_append = trendOf(row, points);
  return { patch: Object.keys(patch).length > 1 ? patch : undefined, sent };
}

/** The entries (by id) that differ from what was sent; `removed` when one that was sent is gone. */
function changedEntries<T extends { id: number }>(items: readonly T[], before: Map<number, string> | undefined) {
  const sent = new Map<number, string>();
  const changed: T[] = [];
  for (const item of items) {
    const text = JSON.stringify(item);
    sent.set(item.id, text);
    if (before?.get(item.id) !== text) changed.push(item);
  }
  const removed = !!before && [...before.keys()].some((id) => !sent.has(id));
  return { changed, sent, removed };
}

/**
 * One reply of the feed to a client: whole (the first on its socket, or after something it was sent is gone:
 * a strategy hidden from it, a follow task deleted), else `partial`: only the strategies that changed since its
 * previous reply, each with only its changed fields (and its trend's new points), the follow tasks and
 * monitoring entries that changed, whole; nothing at all when nothing changed.
 */
async function reply(client: FeedClient): Promise<unknown> {
  const { app, user } = client;
  const admin = isUnilateralAdmin(user);
  const before = sentTo.get(client);
  const rows = (await listUStrategies(app.db)).filter((row) => admin || row.target === 1);
  const tasks: FollowTask[] = (await visibleTasks(app.db, user)).map(followTaskItem);
  const monitoringViews = admin ? await Promise.all(VIEWS.map((view) => monitoring(app, user, view))) : [];

  const taskDiff = changedEntries(tasks, before?.tasks);
  const viewDiffs = monitoringViews.map((entries, i) => changedEntries<MonitoringEntry>(entries, before?.monitoring.get(VIEWS[i]!)));
  const ids = new Set(rows.map((row) => row.id));
  const gone = !!before && [...before.strategies.keys()].some((id) => !ids.has(id));
  const whole = !before || gone || taskDiff.removed || viewDiffs.some((diff) => diff.removed);
  const previous = whole ? undefined : before;

  const strategy: StrategyPatch[] = [];
  const strategies = new Map<number, SentStrategy>();
  let read = 0;
  const taskIdsOf = new Map<number, number[]>();
  for (const t of tasks) taskIdsOf.set(t.strategy_id, [...(taskIdsOf.get(t.strategy_id) ?? []), t.id]);
  for (const row of rows) {
    const taskIds = taskIdsOf.get(row.id) ?? [];
    const { patch, sent } = await strategyPatch(app.db, row, taskIds, previous?.strategies.get(row.id));
    strategies.set(row.id, sent);
    if (patch) strategy.push(patch);
    // a strategy that changed costs its reads (a whole answer's ~0.5 ms each): others are served between pieces
    if (sent !== previous?.strategies.get(row.id) && ++read % BREATH_EVERY === 0) await breather();
  }
  sentTo.set(client, { strategies, tasks: taskDiff.sent, monitoring: new Map(VIEWS.map((view, i) => [view, viewDiffs[i]?.sent ?? new Map()])) });

  const task = whole ? tasks : taskDiff.changed;
  const views = viewDiffs.map((d, i) => (whole ? monitoringViews[i]! : d.changed));
  if (!whole && strategy.length === 0 && task.length === 0 && views.every((v) => v.length === 0)) return undefined;
  const partial = whole ? {} : { partial: true };
  if (admin) {
    const [s, api, kline] = views;
    return { strategy: { strategy, monitoring: { strategy: s, api, kline } }, api: task, ...partial };
  }
  return { code: 200, info: 'ok', data: { strategy }, task, ...partial };
}

/**
 * /web/all/data?token= (spec §7): every message of the client (the console sends its subscription on open) is
 * answered, and the answer pushed again to every subscriber on 'unilateral.changed' (the runner ran a bar, a
 * strategy or follow task changed). The unilateral admin gets the second shape, `{strategy: {strategy,
 * monitoring: {strategy, api, kline}}, api}`, with the three monitoring views; everyone else the first, `{code,
 * data: {strategy}, task}` (one message each: the second shape carries all the first does). After a socket's
 * first answer, each one carries what changed since the one before (`partial: true`; see `reply`).
 */
export const unilateralFeed: FeedGenerator = {
  onMessage: (client) => reply(client),
  pushOn: { 'unilateral.changed': true },
};

export const unilateralFeedGenerators: FeedGenerators = { unilateral: unilateralFeed };
