// The task page under load, at each size of budget.json "taskPage".sizes (1,000 and 10,000 tasks of admin):
// the reference server, the production build, Chromium. At each size, on a fresh page, it measures
//   1. the first render of /task: CPU time spent in script (Chrome's Performance.getMetrics
//      ScriptDuration) from the client-side navigation to /task until the counter shows every task and the
//      first cards are drawn, from a light console page (FROM: the console already booted, as a user arrives
//      from the menu; /guide is a public page, so going on from it boots the console too, printed apart);
//   2. while the task socket's updates arrive (every 3 s, for UPDATE_SECONDS): the p95 of the frame
//      intervals (requestAnimationFrame) and the longest long task (PerformanceObserver 'longtask');
//   3. the bytes of each task socket reply in that window: they must not grow with the number of tasks
//      (the socket carries the cards on screen, and of those what changed).
// The tasks are seeded in SQL (copies of one task made through /task/add, their currencies varied), so
// 10,000 take a second. Budgets and their reasons: bench/budget.json "taskPage". Run by bench/run.mjs
// after bench/main.ts (or alone after a build: npx tsx bench/task-page.ts; TASKS=n measures one size).
// Exit 1 when a figure misses its budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, callAs, launchBrowser, newPage, signInByApi, startApp, type App } from '../tests/e2e/harness';
import { displayFrames, percentile } from './frames';
import { budgetOf } from './report';

interface TaskPageBudget {
  sizes: number[];
  updateSeconds: number;
  firstRenderScriptMs: { max: number; reason: string };
  p95FrameMs: { max: number; reason: string };
  longestTaskMs: { max: number; reason: string };
  pushBytesGrowth: { max: number; reason: string };
}
const budget = budgetOf<TaskPageBudget>(ROOT, 'taskPage');
const SIZES = process.env.TASKS ? [Number(process.env.TASKS)] : budget.sizes;
const UPDATE_SECONDS = Number(process.env.UPDATE_SECONDS ?? budget.updateSeconds);
const CURRENCIES = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv'];
const say = (line: string) => console.log(`[bench task-page] ${line}`);
/** The console page the menu is used on: a light one of the console's shell (TASKPAGE_FROM=… another). */
const FROM = process.env.TASKPAGE_FROM ?? '/coins';

interface Row {
  figure: string;
  value: number;
  max: number;
}
interface Measured {
  tasks: number;
  firstRender: number;
  mounted: number;
  frames: number;
  p95: number;
  longest: number;
  longTasks: number[];
  replies: number;
  bytesPerReply: number;
}

/** Admin's tasks up to `size`: the first through /task/add, the rest copies of it in one statement. */
async function seed(app: App, browser: Browser, size: number): Promise<void> {
  const page = await newPage(browser, app.url);
  await page.goto('/login');
  await signInByApi(page, 'admin', 'admin123');
  const existing = (await callAs<{ total: number }>(page, 'taskList', { pagesize: 1, page: 1 })).data.total;
  if (existing === 0) {
    const strategies = await callAs<{ id: number; name: string }[]>(page, 'strategyHome');
    const strategy = strategies.data.find((s) => s.name.includes('arbitrage 2'))!;
    const sections = await callAs<Record<string, Record<string, unknown>>>(page, 'strategyParamsGet', { strategyId: strategy.id });
    const params = Object.assign({}, ...Object.values(sections.data)) as Record<string, unknown>;
    const added = await callAs(page, 'taskAdd', { name: 'bench 0', strategyId: strategy.id, params: { ...params, currency_type: CURRENCIES[0] } });
    if (added.code !== 200) throw new Error(`bench seed: ${added.info}`);
  }
  await page.context().close();
  const { db } = app.server.context;
  const template = (await db.get<{ id: number }>('SELECT MIN(id) AS id FROM task_tasks'))!.id;
  const from = Math.max(existing, 1);
  await db.run(
    `WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO task_tasks (user_id, strategy_id, strategy_name, name, status, params, engine, created_at)
     SELECT user_id, strategy_id, strategy_name, 'bench ' || i, status, json_set(params, '$.currency_type', json_extract(?, '$[' || (i % ${CURRENCIES.length}) || ']')), engine, created_at
     FROM task_tasks, n WHERE id = ?`,
    [from, size - 1, JSON.stringify(CURRENCIES), template],
  );
  say(`seeded ${size} tasks`);
}

async function measure(app: App, browser: Browser, tasks: number): Promise<Measured> {
  const page = await newPage(browser, app.url);
  const socket = { replies: 0, bytes: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ts/websocket')) return;
    ws.on('framereceived', ({ payload }) => {
      if (!String(payload).includes('"data"')) return;
      socket.replies += 1;
      socket.bytes += Buffer.byteLength(String(payload));
    });
  });
  await page.goto('/login');
  await signInByApi(page, 'admin', 'admin123');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptMs = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return metrics.find((m) => m.name === 'ScriptDuration')!.value * 1000;
  };

  /** The script time of a client-side move from `from` to /task until the counter shows every task and the first cards are drawn. */
  const moveToTasks = async (from: string, drawn: string) => {
    await page.goto(from);
    await page.locator(drawn).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const before = await scriptMs();
    await page.evaluate("history.pushState({}, '', '/task'); dispatchEvent(new PopStateEvent('popstate'))");
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="task-grid"]')?.getAttribute('data-rows') !== null &&
        document.querySelectorAll('[data-testid^="task-card-"]').length > 0 &&
        Number(document.querySelector('[data-testid="task-counter"]')?.textContent?.split('/').pop()) === n,
      tasks,
      { timeout: 60_000 },
    );
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    return (await scriptMs()) - before;
  };
  const firstRender = await moveToTasks(FROM, '[data-testid^="coins-"]');
  const mounted = await page.locator('[data-testid^="task-card-"]').count();
  say(`${tasks} tasks: first render from ${FROM} ${firstRender.toFixed(0)} ms of script, ${mounted} cards mounted`);
  // not budgeted (the console's own boot comes with whichever console page a visit opens first), and measured second,
  // with the task page's scripts already fetched once
  const withBoot = await moveToTasks('/guide', '.ant-steps');
  say(`${tasks} tasks: from /guide (a public page: the console boots on the way) ${withBoot.toFixed(0)} ms of script`);

  // frames and long tasks while the socket's updates arrive (it sends every 3 s)
  await page.waitForTimeout(4000); // the children's reads and the first socket round settle
  // as text: the bench runs through tsx, whose helpers (__name) do not exist in the page
  await page.evaluate(`(() => {
    const bench = { frames: [], longTasks: [], stop: false };
    window.__bench = bench;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => bench.longTasks.push(e.duration))).observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => {
      bench.frames.push(now - last);
      last = now;
      if (!bench.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  // the task socket's replies in the window, so a quiet socket cannot pass for a smooth page
  const socketBefore = { ...socket };
  await page.waitForTimeout(UPDATE_SECONDS * 1000);
  const { frames, longTasks } = (await page.evaluate('(() => { window.__bench.stop = true; return window.__bench; })()')) as {
    frames: number[];
    longTasks: number[];
  };
  await page.context().close();
  const deltas = frames.slice(1);
  const replies = socket.replies - socketBefore.replies;
  const bytesPerReply = replies ? (socket.bytes - socketBefore.bytes) / replies : 0;
  const measured = {
    tasks,
    firstRender,
    mounted,
    frames: deltas.length,
    p95: percentile(displayFrames(deltas).frameTimes, 95),
    longest: Math.max(0, ...longTasks),
    longTasks,
    replies,
    bytesPerReply,
  };
  say(`${tasks} tasks: ${replies} task socket replies of ${(bytesPerReply / 1000).toFixed(1)} KB each in ${UPDATE_SECONDS} s`);
  say(
    `${tasks} tasks: updates for ${UPDATE_SECONDS} s: ${deltas.length} frames, p95 ${measured.p95.toFixed(1)} ms in whole display intervals (raw ${percentile(deltas, 95).toFixed(1)} ms), ${longTasks.length} long tasks, longest ${measured.longest.toFixed(0)} ms`,
  );
  return measured;
}

const app = await startApp();
const browser = await launchBrowser();
let failed = 0;
try {
  const results: Measured[] = [];
  for (const size of SIZES) {
    await seed(app, browser, size);
    results.push(await measure(app, browser, size));
  }
  const rows: Row[] = results.flatMap((r) => [
    { figure: `task page first render, ${r.tasks} tasks (script ms)`, value: r.firstRender, max: budget.firstRenderScriptMs.max },
    { figure: `task page p95 frame while updates arrive, ${r.tasks} tasks (ms)`, value: r.p95, max: budget.p95FrameMs.max },
    { figure: `task page longest long task while updates arrive, ${r.tasks} tasks (ms)`, value: r.longest, max: budget.longestTaskMs.max },
  ]);
  for (const r of results) {
    if (r.replies < Math.floor(UPDATE_SECONDS / 3) - 1) {
      failed += 1;
      say(`FAIL: the task socket sent (almost) nothing while frames were measured at ${r.tasks} tasks`);
    }
  }
  const [smallest, largest] = [results[0]!, results.at(-1)!];
  if (results.length > 1) {
    // per KB of the smallest size's replies: a growth with the number of tasks shows here
    rows.push({
      figure: `task socket bytes per reply, ${largest.tasks} tasks over ${smallest.tasks} (${(largest.bytesPerReply / 1000).toFixed(1)} KB / ${(smallest.bytesPerReply / 1000).toFixed(1)} KB)`,
      value: largest.bytesPerReply / smallest.bytesPerReply,
      max: budget.pushBytesGrowth.max,
    });
  }
  for (const r of rows) {
    const pass = Number(r.value.toFixed(1)) <= r.max;
    if (!pass) failed += 1;
    console.log(`| ${r.figure} | ${r.value.toFixed(1)} | ≤ ${r.max} | ${pass ? 'pass' : 'FAIL'} |`);
  }
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/task-page.json'), `${JSON.stringify({ date: new Date().toISOString(), sizes: results, rows }, null, 2)}\n`);
} finally {
  await browser.close();
  await app.close();
}
process.exit(failed ? 1 : 0);
