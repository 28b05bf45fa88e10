#!/usr/bin/env node
// `npm run bench`: production build, then bench/first-load.ts measures the JS each page in
// bench/budget.json makes a fresh visitor download, against its budget. Exit 1 when over budget.
// Env: BENCH_SKIP_BUILD=1 (measure dist/ as it is), CHROMIUM_PATH.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../scripts/ensure-chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[bench] ${line}`);

if (process.env.BENCH_SKIP_BUILD === '1') say('BENCH_SKIP_BUILD=1: measuring dist/ as it is');
else {
  say('production build (npx vite build)');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
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

const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/first-load.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
  timeout: 10 * 60_000,
});
if (run.error) say(`first-load did not finish: ${run.error.message}`);
process.exit(run.status ?? 2);
