// Strategy statistics on the 1T cycle, at each window of budget.json "unilateralStatistic".points (43,200 = 30
// days, 525,600 = a year; POINTS=… runs one): a server of its own on a ManualClock with one bench strategy on
// 1-minute bars whose history (the window and a day more) the engine has run (its trades are the chart's
// markers), the production build, Chromium, signed in as admin.
// /unilateral/statistic?key=<id> opens on 1T, whose default window is one day (§9); the bench widens that
// request to the window's minutes ending at the server's now (page.route), so the answer holds every trade of the
// window and its price points: all of them up to MAX_SIGNAL_POINTS (30 days), past it each run of points' lowest
// and highest (a year: 42,048 of 525,600; server/handlers/unilateral.ts). The browser's clock is left alone: Playwright's
// page.clock replaces performance.now() and requestAnimationFrame with its own (its time counts from when
// it was installed, before /login, and its frames are timers), which cannot be compared with Resource
// Timing's responseEnd nor stand for drawn frames.
// Measured:
//   1. draw time: from the answer's responseEnd (Resource Timing) to the first animation frame after the
//      price line entered the DOM (a MutationObserver installed before the page's scripts);
//   2. markers: the drawn markers (triangles: subpaths of the two direction paths) equal the trades in the
//      window (the database's and the answer's), the answer carries at most MAX_SIGNAL_POINTS points and the
//      line is downsampled for drawing (fewer points drawn than sent);
//   3. hovering: the mouse sweeps the chart for `hoverSeconds` while animation-frame intervals (p95 in
//      whole display intervals) and long tasks are recorded; the crosshair and the nearest marker's
//      read-out must be showing at the end.
// Budget: bench/budget.json "unilateralStatistic". Run after a build: npx tsx bench/unilateral-statistic.ts
import { ManualClock } from '../server/clock/clock';
import { formatSecond } from '../server/clock/time';
import { findUStrategy, insertUStrategy, tradesOf } from '../server/store/unilateral';
import { advance, simPrice } from '../server/unilateral/runner';
import { MAX_SIGNAL_POINTS } from '#contract/rules/unilateral';
import { ROOT, launchBrowser, newPage, signInByApi, startApp } from '../tests/e2e/harness';
import { percentile, recordFrames } from './frames';
import { budgetOf, frameP95, longestTaskRow, report } from './report';
import { writeSizeCharts } from './size-chart';

interface UnilateralStatisticBudget {
  points: number[];
  hoverSeconds: number;
  drawMs: { max: number; reason: string };
  hoverP95FrameMs: { max: number; reason: string };
}
const budget = budgetOf<UnilateralStatisticBudget>(ROOT, 'unilateralStatistic');
const windows = process.env.POINTS ? [Number(process.env.POINTS)] : budget.points;
const say = (line: string) => console.log(`[bench unilateral-statistic] ${line}`);
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Before the page's scripts: when the chart's answer arrived (Resource Timing) and the first frame after the price line is in the DOM. */
const WATCH_DRAW = `(() => {
  const mark = { drawnAt: null, responseEnd: null, waitMs: null, wireKB: null, tasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) mark.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
  window.__chartBench = mark;
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.includes('/transaction/identifier')) Object.assign(mark, { responseEnd: e.responseEnd, waitMs: e.responseStart - e.requestStart, wireKB: e.encodedBodySize / 1000 });
  }).observe({ type: 'resource' });
  new MutationObserver((_, observer) => {
    if (mark.drawnAt !== null || !document.querySelector('[data-testid="price-line"]')) return;
    mark.drawnAt = -1;
    observer.disconnect();
    requestAnimationFrame(() => { mark.drawnAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
})()`;

interface WindowResult {
  points: number;
  trades: number;
  seedSeconds: number;
  answerKB: number;
  /** the answer as sent (compressed) */
  wireKB: number;
  /** from the request sent to the answer's first byte: the server's work */
  waitMs: number;
  sentPoints: number;
  drawnPoints: number;
  sentMarkers: number;
  drawnMarkers: number;
  drawMs: number;
  between: string[];
  moves: number;
  hovered: number;
  hoverP95: number;
  rawP95: number;
  longTasks: number[];
  frames: number;
}

async function measure(points: number): Promise<WindowResult> {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 1));
  const app = await startApp({ clock, settings: { marketPushHz: 0 } });
  try {
    // the bench strategy: 1-minute bars over the window and a day more, run by the engine (at most MAX_CATCH_UP_BARS a call)
    const { db, market } = app.server.context;
    const priceAt = simPrice(market.sim);
    const now = clock.now();
    const start = now - points * MINUTE - DAY;
    const seeding = performance.now();
    const id = await insertUStrategy(db, {
      names: 'bench 1T',
      status: 0,
      target: 1,
      coin: 'btc',
      bar_ms: MINUTE,
      fast: 5,
      slow: 20,
      initial_money: 100_000,
      cash: 100_000,
      qty: 0,
      entry: 0,
      last_bar: start,
      last_equity: 100_000,
      update_time: start,
    });
    for (let until = start; until < now; ) {
      until = Math.min(now, until + 4000 * MINUTE);
      await db.transaction(async (tx) => advance(tx, (await findUStrategy(tx, id))!, until, priceAt, now));
    }
    const seedSeconds = (performance.now() - seeding) / 1000;
    const windowStart = now - (points - 1) * MINUTE;
    const trades = (await tradesOf(db, id, windowStart, now)).length;
    say(`${points} points: strategy ${id}, ${trades} trades in the window (seeded in ${seedSeconds.toFixed(0)} s)`);

    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, app.url);
      await page.addInitScript(WATCH_DRAW);
      // the page's 1T request (one day by default, ending at the browser's now) made the `points` minutes ending at the server's now
      await page.route('**/transaction/identifier?*', (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('startTime', formatSecond(windowStart));
        url.searchParams.set('endTime', formatSecond(now));
        return route.continue({ url: url.toString() });
      });
      let answer: { market: unknown[]; up_direction: unknown[]; down_direction: unknown[] } | null = null;
      let answerKB = 0;
      page.on('response', async (response) => {
        if (!response.url().includes('/transaction/identifier')) return;
        const body = await response.body();
        answerKB = body.length / 1000;
        answer = (JSON.parse(body.toString()) as { data: typeof answer }).data;
      });
      await page.goto('/login');
      await signInByApi(page, 'admin', 'admin123');
      await page.goto(`/unilateral/statistic?key=${id}`);
      await page.waitForFunction(() => (window as unknown as { __chartBench: { drawnAt: number | null } }).__chartBench.drawnAt! > 0, undefined, {
        timeout: 60_000,
      });
      const { drawnAt, responseEnd, waitMs, wireKB, tasks } = (await page.evaluate('window.__chartBench')) as {
        drawnAt: number;
        responseEnd: number | null;
        waitMs: number;
        wireKB: number;
        tasks: [number, number][];
      };
      if (responseEnd === null) throw new Error('no Resource Timing entry for /transaction/identifier');
      const drawMs = drawnAt - responseEnd;
      const between = tasks.filter(([at, ms]) => at + ms > responseEnd && at < drawnAt).map(([at, ms]) => `${(at - responseEnd).toFixed(0)}+${ms.toFixed(0)}`);
      say(`long tasks between the answer and the drawn frame (start after the answer + duration, ms): ${between.join(', ') || 'none'}`);
      // each direction's markers are one path, one triangle (subpath) per marker
      const drawnMarkers = await page
        .getByTestId('signal-markers')
        .locator('path')
        .evaluateAll((paths) => paths.reduce((n, path) => n + (path.getAttribute('d')?.match(/M/g)?.length ?? 0), 0));
      const drawnPoints = Number(await page.getByTestId('price-line').getAttribute('data-points'));
      const got = answer as { market: unknown[]; up_direction: unknown[]; down_direction: unknown[] } | null;
      const sentPoints = got?.market.length ?? 0;
      const sentMarkers = (got?.up_direction.length ?? 0) + (got?.down_direction.length ?? 0);
      say(
        `answer: ${answerKB.toFixed(0)} KB, ${sentPoints} points, ${sentMarkers} markers; drawn ${drawnPoints} points (LTTB), ${drawnMarkers} markers, ${drawMs.toFixed(0)} ms after the answer arrived`,
      );

      // hovering: the mouse sweeps the plot left and right while frames are recorded
      await page.waitForLoadState('networkidle');
      const box = (await page.locator('svg:has([data-testid="price-line"])').boundingBox())!;
      const stopFrames = await recordFrames(page);
      const y = box.y + box.height / 2;
      const began = performance.now();
      let moves = 0;
      for (let x = 0, dx = 6; performance.now() - began < budget.hoverSeconds * 1000; x += dx, moves += 1) {
        if (x >= box.width - 1 || x < 0) dx = -dx;
        await page.mouse.move(box.x + Math.min(Math.max(x, 0), box.width - 1), y);
      }
      const hovered = (await page.getByTestId('chart-hover').count()) + (await page.getByTestId('marker-readout').count()); // the crosshair and the nearest marker's read-out
      const { frames, longTasks } = await stopFrames();
      return {
        points,
        trades,
        seedSeconds,
        answerKB,
        wireKB,
        waitMs,
        sentPoints,
        drawnPoints,
        sentMarkers,
        drawnMarkers,
        drawMs,
        between,
        moves,
        hovered,
        hoverP95: frameP95(frames),
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

const results: WindowResult[] = [];
for (const points of windows) results.push(await measure(points));
const table = results.flatMap((r) => [
  {
    figure: `1T over ${r.points} minutes: chart drawn after its data arrived`,
    value: `${r.drawMs.toFixed(0)} ms`,
    budget: `≤ ${budget.drawMs.max} ms`,
    pass: r.drawMs <= budget.drawMs.max,
  },
  {
    figure: `${r.points}: price points sent / drawn (LTTB); the answer's size, its wait (request to first byte)`,
    value: `${r.sentPoints} / ${r.drawnPoints}; ${r.answerKB.toFixed(0)} KB (${r.wireKB.toFixed(0)} KB sent), ${r.waitMs.toFixed(0)} ms`,
    budget: `${Math.min(r.points, MAX_SIGNAL_POINTS)} sent at most, fewer drawn`,
    pass: r.sentPoints <= MAX_SIGNAL_POINTS && r.sentPoints >= Math.min(r.points, MAX_SIGNAL_POINTS / 2) && r.drawnPoints > 0 && r.drawnPoints < r.sentPoints,
  },
  {
    figure: `${r.points}: trade markers drawn / sent / trades in the window`,
    value: `${r.drawnMarkers} / ${r.sentMarkers} / ${r.trades}`,
    budget: 'all equal, > 0',
    pass: r.trades > 0 && r.drawnMarkers === r.trades && r.sentMarkers === r.trades,
  },
  {
    figure: `${r.points}: hovering (${r.moves} moves in ${budget.hoverSeconds} s): p95 frame interval`,
    value: `${r.hoverP95.toFixed(1)} ms (raw ${r.rawP95.toFixed(1)})`,
    budget: `≤ ${budget.hoverP95FrameMs.max} ms`,
    pass: r.hoverP95 <= budget.hoverP95FrameMs.max && r.hovered === 2,
  },
  longestTaskRow(`${r.points}: longest long task while hovering (reported)`, r.longTasks),
]);
const code = report(ROOT, 'unilateral-statistic', table, results);
writeSizeCharts(ROOT, results, { label: 'minutes in the window (30 days, a year)', of: (r: WindowResult) => r.points }, [
  {
    name: 'unilateral-statistic-draw',
    title: 'Statistics chart (1T): drawn after its data arrived',
    unit: 'ms',
    value: (r) => r.drawMs,
    budget: budget.drawMs.max,
  },
  {
    name: 'unilateral-statistic-answer-kb',
    title: 'Statistics chart (1T): the answer (points and every marker)',
    unit: 'KB',
    value: (r) => r.answerKB,
  },
]);
process.exit(code);
