// `npm run bench` (after bench/run.mjs built the console): every figure of bench/budget.json measured
// against the reference server serving dist/, printed as one table (figure, median, budget, pass/fail),
// written to bench/results/latest.json. Exit 1 when a figure misses its budget.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, ROOT, startApp } from '../tests/e2e/harness';
import { adminCookies, firstVisit, secondVisit, type PageBytes } from './bytes';
import { runLighthouse, withChrome, type FormFactor, type LighthouseRun } from './lighthouse';
import { benchOrders, type OrdersBudget, type OrdersResult } from './orders';
import { marketFramesRows, type MarketFramesBudget, type MarketFramesResult } from './market-frames';

interface Budget {
  bytes: {
    unit: string;
    groups: { name: string; budgetKB: number; reason: string; signedIn: boolean; routes: string[] }[];
    secondVisit: { route: string; budgetKB: number; reason: string };
  };
  lighthouse: {
    runs: number;
    routes: string[];
    budgets: { figure: 'performance' | 'cls'; formFactor: FormFactor; min?: number; max?: number; reason: string }[];
  };
  orders: OrdersBudget;
  market: MarketFramesBudget;
}
interface Row {
  figure: string;
  median: string;
  budget: string;
  pass: boolean;
  note?: string;
}

const KB = 1000;
const budget = JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as Budget;
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const only = process.env.BENCH_ONLY; // 'bytes', 'lighthouse', 'orders' or 'market' while working on one of them

/** Every console route of the route table must have a budget: a new page cannot slip past the bench. */
function uncoveredConsoleRoutes(): string[] {
  const table = readFileSync(path.join(ROOT, 'src/console/routes.tsx'), 'utf8');
  const routes = [...table.matchAll(/route\('([^']+)'/g)].map((m) => m[1]);
  const budgeted = new Set(budget.bytes.groups.flatMap((g) => g.routes.map((r) => r.split('?')[0])));
  return routes.filter((r) => !budgeted.has(r));
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const rows: Row[] = [];
const details: {
  bytes: PageBytes[];
  secondVisit?: PageBytes;
  lighthouse: Record<string, LighthouseRun[]>;
  orders?: OrdersResult;
  market?: MarketFramesResult;
} = { bytes: [], lighthouse: {} };
const app = await startApp();
try {
  if (only === undefined || only === 'orders') {
    const r = await benchOrders(budget.orders);
    details.orders = r;
    rows.push({
      figure: `/statistic: a page of /web/get/order/paging with ${r.orders} orders, p95`,
      median: `${r.p95Ms.toFixed(1)} ms`,
      budget: `≤ ${budget.orders.p95Ms} ms`,
      pass: r.pass,
      note: `${r.requests} requests over HTTP, p50 ${r.p50Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms`,
    });
  }
  if (!only || only === 'bytes') {
    const missing = uncoveredConsoleRoutes();
    if (missing.length) rows.push({ figure: 'console routes without a budget', median: missing.join(' '), budget: 'none', pass: false });
    const browser = await launchBrowser();
    // a server of its own with the demo tasks of a first `npm start`, so /task/taskTradeInfo?id=1 and
    // /task/taskDetail?id=1 draw a real task (curve and orders) instead of the 'no data' way back
    const demo = await startApp({ settings: { demoTasks: true } });
    try {
      const cookies = await adminCookies(demo.url);
      for (const group of budget.bytes.groups) {
        for (const route of group.routes) {
          const page = await firstVisit(browser, demo.url, route, group.signedIn ? cookies : null);
          details.bytes.push(page);
          const redirected = page.finalPath !== route ? ` → ${page.finalPath}` : '';
          rows.push({
            figure: `JS on the wire, first visit ${route}${redirected}`,
            median: `${kb(page.wire)} KB`,
            budget: `≤ ${group.budgetKB} KB`,
            pass: page.wire <= group.budgetKB * KB && !redirected.includes('/login'),
            note: `${page.scripts.length} files, ${kb(page.encoded)} KB of bodies${page.settled ? '' : ', never settled'}`,
          });
        }
      }
      const again = await secondVisit(browser, demo.url, budget.bytes.secondVisit.route);
      details.secondVisit = again;
      rows.push({
        figure: `JS on the wire, second visit ${again.route}`,
        median: `${kb(again.wire)} KB`,
        budget: `≤ ${budget.bytes.secondVisit.budgetKB} KB`,
        pass: again.wire <= budget.bytes.secondVisit.budgetKB * KB,
        note: `${again.scripts.filter((s) => s.fromCache).length} of ${again.scripts.length} files from the cache, ${kb(again.encoded)} KB of bodies`,
      });
    } finally {
      await browser.close();
      await demo.close();
    }
  }

  if (!only || only === 'lighthouse') {
    const { chromiumPath } = (await import('../scripts/ensure-chromium.mjs')) as { chromiumPath(): string };
    await withChrome(chromiumPath(), async (port) => {
      for (const route of budget.lighthouse.routes) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const runs: LighthouseRun[] = [];
          for (let i = 0; i < budget.lighthouse.runs; i++) runs.push(await runLighthouse(port, app.url + route, formFactor));
          details.lighthouse[`${route} ${formFactor}`] = runs;
          for (const b of budget.lighthouse.budgets.filter((b) => b.formFactor === formFactor)) {
            const value = median(runs.map((r) => r[b.figure]));
            const shown = b.figure === 'cls' ? value.toFixed(3) : String(value);
            const pass = (b.min === undefined || value >= b.min) && (b.max === undefined || value <= b.max);
            const each = runs.map((r) => (b.figure === 'cls' ? r.cls.toFixed(3) : String(r.performance))).join(', ');
            const timings =
              b.figure === 'performance'
                ? `; FCP ${(median(runs.map((r) => r.fcpMs)) / 1000).toFixed(1)} s, LCP ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1)} s, TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms`
                : '';
            rows.push({
              figure: `Lighthouse ${formFactor} ${b.figure === 'cls' ? 'CLS' : 'performance'} ${route}`,
              median: shown,
              budget: b.min !== undefined ? `≥ ${b.min}` : `≤ ${b.max}`,
              pass,
              note: `runs ${each}${timings}`,
            });
          }
        }
      }
    });
  }

  if (!only || only === 'market') {
    const browser = await launchBrowser();
    try {
      const market = await marketFramesRows(browser, budget.market);
      details.market = market.result;
      rows.push(...market.rows);
    } finally {
      await browser.close();
    }
  }
} finally {
  await app.close();
}

const head = ['figure', 'median', 'budget', 'pass/fail'];
const cells = rows.map((r) => [r.figure, r.median, r.budget, (r.pass ? 'pass' : 'FAIL') + (r.note ? ` (${r.note})` : '')]);
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(
  `\nBenchmarks ${new Date().toISOString().slice(0, 10)} (commit ${commit() ?? '?'}; ${budget.bytes.unit}; Lighthouse: median of ${budget.lighthouse.runs})\n`,
);
console.log(line(head));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
cells.forEach((c) => {
  console.log(line(c));
});

const failed = rows.filter((r) => !r.pass);
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const out = path.join(ROOT, 'bench/results/latest.json');
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), commit: commit(), rows, ...details }, null, 2)}\n`);
console.log(`\n${failed.length ? `${failed.length} figure(s) miss their budget` : 'every figure within budget'}; details in ${path.relative(ROOT, out)}`);
process.exit(failed.length ? 1 : 0);
