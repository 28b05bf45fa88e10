// /assets under load, at each size of budget.json "assets".sizes (20 and 100 API accounts; APIS=… runs one):
// admin's API accounts made up to the size (/api/add), each with the nine coins (plus USDT) on the reference
// server, 'all APIs' selected, so every 3 s the console sends every id and receives one message per account.
// In Chromium:
//   1. first render: the script time (Chrome's Performance.getMetrics ScriptDuration) from the client-side
//      navigation to /assets (the console already booted on /coins, as a user arrives from the menu) until the
//      per-currency table and the summary show every account's numbers; the lazily loaded ratio chart is timed
//      apart (reported);
//   2. once the page and its chart have drawn (steady state), for `measureSeconds`: the interval between
//      animation frames (p95 ≤ 16.7 ms) and every long task (none over 50 ms), and the asset messages received.
// Budget: bench/budget.json "assets". Writes bench/results/assets.json and, with both sizes, the charts
// bench/charts/assets-*.svg. Run after a build: npx tsx bench/assets.ts   (exit 1 when over budget)
import { endpoints } from '#contract/endpoints';
import { launchBrowser, newPage, ROOT, startApp } from '../tests/e2e/harness';
import { adminCookies } from './bytes';
import { recordFrames } from './frames';
import { budgetOf, frameP95, longestTaskRow, report } from './report';
import { writeSizeCharts } from './size-chart';

interface AssetsBudget {
  sizes: number[];
  measureSeconds: number;
  firstRenderScriptMs: number;
  p95FrameMs: number;
  maxLongTaskMs: number;
  reason: string;
}
const budget = budgetOf<AssetsBudget>(ROOT, 'assets');
const sizes = process.env.APIS ? [Number(process.env.APIS)] : budget.sizes;
const say = (line: string) => console.log(`[bench assets] ${line}`);
/** The console page the menu is used on: a light one of the console's shell (ASSETS_FROM=… another). */
const FROM = process.env.ASSETS_FROM ?? '/coins';

/** Adds API accounts for the admin until there are `count` (the seed has two). */
async function addApis(baseUrl: string, token: string, count: number): Promise<void> {
  const list = (await (await fetch(`${baseUrl}${endpoints.apiList.path}?token=${token}`)).json()) as { data: unknown[] };
  for (let i = list.data.length; i < count; i += 1) {
    const body = { token, name: `bench-${i}`, bourseId: (i % 3) + 1, apiKey: `k${i}`, apiSecret: `s${i}`, status: 4 };
    const reply = (await (
      await fetch(baseUrl + endpoints.apiAdd.path, {
        method: endpoints.apiAdd.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; info: string };
    if (reply.code !== 200) throw new Error(`apiAdd: ${reply.info}`);
  }
}

interface SizeResult {
  apis: number;
  firstRenderMs: number;
  chartMs: number;
  frameP95: number;
  longTasks: number[];
  messages: number;
  kbPerRound: number;
  frames: number;
}

async function measure(apis: number): Promise<SizeResult> {
  const app = await startApp();
  try {
    const cookies = await adminCookies(app.url);
    const token = decodeURIComponent(cookies.find((c) => c.name === 'token')!.value);
    await addApis(app.url, token, apis);
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, app.url);
      await page.context().addCookies(cookies);
      const socket = { messages: 0, bytes: 0 };
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/asset/get')) return;
        ws.on('framereceived', ({ payload }) => {
          socket.messages += 1;
          socket.bytes += Buffer.byteLength(payload);
        });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const scriptMs = async () => {
        const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
        return metrics.find((m) => m.name === 'ScriptDuration')!.value * 1000;
      };
      const frame = () => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

      // the chart engine's chunks (@ant-design/charts, loaded lazily by the ratio chart) wait until the first
      // render is measured, so its figure is the page's and its numbers', not the chart's (timed apart below)
      let releaseChart = () => {};
      const chartHeld = new Promise<void>((resolve) => {
        releaseChart = resolve;
      });
      let heldChunks = 0;
      await page.route(/\/assets\/(lines|makeChartComp)-[\w-]+\.js$/, async (route) => {
        heldChunks += 1;
        await chartHeld;
        await route.continue();
      });

      // 1. first render: from the menu's navigation until every account's numbers are drawn (from a console page:
      // /guide is a public page, so going on from it would boot the console itself, as signing in does)
      await page.goto(FROM);
      await page.waitForLoadState('networkidle');
      const before = await scriptMs();
      const messagesBefore = socket.messages;
      await page.evaluate("history.pushState({}, '', '/assets'); dispatchEvent(new PopStateEvent('popstate'))");
      await page.locator('tbody tr.ant-table-row').nth(9).waitFor({ timeout: 60_000 }); // the per-currency table is drawn
      // every account's first message has arrived and been drawn
      while (socket.messages - messagesBefore < apis) await page.waitForTimeout(20);
      await frame();
      const firstRenderMs = (await scriptMs()) - before;
      releaseChart();
      await page.locator('[data-testid="ratio-panel"] canvas').first().waitFor({ timeout: 60_000 }); // and the lazily loaded chart
      await frame();
      const chartMs = (await scriptMs()) - before - firstRenderMs;
      say(
        `${apis} APIs: first render ${firstRenderMs.toFixed(0)} ms of script, then the chart ${chartMs.toFixed(0)} ms (${heldChunks} chart chunks held until then)`,
      );
      await page.waitForLoadState('networkidle');

      // 2. the steady state under the 3 s feed
      const stopFrames = await recordFrames(page);
      const window = { ...socket };
      await page.waitForTimeout(budget.measureSeconds * 1000); // a measurement window, not a wait for a state
      const { frames, longTasks } = await stopFrames();
      const messages = socket.messages - window.messages;
      const rounds = messages / apis;
      return {
        apis,
        firstRenderMs,
        chartMs,
        frameP95: frameP95(frames),
        longTasks,
        messages,
        kbPerRound: rounds ? (socket.bytes - window.bytes) / rounds / 1000 : 0,
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
    figure: `/assets, ${r.apis} APIs: first render (script) until every account's numbers are drawn`,
    value: `${r.firstRenderMs.toFixed(0)} ms`,
    budget: `≤ ${budget.firstRenderScriptMs} ms`,
    pass: r.firstRenderMs <= budget.firstRenderScriptMs,
  },
  { figure: `${r.apis}: then the lazily loaded ratio chart (script)`, value: `${r.chartMs.toFixed(0)} ms`, budget: '(reported)', pass: true },
  {
    figure: `${r.apis}: p95 frame interval under the 3 s feed`,
    value: `${r.frameP95.toFixed(2)} ms`,
    budget: `≤ ${budget.p95FrameMs} ms`,
    pass: r.frameP95 <= budget.p95FrameMs,
  },
  longestTaskRow(`${r.apis}: longest long task`, r.longTasks, budget.maxLongTaskMs),
  {
    figure: `${r.apis}: asset messages while measuring (KB a round)`,
    value: `${r.messages} (${r.kbPerRound.toFixed(0)} KB)`,
    budget: `≥ ${r.apis}`,
    pass: r.messages >= r.apis,
  },
]);
const code = report(ROOT, 'assets', table, results);
writeSizeCharts(ROOT, results, { label: 'API accounts', of: (r: SizeResult) => r.apis }, [
  {
    name: 'assets-first-render',
    title: "/assets 'all APIs': first render, script",
    unit: 'ms',
    value: (r) => r.firstRenderMs,
    budget: budget.firstRenderScriptMs,
  },
  {
    name: 'assets-longest-task',
    title: '/assets: longest task under the 3 s feed',
    unit: 'ms',
    value: (r) => Math.max(0, ...r.longTasks),
    budget: budget.maxLongTaskMs,
  },
  {
    name: 'assets-feed-kb',
    title: '/assets: KB the asset socket sends each 3 s',
    unit: 'KB',
    value: (r) => r.kbPerRound,
  },
]);
process.exit(code);
