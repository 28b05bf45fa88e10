// First-load JS per page: for each page of bench/budget.json, a fresh browser context (empty cache, no
// session) opens it on the reference server, every JavaScript response is recorded until the network is
// idle, and its body is gzipped here (zlib, default level, as Vite's build report) so the number does not
// depend on how the server compresses. Prints a table, writes bench/results/latest.json, exit 1 if over.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { launchBrowser, newPage, ROOT, startApp } from '../tests/e2e/harness';

interface Budget {
  pages: Record<string, number>;
  unit: string;
}
interface Script {
  url: string;
  status: number;
  /** bytes of the decoded body */
  raw: number;
  /** bytes of that body gzipped here */
  gzip: number;
  /** bytes the server sent (content-length), when it said */
  sent: number | null;
}

const KB = 1000; // as Vite's build report
const budget = JSON.parse(readFileSync(path.join(ROOT, 'bench/budget.json'), 'utf8')) as Budget;

function isScript(response: Response): boolean {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  const pathname = new URL(response.url()).pathname;
  return type === 'script' || /javascript|ecmascript/.test(contentType) || /\.m?js$/.test(pathname);
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const app = await startApp();
const browser = await launchBrowser();
const results: Record<string, { budgetKB: number; gzipKB: number; rawKB: number; files: number; ok: boolean; finalUrl: string; networkIdle: boolean; scripts: Script[] }> = {};
let failed = false;

try {
  for (const [route, budgetKB] of Object.entries(budget.pages)) {
    const page = await newPage(browser, app.url);
    const pending: Promise<Script | null>[] = [];
    page.on('response', (response) => {
      if (!isScript(response) || response.url().startsWith('data:')) return;
      pending.push(
        response.body().then(
          (body) => {
            const length = response.headers()['content-length'];
            return { url: response.url(), status: response.status(), raw: body.length, gzip: gzipSync(body).length, sent: length ? Number(length) : null };
          },
          () => null, // a body that never arrived (redirect, aborted) transferred nothing worth counting
        ),
      );
    });

    await page.goto(route, { waitUntil: 'load', timeout: 60_000 });
    let networkIdle = true;
    try {
      await page.waitForLoadState('networkidle', { timeout: 20_000 });
    } catch {
      networkIdle = false; // e.g. polling that never stops: count what arrived so far, and say so
    }
    const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzipKB = Math.round((gzip / KB) * 10) / 10;
    const ok = gzipKB <= budgetKB;
    failed ||= !ok;
    results[route] = {
      budgetKB,
      gzipKB,
      rawKB: Math.round((raw / KB) * 10) / 10,
      files: scripts.length,
      ok,
      finalUrl: page.url().replace(app.url, ''),
      networkIdle,
      scripts: scripts.sort((a, b) => b.gzip - a.gzip).map((s) => ({ ...s, url: s.url.replace(app.url, '') })),
    };
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.close();
}

const rows = Object.entries(results).map(([route, r]) => [
  route + (r.finalUrl !== route ? ` (→ ${r.finalUrl})` : ''),
  r.gzipKB.toFixed(1),
  String(r.budgetKB),
  String(r.files),
  r.rawKB.toFixed(1),
  (r.ok ? 'ok' : 'OVER') + (r.networkIdle ? '' : ' (network never idle)'),
]);
const head = ['page', 'KB gzip', 'budget', 'files', 'KB raw', 'ok'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
console.log(`\nFirst-load JavaScript (${budget.unit}; 1 KB = 1000 bytes)\n`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
rows.forEach((row) => console.log(line(row)));
for (const [route, r] of Object.entries(results)) {
  console.log(`\n${route}: largest scripts`);
  r.scripts.slice(0, 5).forEach((s) => console.log(`  ${(s.gzip / KB).toFixed(1).padStart(8)} KB  ${s.url}`));
}

mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const out = path.join(ROOT, 'bench/results/latest.json');
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), commit: commit(), unit: budget.unit, kb: KB, pages: results }, null, 2) + '\n');
console.log(`\n${failed ? 'OVER BUDGET' : 'within budget'}; details in ${path.relative(ROOT, out)}`);
process.exit(failed ? 1 : 0);
