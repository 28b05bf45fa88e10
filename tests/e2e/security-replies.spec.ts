// bad replies: the main call of a page answers with something that is not a good envelope
// (an HTML page, nothing, truncated JSON, a failure code without info, data null or of the wrong type,
// a 10 MB string, no answer at all). The page throws nothing uncaught, says something the user can read
// (a notification or the error boundary with its retry), and the console stays usable: the next page works.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page, Route } from 'playwright-core';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { e2eSuite, pageLog } from './harness';

const { signIn } = e2eSuite();

/** The pages and the call each one starts from. */
const PAGES: { path: string; call: EndpointName }[] = [
  { path: '/api', call: 'apiList' },
  { path: '/task', call: 'taskList' },
  { path: '/config', call: 'globalConfigGet' },
];

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** The bad replies, and whether the client can tell the call failed (then it must say so). */
const BAD: { name: string; failed: boolean; answer(route: Route): Promise<void> }[] = [
  {
    name: 'an HTML page',
    failed: true,
    answer: (r) => r.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  },
  { name: 'an empty body', failed: true, answer: (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '' }) },
  {
    name: 'truncated JSON',
    failed: true,
    answer: (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{"code":200,"info":"ok","data":[{"id":1,' }),
  },
  { name: 'code 500 without info', failed: true, answer: (r) => r.fulfill(json({ code: 500, data: null })) },
  { name: 'data null', failed: false, answer: (r) => r.fulfill(json({ code: 200, info: 'ok', data: null })) },
  { name: 'data of the wrong type', failed: false, answer: (r) => r.fulfill(json({ code: 200, info: 'ok', data: 'not a list' })) },
  { name: 'a 10 MB string', failed: false, answer: (r) => r.fulfill(json({ code: 200, info: 'ok', data: 'x'.repeat(10 * 1024 * 1024) })) },
];

/** Something the user can read about the failure: a notification, a message or the error boundary. */
const told = (page: Page) => page.locator('.ant-notification-notice, .ant-message-notice, .ant-alert-error').first();

async function nextPageWorks(page: Page): Promise<void> {
  await page.goto('/market');
  await page.locator('[data-feed="market"][data-feed-state="live"]').first().waitFor();
}

async function survives(page: Page, target: (typeof PAGES)[number], bad: (typeof BAD)[number]): Promise<void> {
  const { path } = endpoints[target.call];
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) => bad.answer(route));
  await page.goto(target.path);
  // the shell is there and the page settled: its spinner gone or its failure said
  await page.getByRole('menu').first().waitFor();
  if (bad.failed) await told(page).waitFor();
  await page.unroute(matches);
  const uncaught = pageLog(page).filter((line) => line.startsWith('[pageerror]'));
  assert.deepEqual(uncaught, [], `${target.path} with ${bad.name}`);
}

// every kind of body once in the real browser, shared out among the pages so that each has one it must say
// (every page × every kind of body: tests/components/bad-replies*.test.tsx)
for (const [index, target] of PAGES.entries()) {
  const bodies = BAD.filter((_, at) => at % PAGES.length === index);
  test(`${target.path}: ${bodies.map((bad) => bad.name).join(', ')} from ${target.call} are said, nothing uncaught, the console stays usable`, async () => {
    const page = await signIn('admin', 'admin123');
    for (const bad of bodies) await survives(page, target, bad);
    // the console is still usable: the next page draws and goes live
    await nextPageWorks(page);
  });
}

test('a call that never answers ends with 请求超时 after the configured requestTimeoutMs, the page usable', async () => {
  const page = await signIn('admin', 'admin123');
  // the runtime config the console reads first (public/config.json), with a short limit
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), requestTimeoutMs: 1500 } });
  });
  const { path } = endpoints.apiList;
  await page.route(
    (url) => url.pathname === path,
    () => undefined,
  ); // held, never answered
  await page.goto('/api');
  await page.getByText('请求超时').first().waitFor();
  await page.unroute((url) => url.pathname === path);
  await nextPageWorks(page);
  assert.deepEqual(
    pageLog(page).filter((line) => line.startsWith('[pageerror]')),
    [],
  );
});
