// Bytes on the wire: the JavaScript a page makes Chromium download, counted as Chromium counts it: each
// script response's headers and body as sent (Network.loadingFinished.encodedDataLength, `wire`, what the
// budget is checked on); the bodies alone are kept too (Σ Network.dataReceived.encodedDataLength, `encoded`).
// Until the page shows its route and the network is quiet (`untilSettled`). First visits use a fresh context (empty cache);
// console routes are signed in as admin by API.
import type { Browser, Page } from 'playwright-core';
import { KEYS } from '../src/providers/session';
import { endpoints } from '#contract/endpoints';
import { answerCaptcha, newPage, requestsOf } from '../tests/e2e/harness';

export interface ScriptBytes {
  url: string;
  /** body bytes received, as sent (compressed); 0 when served from the browser's cache */
  encoded: number;
  /** bytes received with the response headers */
  wire: number;
  /** bytes of the body once decoded */
  decoded: number;
  fromCache: boolean;
}
export interface PageBytes {
  route: string;
  finalPath: string;
  /** the page settled (`untilSettled`); false: it was still loading after SETTLE_LIMIT_MS, and what arrived by then is counted */
  settled: boolean;
  scripts: ScriptBytes[];
  /** sums of `encoded` and `wire` over scripts */
  encoded: number;
  wire: number;
}

/** Records every script's encoded and decoded size through the Chrome DevTools Protocol. */
async function recordScripts(page: Page): Promise<() => ScriptBytes[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, ScriptBytes>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const isScript = type === 'Script' || /javascript|ecmascript/.test(response.mimeType) || /\.m?js(\?|$)/.test(response.url);
    if (isScript && !response.url.startsWith('data:'))
      scripts.set(requestId, {
        url: response.url,
        encoded: 0,
        wire: 0,
        decoded: 0,
        fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
      });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const script = scripts.get(requestId);
    if (script) script.fromCache = true;
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (!script) return;
    script.decoded += dataLength;
    script.encoded += encodedDataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.wire = encodedDataLength;
  });
  return () => [...scripts.values()];
}

/** No request under way for this long: the network is quiet (Playwright's networkidle window). */
const QUIET_MS = 500;
/** A page not settled by then is counted as it is, and said to be (e.g. polling that never stops). */
const SETTLE_LIMIT_MS = 20_000;

/**
 * Waits until the page shows its route (the app has drawn into #root, nothing spinning, no skeleton loading) and no
 * request has been under way for QUIET_MS. Playwright's networkidle alone passed while the console's entry scripts were
 * still running (~0.5 s without a request on a busy machine, before the page asks for its chunks), so a route was at
 * times measured as the shell without its page.
 */
async function untilSettled(page: Page): Promise<boolean> {
  const { quietFor } = requestsOf(page);
  const limit = performance.now() + SETTLE_LIMIT_MS;
  while (performance.now() < limit) {
    const drawn = await page.evaluate(
      () => (document.getElementById('root')?.childElementCount ?? 0) > 0 && !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'),
    );
    if (drawn && quietFor() >= QUIET_MS) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

async function visit(page: Page, route: string, baseUrl: string): Promise<PageBytes> {
  const scripts = await recordScripts(page);
  requestsOf(page); // followed from before the load
  await page.goto(route, { waitUntil: 'load', timeout: 60_000 });
  const settled = await untilSettled(page);
  const list = scripts()
    .map((s) => ({ ...s, url: s.url.replace(baseUrl, '') }))
    .sort((a, b) => b.encoded - a.encoded);
  return {
    route,
    finalPath: page.url().replace(baseUrl, ''),
    settled,
    scripts: list,
    encoded: list.reduce((sum, s) => sum + s.encoded, 0),
    wire: list.reduce((sum, s) => sum + s.wire, 0),
  };
}

/** Signs admin in through the API (captcha + login) and returns the session cookies the console reads. */
export async function adminCookies(baseUrl: string): Promise<{ name: string; value: string; url: string }[]> {
  const captcha = (await (await fetch(baseUrl + endpoints.captcha.path)).json()) as { data: { user_id: string; challenge: string; difficulty?: number } };
  const body = new URLSearchParams({ userId: captcha.data.user_id, username: 'admin', password: 'admin123', ...(await answerCaptcha(captcha.data)) });
  const reply = (await (await fetch(baseUrl + endpoints.login.path, { method: endpoints.login.method, body })).json()) as {
    code: number;
    info: string;
    data: { token: string; level?: number; is_super?: number | string };
  };
  if (reply.code !== 200) throw new Error(`admin login by API failed: ${reply.info}`);
  // the signature token (KEYS.sign) is fetched by the console after sign-in: not a cookie to set here
  const values: Record<Exclude<keyof typeof KEYS, 'sign'>, string> = {
    token: reply.data.token,
    userName: 'admin',
    level: String(reply.data.level ?? 1),
    isSuper: Number(reply.data.is_super) === 1 ? '1' : '0',
    kind: 'normal',
  };
  return (Object.keys(values) as (keyof typeof values)[]).map((key) => ({ name: KEYS[key], value: values[key], url: baseUrl }));
}

/** A first visit: fresh context, empty cache, signed in or not. */
export async function firstVisit(
  browser: Browser,
  baseUrl: string,
  route: string,
  cookies: { name: string; value: string; url: string }[] | null,
): Promise<PageBytes> {
  const page = await newPage(browser, baseUrl);
  if (cookies) await page.context().addCookies(cookies);
  try {
    return await visit(page, route, baseUrl);
  } finally {
    await page.context().close();
  }
}

/** The same route twice in one context: what the second visit downloads again. */
export async function secondVisit(browser: Browser, baseUrl: string, route: string): Promise<PageBytes> {
  const page = await newPage(browser, baseUrl);
  try {
    await visit(page, route, baseUrl);
    const again = await page.context().newPage();
    return await visit(again, route, baseUrl);
  } finally {
    await page.context().close();
  }
}
