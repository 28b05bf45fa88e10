// The unilateral strategy list under live updates: a server of its own on a
// ManualClock with a bench data set of `strategies` running strategies (1-minute bars, each with its
// 180-point trend line from the engine's own history), the production build, Chromium, signed in as admin.
// Once /main/index/unilateral has drawn its first page, the bench moves the server's clock one minute a
// second for `measureSeconds`: every strategy runs a bar, the runner emits 'unilateral.changed' and
// /web/all/data pushes the whole list (all strategies with their trend lines) to the page. Measured: the
// animation-frame intervals (p95 in whole display intervals) and every long task (PerformanceObserver).
// What the user sees: the list pages 20 at a time (§9, ±20 id cursor), so 20 rows and 20 trend lines are
// drawn while the socket's messages carry all strategies; the page merges all of them into its cache.
// Budget: bench/budget.json "unilateralList". Run after a build: npx tsx bench/unilateral-list.ts (exit 1 when over).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../server/clock/clock';
import { findUStrategy, insertUStrategy, listUStrategies } from '../server/store/unilateral';
import { advance, simPrice } from '../server/unilateral/runner';
import { TREND_POINTS } from '#contract/rules/unilateral';
import { PAGING } from '#contract/rules/constants';
import { ROOT, launchBrowser, newPage, signInByApi, startApp } from '../tests/e2e/harness';
import { displayFrames, percentile, recordFrames } from './frames';

interface UnilateralListBudget {
  strategies: number;
  measureSeconds: number;
  p95FrameMs: number;
  maxLongTaskMs: number;
  reason: string;
}
const budget = (JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as { unilateralList: UnilateralListBudget }).unilateralList;
const say = (line: string) => console.log(`[bench unilateral-list] ${line}`);
const MINUTE = 60_000;
const COINS = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv'];

const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
const app = await startApp({ clock, settings: { marketPushHz: 0 } });
let failed = false;
try {
  // the bench data set: running 1-minute strategies (beside the demo ones) up to `strategies`, each with
  // TREND_POINTS bars of history run by the engine, so every row has a full trend line
  const { db, market } = app.server.context;
  const priceAt = simPrice(market.sim);
  const now = clock.now();
  const start = now - TREND_POINTS * MINUTE;
  await db.transaction(async (tx) => {
    for (let i = (await listUStrategies(tx)).length; i < budget.strategies; i += 1) {
      const id = await insertUStrategy(tx, {
        names: `bench ${i}`,
        status: 1,
        target: 1,
        coin: COINS[i % COINS.length]!,
        bar_ms: MINUTE,
        fast: 3 + (i % 5),
        slow: 12 + (i % 7),
        initial_money: 10_000,
        cash: 10_000,
        qty: 0,
        entry: 0,
        last_bar: start,
        last_equity: 10_000,
        update_time: start,
      });
      await advance(tx, (await findUStrategy(tx, id))!, now, priceAt, now);
    }
  });
  app.server.context.bus.emit('unilateral.changed', { strategyIds: [] }); // wakes the runner for the new strategies
  say(`${(await listUStrategies(db)).length} strategies`);

  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, app.url);
    const socket = { messages: 0, bytes: 0 };
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/web/all/data')) return;
      ws.on('framereceived', ({ payload }) => {
        socket.messages += 1;
        socket.bytes += payload.length;
      });
    });
    await page.goto('/login');
    await signInByApi(page, 'admin', 'admin123');
    await page.goto('/main/index/unilateral');
    await page
      .locator('tbody tr.ant-table-row')
      .nth(PAGING.unilateralPageSize - 1)
      .waitFor();
    await page.waitForLoadState('networkidle');
    const rows = await page.locator('tbody tr.ant-table-row').count();
    const lines = await page.locator('tbody tr.ant-table-row svg[role="img"]').count();
    say(`first page drawn: ${rows} rows, ${lines} trend lines`);

    const stopFrames = await recordFrames(page);
    const before = { ...socket };
    const stepMs = 1000;
    for (let s = 0; s < budget.measureSeconds; s += 1) {
      clock.tick(MINUTE); // every strategy's next bar is due: the runner runs them and the feed pushes
      await page.waitForTimeout(stepMs); // the measurement window's pace, not a wait for a state
    }
    const { frames, longTasks } = await stopFrames();
    const messages = socket.messages - before.messages;
    const kbEach = messages ? (socket.bytes - before.bytes) / messages / 1000 : 0;
    // timestamps without cross-origin isolation are coarsened to 0.1 ms: compare at that resolution
    const frameP95 = Math.round(percentile(displayFrames(frames).frameTimes, 95) * 10) / 10;
    const rawP95 = percentile(frames, 95);
    const longest = Math.max(0, ...longTasks);
    const table = [
      {
        figure: `/main/index/unilateral, ${budget.strategies} strategies: p95 frame interval`,
        value: `${frameP95.toFixed(1)} ms (raw ${rawP95.toFixed(1)})`,
        budget: `≤ ${budget.p95FrameMs} ms`,
        pass: frameP95 <= budget.p95FrameMs,
      },
      {
        figure: 'longest long task',
        value: `${longest.toFixed(1)} ms (${longTasks.length} tasks)`,
        budget: `≤ ${budget.maxLongTaskMs} ms`,
        pass: longest <= budget.maxLongTaskMs,
      },
      {
        figure: '/web/all/data messages while measuring',
        value: `${messages} (${kbEach.toFixed(0)} KB each)`,
        budget: `≥ ${budget.measureSeconds - 1}`,
        pass: messages >= budget.measureSeconds - 1,
      },
      {
        figure: 'rows and trend lines drawn',
        value: `${rows} / ${lines}`,
        budget: `${PAGING.unilateralPageSize}`,
        pass: rows === PAGING.unilateralPageSize && lines === rows,
      },
    ];
    console.table(table);
    say(`${frames.length} frames over ${budget.measureSeconds} s`);
    failed = table.some((r) => !r.pass);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench/results/unilateral-list.json'),
      `${JSON.stringify({ date: new Date().toISOString(), rows, lines, messages, kbEach, frameP95, rawP95, longTasks, frames: frames.length }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await app.close();
}
process.exit(failed ? 1 : 0);
