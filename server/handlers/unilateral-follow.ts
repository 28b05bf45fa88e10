/**
 * Follow tasks (spec §3 Follow task, §5 Follow task form, §7): one per API account of the one-sided
 * type (4), key apiId. The form is checked by the rules the console checks too (contract/rules/unilateral.ts) and
 * refused with its messages. Orders come from the runner (server/unilateral/runner.ts).
 */
import type { FollowRatePoint, FollowTaskData } from '#contract/types/follow-tasks';
import {
  DEFAULT_FOLLOW_UNIT,
  FOLLOW_STATE,
  FOLLOW_TARGET_STATES,
  ONE_CLICK_FOLLOW_TYPE,
  SIGNALS,
  flag,
  followFormProblems,
  isFollowDeletable,
  type FollowFormValues,
  type Signal,
} from '#contract/rules/unilateral';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import type { ConsoleKey } from '../http/messages';
import { id, idList, num, oneOf, optStr } from '../http/validate';
import { formatSecond } from '../clock/time';
import type { SessionUser } from '../http/auth';
import { findOwnApi, listApis, type ApiRow } from '../store/api-accounts';
import {
  deleteFollowTask,
  findFollowTask,
  followEquityOf,
  followTaskView,
  insertFollowTasks,
  pageFollowOrders,
  updateFollowSettings,
  type FollowSettings,
  type FollowTaskRow,
  type FollowTaskView,
  type StrategyRow,
} from '../store/unilateral';
import type { Queryable } from '../store/queryable';
import { adjustPosition, setFollowState, simPrice, triggerSignal } from '../unilateral/runner';
import { equityOf } from '../unilateral/engine';
import { followTaskOr404, isUnilateralAdmin, strategyOr404 } from './unilateral-access';
import { followFormView, followOrderView, followTaskItem, positionRows } from './unilateral-views';
import { visibleTasks } from './unilateral';

/** The form's userLevel: 1 for the unilateral admin (it sees and must fill in the priority), else 2. */
const userLevel = (user: SessionUser): number => (isUnilateralAdmin(user) ? 1 : 2);

/** The follow task form of a payload, checked with the contract's rules; the first problem is refused with its message. */
function formSettings(call: CallContext, user: SessionUser): FollowSettings {
  const values = call.payload as FollowFormValues;
  const problems = Object.values(followFormProblems(values, userLevel(user)));
  if (problems.length) throw invalid(problems[0] as ConsoleKey);
  const cost = (field: 'calculateCost' | 'initialCost') =>
    values[field] === undefined || values[field] === null || values[field] === '' ? null : Number(values[field]);
  return {
    strategy_id: id(call.payload, 'strategyId'),
    priority: userLevel(user) === 1 ? num(call.payload, 'priority', { integer: true, min: 0, max: 5 }) : 0,
    stop_loss: Number(values.stopLoss),
    archive_currency: optStr(call.payload, 'archiveCurrency', 16) ?? '',
    positive_leverage: Number(values.positiveLeverage),
    negative_leverage: Number(values.negativeLeverage),
    is_buy: flag(values.isBuy),
    is_sell: flag(values.isSell),
    calculate_cost: cost('calculateCost'),
    initial_cost: cost('initialCost'),
  };
}

/** The API an own follow task may run on: the user's, of the one-sided type (4). */
async function oneSidedApi(call: CallContext, user: SessionUser, apiId: number, db: Queryable = call.app.db): Promise<ApiRow> {
  const api = await findOwnApi(db, apiId, user.id);
  if (!api) throw fail(CODE.notFound, 'err.apiNotFound');
  if (api.status !== 4) throw invalid('err.apiNotOneSided');
  return api;
}

const newTask = (user: SessionUser, api: ApiRow, s: FollowSettings, unit: string, now: number): FollowTaskRow => ({
  ...s,
  api_id: api.id,
  user_id: user.id,
  status: FOLLOW_STATE.stop,
  unit,
  // the task's money: its initial cost, else its calculated cost, else the API's asset template
  cash: s.initial_cost || s.calculate_cost || api.asset_template,
  qty: 0,
  entry: 0,
  created_at: now,
});

const changed = (call: CallContext, strategyIds: number[]) => call.app.bus.emit('unilateral.changed', { strategyIds });

/** Rate-chart windows of /asset/imaging/get's layouts: 10 min, 1 h, 1 day, 1 week, 1 month; at most 180 points. */
const LAYOUT_MS: Record<number, number> = { 1: 600_000, 2: 3_600_000, 3: 86_400_000, 4: 7 * 86_400_000, 5: 30 * 86_400_000 };
const CHART_POINTS = 180;

async function myTask(call: CallContext, db: Queryable = call.app.db) {
  const user = signedIn(call);
  const task = await followTaskOr404(db, id(call.payload, 'apiId'), user);
  const strategy = await strategyOr404(db, task.strategy_id, user);
  return { user, task, strategy };
}

/** `work` on the caller's task and its strategy, both read inside its transaction (the runner may have just moved the book). */
const inTaskTransaction = <T>(call: CallContext, work: (tx: Queryable, task: FollowTaskView, strategy: StrategyRow) => Promise<T>) =>
  call.app.db.transaction(async (tx) => {
    const { task, strategy } = await myTask(call, tx);
    return work(tx, task, strategy);
  });

export const unilateralFollowHandlers: HandlerMap = {
  async unilateralApiList(call) {
    return call.ok((await visibleTasks(call.app.db, signedIn(call))).map(followTaskItem));
  },

  async accountPage(call) {
    const user = signedIn(call);
    const strategy = await strategyOr404(call.app.db, id(call.payload, 'strategyId'), user);
    return call.ok((await visibleTasks(call.app.db, user, strategy.id)).map(followTaskItem));
  },

  async followTaskAdd(call) {
    const user = signedIn(call);
    const { db, clock } = call.app;
    const settings = formSettings(call, user);
    const unit = optStr(call.payload, 'unit', 16) ?? DEFAULT_FOLLOW_UNIT;
    // the check that the API has no task yet and the insert in one transaction
    const task = await db.transaction(async (tx) => {
      const api = await oneSidedApi(call, user, id(call.payload, 'apiId'), tx);
      await strategyOr404(tx, settings.strategy_id, user);
      if (await findFollowTask(tx, api.id)) throw invalid('err.followTaskExists');
      await insertFollowTasks(tx, [newTask(user, api, settings, unit, clock.now())]);
      return (await followTaskView(tx, api.id))!;
    });
    changed(call, [settings.strategy_id]);
    return call.ok(followTaskItem(task), 'ok.add');
  },

  async followTaskUpdate(call) {
    const user = signedIn(call);
    const { db } = call.app;
    const settings = formSettings(call, user);
    // the position check and the write in one transaction: the runner cannot open a position in between
    const { before, after } = await db.transaction(async (tx) => {
      const task = await followTaskOr404(tx, id(call.payload, 'apiId'), user);
      await strategyOr404(tx, settings.strategy_id, user);
      // another strategy only without a position (change/task closes it first)
      if (settings.strategy_id !== task.strategy_id && task.qty !== 0) throw invalid('err.followTaskActive');
      await updateFollowSettings(tx, task.api_id, settings);
      return { before: task, after: (await followTaskView(tx, task.api_id))! };
    });
    changed(call, [before.strategy_id, settings.strategy_id]);
    return call.ok(followTaskItem(after), 'ok.update');
  },

  async followTaskDetail(call) {
    return call.ok(followFormView(await followTaskOr404(call.app.db, id(call.payload, 'apiId'), signedIn(call))));
  },

  async followTaskState(call) {
    const user = signedIn(call);
    const { db, clock, market } = call.app;
    const state = oneOf(call.payload, 'state', FOLLOW_TARGET_STATES);
    const apis = idList(call.payload, 'apis', { required: true });
    const strategyIds = new Set<number>();
    await db.transaction(async (tx) => {
      for (const apiId of apis) {
        const task = await followTaskOr404(tx, apiId, user);
        const strategy = await strategyOr404(tx, task.strategy_id, user);
        await setFollowState(tx, task, strategy, state, simPrice(market.sim), clock.now());
        strategyIds.add(strategy.id);
      }
    });
    changed(call, [...strategyIds]);
    return call.ok({ apis, state }, 'ok.generic');
  },

  async followTaskDelete(call) {
    const user = signedIn(call);
    const task = await call.app.db.transaction(async (tx) => {
      const found = await followTaskOr404(tx, id(call.payload, 'apiId'), user);
      if (!isFollowDeletable(found) || found.qty !== 0) throw invalid('err.followTaskActive');
      await deleteFollowTask(tx, found.api_id);
      return found;
    });
    changed(call, [task.strategy_id]);
    return call.ok(null, 'ok.delete');
  },

  async unilateralOneClickFollow(call) {
    const user = signedIn(call);
    const { db, clock, market } = call.app;
    oneOf(call.payload, 'type', [ONE_CLICK_FOLLOW_TYPE]);
    const strategy = await strategyOr404(db, id(call.payload, 'strategyId'), user);
    const now = clock.now();
    const free: ApiRow[] = [];
    for (const api of await listApis(db, user.id)) if (api.status === 4 && !(await findFollowTask(db, api.id))) free.push(api);
    // the form's defaults: leverage 1 both ways, long and short, no stop-loss, the API's asset template as its money
    const settings: FollowSettings = {
      strategy_id: strategy.id,
      priority: 0,
      stop_loss: 0,
      archive_currency: '',
      positive_leverage: 1,
      negative_leverage: 1,
      is_buy: 1,
      is_sell: 1,
      calculate_cost: null,
      initial_cost: null,
    };
    await db.transaction(async (tx) => {
      await insertFollowTasks(
        tx,
        free.map((api) => newTask(user, api, settings, DEFAULT_FOLLOW_UNIT, now)),
      );
      for (const api of free) await setFollowState(tx, (await findFollowTask(tx, api.id))!, strategy, FOLLOW_STATE.auto, simPrice(market.sim), now);
    });
    changed(call, [strategy.id]);
    return call.ok({ apiIds: free.map((api) => api.id) }, 'ok.follow');
  },

  async followOrderDetail(call) {
    const user = signedIn(call);
    const { db } = call.app;
    const apiIds = idList(call.payload, 'api_ids', { required: true });
    const tasks: FollowTaskView[] = [];
    for (const apiId of apiIds) tasks.push(await followTaskOr404(db, apiId, user));
    const number = num(call.payload, 'number', { integer: true, min: -100, max: 100 });
    const { rows } = await pageFollowOrders(db, apiIds, num(call.payload, 'recordId', { integer: true, nonNegative: true }), number);
    const byApi = new Map(tasks.map((t) => [t.api_id, t]));
    return call.ok(rows.map((o) => followOrderView(o, byApi.get(o.api_id)?.strategy_names ?? '', byApi.get(o.api_id)?.bourse_name ?? '')));
  },

  async followAssetRateChart(call) {
    const user = signedIn(call);
    const task = await followTaskOr404(call.app.db, id(call.payload, 'apiId'), user);
    const layout = oneOf(call.payload, 'layout', [1, 2, 3, 4, 5]);
    const rows = await followEquityOf(call.app.db, task.api_id, call.app.clock.now() - LAYOUT_MS[layout]!);
    // the last row of each of at most 180 buckets; the rate against the task's money at its start
    const step = Math.ceil(rows.length / CHART_POINTS);
    const picked = rows.filter((_, i) => (rows.length - 1 - i) % step === 0);
    const base = task.initial_cost || task.calculate_cost || rows[0]?.equity || 1;
    const points: FollowRatePoint[] = picked.map((r) => ({
      dateTime: formatSecond(r.at),
      equity: r.equity,
      rate: Number(((r.equity / base - 1) * 100).toFixed(4)),
    }));
    return call.ok(points);
  },

  async apiData(call) {
    const { task, strategy } = await myTask(call);
    const price = simPrice(call.app.market.sim)(strategy.coin, call.app.clock.now());
    const equity = equityOf(task, price);
    const base = task.initial_cost || task.calculate_cost || 0;
    const data: FollowTaskData = {
      apiId: task.api_id,
      strategy_id: task.strategy_id,
      status: task.status,
      equity: Number(equity.toFixed(4)),
      initial_cost: base,
      earnings: Number((equity - base).toFixed(4)),
      position: positionRows(strategy.coin, task.qty, task.entry, price, equity),
    };
    return call.ok(data);
  },

  async followChangeTask(call) {
    const user = signedIn(call);
    const { db, clock, market } = call.app;
    const next = await strategyOr404(db, id(call.payload, 'strategyId'), user);
    const { task, strategy } = await inTaskTransaction(call, async (tx, task, strategy) => {
      // the old strategy's position is closed; the task keeps its state and follows the new one
      await adjustPosition(tx, task, strategy, 0, simPrice(market.sim), clock.now());
      await updateFollowSettings(tx, task.api_id, { ...task, strategy_id: next.id });
      return { task, strategy };
    });
    changed(call, [strategy.id, next.id]);
    return call.ok(followTaskItem((await followTaskView(db, task.api_id))!), 'ok.update');
  },

  async followAdjustPosition(call) {
    const position = num(call.payload, 'position');
    const { orders, task, strategy } = await inTaskTransaction(call, async (tx, task, strategy) => ({
      orders: await adjustPosition(tx, task, strategy, position, simPrice(call.app.market.sim), call.app.clock.now()),
      task,
      strategy,
    }));
    changed(call, [strategy.id]);
    const last = orders.at(-1);
    return call.ok(last ? followOrderView(last, strategy.names, task.bourse_name ?? '') : null, 'ok.generic');
  },

  async followIndependentTrigger(call) {
    const type = oneOf(call.payload, 'type', SIGNALS) as Signal;
    const { orders, task, strategy } = await inTaskTransaction(call, async (tx, task, strategy) => ({
      orders: await triggerSignal(tx, task, strategy, type, simPrice(call.app.market.sim), call.app.clock.now()),
      task,
      strategy,
    }));
    changed(call, [strategy.id]);
    const last = orders.at(-1);
    if (!last) throw invalid('err.closeExceedsPosition', { position: task.qty });
    return call.ok(followOrderView(last, strategy.names, task.bourse_name ?? ''), 'ok.generic');
  },
};
