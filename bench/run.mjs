#!/usr/bin/env node
// `npm run bench`: production build (npm run build: vite, prerender, precompression), then bench/main.ts
// measures every figure of bench/budget.json against the reference server. Exit 1 when one misses.
// Env: BENCH_SKIP_BUILD=1 (measure dist/ as it is), BENCH_ONLY=bytes|lighthouse|orders|market|taskPage|assets|unilateralOrders|unilateralList|unilateralStatistic|alerts|hostile|exchangeLatency|ordersCurve|start, CHROMIUM_PATH.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../scripts/ensure-chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[bench] ${line}`);

if (process.env.BENCH_SKIP_BUILD === '1') say('BENCH_SKIP_BUILD=1: measuring dist/ as it is');
else {
  say('production build (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    say(`build failed (exit ${build.status ?? build.signal})`);
    process.exit(build.status || 2);
  }
}

let chromium;
try {
  chromium = chromiumPath();
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
say(`chromium: ${chromium}`);

// bench/main.ts (bytes, Lighthouse, orders, the spread board), then the pages that need a server of their
// own: bench/task-page.ts (1,000 tasks), bench/assets.ts (20 APIs), bench/unilateral-orders.ts (100,000 follow
// orders on one API), bench/unilateral-list.ts (200 strategies under live updates) and
// bench/unilateral-statistic.ts (1T over 30 days), bench/alerts.ts and bench/hostile.ts (one user's costliest
// requests against another's calls). BENCH_ONLY names one of them.
const own = {
  taskPage: 'bench/task-page.ts',
  assets: 'bench/assets.ts',
  unilateralOrders: 'bench/unilateral-orders.ts',
  unilateralList: 'bench/unilateral-list.ts',
  unilateralStatistic: 'bench/unilateral-statistic.ts',
  // the alert rules' evaluation on the server (no browser)
  alerts: 'bench/alerts.ts',
  // one hostile user's costliest requests against another user's calls (no browser)
  hostile: 'bench/hostile.ts',
  // a book update on the loopback exchanges to the order it opens leaving the server, 100 testnet tasks (no browser)
  exchangeLatency: 'bench/exchange-latency.ts',
  // the paged order list and the statistics socket at 100,000 and 1,000,000 orders, with the server's RSS (no browser)
  ordersCurve: 'bench/orders.ts',
  // a fresh start on a folder of 10,000 tasks and 1,000,000 orders, and the migrations on it (no browser)
  start: 'bench/start.ts',
};
const only = process.env.BENCH_ONLY;
const scripts = only ? [own[only] ?? 'bench/main.ts'] : ['bench/main.ts', ...Object.values(own)];
let status = 0;
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, CHROME_PATH: chromium },
    timeout: 30 * 60_000,
  });
  if (run.error) say(`${script} did not finish: ${run.error.message}`);
  status = Math.max(status, run.status ?? 2);
}
process.exit(status);
