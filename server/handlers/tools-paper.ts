import type { PaperOrder, PaperRun } from '#contract/types/paper';
import type { ParamValue } from '#contract/types/tasks';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { formatSecond } from '../clock/time';
import { instrumentId, legsOf, virtualPosition, type OrderRecord, type TaskParams, type TaskState } from '../engine';
import { legSign } from '../engine/ledger';
import { enginePrices } from '../engine/prices';
import { CODE, fail, invalid } from '../http/envelope';
import { id, jsonObject, optNum, optStr } from '../http/validate';
import type { SessionUser } from '../http/auth';
import { advanceRun, equityOf, marksOf, startRun, tryParams } from '../paper/runs';
import { countOrders, countRunning, DEMO_USER, findRun, pageOrders, pageRuns, pointsOf, type PaperRunRow } from '../store/paper';
import { findStrategy } from '../store/strategies';
import type { Queryable } from '../store/queryable';

/**
 * Paper trading (tools-paper): the temporary strategy page starts and stops paper runs of a
 * library strategy's parameters (`paperStart`, `paperStop`), /simulate lists them with their curves
 * (`simulatedData`) and orders (`simulatedOrderDetail`). The arithmetic is the task engine's
 * (server/paper/runs.ts steps it); a run is stepped to the clock's now whenever it is read.
 */

/** Paper runs one user may have running at once: each read steps them all. */
export const MAX_RUNNING = 5;
const PAGE = 10;
const ORDER_PAGE = 20;

const round = (value: number, digits = 8): number => Number(value.toFixed(digits));

/** A run as the console reads it: the figures at the last instant stepped, the ledger's parts, the curve. */
async function runView(call: CallContext, db: Queryable, run: PaperRunRow): Promise<PaperRun> {
  const state = JSON.parse(run.state) as TaskState;
  const params = state.task.params;
  const { prices, expiry } = enginePrices(call.app.market.prices);
  const at = run.stepped_at;
  const marks = marksOf(prices, params, at);
  const legs = legsOf(params);
  const position = state.children.flatMap((c) =>
    virtualPosition(c.ledger.position, marks).map((p) => ({
      leg: p.leg,
      direction: p.direction,
      instrument_id: instrumentId(legs[p.leg], expiry(legs[p.leg], at)),
      side: legSign(p.direction, p.leg),
      amount: p.amount,
      price: p.price,
      mark: marks[p.leg],
      pnl: p.earnings_amount,
    })),
  );
  const openPnl = position.reduce((sum, p) => sum + p.pnl, 0);
  const equity = equityOf(run, state, marks);
  const points = await pointsOf(db, run.id);
  if (points.at(-1)?.at !== at) points.push({ at, equity });
  return {
    id: run.id,
    name: run.name,
    strategy_id: run.strategy_id,
    strategy_name: run.strategy_name,
    params: JSON.parse(run.params) as Record<string, ParamValue>,
    demo: run.user_id === DEMO_USER,
    running: run.running === 1,
    started_at: formatSecond(run.started_at),
    stepped_at: formatSecond(at),
    ends_at: formatSecond(run.ends_at),
    initial: run.initial,
    equity: round(equity),
    pnl: round(run.pnl),
    fees: round(run.fees),
    open_pnl: round(openPnl),
    orders: await countOrders(db, run.id),
    position,
    curve: points.map((p) => ({ at: formatSecond(p.at), equity: round(p.equity, 4) })),
  };
}

const orderView = (o: OrderRecord): PaperOrder => ({
  client_id: o.client_id,
  pairing_id: o.pairing_id,
  createtime: formatSecond(o.createtime),
  leg: o.leg,
  instrument_id: o.cparam.instrument_id,
  bourse_name: o.cparam.bourse_name,
  direction: o.direction,
  action: o.action,
  otype: o.cparam.otype,
  order_type: o.cparam.order_type,
  status_: o.status_,
  price: o.cparam.price,
  amount: o.cparam.amount,
  deal_price: o.result.deal_price,
  deal_amount: o.result.deal_amount,
  fee: o.result.fee,
});

/** A run the user sees (own or demo), stepped to now. */
async function visibleRun(call: CallContext, db: Queryable, user: SessionUser, runId: number): Promise<PaperRunRow> {
  const run = await findRun(db, runId);
  if (!run || (run.user_id !== user.id && run.user_id !== DEMO_USER)) throw fail(CODE.notFound, 'err.paperRunNotFound');
  return (await advanceRun(db, call.app.market.prices, run.id, call.app.clock.now()))!;
}

/** The strategy's default params with the given ones over them, checked by the engine itself. */
async function runParams(call: CallContext, defaults: Record<string, unknown>): Promise<TaskParams> {
  const given = jsonObject(call.payload, 'params');
  const params = { ...defaults, ...given } as TaskParams;
  const capital = Number(params.virtual_initial_capital);
  if (!Number.isFinite(capital) || capital <= 0) throw invalid('err.paperParams', { problem: 'virtual_initial_capital > 0' });
  try {
    await tryParams(call.app.db, call.app.market.prices, params, call.app.clock.now());
  } catch (error) {
    throw invalid('err.paperParams', { problem: error instanceof Error ? error.message.slice(0, 120) : 'engine' });
  }
  return params;
}

export const toolsPaperHandlers: HandlerMap = {
  async simulatedData(call) {
    const user = signedIn(call);
    const runId = optNum(call.payload, 'runId', { integer: true, positive: true });
    const page = optNum(call.payload, 'page', { integer: true, min: 1 }) ?? 1;
    const size = optNum(call.payload, 'pageSize', { integer: true, min: 1, max: 50 }) ?? PAGE;
    const reply = await call.app.db.transaction(async (db) => {
      if (runId !== undefined) return { list: [await runView(call, db, await visibleRun(call, db, user, runId))], total: 1 };
      const { rows, total } = await pageRuns(db, user.id, page, size);
      const now = call.app.clock.now();
      const list: PaperRun[] = [];
      for (const row of rows) list.push(await runView(call, db, row.running ? (await advanceRun(db, call.app.market.prices, row.id, now))! : row));
      return { list, total };
    });
    return call.ok(reply);
  },

  async simulatedOrderDetail(call) {
    const user = signedIn(call);
    const runId = id(call.payload, 'runId');
    const page = optNum(call.payload, 'page', { integer: true, min: 1 }) ?? 1;
    const size = optNum(call.payload, 'pageSize', { integer: true, min: 1, max: 100 }) ?? ORDER_PAGE;
    const reply = await call.app.db.transaction(async (db) => {
      const run = await visibleRun(call, db, user, runId);
      const { rows, total } = await pageOrders(db, run.id, page, size);
      return { list: rows.map(orderView), total };
    });
    return call.ok(reply);
  },

  async paperStart(call) {
    const user = signedIn(call);
    const { db, clock } = call.app;
    const strategy = await findStrategy(db, id(call.payload, 'strategyId'));
    if (!strategy) throw fail(CODE.notFound, 'err.strategyNotFound');
    const params = await runParams(call, JSON.parse(strategy.default_params) as Record<string, unknown>);
    const name = optStr(call.payload, 'name', 64) ?? strategy.name;
    const run = await db.transaction(async (tx) => {
      if ((await countRunning(tx, user.id, clock.now())) >= MAX_RUNNING) throw invalid('err.paperRunsLimit', { max: MAX_RUNNING });
      const runId = await startRun(tx, { userId: user.id, strategyId: strategy.id, strategyName: strategy.name, name, params, startedAt: clock.now() });
      return runView(call, tx, (await findRun(tx, runId))!);
    });
    return call.ok(run, 'ok.paperStart');
  },

  async paperStop(call) {
    const user = signedIn(call);
    const runId = id(call.payload, 'runId');
    const run = await call.app.db.transaction(async (db) => {
      const row = await findRun(db, runId);
      if (!row || row.user_id !== user.id) throw fail(CODE.notFound, 'err.paperRunNotFound');
      const stopped = (await advanceRun(db, call.app.market.prices, row.id, call.app.clock.now(), true))!;
      return runView(call, db, stopped);
    });
    return call.ok(run, 'ok.paperStop');
  },
};
