import type { AppContext } from '../context';
import type { TaskParams } from '../engine';
import { seedOnce } from '../store/meta';
import { advanceRun, startRun } from '../paper/runs';
import { DEMO_USER } from '../store/paper';
import { listStrategies } from '../store/strategies';

/**
 * Demo paper runs of a first start (/simulate): two finished runs every user sees, traded by
 * the engine (server/paper/runs.ts) over the half hour before the start: 'arbitrage 2' opening at a
 * 0.5 % premium and closing when the closing premium falls to 1.15 % (whether it does in that half
 * hour depends on the date), and 'arbitrage 1 basic' with its defaults.
 */
const RUN_MS = 30 * 60_000;
const DEMO_RUNS: { strategy: string; name: string; params: Partial<TaskParams> }[] = [
  { strategy: 'arbitrage 2', name: 'arbitrage 2 · demo', params: { dlt: { CW: 0.005, NW: 0.005, CQ: 0.005, NQ: 0.005 }, close_dlt: 0.0115 } },
  { strategy: 'arbitrage 1 basic', name: 'arbitrage 1 basic · demo', params: {} },
];

export async function seedPaperRuns(ctx: AppContext, now: number): Promise<void> {
  const { db } = ctx;
  await seedOnce(db, 'paper', now, async () => {
    const strategies = await listStrategies(db);
    for (const demo of DEMO_RUNS) {
      const strategy = strategies.find((s) => s.name === demo.strategy);
      if (!strategy) continue;
      const params = { ...(JSON.parse(strategy.default_params) as TaskParams), ...demo.params } as TaskParams;
      const runId = await startRun(db, {
        userId: DEMO_USER,
        strategyId: strategy.id,
        strategyName: strategy.name,
        name: demo.name,
        params,
        startedAt: now - RUN_MS,
        lengthMs: RUN_MS,
      });
      await db.transaction((tx) => advanceRun(tx, ctx.market.prices, runId, now));
    }
  });
}
