#!/usr/bin/env node
// End-to-end runner (`npm run test:e2e`): builds the console when dist/ is missing or stale, finds
// Chromium, then runs tests/e2e/*.spec.ts with Node's test runner in three lanes (lane.ts: a process that runs
// file after file, each with its own server, the lane's browser shared), each lane taking the next file as it
// frees up (the slowest files first, so that the lanes end together), and the files of ALONE (the
// kill-and-restart spec) in a lane of their own, started as the lanes take their last files, whose timed part waits
// until the lanes have ended (othersIdle, spec-file.ts); it prints each file's time and CPU and the ten costliest.
//   node tests/e2e/run.mjs              all specs
//   node tests/e2e/run.mjs serving apis  only specs whose file name contains "serving" or "apis"
// Env: E2E_TIMEOUT_MS (whole run, default 15 min), E2E_TEST_TIMEOUT_MS (per test, default 120 s),
//      CHROMIUM_PATH (a Chromium other than Debian's headless shell), E2E_SKIP_BUILD=1 (use dist/ as it is),
//      E2E_CONCURRENCY (lanes, default 3).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testChromiumPath } from '../../scripts/ensure-chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const E2E = path.join(ROOT, 'tests/e2e');
const say = (line) => console.log(`[e2e] ${line}`);
/** Spec files by their time on this machine (summed test times of a whole run, 3 lanes), slowest first, so the
 * lanes end together; a file not named here runs after these. */
const SLOWEST_FIRST = [
  'a11y',
  'market',
  'foundation',
  'a11y-keyboard',
  'tasks',
  'security-replies',
  'security',
  'trading',
  'unilateral',
  'i18n',
  'tools-miner',
  'apis',
  'restart-orders',
  'strategies',
  'mobile',
  'leg-health',
  'tools-paper',
  'global-config',
  'serving',
  'tools-binance',
  'statistic',
  'nginx',
  'alerts',
  'tools-signal-coins',
  'assets',
];
/** Spec files that time the recovery of a killed server: they run in a lane by themselves, started as the other
 * lanes take their last files, and what they time waits until those lanes have ended (othersIdle, spec-file.ts), so
 * the other lanes' load cannot stand in for what they measure (restart-orders.spec.ts kills one too, but times
 * nothing: it runs in the lanes). */
const ALONE = ['restart'];
const rank = (file) => {
  const at = SLOWEST_FIRST.indexOf(path.basename(file, '.spec.ts'));
  return at === -1 ? SLOWEST_FIRST.length : at;
};

/**
 * The CPU each spec file costs, its browser and everything else it starts included (Linux: /proc, sampled every
 * 500 ms; a process that lives less than that is missed). A file's wall time depends on what ran beside it in the
 * other lanes; its CPU does not, so the suite is made faster by the CPU column.
 */
function cpuMeter() {
  const seen = new Map(); // pid → { spec root pid, seconds }
  const read = () => {
    let names;
    try {
      names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return; // no /proc: not Linux
    }
    const parents = new Map();
    const cpu = new Map();
    for (const name of names) {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(name), Number(fields[1]));
        cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        /* gone meanwhile */
      }
    }
    for (const [pid, seconds] of cpu) {
      let root = seen.get(pid)?.root;
      for (let up = pid; root === undefined && up > 1; up = parents.get(up) ?? 0) if (roots.has(up)) root = up;
      if (root !== undefined) seen.set(pid, { root, seconds, browser: seen.get(pid)?.browser ?? isBrowser(pid) });
    }
  };
  const isBrowser = (pid) => {
    try {
      return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'latin1'));
    } catch {
      return false;
    }
  };
  const roots = new Set();
  const timer = setInterval(read, 500);
  timer.unref();
  return {
    watch: (pid) => roots.add(pid),
    /** CPU seconds of everything under this root pid so far (call once it has ended: read then). */
    secondsOf(pid) {
      read();
      let all = 0;
      let browser = 0;
      for (const entry of seen.values()) {
        if (entry.root !== pid) continue;
        all += entry.seconds;
        if (entry.browser) browser += entry.seconds;
      }
      return { all, browser };
    },
  };
}

/** Newest modification time under the given files/folders (0 when none exist). */
function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  entries.forEach((e) => {
    visit(path.join(ROOT, e));
  });
  return newest;
}

/** True when dist/ is missing or older than what it is built from. */
function distIsStale() {
  const built = path.join(ROOT, 'dist/index.html');
  if (!existsSync(built)) return true;
  const sources = newestMtime(['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json']);
  return sources > statSync(built).mtimeMs;
}

async function main() {
  const started = Date.now();

  // 1. the console
  if (process.env.E2E_SKIP_BUILD === '1') say('E2E_SKIP_BUILD=1: using dist/ as it is');
  else if (distIsStale()) {
    say('dist/ is missing or older than its sources: building the console (npm run build: vite, prerender, compression)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      say(`build failed (exit ${build.status ?? build.signal})`);
      process.exit(build.status || 1);
    }
    say(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else say('dist/ is up to date');

  // 2. the browser
  let chromium;
  try {
    chromium = testChromiumPath();
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  say(`chromium: ${chromium}`);

  // 3. the specs (Node 20's --test takes no globs, so list them)
  const concurrency = Number(process.env.E2E_CONCURRENCY ?? 3);
  const filters = process.argv.slice(2);
  const specs = readdirSync(E2E)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => filters.length === 0 || filters.some((word) => f.includes(word)))
    .sort()
    .sort((a, b) => rank(a) - rank(b))
    .map((f) => path.join('tests/e2e', f));
  if (specs.length === 0) {
    say(`no spec matches ${filters.length ? filters.join(', ') : 'tests/e2e/*.spec.ts'}`);
    process.exit(1);
  }
  say(`running ${specs.length} spec file(s), ${concurrency} at a time: ${specs.map((s) => path.basename(s)).join(', ')}`);

  const testTimeout = Number(process.env.E2E_TEST_TIMEOUT_MS ?? 120_000);
  const runTimeout = Number(process.env.E2E_TIMEOUT_MS ?? 15 * 60_000);
  const alone = specs.filter((spec) => ALONE.includes(path.basename(spec, '.spec.ts')));
  const shared = specs.filter((spec) => !alone.includes(spec));

  const running = new Set();
  const meter = cpuMeter();
  const killAll = (signal) => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    }
  };
  /**
   * One lane: a process (tests/e2e/lane.ts) that takes the next spec file from the queue whenever it is free, until
   * the queue is empty. Its output is printed a file at a time when that file ends (lane-reporter.mjs marks the
   * end), with the file's time and CPU (the lane's CPU since the previous file ended). A lane that dies takes the
   * file it ran with it (failed); a new lane takes the rest.
   */
  const runLane = (queue, results, pool) =>
    new Promise((resolve) => {
      const args = ['--import', 'tsx', '--test-reporter=./tests/e2e/lane-reporter.mjs', 'tests/e2e/lane.ts'];
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: { ...process.env, CHROMIUM_PATH: chromium, E2E_TEST_TIMEOUT_MS: String(testTimeout) },
        detached: true, // its own process group, so a hung run is ended with everything it started
      });
      running.add(child);
      meter.watch(child.pid);
      const started = []; // the files given to this lane whose end has not been read yet, in order
      let began = Date.now();
      let cpuBefore = { all: 0, browser: 0 };
      let output = [];
      const fileEnded = (status) => {
        const file = started.shift();
        const cpu = meter.secondsOf(child.pid);
        const seconds = (Date.now() - began) / 1000;
        const used = { all: cpu.all - cpuBefore.all, browser: cpu.browser - cpuBefore.browser };
        process.stdout.write(output.join(''));
        say(
          `${status === 0 ? 'passed' : 'FAILED'} ${file} in ${seconds.toFixed(1)} s (CPU ${used.all.toFixed(1)} s, of which Chromium ${used.browser.toFixed(1)} s)`,
        );
        results.push({ file, seconds, cpu: used.all, status });
        [output, cpuBefore, began] = [[], cpu, Date.now()];
      };
      let partial = '';
      child.stdout.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) {
          const done = line.match(/^@@e2e-file-done (passed|failed) /);
          if (done && started.length) fileEnded(done[1] === 'passed' ? 0 : 1);
          else if (!done) output.push(`${line}\n`);
        }
      });
      child.stderr.on('data', (chunk) => output.push(chunk.toString()));
      child.on('message', (message) => {
        // a spec about to time something (othersIdle, spec-file.ts): answered once the other lanes have ended
        if (message?.waiting) {
          void pool.othersEnded.then(() => child.send({ go: true }));
          return;
        }
        const file = queue.shift();
        if (file) started.push(path.basename(file));
        if (queue.length === 0) pool.drained();
        child.send({ file });
      });
      child.on('close', (code, signal) => {
        running.delete(child);
        if (partial) output.push(partial);
        while (started.length) {
          output.push(`[e2e] the lane running ${started[0]} ended (${signal ?? `exit ${code}`}) before it did\n`);
          fileEnded(1);
        }
        if (output.join('').trim()) process.stdout.write(output.join(''));
        resolve(queue.length > 0 ? runLane(queue, results, pool) : undefined);
      });
    });
  /**
   * The files, `lanes` processes at a time, each lane taking the next file as it frees up. `drained`: called once
   * every file has been taken; `othersEnded`: what a file that waits for the other lanes (othersIdle) waits for.
   */
  const runPool = async (files, lanes, { drained = () => {}, othersEnded = Promise.resolve() } = {}) => {
    const queue = [...files];
    const results = [];
    let once = false;
    const pool = {
      othersEnded,
      drained: () => {
        if (!once) drained();
        once = true;
      },
    };
    if (queue.length === 0) pool.drained();
    await Promise.all(Array.from({ length: Math.min(lanes, files.length) }, () => runLane(queue, results, pool)));
    return results;
  };

  const watchdog = setTimeout(() => {
    say(`timed out after ${Math.round(runTimeout / 1000)} s: stopping the test run`);
    killAll('SIGTERM');
    setTimeout(() => killAll('SIGKILL'), 5_000).unref();
  }, runTimeout);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => killAll(signal));

  // the files of ALONE start as the lanes take their last files: what they do before they time anything runs beside
  // the lanes' last files; they wait for the lanes to end (othersIdle) before the part they time
  let startAlone = () => {};
  const aloneMayStart = new Promise((resolve) => (startAlone = resolve));
  let lanesEnded = () => {};
  const othersEnded = new Promise((resolve) => (lanesEnded = resolve));
  const aloneResults = aloneMayStart.then(() => {
    if (alone.length === 0) return [];
    say(`started beside the lanes' last files, timed by themselves: ${alone.map((s) => path.basename(s)).join(', ')}`);
    return runPool(alone, 1, { othersEnded });
  });
  const results = await runPool(shared, concurrency, { drained: startAlone });
  lanesEnded();
  startAlone();
  results.push(...(await aloneResults));
  clearTimeout(watchdog);
  say('the ten costliest spec files (CPU, wall):');
  for (const { file, seconds, cpu } of [...results].sort((a, b) => b.cpu - a.cpu).slice(0, 10)) {
    say(`  ${cpu.toFixed(1).padStart(6)} s  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  say(`CPU of all spec files: ${results.reduce((sum, r) => sum + r.cpu, 0).toFixed(0)} s`);
  const failed = results.filter((r) => r.status !== 0).map((r) => r.file);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(failed.length === 0 ? `passed in ${seconds} s` : `FAILED (${failed.join(', ')}) in ${seconds} s`);
  if (failed.length && existsSync(path.join(E2E, 'artifacts'))) say('screenshots and page logs: tests/e2e/artifacts/');
  process.exit(failed.length ? 1 : 0);
}

main();
