// Helpers for the end-to-end specs (`node --import tsx --test`, see run.mjs): the reference server on a
// free port with a fresh data folder serving the built console, and Debian's Chromium through playwright-core.
//
// What a spec uses (most specs need only e2eSuite):
//   e2eSuite({viewport?, server?})  one server (started with these ServerOptions) + one browser per file; returns
//     open(locale?)         a fresh page, signed out
//     signIn(user, pw)      a fresh page signed in through the login API (no form, no slider): the page is
//                           still blank, so goto() where the test starts
//     signInUnilateral(user, pw)   the same for a unilateral account (单边账号登录)
//     signInWithSlider(user, pw)   a fresh page signed in through /login as a user does (the slider captcha);
//                           keep this for the few tests that are about the login itself
//     app                   the running server (url, dataDir, server.context)
//   login(page, user, pw)         the /login form with the slider, on any page
//   loginUnilateral(page, user, pw) the /login 单边账号登录 tab, on any page
//   signInByApi(page, user, pw), signInUnilateralByApi(page, user, pw)   the API sign-ins on any page
//   whileWatching(locator, action)  for a transient element (a toast, a spinner): starts watching
//                           before the action, so it is seen even when it has closed again by the time the
//                           action returns. Prefer asserting on the state the user sees last (the row is gone,
//                           the dialog closed), which does not go away.
//   motionEnded(locator)  waits until a dialog or menu has finished opening (antd's -appear/-enter motion):
//                         a click during the zoom can land beside the moving button and be lost
//   chooseOption(combobox, option)  picks an option of an antd Select in that select's own list, then waits
//                         until the select shows it
//   tick(checkbox)        ticks a checkbox of an antd Checkbox.Group in a Form and waits until it shows
//                         (the group shows the tick a render after the click; check() would call it a miss)
//   freePort()            a free loopback port, for a process a spec starts itself (restart, nginx)
//   scriptTookOver(page)  waits until a prerendered page (/login, /home, /guide) is the script's: clicks count
//   until(what, condition)  waits for a state outside the page (the server's), checked every POLL_MS
//   requestsOf(page)      the page's requests under way, and how long none has been (followed from the first call)
//   taskSettled(app, id)  waits until a task's engine has nothing under way (no open order, no manual
//                         trade, no status change pending): a paused or stopped task's numbers then hold still
//   E2E_START, onServerClock(page, clock)   a spec's ManualClock starts at E2E_START; the page's Date is set to it
//                         (and set again after each move of the server's clock)
//   TIMEOUTS              every time limit of the suite. Specs pass no timeouts and never sleep: they wait
//                         for a state (locator.waitFor, waitForURL, waitForResponse, waitForFunction, until).
//   takeCspViolations(page)  the Content-Security-Policy violations the page reported (e2eSuite fails a test
//                         that leaves any behind)
//   startApp, launchBrowser, newPage, pageLog, onFailure   the pieces e2eSuite is made of
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { captchaFields, proveWork } from '#contract/rules/captcha';
import { startServer, type RunningServer, type ServerOptions } from '../../server/main';
import { after, afterEach, before, inLane } from './spec-file';
import { findTask, loadState } from '../../server/store/tasks';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');

/**
 * Every time limit of the e2e suite, in one place. Generous, because the machine may be busy: a limit
 * is what a broken page runs into, never something a passing test waits out. The per-test and whole-run
 * limits of the runner are guards against a hung run (run.mjs: E2E_TEST_TIMEOUT_MS, E2E_TIMEOUT_MS).
 */
export const TIMEOUTS = {
  /** any wait for the page: a locator action or waitFor, waitForURL, waitForResponse, waitForFunction */
  action: 30_000,
  /** page.goto, page.reload */
  navigation: 30_000,
  /** a screenshot of a failed test */
  screenshot: 10_000,
} as const;

/** How often `until` checks a state outside the page. */
export const POLL_MS = 20;

/** Resolves once `condition` holds (checked every POLL_MS), failing after TIMEOUTS.action with `what`. */
export async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUTS.action;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The kernel's range of ports for `listen(0)` and outgoing connections ("32768 60999" when unreadable). */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    /* not Linux */
  }
  return [32768, 60999];
}

/**
 * A TCP port on 127.0.0.1 that nobody listens on now, for a process a spec starts itself (nginx, a restarted
 * server). It is taken below the kernel's ephemeral range: every other lane's servers listen on port 0 and every
 * connection's local port comes from that range, so none of them can take this port between the probe and the
 * process's own bind (a port from `listen(0)` could, and then that lane's server answered in nginx's place).
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralPorts();
  const low = Math.max(1024, ephemeralLow - 20_000);
  const span = ephemeralLow - low;
  const first = low + Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = low + ((first - low + i) % span);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port below ${ephemeralLow}`);
}

// scripts/ is plain .mjs without type declarations, so it is imported by URL with its shape spelled here.
async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, file)).href)) as T;
}

/**
 * The slider captcha's difficulty on the e2e servers: 10 leading zero bits, ~1,000 hashes, so the search still
 * runs several of proveWork's batches of 256 (contract/rules/captcha.ts) as at the default 16.
 */
export const E2E_CAPTCHA_DIFFICULTY = 10;

/**
 * Where the clock of a spec's server starts when the spec moves it (a ManualClock): a fixed instant, the same as the
 * server tests' (TEST_START, tests/server/helpers.ts), so no test reads the wall clock for its data.
 */
export const E2E_START = Date.UTC(2026, 10, 2, 1, 0, 0);

/**
 * Sets the page's Date (every page of its browser context) to what the server's clock reads now; its timers run as
 * they do. A page ages what the server sends by its own Date (a last fill "5 s ago"): call it again after moving
 * the server's clock.
 */
export async function onServerClock(page: Page, clock: { now(): number }): Promise<Page> {
  await page.clock.setFixedTime(clock.now());
  return page;
}

export interface App {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** the running server itself (its context: clock, settings, market…), for specs that look inside. */
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the reference server on a free port with a fresh data folder, serving dist/. */
export async function startApp(options: ServerOptions = {}): Promise<App> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html is missing: build the console first (npm run build, or node tests/e2e/run.mjs)`);
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'console-e2e-')));
  // no demo tasks: each spec makes the tasks it asserts on (the demo seed has its own server test);
  // a task's status changes at the engine's next tick, not 2 s of realism later; password hashes are cheap
  // (the default, OWASP's scrypt cost, takes ~0.3 s and 128 MiB for each sign-in); the slider's proof of work
  // is E2E_CAPTCHA_DIFFICULTY (the default's ~65,000 hashes took ~0.3 s of CPU at each of the suite's ~70
  // sign-ins; foundation.spec.ts signs in at the default)
  const settings = {
    demoTasks: false,
    statusChangeDelayMs: 0,
    passwordCost: { N: 1024, r: 8, p: 1 },
    captchaDifficulty: E2E_CAPTCHA_DIFFICULTY,
    ...options.settings,
  };
  const server = await startServer({ port: 0, host: '127.0.0.1', staticDir: DIST, ...options, settings, dataDir });
  return {
    url: server.url.replace(/\/+$/, ''),
    port: server.port,
    dataDir,
    server,
    async close() {
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once the task's engine has nothing under way: no open order, no manual trade, no status change
 * pending (server/engine/step.ts). A paused or stopped task then trades no more, so its numbers hold still.
 */
export async function taskSettled(app: App, taskId: number): Promise<void> {
  const { db } = app.server.context;
  await until(`task ${taskId} has nothing under way`, async () => {
    const row = await findTask(db, taskId);
    if (!row) throw new Error(`no task ${taskId}`);
    const state = await loadState(db, row);
    return state.open_orders.length === 0 && state.manual === null && state.pending_status === null;
  });
  await app.server.tasks.idle(); // the tick that wrote it has told the feeds
}

/** A page's requests: how many are under way, and for how long none has been (0 while one is). */
export interface PageRequests {
  readonly pending: number;
  quietFor(): number;
}
const tracked = new WeakMap<Page, PageRequests>();

/** The requests of a page, followed from the first call on (one set of listeners per page). */
export function requestsOf(page: Page): PageRequests {
  let requests = tracked.get(page);
  if (!requests) {
    const pending = new Set<Request>();
    let lastEnded = performance.now();
    const ended = (request: Request) => {
      pending.delete(request);
      lastEnded = performance.now();
    };
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    requests = {
      get pending() {
        return pending.size;
      },
      quietFor: () => (pending.size > 0 ? 0 : performance.now() - lastEnded),
    };
    tracked.set(page, requests);
  }
  return requests;
}

/** Debian's Chromium headless shell (or CHROMIUM_PATH: scripts/ensure-chromium.mjs), with the flags a closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const { testChromiumPath, CHROMIUM_ARGS } = await load<{ testChromiumPath(): string; CHROMIUM_ARGS: string[] }>('scripts/ensure-chromium.mjs');
  // playwright-core gives every launch a fresh temporary --user-data-dir of its own.
  return chromium.launch({ executablePath: testChromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

let laneBrowser: Promise<Browser> | undefined;
/** The browser of this lane's spec files (tests/e2e/lane.ts), launched by the first that asks. */
const sharedBrowser = (): Promise<Browser> => {
  laneBrowser ??= launchBrowser();
  return laneBrowser;
};
/** Closes the lane's browser, when one was launched. */
export async function closeLaneBrowser(): Promise<void> {
  await (await laneBrowser)?.close();
}

const logs = new WeakMap<Page, string[]>();
const violations = new WeakMap<Page, string[]>();

/**
 * Content-Security-Policy violations a page reported (its `securitypolicyviolation` events), taken
 * out: e2eSuite fails a test that leaves any behind, so every page works under the server's policy.
 */
export function takeCspViolations(page: Page): string[] {
  const found = violations.get(page) ?? [];
  violations.set(page, []);
  return found;
}

interface PageOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce';
}

/**
 * A browser context whose relative URLs resolve against baseURL (a spec writes `page.goto('/login')`), with the
 * spec's time-outs and the Content-Security-Policy watch on every page it opens.
 */
async function newContext(browser: Browser, baseURL: string, { locale = 'zh-CN', viewport = { width: 1366, height: 900 }, reducedMotion }: PageOptions) {
  const context = await browser.newContext({ baseURL, locale, viewport, reducedMotion });
  context.setDefaultTimeout(TIMEOUTS.action);
  context.setDefaultNavigationTimeout(TIMEOUTS.navigation);
  await context.exposeBinding('__e2eCspViolation', ({ page: from }, text: string) => {
    if (from) violations.set(from, [...(violations.get(from) ?? []), text]);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation(text: string): void }).__e2eCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`.trim());
    });
  });
  return context;
}

/** A new page of this context, its console errors, page errors and failed requests logged (pageLog). */
async function pageIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  freshLog(page);
  const log = (line: string) => logs.get(page)?.push(line);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') log(`[console.${msg.type()}] ${msg.text()}`);
  });
  page.on('pageerror', (error) => log(`[pageerror] ${error.stack ?? error.message}`));
  page.on('requestfailed', (req) => log(`[requestfailed] ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
  return page;
}

/** A page's log and CSP violations start empty (a new page, or a tab reused for the next test). */
function freshLog(page: Page): void {
  violations.set(page, []);
  logs.set(page, []);
}

/**
 * What a test can set on a page itself (not on its context) that would outlive the test in a reused tab: such a
 * page is closed after its test, not reused.
 */
const PAGE_SETTINGS = [
  'addInitScript',
  'setViewportSize',
  'emulateMedia',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
  // not addListener: Playwright's own waits (waitForResponse, waitForURL…) listen through it
  'on',
  'once',
] as const;

/** Marks the page as not to be reused as soon as the test calls one of PAGE_SETTINGS on it. */
function watchSettings(page: Page, changed: WeakSet<Page>): void {
  for (const name of PAGE_SETTINGS) {
    const own = (page as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
    if (typeof own !== 'function') continue;
    Object.defineProperty(page, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        changed.add(page);
        return own.apply(page, args);
      },
    });
  }
}

/**
 * A page in a fresh context (no cookies, no storage, no cache) whose relative URLs resolve against baseURL,
 * so a spec writes `page.goto('/login')`. Close it with `page.context().close()` (or close the browser).
 */
export async function newPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<Page> {
  return pageIn(await newContext(browser, baseURL, options));
}

/** Empties the page's origin's local and session storage and IndexedDB, from a page on that origin. */
async function clearStorage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
  });
}

/** Takes the tab out of the console to a document of its origin, clears its storage there, and leaves it blank. */
async function emptied(tab: Page): Promise<boolean> {
  try {
    await tab.goto('/config.json');
    await clearStorage(tab);
    await tab.goto('about:blank');
    return true;
  } catch {
    return false;
  }
}

/**
 * Fresh pages for the tests of one spec file, as a new browser would give them (no cookies, no local or
 * session storage, no IndexedDB) but from one context per kind of page (locale, viewport, motion): the context's
 * HTTP and compiled-code caches stay, which a new context would throw away (the console's scripts parsed and
 * compiled again: ~0.9 s of CPU at each of the suite's ~100 pages). A page's own context is then the same as the
 * next test's: a spec that changes the context itself (init scripts, permissions) makes one with newPage.
 * The tab of a test is reused by the next test of its kind, emptied (its storage and cookies cleared, moved to
 * about:blank): a new tab starts a new renderer process, ~0.6 s of CPU. A tab on which the test set something of the
 * page's own (PAGE_SETTINGS: an init script, a route, a listener, its viewport…) is closed instead.
 */
function pagePool(browser: () => Browser, baseURL: () => string) {
  const contexts = new Map<string, BrowserContext>();
  const own: BrowserContext[] = [];
  /** the tab each context's test has now, then the emptied tab waiting for the next test */
  const tabs = new Map<BrowserContext, Page>();
  const idle = new Set<Page>();
  const changed = new WeakSet<Page>();
  return {
    /** A page in a context of its own, as on a first visit (nothing cached); closed with the test. */
    async fresh(options: PageOptions): Promise<Page> {
      const context = await newContext(browser(), baseURL(), options);
      own.push(context);
      return pageIn(context);
    },
    async open(options: PageOptions): Promise<Page> {
      const key = JSON.stringify([options.locale ?? 'zh-CN', options.viewport ?? null, options.reducedMotion ?? null]);
      let context = contexts.get(key);
      if (!context) {
        context = await newContext(browser(), baseURL(), options);
        contexts.set(key, context);
      }
      const tab = tabs.get(context);
      if (tab && idle.delete(tab) && !tab.isClosed()) {
        freshLog(tab);
        return tab;
      }
      const page = await pageIn(context);
      watchSettings(page, changed);
      if (!tab || tab.isClosed()) tabs.set(context, page);
      return page;
    },
    /** Closes the pages a test left, but the tab kept for the next test, and forgets what they stored. */
    async retire(): Promise<void> {
      await Promise.all(own.splice(0).map((context) => context.close()));
      for (const context of contexts.values()) {
        let tab = tabs.get(context);
        if (tab && idle.has(tab) && context.pages().length === 1) continue; // no test used it since it was emptied
        if (tab) idle.delete(tab);
        tabs.delete(context);
        if (tab && (tab.isClosed() || changed.has(tab))) tab = undefined;
        if (tab) {
          // the others closed first (what they write as they go is then cleared too), the tab out of the console
          // but on its origin, where its storage is cleared
          await Promise.all(context.pages().map((p) => (p === tab ? undefined : p.close())));
          if (await emptied(tab)) {
            tabs.set(context, tab);
            idle.add(tab);
          } else await tab.close();
        } else {
          const pages = context.pages();
          if (pages.length === 0) continue;
          const origin = new URL(baseURL()).origin;
          const onOrigin = pages.find((p) => !p.isClosed() && p.url().startsWith(origin)) ?? (await pageIn(context));
          if (!onOrigin.url().startsWith(origin)) await onOrigin.goto('/config.json').catch(() => undefined);
          await clearStorage(onOrigin).catch(() => undefined);
          await Promise.all(context.pages().map((p) => p.close()));
        }
        await context.clearCookies();
      }
    },
    /** Closes every context of the pool. */
    async close(): Promise<void> {
      await Promise.all([...own.splice(0), ...contexts.values()].map((context) => context.close()));
      contexts.clear();
      tabs.clear();
      idle.clear();
    },
  };
}

/** Console errors/warnings, uncaught page errors and failed requests seen on a page from newPage. */
export function pageLog(page: Page): readonly string[] {
  return logs.get(page) ?? [];
}

/**
 * Call from `afterEach((t) => onFailure(t, page))`: when the test failed, saves a full-page screenshot
 * and the page log under tests/e2e/artifacts/ (gitignored) and says where.
 */
export async function onFailure(t: { name: string }, page: Page | undefined): Promise<void> {
  if ((t as { passed?: boolean }).passed !== false || !page || page.isClosed()) return;
  await mkdir(ARTIFACTS, { recursive: true });
  const base = path.join(ARTIFACTS, `${t.name.replace(/[^\w.-]+/g, '_').slice(0, 80)}-${Date.now()}`);
  try {
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: TIMEOUTS.screenshot });
  } catch (error) {
    console.error(`[e2e] screenshot failed: ${String(error)}`);
  }
  await writeFile(`${base}.log`, `${[`url: ${page.url()}`, ...pageLog(page)].join('\n')}\n`);
  console.error(`[e2e] "${t.name}" failed: see ${path.relative(ROOT, base)}.png and .log`);
  // what the user was told (and the dialogs left open), and the page log's end, in the run's output too: CI keeps no artifacts
  const told = await page
    .locator('.ant-form-item-explain-error, .ant-notification-notice, .ant-message-notice, .ant-alert, .ant-modal-title, .ant-modal-confirm-title')
    .filter({ visible: true })
    .allInnerTexts()
    .catch(() => []);
  for (const line of [...told.map((text) => `shown: ${text.replace(/\s+/g, ' ')}`), ...pageLog(page).slice(-15)]) console.error(`[e2e]   ${line}`);
}

/** Signs in on /login as a user would: name, password, the slider captcha by keyboard (End), 登录. */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const slider = page.getByRole('slider');
  await slider.and(page.locator('[aria-disabled="false"]')).waitFor();
  await slider.focus();
  await slider.press('End');
  // at the end the slider computes its proof of work (contract/rules/captcha.ts), then says 验证通过
  await page.getByText('验证通过', { exact: true }).waitFor();
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Waits until the console's script holds the page: /login, /home and /guide arrive prerendered and paint before
 * their script, and a click on them before React has taken their elements over does nothing (React keeps each
 * element's props on it, which is how it finds the handler of a click).
 */
export async function scriptTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const element = document.querySelector('#root button, #root input');
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  });
}

/** Signs in on the /login tab 单边账号登录 as a unilateral account would (no captcha on that form). */
export async function loginUnilateral(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/login');
  await scriptTookOver(page);
  const tab = page.locator('.ant-segmented-item', { hasText: '单边账号登录' });
  await tab.click();
  await page.locator('.ant-segmented-item-selected', { hasText: '单边账号登录' }).waitFor();
  await page.getByLabel('用户名', { exact: true }).fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export interface Envelope<T> {
  code: number;
  info: string;
  data: T;
}

/** Calls the contract by name through the page's context (its base URL and cookie jar). */
async function callApi<T>(page: Page, name: EndpointName, payload: Record<string, string> = {}): Promise<{ data: T; origin: string }> {
  const { method, path: url, encoding } = endpoints[name];
  const response = await page.request.fetch(encoding === 'query' ? `${url}?${new URLSearchParams(payload)}` : url, {
    method,
    ...(encoding === 'json' ? { data: payload } : encoding === 'form' ? { form: payload } : {}),
  });
  const reply = (await response.json()) as Envelope<T>;
  if (reply.code !== 200) throw new Error(`${name} failed: ${reply.code} ${reply.info}`);
  return { data: reply.data, origin: new URL(response.url()).origin };
}

/**
 * Calls the contract as the page's signed-in user (its token cookie sent as the console sends it, in
 * `Authorization: Bearer`, never in the URL) and answers the envelope as it came, failure or not: for specs
 * and benches that check refusals.
 */
export async function callAs<T>(page: Page, name: EndpointName, payload: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '');
  const { method, path: url, encoding } = endpoints[name];
  const asText = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const response = await page.request.fetch(encoding === 'query' ? `${url}?${new URLSearchParams(asText)}` : url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(encoding === 'json' ? { data: payload } : encoding === 'form' ? { form: asText } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** `callAs`, failing the test unless the reply is code 200; answers its data. */
export async function callOk<T = unknown>(page: Page, name: EndpointName, payload: Record<string, unknown> = {}): Promise<T> {
  const reply = await callAs<T>(page, name, payload);
  assert.equal(reply.code, 200, `${name}: ${reply.info}`);
  return reply.data;
}

/** Library strategy 'arbitrage 2' on btc, legs exchange 1 type 1 and exchange 2 type 4, opening beyond `dlt`. */
export const tradingTaskParams = (dlt: number) => ({
  currency_type: 'btc',
  a_bourse: 1,
  b_bourse: 2,
  a_transaction_type: 1,
  b_transaction_type: 4,
  fund_occupy: '50%',
  virtual_initial_capital: 10000,
  is_borrow: true,
  depth: 5,
  slip: 0.0005,
  price_limit: '',
  max_borrow_ratio: 0.3,
  dlt: { CW: dlt, NW: dlt, CQ: dlt, NQ: dlt },
  m: { CW: 1, NW: 1, CQ: 2, NQ: 2 },
  close_dlt: 0.001,
  open_count: 20,
});

/** Adds a task of `tradingTaskParams(dlt)` through the API; answers its id. */
export async function addTradingTask(page: Page, name: string, dlt: number): Promise<number> {
  const strategies = await callOk<{ id: number; name: string }[]>(page, 'strategyHome');
  const strategyId = strategies.find((s) => s.name === 'arbitrage 2')!.id;
  return (await callOk<{ id: number }>(page, 'taskAdd', { name, strategyId, params: tradingTaskParams(dlt) })).id;
}

/** A running task with one running child on every account it may link, whose threshold (-5 %) the simulated spread always passes. */
export async function startTradingTask(page: Page, name: string): Promise<number> {
  const taskId = await addTradingTask(page, name, -0.05);
  const apis = await callOk<{ id: number }[]>(page, 'taskAvailableApi', { taskId, status: 1 });
  const child = await callOk<{ task_children_id: number }>(page, 'taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id).join(','), weight: 1 });
  await callOk(page, 'taskChildrenStatusUpdate', { taskChildrenId: child.task_children_id, settingStatus: 2 });
  await callOk(page, 'taskStatusUpdate', { taskId, settingStatus: 2 });
  return taskId;
}

interface SessionCookies {
  token: string;
  userName: string;
  level: number;
  isSuper: boolean;
  kind: 'normal' | 'unilateral';
}

/** The session cookies the console reads (src/providers/session.ts: names, values, 2 days, SameSite=Strict, Secure over https). */
async function setSession(page: Page, origin: string, session: SessionCookies): Promise<void> {
  const expires = Math.floor(Date.now() / 1000) + 2 * 24 * 60 * 60;
  const values: Record<string, string> = {
    token: session.token,
    userName: session.userName,
    level: String(session.level),
    isSuper: session.isSuper ? '1' : '0',
    loginKind: session.kind,
  };
  await page.context().addCookies(
    Object.entries(values).map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      url: origin,
      expires,
      sameSite: 'Strict' as const,
      secure: origin.startsWith('https:'),
    })),
  );
}

/**
 * The slider's answer to a captcha challenge: its proof of work (contract/rules/captcha.ts) found with node:crypto,
 * as the console's slider finds it with WebCrypto.
 */
export async function answerCaptcha(captcha: { challenge: string; difficulty?: number }): Promise<Record<string, string>> {
  const work = await proveWork(captcha.challenge, captcha.difficulty ?? 0, (text) => createHash('sha256').update(text).digest());
  return captchaFields(captcha.challenge, work!);
}

/**
 * Signs in through the login API, answering the slider captcha the way the console's slider does (its proof
 * of work), and stores the session where the console reads it. The page does not move: goto() where the test starts.
 */
export async function signInByApi(page: Page, username: string, password: string): Promise<void> {
  const { data: captcha } = await callApi<{ challenge: string; user_id: string; difficulty?: number }>(page, 'captcha');
  const { data: reply, origin } = await callApi<{ token: string; is_super: number; userName?: string; level?: number }>(page, 'login', {
    userId: captcha.user_id,
    username,
    password,
    ...(await answerCaptcha(captcha)),
  });
  await setSession(page, origin, {
    token: reply.token,
    userName: reply.userName || username,
    level: reply.level ?? 0,
    isSuper: Number(reply.is_super) === 1,
    kind: 'normal',
  });
}

/** Signs in a unilateral account through its login API (/validation/user); the page does not move. */
export async function signInUnilateralByApi(page: Page, userName: string, password: string): Promise<void> {
  const { data: reply, origin } = await callApi<{ token: string; pes: number }>(page, 'unilateralLogin', { userName, userPassword: password });
  await setSession(page, origin, { token: reply.token, userName, level: Number(reply.pes ?? 0), isSuper: false, kind: 'unilateral' });
}

/**
 * Runs the action while already watching for a transient element it makes appear (a toast, a spinner),
 * so the element is seen even if it has closed again by the time the action returns. Resolves at once
 * if the element is already there before the action.
 */
export async function whileWatching(locator: Locator, action: () => Promise<unknown>): Promise<void> {
  const page = locator.page();
  type Watching = { __e2eNotices?: string[]; __e2eWatch?: MutationObserver };
  // the notifications and messages that come meanwhile, named when the awaited one does not (CI keeps no screenshots)
  await page
    .evaluate(() => {
      const seen: string[] = [];
      const watch = new MutationObserver(() => {
        for (const notice of Array.from(document.querySelectorAll<HTMLElement>('.ant-notification-notice, .ant-message-notice'))) {
          const text = notice.innerText.replace(/\s+/g, ' ').trim();
          if (text && !seen.includes(text)) seen.push(text);
        }
      });
      watch.observe(document.body, { childList: true, subtree: true });
      Object.assign(window, { __e2eNotices: seen, __e2eWatch: watch });
    })
    .catch(() => undefined); // a page between two documents: nothing to name
  try {
    await Promise.all([locator.first().waitFor(), action()]);
  } catch (error) {
    const shown = await page.evaluate(() => (window as unknown as Watching).__e2eNotices ?? []).catch(() => []);
    console.error(`[e2e] while watching for ${locator}: the notices shown meanwhile ${JSON.stringify(shown)}`);
    throw error;
  } finally {
    await page.evaluate(() => (window as unknown as Watching).__e2eWatch?.disconnect()).catch(() => undefined);
  }
}

/**
 * Waits until the element (an antd modal's role=dialog box, a dropdown) has finished opening: its motion
 * classes (`ant-zoom-appear…`, `…-enter…`) are gone. While it zooms in, a click aimed at one of its buttons
 * can land where the button no longer is and be lost (seen on a busy machine: the confirm stayed open).
 */
export async function motionEnded(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.page().waitForFunction((element) => !/-(appear|enter)\b/.test((element as Element).className), await locator.elementHandle());
}

/**
 * Clicks an item of the open dropdown menu once its slide-in has ended (a click during it can be lost under load), then
 * waits until the menu has closed, so that the next menu opened is the only one (a menu sliding out is still "open").
 */
export async function chooseMenuItem(page: Page, name: string | RegExp): Promise<void> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
  await motionEnded(menu);
  await menu.getByRole('menuitem', { name, exact: typeof name === 'string' }).click();
  await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'));
}

/**
 * Opens a select by its combobox and picks an option in that select's own list (found by the list id the combobox
 * controls) once the list's slide-in has ended, then waits until the select shows the option. Taking "the last open
 * list" instead could catch the previous select's list as it slid out, and a click during the new one's slide-in
 * can be lost under load.
 */
export async function chooseOption(combobox: Locator, option: string): Promise<void> {
  const page = combobox.page();
  // the select, not its input: a chosen value covers the input
  const select = combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await select.click();
  const list = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) });
  await motionEnded(dropdown);
  await dropdown.locator('.ant-select-item-option-content').getByText(option, { exact: true }).click();
  await select.locator('.ant-select-selection-item').getByText(option, { exact: true }).waitFor();
}

/**
 * Ticks a checkbox of an antd Checkbox.Group inside a Form and waits until it shows as ticked. The group
 * copies the form's value into its own state in an effect, so the tick appears a render after the click;
 * Playwright's check() reads the state at once and calls that a click that changed nothing. A dialog that
 * sets its form's values as it opens can undo a click made in that moment: then it is clicked again.
 */
export async function tick(checkbox: Locator): Promise<void> {
  const ticked = async (timeout: number) =>
    checkbox
      .page()
      .waitForFunction((input) => (input as HTMLInputElement).checked, await checkbox.elementHandle(), { timeout })
      .then(
        () => true,
        () => false,
      );
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await checkbox.isChecked()) return;
    await checkbox.click();
    if (await ticked(3000)) return;
  }
  throw new Error('the checkbox did not stay ticked after 5 clicks');
}

/**
 * The hooks every spec file wants: one server (fresh data) per file, one browser per file (per lane when the
 * runner runs it: lane.ts), a fresh page per test, closed after it, with a screenshot and log when it failed. The pages are those of a user whose system
 * asks for less motion (the console then turns antd's motions off: no fade to wait out, and ~12 % less of the
 * browser's CPU, which is most of the suite's); `motion: true` for the specs that drive the console as most
 * users see it, with its motions (foundation, market).
 */
export function e2eSuite({
  viewport,
  server,
  motion = false,
}: {
  viewport?: { width: number; height: number };
  server?: ServerOptions;
  motion?: boolean;
} = {}) {
  const reducedMotion = motion ? undefined : ('reduce' as const);
  let app: App | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const pages = pagePool(
    () => browser!,
    () => app!.url,
  );
  const shared = inLane();
  before(async () => {
    app = await startApp(server);
    browser = await (shared ? sharedBrowser() : launchBrowser());
  });
  afterEach(async (t) => {
    await onFailure(t, page);
    const blocked = page ? takeCspViolations(page) : [];
    page = undefined;
    await pages.retire();
    assert.deepEqual(blocked, [], 'the page broke the Content-Security-Policy');
  });
  after(async () => {
    await (shared ? pages.close() : browser?.close());
    await app?.close();
  });
  /** A fresh page (no cookies, no storage: pagePool) for this test; a second call replaces the first. */
  const open = async (locale = 'zh-CN'): Promise<Page> => {
    if (page) await pages.retire();
    page = await pages.open({ locale, viewport, reducedMotion });
    return page;
  };
  return {
    open,
    /** A page as on a first visit: a context of its own, nothing in its cache (open's pages share their context's). */
    firstVisit: async (locale = 'zh-CN'): Promise<Page> => {
      if (page) await pages.retire();
      page = await pages.fresh({ locale, viewport, reducedMotion });
      return page;
    },
    /** A fresh page signed in as this user through the login API; the page is blank, goto() where you start. */
    signIn: async (username: string, password: string, locale?: string): Promise<Page> => {
      const signedIn = await open(locale);
      await signInByApi(signedIn, username, password);
      return signedIn;
    },
    /** A fresh page signed in as this unilateral account through its login API; the page is blank. */
    signInUnilateral: async (userName: string, password: string, locale?: string): Promise<Page> => {
      const signedIn = await open(locale);
      await signInUnilateralByApi(signedIn, userName, password);
      return signedIn;
    },
    /** A fresh page signed in through the /login form and its slider, landed where the login sends the user. */
    signInWithSlider: async (username: string, password: string, locale?: string): Promise<Page> => {
      const signedIn = await open(locale);
      await login(signedIn, username, password);
      return signedIn;
    },
    get app(): App {
      return app!;
    },
  };
}
