import type { AppContext } from '../context';
import { createSimMarket, type ContractCode, type Currency, type ExchangeId } from '../market';
import { DEFAULT_GLOBAL_CONFIG } from '../seed';
import { readGlobalConfig } from '../store/global-config';
import { activeTaskIds, findTask, insertEarnings, loadState, saveStep } from '../store/tasks';
import { legsOf, mid, seededRng, stepTask, unrealisedPnl, type EngineInputs, type FeeConfig, type Leg, type PriceSource } from './index';

/**
 * The task engine on the server's clock: every second, each active task is loaded, stepped once
 * (`stepTask`) and written back, all in ONE transaction; then 'task.changed' tells the feeds.
 * Ticks queue behind each other, each with its own time, so a ManualClock moved an hour runs 3600.
 *
 * For now the runner has its own simulated market (`createSimMarket('tasks')`); switch it to the
 * server's shared market instance once the context carries one.
 */
export interface TaskRunner {
  stop(): void;
  /** resolves when every tick queued so far has been written. */
  idle(): Promise<void>;
}

const TICK_MS = 1000;
const MINUTE_MS = 60_000;

export function startTaskRunner(ctx: AppContext, seed = 'tasks'): TaskRunner {
  const market = createSimMarket(seed);
  const quote = (leg: Leg, now: number) => market.quote(leg.exchange as ExchangeId, leg.currency as Currency, leg.contractType as ContractCode, now);
  const prices: PriceSource = (leg, now) => {
    const q = quote(leg, now);
    return { bid: q.bid, ask: q.ask, bidDepth: q.bidSize, askDepth: q.askSize };
  };
  const rng = seededRng(20261123);
  let tail: Promise<void> = Promise.resolve();

  const tick = async (at: number): Promise<void> => {
    const changed: { userId: number; taskId: number }[] = [];
    await ctx.db.transaction(async (tx) => {
      const ids = await activeTaskIds(tx);
      if (!ids.length) return pause();
      const global = await readGlobalConfig(tx, DEFAULT_GLOBAL_CONFIG);
      const apis = await tx.all<{ id: number; fees: string; bourse_id: number }>('SELECT id, fees, bourse_id FROM api_accounts');
      const bourses = await tx.all<{ id: number; name: string }>('SELECT id, name FROM bourses');
      const inputs: EngineInputs = {
        global,
        fees: Object.fromEntries(apis.map((a) => [Number(a.id), JSON.parse(a.fees) as FeeConfig])),
        bourses: Object.fromEntries(bourses.map((b) => [Number(b.id), b.name])),
        expiry: (leg, now) => quote(leg, now).expiry ?? null,
      };
      const points: { taskId: number; childId: number; at: number; value: number }[] = [];
      for (const taskId of ids) {
        const row = await findTask(tx, taskId);
        if (!row) continue;
        const before = await loadState(tx, row);
        const out = stepTask(before, inputs, prices, at, rng);
        await saveStep(tx, before, out);
        await (await import('../asset-accounts')).recordFills(tx, out.state, out.fills, prices, at);
        changed.push({ userId: Number(row.user_id), taskId });
        if (at % MINUTE_MS < TICK_MS) {
          const legs = legsOf(out.state.task.params);
          const marks = [mid(prices(legs[0], at)), mid(prices(legs[1], at))] as const;
          const realised = await tx.all<{ id: number; realised: number }>('SELECT id, realised FROM task_children WHERE task_id = ?', [taskId]);
          const byChild = new Map(realised.map((r) => [Number(r.id), Number(r.realised)]));
          let total = 0;
          for (const cs of out.state.children) {
            const value = (byChild.get(cs.child.task_children_id) ?? 0) + unrealisedPnl(cs.ledger, marks);
            total += value;
            points.push({ taskId, childId: cs.child.task_children_id, at, value });
          }
          points.push({ taskId, childId: 0, at, value: total });
        }
      }
      await insertEarnings(tx, points);
    });
    for (const event of changed) ctx.bus.emit('task.changed', event);
  };

  // the timer runs only while some task is active: an idle server has no timer pending
  let cancel: (() => void) | null = null;
  const pause = () => {
    cancel?.();
    cancel = null;
  };
  const wake = () => {
    cancel ??= ctx.clock.every(TICK_MS, () => {
      const at = ctx.clock.now();
      tail = tail.then(() => tick(at)).catch((error: unknown) => console.error('[server] task engine:', error));
    });
  };
  const off = ctx.bus.on('task.changed', wake);
  void activeTaskIds(ctx.db).then((ids) => ids.length && wake());
  return {
    stop: () => {
      off();
      pause();
    },
    idle: () => tail,
  };
}
