// The accessibility checks of a11y.spec.ts: axe-core (Deque's rules,
// the engine behind Lighthouse's accessibility score) injected into the page, the console's routes read from
// its one route table, and a client-side walk over them (no reload, no new sign-in) at each viewport.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';
import { signInByApi, until } from './harness';
import { consoleRoutePaths } from './route-paths';

/** The viewports of the issue: a desktop and a phone. */
export const VIEWPORTS = [
  { name: '1400px', size: { width: 1400, height: 900 } },
  { name: '375px', size: { width: 375, height: 740 } },
] as const;

/** The public pages (outside the console). */
export const PUBLIC_PAGES = ['/home', '/guide'] as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core over the page as it is now; answers one line per element with a violation of impact serious or
 * critical: where, rule, target. The script is evaluated through the DevTools protocol (the page's CSP does
 * not apply to it) once per document.
 */
export async function seriousViolations(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
  const first = await axeOnce(page, where, rules);
  if (first.length === 0) return first;
  // a live page moves on its own (a price flash, a fade started by a push after the page settled): a colour
  // caught mid-transition is not what the user reads, so only what is still there once it settles again counts
  await settled(page);
  const key = (line: string) => line.slice(0, line.indexOf(' — '));
  const again = new Set((await axeOnce(page, where, rules)).map(key));
  return first.filter((line) => again.has(key(line)));
}

async function axeOnce(page: Page, where: string, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }> } }).axe;
    const runOnly = only ? { runOnly: { type: 'rule', values: only } } : {};
    const { violations } = await axe.run(document, { resultTypes: ['violations'], ...runOnly });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, rules);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${JSON.stringify(n.target)} — ${v.help}; ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    );
}

/** Requests of each page sent and not yet answered (a client-side move has no load state to wait for). */
const inFlight = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const requests = new Set<Request>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    pending = requests;
    inFlight.set(page, requests);
  }
  return pending;
}

/**
 * Waits until the page stands still: no request under way, nothing loading (no spinning antd Spin, no active
 * skeleton), and no finite animation running (antd's fade and zoom motions: a half-faded text would fail contrast).
 */
export async function settled(page: Page): Promise<void> {
  const pending = requestsOf(page);
  await until(`the requests of ${page.url()} ended`, () => pending.size === 0);
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Moves the single-page app to a path as its own links do (history + popstate): no reload, the session and axe
 * stay (already there: it only waits for the page to settle). Returns once the page shown before has left the document (the router renders the new route a task
 * later: settled alone could pass on the old page before the new one has started) and the new one has settled.
 */
export async function goClientSide(page: Page, to: string): Promise<void> {
  const here = new URL(page.url());
  if (here.pathname + here.search === to) return settled(page);
  const before = await page.evaluateHandle((target) => {
    // the page on screen: what each shell's content area (antd Layout.Content, a <main>) holds now, but the
    // shell's own live-data line (role status), which stays when the next page reads the same feed
    const shown = Array.from(document.querySelectorAll('main > :not([role="status"])'));
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return shown;
  }, to);
  await page.waitForFunction((shown) => shown.every((element) => !element.isConnected), before);
  await before.dispose();
  await settled(page);
}

/**
 * The axe rules that read the theme's colours. The dark theme changes colours only, not the document, so the dark
 * scan runs these alone; every other rule sees the same DOM in both themes and runs in the light scan.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'] as const;

export type ThemeMode = 'light' | 'dark';

/**
 * Signed out on /login, then signed in as admin (the role that sees the most) on the public pages and every
 * console route, at one viewport: one page, one load of /login, everything else client-side. Each state is
 * scanned in both themes from the same load, the theme switched between the two scans with the header's button:
 * light with every rule, dark with the THEME_RULES. The walk starts each state in the theme the last one ended
 * in, so a state costs one switch. At a phone's width each state must also fit the viewport (nothing scrolls
 * sideways). Answers every serious or critical violation, each naming its theme, and every page too wide.
 */
export async function scanEveryPage(page: Page, { name, size }: (typeof VIEWPORTS)[number]): Promise<string[]> {
  const found: string[] = [];
  let mode: ThemeMode = 'light';
  const inBothThemes = async (where: string) => {
    found.push(...(await fits(page, where, size.width)));
    found.push(...(await seriousViolations(page, `${where} ${name} ${mode}`, mode === 'dark' ? THEME_RULES : undefined)));
    mode = mode === 'light' ? 'dark' : 'light';
    await switchTheme(page, mode);
    found.push(...(await seriousViolations(page, `${where} ${name} ${mode}`, mode === 'dark' ? THEME_RULES : undefined)));
  };
  requestsOf(page);
  await page.setViewportSize(size);
  await page.goto('/login');
  await settled(page);
  await inBothThemes('/login');
  await signInByApi(page, 'admin', 'admin123');
  for (const path of [...PUBLIC_PAGES, ...consoleRoutePaths()]) {
    await goClientSide(page, path);
    await inBothThemes(path);
  }
  return found;
}

/** The viewport widths at which a page must not scroll sideways (a phone's; a wide page may have wide tables). */
const PHONE_WIDTH = 375;

/** A finding when the page is wider than a phone's viewport (it would scroll sideways); none at other widths. */
async function fits(page: Page, where: string, width: number): Promise<string[]> {
  if (width > PHONE_WIDTH) return [];
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  return scrollWidth <= width ? [] : [`${where}: scrolls sideways (${scrollWidth} px wide at ${width} px)`];
}

/**
 * Switches the theme with the header's button (主题) until the page is in this mode. The button is clicked
 * as an element (a click event, as a click or a keyboard press gives it), not with the mouse: a mouse left over
 * the button keeps its tooltip open, an element no user reads while looking at the page, in every later scan.
 */
export async function switchTheme(page: Page, mode: ThemeMode): Promise<void> {
  const current = () => page.evaluate(() => localStorage.getItem('console.theme') ?? 'light');
  if ((await current()) !== mode) await page.getByRole('button', { name: '主题', exact: true }).dispatchEvent('click');
  await page.waitForFunction((wanted) => (localStorage.getItem('console.theme') ?? 'light') === wanted, mode);
  await settled(page);
}
