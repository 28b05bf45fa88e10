/**
 * The unilateral strategies (spec §7 Unilateral side): the list, state and visibility, names, the
 * statistics page (indicators, signal chart, asset rows, trades), monitoring and the signature token.
 * Follow tasks are in unilateral-follow.ts.
 */
import type {
  MonitoringEntry,
  SignalChart,
  SignalMark,
  UnilateralAllData,
  UnilateralChart,
  UnilateralPosition,
  UnilateralStrategy,
} from '#contract/types/unilateral';
import {
  CYCLE_MS,
  CYCLE_WINDOW_DAYS,
  MAX_SIGNAL_POINTS,
  MONITORING_VIEW,
  NEW_STRATEGY_FIELDS,
  PAGE_TYPE,
  STRATEGY_STATUS,
  STRATEGY_TARGET,
  isBuySignal,
  newStrategyProblem,
} from '#contract/rules/unilateral';
import { PAGING } from '#contract/rules/constants';
import { signedIn, type AppContext, type CallContext, type HandlerMap } from '../context';
import { invalid } from '../http/envelope';
import { breather } from '../http/lanes';
import { id, idList, num, oneOf, str } from '../http/validate';
import { formatSecond } from '../clock/time';
import type { Currency } from '../market';
import type { Queryable } from '../store/queryable';
import {
  equityOf,
  followTaskViews,
  insertUStrategy,
  listUStrategies,
  pageFollowOrders,
  pageTrades,
  pageUStrategies,
  renameUStrategy,
  setUStrategyState,
  setUStrategyTarget,
  tradeCount,
  tradesOf,
  tradesPage,
  type EquityRecord,
  type StrategyRow,
} from '../store/unilateral';
import { simPrice } from '../unilateral/runner';
import { instrumentOf } from '../unilateral/venue';
import { checkSign, signOf } from '../unilateral/sign';
import { cycleOf, followTaskOr404, isUnilateralAdmin, requireStrategyAction, strategyOr404, timeWindow } from './unilateral-access';
import { assetView, followOrderView, followTaskItem, positionRows, strategyIndicators, strategyView, tradeView } from './unilateral-views';
import type { SessionUser } from '../http/auth';
import type { ConsoleKey } from '../http/messages';

const PAGE = PAGING.unilateralPageSize;

/** The strategies a user sees (hidden ones only for the unilateral admin), each with the ids of the user's follow tasks on it. */
export async function visibleStrategies(db: Queryable, user: SessionUser): Promise<UnilateralStrategy[]> {
  const admin = isUnilateralAdmin(user);
  const rows = (await listUStrategies(db)).filter((row) => admin || row.target === 1);
  return strategyViews(db, user, rows);
}

async function strategyViews(db: Queryable, user: SessionUser, rows: StrategyRow[]): Promise<UnilateralStrategy[]> {
  const tasks = await visibleTasks(db, user);
  const views = [];
  for (const row of rows)
    views.push(
      await strategyView(
        db,
        row,
        tasks.filter((t) => t.strategy_id === row.id).map((t) => t.api_id),
      ),
    );
  return views;
}

/**
 * The follow tasks a user's lists show: its own, for every role (another user's task answers no call of
 * the caller's, so its list does not offer it; docs/AUTHORIZATION.md).
 */
export const visibleTasks = (db: Queryable, user: SessionUser, strategyId?: number) => followTaskViews(db, user.id, strategyId);

/**
 * The follow tasks the monitoring's API view shows: every user's to the unilateral admin (spec §2 the
 * monitoring page "visible to admins", §6 its status lights: a name and a dot each), else the user's own.
 */
const monitoredTasks = (db: Queryable, user: SessionUser) => followTaskViews(db, isUnilateralAdmin(user) ? null : user.id);

async function requireSign(call: CallContext): Promise<SessionUser> {
  const user = signedIn(call);
  if (!call.token || !(await checkSign(call.app.db, call.token, call.payload.sign))) throw invalid('err.sign');
  return user;
}

const changed = (call: CallContext, strategyIds: number[]) => call.app.bus.emit('unilateral.changed', { strategyIds });

/** ±20 (at most 100) and not 0. */
const pageNumber = (call: CallContext, field: string) => {
  const n = num(call.payload, field, { integer: true, min: -100, max: 100 });
  if (n === 0) throw invalid('err.range', { field, min: -100, max: 100 });
  return n;
};

/**
 * The longest window a signal chart spans, in points of its cycle: a year (366 days) of 1T. Past
 * MAX_SIGNAL_POINTS the answer keeps, of each run of consecutive points, the lowest and the highest price.
 */
export const MAX_SIGNAL_WINDOW_POINTS = 366 * 1440;
/** Cycle points priced (and equity rows read) between two breathers. */
const SIGNAL_CHUNK = 20_000;

/** The first point of `cycle` in the window and how many there are, refused past MAX_SIGNAL_WINDOW_POINTS. */
function cyclePoints(cycle: keyof typeof CYCLE_MS, from: number, to: number): { first: number; step: number; count: number } {
  const step = CYCLE_MS[cycle];
  const first = Math.ceil(from / step) * step;
  const count = Math.floor((to - first) / step) + 1;
  if (to <= from || count > MAX_SIGNAL_WINDOW_POINTS) throw invalid('err.timeWindow', { max: MAX_SIGNAL_WINDOW_POINTS });
  return { first, step, count: Math.max(0, count) };
}

/**
 * The price line of a window: every point of the cycle up to MAX_SIGNAL_POINTS; past it (a year of 1T is 525,600)
 * the points in runs of `run`, each run's lowest and highest kept in time order, so the answer stays at most
 * MAX_SIGNAL_POINTS and the line keeps its extremes: the chart draws at most 2 points a pixel anyway (LTTB).
 */
async function priceLine(price: (at: number) => number, first: number, step: number, count: number): Promise<{ at: number; price: number }[]> {
  const run = count > MAX_SIGNAL_POINTS ? Math.ceil(count / (MAX_SIGNAL_POINTS / 2)) : 1;
  const line: { at: number; price: number }[] = [];
  for (let start = 0; start < count; start += run) {
    let low = { at: first + start * step, price: price(first + start * step) };
    let high = low;
    for (let i = start + 1; i < Math.min(start + run, count); i += 1) {
      const at = first + i * step;
      const p = price(at);
      if (p < low.price) low = { at, price: p };
      if (p > high.price) high = { at, price: p };
    }
    if (low === high) line.push(low);
    else line.push(...(low.at < high.at ? [low, high] : [high, low]));
    if (start % SIGNAL_CHUNK < run && start > 0) await breather();
  }
  return line;
}

/** §3 Signal chart data over a window at a cycle (see SignalChart). */
async function signalChart(call: CallContext, strategy: StrategyRow): Promise<SignalChart> {
  const cycle = cycleOf(call.payload);
  const now = call.app.clock.now();
  const { from, to } = timeWindow(call.payload, now, CYCLE_WINDOW_DAYS[cycle]);
  const { first, step, count } = cyclePoints(cycle, from, to);
  const priceAt = simPrice(call.app.market.sim);
  const line = await priceLine((at) => priceAt(strategy.coin, at), first, step, count);
  // every trade of the window is a marker, however long the window
  const marks = (await tradesOf(call.app.db, strategy.id, from, to)).map(
    (t): SignalMark => ({ createtime: formatSecond(t.at), price: t.price, type: t.type, trade_num: t.qty }),
  );
  // the strategy's curve at the line's points: the last equity row at or before each, drawdown from the running
  // peak of every row of the window (read a slice at a time)
  const curve: SignalChart['curve'] = [];
  let peak = 0;
  let last: EquityRecord | undefined;
  let next = 0;
  const slice = SIGNAL_CHUNK * step;
  for (let sliceFrom = from - strategy.bar_ms; sliceFrom <= to && next < line.length; sliceFrom += slice) {
    const rows = await equityOf(call.app.db, strategy.id, sliceFrom, Math.min(to, sliceFrom + slice - 1));
    for (const row of rows) {
      while (next < line.length && line[next]!.at < row.at) pushCurve(curve, strategy, line[next++]!.at, last, peak);
      last = row;
      peak = Math.max(peak, row.equity);
    }
    await breather();
  }
  while (next < line.length) pushCurve(curve, strategy, line[next++]!.at, last, peak);
  return {
    cycle,
    market: line.map((p) => ({ createtime: formatSecond(p.at), price: p.price })),
    up_direction: marks.filter((m) => isBuySignal(m.type)),
    down_direction: marks.filter((m) => !isBuySignal(m.type)),
    curve,
  };
}

/** The curve's point at `at`: the strategy's last equity row then, its drawdown from the running `peak`. */
function pushCurve(curve: SignalChart['curve'], strategy: StrategyRow, at: number, row: EquityRecord | undefined, peak: number): void {
  if (!row) return;
  curve.push({
    time: formatSecond(at),
    position: row.position,
    earnings: Number((row.equity - strategy.initial_money).toFixed(2)),
    drawdown: peak > 0 ? Number((((peak - row.equity) / peak) * 100).toFixed(4)) : 0,
    price: row.price,
  });
}

/** The open position of a strategy at its last bar. */
const strategyPosition = (s: StrategyRow): UnilateralPosition[] =>
  positionRows(s.coin, s.qty, s.entry, s.qty !== 0 ? (s.last_equity - s.cash) / s.qty : 0, s.last_equity);

/** The monitoring dots of one view (1 strategy, 2 API, 3 K-line): derived from the strategies, the follow tasks and the market. */
export async function monitoring(app: Pick<AppContext, 'db' | 'clock' | 'market'>, user: SessionUser, view: number): Promise<MonitoringEntry[]> {
  const { db, clock, market } = app;
  const now = clock.now();
  const strategies = await listUStrategies(db);
  if (view === MONITORING_VIEW.strategy) {
    // running and up to date: green; running but more than two bars behind: red; paused: grey
    return strategies.map((s) => ({
      id: s.id,
      name: s.names,
      status: s.status !== 1 ? 0 : now - s.last_bar > 2 * s.bar_ms + 60_000 ? 2 : 1,
      info: `${s.coin.toUpperCase()} ${formatSecond(s.last_bar)}`,
      update_time: formatSecond(s.update_time),
    }));
  }
  if (view === MONITORING_VIEW.api) {
    // following (1, 3): green; stopped by its stop-loss (4): red; stopped or hedged (0, 2): grey
    return (await monitoredTasks(db, user)).map((t) => ({
      id: t.api_id,
      name: t.api_name,
      status: t.status === 4 ? 2 : t.status === 1 || t.status === 3 ? 1 : 0,
      info: t.strategy_names ?? '',
      update_time: formatSecond(t.created_at),
    }));
  }
  // K-line: each coin on each exchange; fresh: green, stale: red, traded by no running strategy: grey
  const traded = new Set(strategies.filter((s) => s.status === 1).map((s) => s.coin));
  const entries: MonitoringEntry[] = [];
  for (const exchange of [1, 2, 3] as const) {
    for (const coin of new Set(strategies.map((s) => s.coin))) {
      const quote = market.prices.quote(exchange, coin as Currency, exchange === 2 ? 4 : 5, now);
      entries.push({
        id: entries.length + 1,
        name: `${exchange}:${instrumentOf(coin)}`,
        status: !traded.has(coin) ? 0 : quote.validity > 0 ? 2 : 1,
        info: String(quote.last),
        update_time: formatSecond(quote.time),
      });
    }
  }
  return entries;
}

async function sign(call: CallContext) {
  signedIn(call);
  return call.ok({ sign: await signOf(call.app.db, call.token!) });
}

export const unilateralHandlers: HandlerMap = {
  async unilateralStrategyList(call) {
    return call.ok(await visibleStrategies(call.app.db, signedIn(call)));
  },

  async unilateralStrategyState(call) {
    const user = signedIn(call);
    const state = oneOf(call.payload, 'state', [0, 1] as const);
    requireStrategyAction(user, state === 1 ? 'start' : 'stop', state === 1 ? 'strategy_start' : 'strategy_stop');
    const strategyIds = idList(call.payload, 'strategyIds', { required: true });
    for (const strategyId of strategyIds) await strategyOr404(call.app.db, strategyId, user);
    await setUStrategyState(call.app.db, strategyIds, state, call.app.clock.now());
    changed(call, strategyIds);
    return call.ok({ strategyIds, state }, 'ok.generic');
  },

  async unilateralStrategyShow(call) {
    const user = signedIn(call);
    const target = oneOf(call.payload, 'target', [0, 1] as const);
    requireStrategyAction(user, target === 1 ? 'unhide' : 'hide', target === 1 ? 'strategy_show' : 'strategy_hide');
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), user);
    await setUStrategyTarget(call.app.db, strategy.id, target, call.app.clock.now());
    changed(call, [strategy.id]);
    return call.ok({ names: strategy.names, target }, 'ok.generic');
  },

  async unilateralStrategyUpdate(call) {
    const user = signedIn(call);
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), user);
    const names = str(call.payload, 'names', 64);
    const target = oneOf(call.payload, 'target', [0, 1] as const);
    if (target !== strategy.target) requireStrategyAction(user, target === 1 ? 'unhide' : 'hide', target === 1 ? 'strategy_show' : 'strategy_hide');
    await renameUStrategy(call.app.db, strategy.id, names, target, call.app.clock.now());
    changed(call, [strategy.id]);
    return call.ok({ names, target }, 'ok.update');
  },

  /** A new strategy, paused and shown: it runs its bars from the one it is started in (server/unilateral/runner.ts). */
  async unilateralStrategyAdd(call) {
    const values = call.payload as Record<string, unknown>;
    for (const field of NEW_STRATEGY_FIELDS) {
      const problem = newStrategyProblem(field, values);
      if (problem) throw invalid(problem as ConsoleKey);
    }
    const now = call.app.clock.now();
    const barMs = Number(values.barMinutes) * 60_000;
    const initial = Number(values.initialMoney);
    const strategyId = await insertUStrategy(call.app.db, {
      names: String(values.names).trim(),
      status: STRATEGY_STATUS.paused,
      target: STRATEGY_TARGET.shown,
      coin: String(values.coin),
      bar_ms: barMs,
      fast: Number(values.fast),
      slow: Number(values.slow),
      initial_money: initial,
      cash: initial,
      qty: 0,
      entry: 0,
      last_bar: Math.floor(now / barMs) * barMs,
      last_equity: initial,
      update_time: now,
    });
    changed(call, [strategyId]);
    return call.ok({ id: strategyId }, 'ok.add');
  },

  async unilateralStrategyReproduction(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    return call.ok({ names: strategy.names, target: strategy.target === 1 ? 1 : 0 });
  },

  async unilateralAllData(call) {
    const user = await requireSign(call);
    const { db } = call.app;
    const data: UnilateralAllData = { strategy: await visibleStrategies(db, user), task: (await visibleTasks(db, user)).map(followTaskItem) };
    return call.ok(data);
  },

  async unilateralChartData(call) {
    const user = await requireSign(call);
    const data: UnilateralChart[] = (await visibleStrategies(call.app.db, user)).map((s) => ({ id: s.id, chart_data: s.chart_data }));
    return call.ok(data);
  },

  async unilateralPageData(call) {
    const user = await requireSign(call);
    const { db } = call.app;
    const types = oneOf(call.payload, 'types', [PAGE_TYPE.strategies, PAGE_TYPE.orders, PAGE_TYPE.trades]);
    const edge = num(call.payload, 'ids', { integer: true, nonNegative: true });
    const number = pageNumber(call, 'number');
    if (types === PAGE_TYPE.strategies) {
      const { rows, total } = await pageUStrategies(db, edge, number, !isUnilateralAdmin(user));
      return call.ok({ list: await strategyViews(db, user, rows), total });
    }
    if (types === PAGE_TYPE.orders) {
      const task = await followTaskOr404(db, id(call.payload, 'apiId'), user);
      const { rows, total } = await pageFollowOrders(db, [task.api_id], edge, number);
      return call.ok({ list: rows.map((o) => followOrderView(o, task.strategy_names ?? '', task.bourse_name ?? '')), total });
    }
    const strategy = await strategyOr404(db, id(call.payload, 'strategyId'), user);
    const { rows, total } = await pageTrades(db, strategy.id, edge, number);
    return call.ok({ list: rows.map(tradeView), total });
  },

  async unilateralRetreatIndicators(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    return call.ok(await strategyIndicators(call.app.db, strategy));
  },

  async unilateralTransactionIdentifier(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    return call.ok(await signalChart(call, strategy));
  },

  async internalKline(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    return call.ok((await signalChart(call, strategy)).market);
  },

  async unilateralMonitoringDetail(call) {
    const user = signedIn(call);
    const view = oneOf(call.payload, 'target', [MONITORING_VIEW.strategy, MONITORING_VIEW.api, MONITORING_VIEW.kline]);
    return call.ok(await monitoring(call.app, user, view));
  },

  async strategyData(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    const { db, clock } = call.app;
    const { from, to } = timeWindow(call.payload, clock.now(), CYCLE_WINDOW_DAYS['1D']);
    const position = strategyPosition(strategy);
    return call.ok({
      assets: (await equityOf(db, strategy.id, from, to)).map(assetView),
      position: position.slice(0, PAGE),
      trade: (await tradesPage(db, strategy.id, 1, PAGE)).map(tradeView),
      position_len: position.length,
      trade_len: await tradeCount(db, strategy.id),
    });
  },

  async pagesData(call) {
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), signedIn(call));
    const types = oneOf(call.payload, 'types', [1, 2] as const);
    const page = num(call.payload, 'page', { integer: true, min: 1 });
    if (types === 1) {
      const position = strategyPosition(strategy);
      return call.ok({ list: position.slice((page - 1) * PAGE, page * PAGE), total: position.length });
    }
    return call.ok({ list: (await tradesPage(call.app.db, strategy.id, page, PAGE)).map(tradeView), total: await tradeCount(call.app.db, strategy.id) });
  },

  signGet: sign,
  /** the same token for the second host of the product (§7 shows both paths, not how they differ). */
  signGet2: sign,
};
