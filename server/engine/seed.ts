import { recordFills } from '../asset-accounts';
import type { AppContext } from '../context';
import { listApis } from '../store/api-accounts';
import { seedOnce } from '../store/meta';
import { listStrategies } from '../store/strategies';
import { insertChild, insertChange, insertTask, loadState, findTask, saveStep, TickWriter, type TaskRow } from '../store/tasks';
import { findUserByName } from '../store/users';
import { requestStatus, seededRng, stepTask, type TaskParams } from './index';
import { advance, earningsPoints, engineInputs, enginePrices } from './runner';

/**
 * Demo tasks of a first start (issue 9): admin and trader each have running tasks with children and
 * a day of trading behind them, and stopped ones, so every task page shows real data at once.
 *
 * The history is made by the engine itself, not drawn: each task with history is stepped with
 * `stepTask` over the past day in coarse steps (STEP_MS) at the prices of the server's market, and
 * every step is written as the runner writes a tick (`saveStep`, earnings points each step). So the
 * orders, fills, closed trades, positions and curve agree exactly as live ones do; the runner then
 * carries on from the state written. One task is closed (close position, §4 status 1) two hours
 * before now and so ends stopped and flat.
 */
const DAY_MS = 24 * 60 * 60_000;
const STEP_MS = 60_000;
const CLOSED_BEFORE_MS = 2 * 60 * 60_000;

interface DemoTask {
  user: 'admin' | 'trader';
  name: string;
  params: Partial<TaskParams>;
  /** child weights; each child has the user's account on leg A's exchange and on leg B's */
  children: number[];
  /** 'running': a day of history, still running; 'closed': a day of history, closed 2 h ago; 'stopped': never run */
  kind: 'running' | 'closed' | 'stopped';
}

/**
 * dlt/close_dlt chosen from the simulation's spreads (seed 'arbitrage') so the tasks open and close
 * several times a day; after the costs (fees, slippage) some round trips lose, as real ones do.
 */
const DEMO_TASKS: DemoTask[] = [
  { user: 'admin', name: 'BTC 现货/季度', kind: 'running', children: [1, 2], params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 4, dlt: { CW: 0.004, NW: 0.004, CQ: 0.006, NQ: 0.006 }, close_dlt: 0.011 } },
  { user: 'admin', name: 'ETH 现货/季度', kind: 'running', children: [1], params: { currency_type: 'eth', a_bourse: 1, a_transaction_type: 1, b_bourse: 1, b_transaction_type: 4, dlt: { CW: 0.003, NW: 0.003, CQ: 0.004, NQ: 0.004 }, close_dlt: 0.008 } },
  { user: 'admin', name: 'BTC 当周/当周', kind: 'closed', children: [1, 1], params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 2, b_bourse: 2, b_transaction_type: 2, dlt: { CW: -0.003, NW: -0.003, CQ: -0.003, NQ: -0.003 }, close_dlt: -0.002 } },
  { user: 'admin', name: 'EOS 现货/季度', kind: 'stopped', children: [], params: { currency_type: 'eos', a_bourse: 1, a_transaction_type: 1, b_bourse: 2, b_transaction_type: 4 } },
  { user: 'trader', name: 'BTC 现货/季度 OKEx', kind: 'running', children: [1], params: { currency_type: 'btc', a_bourse: 1, a_transaction_type: 1, b_bourse: 1, b_transaction_type: 4, dlt: { CW: 0.003, NW: 0.003, CQ: 0.007, NQ: 0.007 }, close_dlt: 0.0125 } },
  { user: 'trader', name: 'ETH 当周/季度', kind: 'stopped', children: [], params: { currency_type: 'eth', a_bourse: 1, a_transaction_type: 2, b_bourse: 1, b_transaction_type: 4 } },
];

export async function seedDemoTasks(ctx: AppContext, now: number): Promise<void> {
  const { db } = ctx;
  await seedOnce(db, 'tasks', now, async () => {
    const strategy = (await listStrategies(db)).find((s) => s.name === 'arbitrage 2');
    if (!strategy) return;
    const defaults = JSON.parse(strategy.default_params) as TaskParams;
    const { prices, expiry } = enginePrices(ctx.market.prices);
    const inputs = await engineInputs(db, expiry);
    const rng = seededRng(20261124);
    for (const demo of DEMO_TASKS) {
      const user = await findUserByName(db, demo.user);
      if (!user) continue;
      const apis = await listApis(db, user.id);
      const start = demo.kind === 'stopped' ? now : now - DAY_MS;
      const params = { ...defaults, ...demo.params } as TaskParams;
      const taskId = await insertTask(db, { userId: user.id, strategyId: Number(strategy.id), strategyName: strategy.name, name: demo.name, params, createdAt: start - 60 * 60_000 });
      await insertChange(db, { taskId, userId: user.id, changeType: 'add', before: undefined, after: { name: demo.name, params }, at: start - 60 * 60_000 });
      const accountOn = (bourse: number) => apis.find((a) => Number(a.bourse_id) === bourse);
      for (const weight of demo.children) {
        const [a, b] = [accountOn(Number(params.a_bourse)), accountOn(Number(params.b_bourse))];
        if (a && b) await insertChild(db, { taskId, weight, apiA: Number(a.id), apiB: Number(b.id), createdAt: start - 30 * 60_000 });
      }
      if (demo.kind === 'stopped') continue;
      await db.run('UPDATE task_children SET status = 2 WHERE task_id = ?', [taskId]);
      await db.run('UPDATE task_tasks SET status = 2, active = 1 WHERE id = ?', [taskId]);
      await insertChange(db, { taskId, userId: user.id, changeType: 'status', before: 4, after: 2, at: start });
      await history(ctx, (await findTask(db, taskId))!, demo.kind === 'closed', start, now, { inputs, prices, rng });
    }
  });
}

/** Steps a task from `start` to `now` (STEP_MS apart), written as the runner writes its ticks. */
async function history(
  ctx: AppContext,
  row: TaskRow,
  close: boolean,
  start: number,
  now: number,
  engine: { inputs: Awaited<ReturnType<typeof engineInputs>>; prices: ReturnType<typeof enginePrices>['prices']; rng: () => number },
): Promise<void> {
  const kept = { state: await loadState(ctx.db, row), realised: new Map<number, number>(), taskRealised: 0 };
  const closeAt = now - CLOSED_BEFORE_MS;
  await ctx.db.transaction(async (db) => {
    const tx = new TickWriter(db);
    for (let at = start; at < now; at += STEP_MS) {
      if (close && at >= closeAt && kept.state.task.status === 2 && !kept.state.pending_status) {
        kept.state = requestStatus(kept.state, 1, at, 0);
        await insertChange(db, { taskId: row.id, userId: row.user_id, changeType: 'status', before: 2, after: 1, at });
      }
      const out = stepTask(kept.state, engine.inputs, engine.prices, at, engine.rng);
      await saveStep(tx, kept.state, out);
      // the accounts' balances move with the history's fills, as the runner's do
      await recordFills(tx, out.state, out.fills, engine.prices, at);
      advance(kept, out);
      tx.earnings.push(...earningsPoints(kept, engine.prices, at));
    }
    await tx.flush();
  });
}
