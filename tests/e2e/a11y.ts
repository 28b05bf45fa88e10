// The accessibility checks of a11y.spec.ts: axe-core (Deque's rules,
// the engine behind Lighthouse's accessibility score) injected into the page, the console's routes read from
// its one route table, and a client-side walk over them (no reload, no new sign-in) that scans each at both viewports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { requestsOf, signInByApi, until } from './harness';
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
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }>; _audit: { rules: { id: string; impact?: string }[] } };
      }
    ).axe;
    const runOnly = only ? { runOnly: { type: 'rule', values: only } } : {};
    // a rule with an impact of its own reports every violation at that impact (axe's finalizeRuleResult sets each
    // check's to it), and only serious and critical ones count here: the rules whose impact is minor or moderate
    // (region, the landmark and heading rules...) cannot find anything that counts and are not run (~18 % of a
    // full scan's time); a rule without an impact of its own still runs
    const quiet = only ? [] : axe._audit.rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate');
    const skipped = quiet.length ? { rules: Object.fromEntries(quiet.map(({ id }) => [id, { enabled: false }])) } : {};
    // axe parses every stylesheet of the page again at each run (its "cssom" preload) for css-orientation-lock
    // alone, a rule it runs only when asked by name (tagged experimental): no scan here asks for it
    const { violations } = await axe.run(document, { resultTypes: ['violations'], preload: { assets: ['media'] }, ...runOnly, ...skipped });
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

/**
 * Waits until the page stands still: no request under way, nothing loading (no spinning antd Spin, no active
 * skeleton), and no finite animation running (antd's fade and zoom motions: a half-faded text would fail contrast).
 */
export async function settled(page: Page): Promise<void> {
  const requests = requestsOf(page);
  await until(`the requests of ${page.url()} ended`, () => requests.pending === 0);
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
  // a page that goes back by itself a while after its call failed (§2: /task/taskTradeInfo without a task, 1 s) can
  // do so just after the move, which its history.back() then undoes: the move is made again, from where it went
  for (let move = 1; ; move++) {
    const before = await page.evaluateHandle((target) => {
      // the page on screen: what each shell's content area (antd Layout.Content, a <main>) holds now, but the
      // shell's own live-data line (role status), which stays when the next page reads the same feed
      const shown = Array.from(document.querySelectorAll('main > :not([role="status"])'));
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return shown;
    }, to);
    const moved = await page.waitForFunction(
      ([shown, target]) => shown.every((element) => !element.isConnected) || (window.location.pathname + window.location.search !== target && 'undone'),
      [before, to] as const,
    );
    const undone = (await moved.jsonValue()) === 'undone';
    await before.dispose();
    if (!undone) break;
    if (move === 3) throw new Error(`the page went back from ${to} by itself after each of 3 moves`);
  }
  await settled(page);
}

/**
 * The axe rules that read the theme's colours. The dark theme changes colours only, not the document, so the dark
 * scan runs these alone; every other rule sees the same DOM in both themes and runs in the light scan.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'] as const;

export type ThemeMode = 'light' | 'dark';

/** The states the walk scans: /login signed out, then, signed in as admin, the public pages and every console route. */
export function everyState(): string[] {
  return ['/login', ...PUBLIC_PAGES, ...consoleRoutePaths().map((path) => path + (DEMO_RECORD[path] ?? ''))];
}

/** Routes of one record that, opened without it, say so and go back (§2): scanned on a task of the demo's. */
const DEMO_RECORD: Record<string, string> = { '/task/taskDetail': '?id=1', '/task/taskTradeInfo': '?id=1&type=task' };

/**
 * These states of the walk (a slice of everyState, in its order), each at both viewports in both themes, signed in
 * as admin (the role that sees the most; /login signed out): one page, one load of /login, everything else
 * client-side. A state is reached at the phone's width (a phone user's first layout, on which `fits` checks it: nothing
 * scrolls sideways, no card title, column title or figure is squeezed) and scanned there, then the viewport is widened
 * to the desktop's for its scan (the console follows a resize: antd's breakpoints, the market board's and charts'
 * measured widths), the theme switched with the header's button, scanned at the desktop's width, narrowed to the
 * phone's and scanned again: one move to the route, one theme switch and two resizes per state, where a walk per
 * viewport moved twice and switched twice. Light scans run every rule, dark ones the THEME_RULES; the next state starts
 * in the theme the last one ended in. Answers every serious or critical violation, each naming its viewport and theme,
 * and every page that does not fit the phone.
 */
export async function scanStates(page: Page, states: readonly string[]): Promise<string[]> {
  const [wide, phone] = VIEWPORTS;
  const found: string[] = [];
  let mode: ThemeMode = 'light';
  const scan = async (where: string, { name }: (typeof VIEWPORTS)[number]) =>
    found.push(...(await seriousViolations(page, `${where} ${name} ${mode}`, mode === 'dark' ? THEME_RULES : undefined)));
  const everyWay = async (where: string) => {
    found.push(...(await fits(page, where, phone.size.width)));
    await scan(where, phone);
    await resize(page, wide.size);
    await scan(where, wide);
    mode = mode === 'light' ? 'dark' : 'light';
    await switchTheme(page, mode);
    await scan(where, wide);
    await resize(page, phone.size);
    await scan(where, phone);
  };
  requestsOf(page);
  await page.setViewportSize(phone.size);
  await page.goto('/login');
  await settled(page);
  if (states.includes('/login')) await everyWay('/login');
  await signInByApi(page, 'admin', 'admin123');
  for (const path of states.filter((state) => state !== '/login')) {
    await goClientSide(page, path);
    await everyWay(path);
  }
  return found;
}

/**
 * Resizes the viewport and waits until the page has followed: the resize and media-query events fire at the next
 * frame, and what they start (a re-render, a chart's new width, a fetch) runs in the frame after, then settles.
 */
async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  for (let frame = 0; frame < 2; frame++) await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  await settled(page);
}

/** The viewport width at which a page must fit (a phone's; a wide page may have wide tables): `fits`. */
const PHONE_WIDTH = 375;

/**
 * Findings when the page does not fit a phone's viewport; none at other widths: the page is wider (it would scroll
 * sideways), a card's title is cut (antd's head gives its row to the card's `extra` and cuts the title to an ellipsis,
 * or to nothing: ToolCard wraps instead), a column's title takes more than two lines (a table without its own
 * scroll squeezes its columns to a few letters each), or a figure (antd's Statistic) is wider than its place (it runs
 * over its neighbour's).
 */
async function fits(page: Page, where: string, width: number): Promise<string[]> {
  if (width > PHONE_WIDTH) return [];
  const { scrollWidth, cutTitles, squeezedColumns, wideFigures } = await page.evaluate(() => {
    const cutTitles = [...document.querySelectorAll('.ant-card-head-title')].filter((title) => title.scrollWidth > title.clientWidth + 1);
    const wideFigures = [...document.querySelectorAll('.ant-statistic')].filter((figure) => figure.scrollWidth > figure.clientWidth + 1);
    const squeezedColumns = [...document.querySelectorAll('th.ant-table-cell')].filter((cell) => {
      // the lines the title's text takes: the distinct tops of its text's boxes
      const tops = new Set<number>();
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (!text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
      }
      return tops.size > 2;
    });
    // (no function declared in here: tsx would name it with a helper the page does not have)
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      cutTitles: cutTitles.map((title) => `"${title.textContent?.trim()}"`),
      squeezedColumns: squeezedColumns.map((cell) => `"${cell.textContent?.trim()}"`),
      wideFigures: wideFigures.map((figure) => `"${figure.textContent?.trim()}"`),
    };
  });
  return [
    ...(scrollWidth <= width ? [] : [`${where}: scrolls sideways (${scrollWidth} px wide at ${width} px)`]),
    ...cutTitles.map((title) => `${where}: the card title ${title} is cut at ${width} px`),
    ...squeezedColumns.map((title) => `${where}: the column ${title} is squeezed to more than two lines at ${width} px`),
    ...wideFigures.map((figure) => `${where}: the figure ${figure} is wider than its place at ${width} px`),
  ];
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
