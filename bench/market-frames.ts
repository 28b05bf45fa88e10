// The spread board under load: 12 tables × 9 currencies on /market, the reference server
// pushing every table at 2 Hz, for 20 s in Chromium; with the net spreads (two more columns,
// the fees of admin's API accounts read before the window opens) and, when the budget says so, the
// open-spread marking following the net figures (stored as the board's market param). The alerts'
// add a per-row bell (a threshold popover) to market-table.tsx: once merged, the board measured here has
// it (nothing to switch on here); a threshold set on a row would be stored before the page opens, as the
// tables and params are (storeTables / storeParams). Measured in the page itself:
//   frame time  the time between requestAnimationFrame callbacks (p95), in whole display intervals: a
//               page that is not cross-origin isolated sees its clock coarsened to 0.1 ms, so a 60 Hz
//               frame reads 16.6, 16.7 or 16.8 ms; a delta counts as round(delta / interval) intervals,
//               the interval being the mean of the deltas near the median (16.67 ms at 60 Hz): a dropped frame counts 33.3 ms
//   long tasks  PerformanceObserver 'longtask' entries after the board's first full render
//   JS heap     Chrome DevTools Protocol Runtime.getHeapUsage after a forced GC (HeapProfiler.collectGarbage)
//               at second 5 and second 20 of the pushing (seconds counted from the board's first full render)
// The forced GC at second 5 is the bench's own work: a long task or frame overlapping it is not counted;
// frames and long tasks are read at second 20, before the second one.
import type { Browser, CDPSession } from 'playwright-core';
import { validTables, type MarketTable } from '../server/market';
import { endpoints } from '#contract/endpoints';
import { feeds } from '#contract/feeds';
import { newPage, startApp } from '../tests/e2e/harness';
import { adminCookies } from './bytes';
import { displayFrames, percentile } from './frames';

export interface MarketFramesBudget {
  tables: number;
  /** the open-spread marking follows the net spreads (market param netColouring) */
  netColouring: { on: boolean; reason: string };
  pushHz: number;
  seconds: number;
  heapFrom: number;
  frameP95Ms: { max: number; reason: string };
  longTaskMs: { max: number; reason: string };
  heapDrift: { max: number; reason: string };
}

export interface MarketFramesResult {
  frames: number;
  /** the display interval (mean of the single-interval rAF deltas) */
  intervalMs: number;
  /** p95 of the raw deltas, as the coarsened clock reads them */
  rawP95Ms: number;
  frameP95Ms: number;
  frameMaxMs: number;
  longTasks: { startTime: number; duration: number }[];
  longestTaskMs: number;
  heapAt: { second: number; usedBytes: number }[];
  heapDrift: number;
  messages: number;
}

/** `count` tables spread over the exchanges and contract types, each a valid pair (server/market/rows.ts). */
export function benchTables(count: number): MarketTable[] {
  const all = validTables();
  const step = Math.max(1, Math.floor(all.length / count));
  return Array.from({ length: count }, (_, i) => all[(i * step) % all.length]!);
}

async function storeTables(baseUrl: string, token: string, tables: MarketTable[]): Promise<void> {
  const { method, path } = endpoints.marketPut2;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, params: tables }),
  });
  const reply = (await response.json()) as { code: number; info: string };
  if (reply.code !== 200) throw new Error(`market/put2 failed: ${reply.info}`);
}

async function storeParams(baseUrl: string, token: string, params: Record<string, unknown>): Promise<void> {
  const { method, path } = endpoints.marketPut;
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, params }) });
  const reply = (await response.json()) as { code: number; info: string };
  if (reply.code !== 200) throw new Error(`market/put failed: ${reply.info}`);
}

async function heapAfterGc(cdp: CDPSession): Promise<{ usedBytes: number; gcFrom: number; gcTo: number }> {
  const now = async () => (await cdp.send('Runtime.evaluate', { expression: 'performance.now()', returnByValue: true })).result.value as number;
  const gcFrom = await now();
  await cdp.send('HeapProfiler.collectGarbage');
  const gcTo = await now();
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { usedBytes: usedSize, gcFrom, gcTo };
}

/**
 * BENCH_TRACE=<file>: a Chromium performance trace of the bench window (timeline, V8 GC, CPU samples),
 * written as JSON for chrome://tracing or DevTools, with the page's long tasks alongside (<file>.longtasks.json).
 * For finding what a long task contains; the tracing itself costs CPU, so the figures of a traced run do not count.
 */
async function startTrace(cdp: CDPSession): Promise<(file: string, longTasks: unknown) => Promise<void>> {
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8',
    'v8.execute',
    'blink.user_timing',
    'disabled-by-default-v8.cpu_profiler',
    'disabled-by-default-v8.gc',
    'toplevel',
  ];
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: categories } });
  return async (file, longTasks) => {
    const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)));
    await cdp.send('Tracing.end');
    const handle = await done;
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, text);
    await writeFile(`${file}.longtasks.json`, JSON.stringify(longTasks));
  };
}

/** Runs the board under load once and returns what the page measured. */
export async function measureMarketFrames(browser: Browser, budget: MarketFramesBudget): Promise<MarketFramesResult> {
  const app = await startApp({ settings: { marketPushHz: budget.pushHz } });
  try {
    const cookies = await adminCookies(app.url);
    const token = decodeURIComponent(cookies.find((c) => c.name === 'token')!.value);
    const tables = benchTables(budget.tables);
    await storeTables(app.url, token, tables);
    await storeParams(app.url, token, { netColouring: budget.netColouring.on });

    const page = await newPage(browser, app.url, { viewport: { width: 1920, height: 1080 } });
    try {
      await page.context().addCookies(cookies);
      // tsx compiles the functions run in the page with esbuild's keepNames: give the page its `__name` helper
      await page.context().addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.enable');
      // count the feed's messages: the server really pushes at the rate asked for
      let messages = 0;
      page.on('websocket', (socket) => {
        if (new URL(socket.url()).pathname === feeds.market.path) socket.on('framereceived', () => (messages += 1));
      });
      await page.goto('/market');
      await page
        .getByTestId('market-table')
        .nth(budget.tables - 1)
        .waitFor();
      // the first full render: every table has its nine rows, their net spreads figured (the fees read)
      await page.waitForFunction(
        (count) =>
          Array.from(document.querySelectorAll('[data-testid="market-table"]')).filter(
            (t) => t.querySelectorAll('.market-cell').length >= 9 * 4 && t.querySelectorAll('[data-net]').length >= 9 * 2,
          ).length === count,
        budget.tables,
        { timeout: 30_000 },
      );
      const switchOn = await page.getByTestId('net-colouring').getAttribute('aria-checked');
      if (switchOn !== String(budget.netColouring.on)) throw new Error(`the net colouring switch reads ${switchOn}, the budget asks ${budget.netColouring.on}`);
      messages = 0;
      const trace = process.env.BENCH_TRACE ? await startTrace(cdp) : undefined;
      await page.evaluate(() => {
        const w = window as unknown as {
          __bench: { frames: number[]; longTasks: { startTime: number; duration: number }[]; stop: boolean; startedAt: number };
        };
        w.__bench = { frames: [], longTasks: [], stop: false, startedAt: performance.now() };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__bench.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask' });
        let last = 0;
        const frame = (time: number) => {
          if (w.__bench.stop) return;
          if (last) w.__bench.frames.push(last, time);
          last = time;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const untilSecond = (second: number) =>
        page.waitForFunction((s) => performance.now() - (window as unknown as { __bench: { startedAt: number } }).__bench.startedAt >= s * 1000, second, {
          timeout: (second + 30) * 1000,
          polling: 100,
        });

      await untilSecond(budget.heapFrom);
      const early = await heapAfterGc(cdp);
      await untilSecond(budget.seconds);
      // frames and long tasks end at second 20, before the last forced GC
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __bench: { frames: number[]; longTasks: { startTime: number; duration: number }[]; stop: boolean } };
        w.__bench.stop = true;
        return { frames: w.__bench.frames, longTasks: [...w.__bench.longTasks] };
      });
      if (trace) await trace(process.env.BENCH_TRACE!, seen.longTasks);
      const late = await heapAfterGc(cdp);
      const ownGc = ({ startTime, duration }: { startTime: number; duration: number }) =>
        [early, late].some((gc) => startTime < gc.gcTo && startTime + duration > gc.gcFrom);
      const longTasks = seen.longTasks.filter((task) => !ownGc(task));
      const deltas: number[] = [];
      for (let i = 0; i + 1 < seen.frames.length; i += 2) {
        const [from, to] = [seen.frames[i]!, seen.frames[i + 1]!];
        if (!ownGc({ startTime: from, duration: to - from })) deltas.push(to - from);
      }
      const { intervalMs: interval, frameTimes } = displayFrames(deltas);
      return {
        frames: deltas.length,
        intervalMs: interval,
        rawP95Ms: percentile(deltas, 95),
        frameP95Ms: percentile(frameTimes, 95),
        frameMaxMs: Math.max(...deltas),
        longTasks,
        longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
        heapAt: [
          { second: budget.heapFrom, usedBytes: early.usedBytes },
          { second: budget.seconds, usedBytes: late.usedBytes },
        ],
        heapDrift: late.usedBytes / early.usedBytes - 1,
        messages,
      };
    } finally {
      await page.context().close();
    }
  } finally {
    await app.close();
  }
}

export interface BenchRow {
  figure: string;
  median: string;
  budget: string;
  pass: boolean;
  note?: string;
}

/** The three figures of the board under load, as rows of the bench table. */
export async function marketFramesRows(browser: Browser, budget: MarketFramesBudget): Promise<{ rows: BenchRow[]; result: MarketFramesResult }> {
  const result = await measureMarketFrames(browser, budget);
  const load = `${budget.tables} tables × 9 currencies, net spreads${budget.netColouring.on ? ' marked open by net' : ''}, ${budget.pushHz} Hz, ${budget.seconds} s`;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const rows: BenchRow[] = [
    {
      figure: `/market frame time p95 (${load})`,
      median: `${result.frameP95Ms.toFixed(1)} ms`,
      budget: `≤ ${budget.frameP95Ms.max} ms`,
      pass: result.frameP95Ms <= budget.frameP95Ms.max,
      note: `${result.frames} frames of ${result.intervalMs.toFixed(1)} ms, raw p95 ${result.rawP95Ms.toFixed(1)} ms, longest ${result.frameMaxMs.toFixed(1)} ms; ${result.messages} feed messages`,
    },
    {
      figure: `/market longest task after the first load (${load})`,
      median: `${Math.round(result.longestTaskMs)} ms`,
      budget: `≤ ${budget.longTaskMs.max} ms`,
      pass: result.longestTaskMs <= budget.longTaskMs.max,
      note: `${result.longTasks.length} long task(s)`,
    },
    {
      figure: `/market JS heap second ${budget.heapFrom} → ${budget.seconds} (${load})`,
      median: `${result.heapDrift >= 0 ? '+' : ''}${(result.heapDrift * 100).toFixed(1)} %`,
      budget: `± ${budget.heapDrift.max * 100} %`,
      pass: Math.abs(result.heapDrift) <= budget.heapDrift.max,
      note: `${result.heapAt.map((h) => mb(h.usedBytes)).join(' → ')} after GC`,
    },
  ];
  return { rows, result };
}
