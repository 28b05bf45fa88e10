// /assets under load: 20 API accounts × the nine coins (plus USDT) on the reference server,
// 'all APIs' selected, so every 3 s the console sends 20 ids and receives 20 messages. In Chromium,
// once the page has drawn its table and its lazily loaded chart (steady state), frames are measured for MEASURE_S seconds: the interval between
// animation frames (p95 ≤ 16.7 ms) and every long task (none over 50 ms). Budget: bench/budget.json
// "assets". Run after a build: npx tsx bench/assets.ts   (exit 1 when over budget)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { endpoints } from '#contract/endpoints';
import { launchBrowser, newPage, ROOT, startApp } from '../tests/e2e/harness';
import { adminCookies } from './bytes';
import { displayFrames, percentile, recordFrames } from './frames';

interface AssetsBudget {
  apis: number;
  measureSeconds: number;
  p95FrameMs: number;
  maxLongTaskMs: number;
  reason: string;
}
const budget = (JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as { assets: AssetsBudget }).assets;

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

const app = await startApp();
let failed = false;
try {
  const cookies = await adminCookies(app.url);
  const token = decodeURIComponent(cookies.find((c) => c.name === 'token')!.value);
  await addApis(app.url, token, budget.apis);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, app.url);
    await page.context().addCookies(cookies);
    let messages = 0;
    page.on('websocket', (ws) => ws.url().includes('/asset/get') && ws.on('framereceived', () => (messages += 1)));
    await page.goto('/assets');
    await page.locator('tbody tr.ant-table-row').nth(9).waitFor(); // the per-currency table is drawn
    await page.locator('[data-testid="ratio-panel"] canvas').first().waitFor(); // and the lazily loaded chart
    await page.waitForLoadState('networkidle');
    const stopFrames = await recordFrames(page);
    const before = messages;
    await page.waitForTimeout(budget.measureSeconds * 1000); // a measurement window, not a wait for a state
    const { frames, longTasks } = await stopFrames();
    // timestamps without cross-origin isolation are coarsened to 0.1 ms: compare at that resolution
    const frameP95 = Math.round(percentile(displayFrames(frames).frameTimes, 95) * 10) / 10;
    const longest = Math.max(0, ...longTasks);
    failed = frameP95 > budget.p95FrameMs || longest > budget.maxLongTaskMs || messages - before < budget.apis;
    console.table([
      {
        figure: `/assets, ${budget.apis} APIs: p95 frame interval`,
        value: `${frameP95.toFixed(2)} ms`,
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
        figure: 'asset messages received while measuring',
        value: String(messages - before),
        budget: `≥ ${budget.apis}`,
        pass: messages - before >= budget.apis,
      },
    ]);
    console.log(`[bench] ${frames.length} frames over ${budget.measureSeconds} s`);
  } finally {
    await browser.close();
  }
} finally {
  await app.close();
}
process.exit(failed ? 1 : 0);
