/**
 * Demo data of the unilateral side, once per data folder, relative to the clock's now (any date works):
 * strategies (running, paused, one hidden) with months of history run by the engine itself, one-sided
 * API accounts for the follower, the manager and the admin, and their follow tasks in every state.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../store/queryable';
import type { SecretBox } from '../store/secret-box';
import { seedOnce } from '../store/meta';
import { findUserByName } from '../store/users';
import { insertApi, listApis } from '../store/api-accounts';
import { DEFAULT_ADVANCED, DEFAULT_FEES } from '../store/defaults';
import { findFollowTask, findUStrategy, insertFollowTasks, insertUStrategy, saveFollowBook, setUStrategyState, type FollowTaskRow } from '../store/unilateral';
import { advance, setFollowState, simPrice, type PriceAt } from '../unilateral/runner';
import { FOLLOW_STATE, type FollowState } from '#contract/rules/unilateral';

const DAY = 86_400_000;
const MINUTE = 60_000;

interface DemoStrategy {
  names: string;
  coin: string;
  barMinutes: number;
  fast: number;
  slow: number;
  initialMoney: number;
  historyDays: number;
  /** paused this many days ago (none: running). */
  pausedDaysAgo?: number;
  hidden?: boolean;
}

export const DEMO_U_STRATEGIES: readonly DemoStrategy[] = [
  { names: 'BTC 趋势跟踪', coin: 'btc', barMinutes: 30, fast: 8, slow: 32, initialMoney: 100_000, historyDays: 60 },
  { names: 'ETH 均线交叉', coin: 'eth', barMinutes: 60, fast: 6, slow: 24, initialMoney: 50_000, historyDays: 120 },
  { names: 'EOS 波段', coin: 'eos', barMinutes: 60, fast: 10, slow: 40, initialMoney: 20_000, historyDays: 90, pausedDaysAgo: 3 },
  { names: 'LTC 稳健(内部)', coin: 'ltc', barMinutes: 120, fast: 12, slow: 48, initialMoney: 30_000, historyDays: 90, hidden: true },
  { names: 'XRP 短线', coin: 'xrp', barMinutes: 60, fast: 5, slow: 20, initialMoney: 10_000, historyDays: 120 },
];

/** One-sided (type 4) accounts on Binance for the unilateral demo users (their books open on first use, without a seeded equity history). */
const DEMO_U_APIS = [
  ...[1, 2, 3, 4, 5].map((n) => ({ user: 'follower', name: `Binance-跟随${n}`, template: 10_000 })),
  { user: 'manager', name: 'Binance-经理', template: 20_000 },
  ...[1, 2, 3, 4, 5].map((n) => ({ user: 'admin', name: `Binance-单边${n}`, template: 10_000 })),
];

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

async function seedUnilateralAccounts(db: Queryable, secrets: SecretBox, now: number): Promise<void> {
  for (const api of DEMO_U_APIS) {
    const user = await findUserByName(db, api.user);
    if (!user) continue;
    await insertApi(db, secrets, {
      userId: user.id,
      name: api.name,
      bourseId: 3,
      apiKey: `demo-${hex(12)}`,
      apiSecret: hex(24),
      apiToken: '',
      status: 4,
      fees: DEFAULT_FEES,
      advanced: DEFAULT_ADVANCED,
      assetTemplate: api.template,
      createdAt: now,
    });
  }
}

/** The state each demo user's tasks end in, in the order of its one-sided accounts; the strategy index each follows. */
const TASK_PLAN: Record<string, { state: FollowState; strategy: number }[]> = {
  follower: [
    { state: FOLLOW_STATE.auto, strategy: 0 },
    { state: FOLLOW_STATE.stop, strategy: 1 },
    { state: FOLLOW_STATE.hedge, strategy: 0 },
    { state: FOLLOW_STATE.delay, strategy: 4 },
    { state: FOLLOW_STATE.stopLoss, strategy: 1 },
  ],
  manager: [{ state: FOLLOW_STATE.auto, strategy: 1 }],
  admin: [
    { state: FOLLOW_STATE.auto, strategy: 1 },
    { state: FOLLOW_STATE.stop, strategy: 0 },
    { state: FOLLOW_STATE.hedge, strategy: 4 },
    { state: FOLLOW_STATE.delay, strategy: 0 },
    { state: FOLLOW_STATE.stopLoss, strategy: 4 },
  ],
};

/** Tasks join their strategies this long ago. */
const FOLLOW_HISTORY_DAYS = 30;

async function planTasks(db: Queryable, strategyIds: number[], now: number): Promise<{ row: FollowTaskRow; state: FollowState }[]> {
  const planned = [];
  for (const [username, plan] of Object.entries(TASK_PLAN)) {
    const user = await findUserByName(db, username);
    if (!user) continue;
    const apis = (await listApis(db, user.id)).filter((api) => api.status === 4);
    for (const [i, step] of plan.entries()) {
      const api = apis[i];
      if (!api || (await findFollowTask(db, api.id))) continue;
      const stopLoss = step.state === FOLLOW_STATE.stopLoss;
      planned.push({
        state: step.state,
        row: {
          api_id: api.id,
          user_id: user.id,
          strategy_id: strategyIds[step.strategy]!,
          // every task follows from the start; its final state is set once the history has run
          status: FOLLOW_STATE.auto,
          priority: i % 6,
          // the stop-loss task: 0.5 % of its margin at 5× leverage, which the first adverse move reaches
          stop_loss: stopLoss ? 0.5 : 20,
          archive_currency: '',
          positive_leverage: stopLoss ? 5 : 1 + (i % 3),
          negative_leverage: stopLoss ? 5 : 1,
          is_buy: 1,
          is_sell: i % 4 === 3 ? 0 : 1,
          calculate_cost: null,
          initial_cost: api.asset_template,
          unit: 'usd',
          cash: api.asset_template,
          qty: 0,
          entry: 0,
          created_at: now - FOLLOW_HISTORY_DAYS * DAY,
        },
      });
    }
  }
  return planned;
}

export async function seedUnilateral(ctx: Pick<AppContext, 'db' | 'market' | 'secrets'>, now: number): Promise<void> {
  const { db } = ctx;
  const priceAt: PriceAt = simPrice(ctx.market.sim);
  await seedOnce(db, 'unilateral', now, () =>
    db.transaction(async (tx) => {
      await seedUnilateralAccounts(tx, ctx.secrets, now);
      const ids: number[] = [];
      for (const s of DEMO_U_STRATEGIES) {
        const barMs = s.barMinutes * MINUTE;
        const start = Math.floor((now - s.historyDays * DAY) / barMs) * barMs;
        ids.push(
          await insertUStrategy(tx, {
            names: s.names,
            status: 1,
            target: s.hidden ? 0 : 1,
            coin: s.coin,
            bar_ms: barMs,
            fast: s.fast,
            slow: s.slow,
            initial_money: s.initialMoney,
            cash: s.initialMoney,
            qty: 0,
            entry: 0,
            last_bar: start,
            last_equity: s.initialMoney,
            update_time: start,
          }),
        );
      }
      // the history before the tasks join
      const joined = now - FOLLOW_HISTORY_DAYS * DAY;
      for (const [i, s] of DEMO_U_STRATEGIES.entries()) {
        const until = s.pausedDaysAgo ? Math.min(joined, now - s.pausedDaysAgo * DAY) : joined;
        await advance(tx, (await findUStrategy(tx, ids[i]!))!, until, priceAt, until);
      }
      const tasks = await planTasks(tx, ids, now);
      await insertFollowTasks(
        tx,
        tasks.map((t) => t.row),
      );
      for (const [i, s] of DEMO_U_STRATEGIES.entries()) {
        const until = s.pausedDaysAgo ? now - s.pausedDaysAgo * DAY : now;
        await advance(tx, (await findUStrategy(tx, ids[i]!))!, until, priceAt, until);
        if (s.pausedDaysAgo) await setUStrategyState(tx, [ids[i]!], 0, until);
      }
      // the final states: stop closes the position, hedge keeps it, delay waits for the next opening signal
      for (const { row, state } of tasks) {
        const task = (await findFollowTask(tx, row.api_id))!;
        const strategy = (await findUStrategy(tx, task.strategy_id))!;
        if (state === FOLLOW_STATE.stop || state === FOLLOW_STATE.delay) await setFollowState(tx, task, strategy, FOLLOW_STATE.stop, priceAt, now);
        if (state === FOLLOW_STATE.delay) await setFollowState(tx, (await findFollowTask(tx, row.api_id))!, strategy, state, priceAt, now);
        else if (state === FOLLOW_STATE.hedge) await saveFollowBook(tx, { ...task, status: state });
      }
    }),
  );
}
