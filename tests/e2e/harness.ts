// Helpers for the end-to-end specs (`node --import tsx --test`, see run.mjs): the reference server on a
// free port with a fresh data folder serving the built console, and Debian's Chromium through playwright-core.
import { after, afterEach, before } from 'node:test';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type ServerOptions } from '../../server/main';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const ARTIFACTS = path.join(ROOT, 'tests/e2e/artifacts');

// scripts/ is plain .mjs without type declarations, so it is imported by URL with its shape spelled here.
async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, file)).href)) as T;
}

export interface App {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the reference server on a free port with a fresh data folder, serving dist/. */
export async function startApp(options: ServerOptions = {}): Promise<App> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html is missing: build the console first (npm run build, or node tests/e2e/run.mjs)`);
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'console-e2e-')));
  const server = await startServer({ port: 0, host: '127.0.0.1', staticDir: DIST, ...options, dataDir });
  return {
    url: server.url.replace(/\/+$/, ''),
    port: server.port,
    dataDir,
    async close() {
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags a closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const { chromiumPath, CHROMIUM_ARGS } = await load<{ chromiumPath(): string; CHROMIUM_ARGS: string[] }>(
    'scripts/ensure-chromium.mjs',
  );
  // playwright-core gives every launch a fresh temporary --user-data-dir of its own.
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

const logs = new WeakMap<Page, string[]>();

/**
 * A page in a fresh context (no cookies, no storage) whose relative URLs resolve against baseURL,
 * so a spec writes `page.goto('/login')`. Close it with `page.context().close()` (or close the browser).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  { locale = 'zh-CN', viewport = { width: 1366, height: 900 } }: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, viewport });
  const page = await context.newPage();
  const log: string[] = [];
  logs.set(page, log);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') log.push(`[console.${msg.type()}] ${msg.text()}`);
  });
  page.on('pageerror', (error) => log.push(`[pageerror] ${error.stack ?? error.message}`));
  page.on('requestfailed', (req) => log.push(`[requestfailed] ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
  return page;
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
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
  } catch (error) {
    console.error(`[e2e] screenshot failed: ${String(error)}`);
  }
  await writeFile(`${base}.log`, [`url: ${page.url()}`, ...pageLog(page)].join('\n') + '\n');
  console.error(`[e2e] "${t.name}" failed: see ${path.relative(ROOT, base)}.png and .log`);
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
  await page.locator('form').getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * The hooks every spec file wants: one server (fresh data) and one browser per file, a fresh page per
 * test, closed after it, with a screenshot and log when it failed.
 */
export function e2eSuite() {
  let app: App | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  before(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterEach(async (t) => {
    await onFailure(t, page);
    await page?.context().close();
    page = undefined;
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });
  /** A fresh page (new context: no cookies) for this test; a second call replaces the first. */
  const open = async (locale = 'zh-CN'): Promise<Page> => {
    await page?.context().close();
    page = await newPage(browser!, app!.url, { locale });
    return page;
  };
  return {
    open,
    /** A fresh page signed in as this user. */
    signIn: async (username: string, password: string, locale?: string): Promise<Page> => {
      const signedIn = await open(locale);
      await login(signedIn, username, password);
      return signedIn;
    },
    get app(): App {
      return app!;
    },
  };
}
