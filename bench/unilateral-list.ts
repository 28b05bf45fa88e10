// The unilateral strategy list under live updates, at each size of budget.json "unilateralList".sizes (200 and
// 2,000 strategies; STRATEGIES=… runs one size): a server of its own on a ManualClock with a bench data set of
// running strategies (1-minute bars, each with its 180-point trend line from the engine's own history), the
// production build, Chromium, signed in as admin (the unilateral admin: the heavier of §7's two shapes).
// Once /main/index/unilateral has drawn its first page:
//   1. one change: one strategy is renamed (the store's rename, then 'unilateral.changed' as /update/strategy
//      emits it) and the bytes of the push that follows are read: what changed, not the list;
//   2. every strategy changes: for `measureSeconds` the bench moves the server's clock one minute a second, so
//      every strategy runs a bar and /web/all/data pushes; the animation-frame intervals (p95 in whole display
//      intervals), every long task (PerformanceObserver) and the bytes of each push are measured.
// What the user sees: the list pages 20 at a time (§9, ±20 id cursor), so 20 rows and 20 trend lines are drawn
// while the pushes carry every strategy that changed; the page merges them into its cache.
// Writes bench/results/unilateral-list.json and the charts bench/charts/unilateral-list-*.svg.
// Budget: bench/budget.json "unilateralList". Run after a build: npx tsx bench/unilateral-list.ts (exit 1 when over).
import { ManualClock } from '../server/clock/clock';
import { findUStrategy, insertUStrategy, listUStrategies, renameUStrategy } from '../server/store/unilateral';
import { advance, simPrice } from '../server/unilateral/runner';
import { TREND_POINTS } from '#contract/rules/unilateral';
import { PAGING } from '#contract/rules/constants';
import { ROOT, launchBrowser, newPage, signInByApi, startApp, until } from '../tests/e2e/harness';
import { percentile, recordFrames } from './frames';
import { budgetOf, frameP95, longestTaskRow, report } from './report';
import { writeSizeCharts } from './size-chart';

interface UnilateralListBudget {
  sizes: number[];
  measureSeconds: number;
  p95FrameMs: number;
  maxLongTaskMs: number;
  reason: string;
}
const budget = budgetOf<UnilateralListBudget>(ROOT, 'unilateralList');
const say = (line: string) => console.log(`[bench unilateral-list] ${line}`);
const MINUTE = 60_000;
const COINS = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv'];
const sizes = process.env.STRATEGIES ? [Number(process.env.STRATEGIES)] : budget.sizes;

interface SizeResult {
  strategies: number;
  rows: number;
  lines: number;
  firstMessageBytes: number;
  /** long tasks from /login to the drawn list (reported) */
  opening: number[];
  oneChangeBytes: number;
  pushes: number;
  bytesPerPush: number;
  frameP95: number;
  rawP95: number;
  longTasks: number[];
  frames: number;
}

async function measure(strategies: number): Promise<SizeResult> {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
  const app = await startApp({ clock, settings: { marketPushHz: 0 } });
  try {
    // the bench data set: running 1-minute strategies (beside the demo ones) up to `strategies`, each with
    // TREND_POINTS bars of history run by the engine, so every row has a full trend line
    const { db, market, bus } = app.server.context;
    const priceAt = simPrice(market.sim);
    const now = clock.now();
    const start = now - TREND_POINTS * MINUTE;
    await db.transaction(async (tx) => {
      for (let i = (await listUStrategies(tx)).length; i < strategies; i += 1) {
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
    bus.emit('unilateral.changed', { strategyIds: [] }); // wakes the runner for the new strategies
    say(`${strategies}: ${(await listUStrategies(db)).length} strategies`);

    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, app.url);
      // every long task from the first load on, to report the opening's apart from the window's
      await page.addInitScript(
        `new PerformanceObserver((list) => { for (const e of list.getEntries()) (window.__opening ??= []).push(e.duration); }).observe({ type: 'longtask' })`,
      );
      const pushes: number[] = []; // the bytes of each /web/all/data message
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/web/all/data')) return;
        ws.on('framereceived', ({ payload }) => pushes.push(Buffer.byteLength(payload)));
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

      await until("the socket's first message", () => pushes.length > 0);
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))'); // the page has applied it
      const firstMessageBytes = pushes[0]!;
      const opening = ((await page.evaluate('window.__opening ?? []')) as number[]).filter((ms) => ms > 0);

      // 1. one strategy renamed: the push after it
      const first = (await listUStrategies(db)).at(-1)!;
      const sent = pushes.length;
      await renameUStrategy(db, first.id, `${first.names} renamed`, first.target, clock.now());
      bus.emit('unilateral.changed', { strategyIds: [first.id] });
      await until('the push after one change', () => pushes.length > sent);
      const oneChangeBytes = pushes[sent]!;

      // 2. every strategy runs a bar each second
      const stopFrames = await recordFrames(page);
      const before = pushes.length;
      for (let s = 0; s < budget.measureSeconds; s += 1) {
        clock.tick(MINUTE); // every strategy's next bar is due: the runner runs them and the feed pushes
        await page.waitForTimeout(1000); // the measurement window's pace, not a wait for a state
      }
      const { frames, longTasks } = await stopFrames();
      const window = pushes.slice(before);
      const bytesPerPush = window.length ? window.reduce((a, b) => a + b, 0) / window.length : 0;
      return {
        strategies,
        rows,
        lines,
        firstMessageBytes,
        opening,
        oneChangeBytes,
        pushes: window.length,
        bytesPerPush,
        frameP95: frameP95(frames),
        rawP95: percentile(frames, 95),
        longTasks,
        frames: frames.length,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
  }
}

const results: SizeResult[] = [];
for (const size of sizes) results.push(await measure(size));
const table = results.flatMap((r) => [
  {
    figure: `${r.strategies} strategies: p95 frame interval while every strategy runs a bar a second`,
    value: `${r.frameP95.toFixed(1)} ms (raw ${r.rawP95.toFixed(1)})`,
    budget: `≤ ${budget.p95FrameMs} ms`,
    pass: r.frameP95 <= budget.p95FrameMs,
  },
  longestTaskRow(`${r.strategies}: longest long task`, r.longTasks, budget.maxLongTaskMs),
  {
    figure: `${r.strategies}: /web/all/data pushes while measuring (KB each)`,
    value: `${r.pushes} (${(r.bytesPerPush / 1000).toFixed(1)} KB)`,
    budget: `≥ ${budget.measureSeconds - 1} (reported)`,
    pass: r.pushes >= budget.measureSeconds - 1,
  },
  {
    figure: `${r.strategies}: opening: the socket's first message; longest task from /login to the drawn list`,
    value: `${(r.firstMessageBytes / 1000).toFixed(0)} KB; ${Math.max(0, ...r.opening).toFixed(0)} ms (${r.opening.length} tasks)`,
    budget: '(reported)',
    pass: true,
  },
  {
    figure: `${r.strategies}: the push after one strategy is renamed`,
    value: `${r.oneChangeBytes} B`,
    budget: '(reported)',
    pass: true,
  },
  {
    figure: `${r.strategies}: rows and trend lines drawn`,
    value: `${r.rows} / ${r.lines}`,
    budget: `${PAGING.unilateralPageSize}`,
    pass: r.rows === PAGING.unilateralPageSize && r.lines === r.rows,
  },
]);
const code = report(ROOT, 'unilateral-list', table, results);
writeSizeCharts(ROOT, results, { label: 'strategies', of: (r: SizeResult) => r.strategies }, [
  {
    name: 'unilateral-list-push-kb',
    title: 'Unilateral list: KB per push, every strategy running a bar',
    unit: 'KB',
    value: (r) => r.bytesPerPush / 1000,
  },
  {
    name: 'unilateral-list-one-change-bytes',
    title: 'Unilateral list: bytes of the push after one change',
    unit: 'B',
    value: (r) => r.oneChangeBytes,
  },
  {
    name: 'unilateral-list-longest-task',
    title: 'Unilateral list: longest task while pushing',
    unit: 'ms',
    value: (r) => Math.max(0, ...r.longTasks),
    budget: budget.maxLongTaskMs,
  },
  {
    name: 'unilateral-list-frame-p95',
    title: 'Unilateral list: p95 frame interval while pushing',
    unit: 'ms',
    value: (r) => r.frameP95,
    budget: budget.p95FrameMs,
  },
]);
process.exit(code);
