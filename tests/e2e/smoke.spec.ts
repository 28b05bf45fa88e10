// The built console is served by the reference server and mounts in Chromium.
// Deliberately independent of any UI text: other specs prove behaviour.
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, onFailure, pageLog, startApp, type App } from './harness';

let app: App;
let browser: Browser;
let page: Page;

before(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await newPage(browser, app.url);
});

afterEach((t) => onFailure(t, page));

after(async () => {
  await browser?.close();
  await app?.close();
});

test('the console mounts on /login', async () => {
  const response = await page.goto('/login');
  assert.equal(response?.status(), 200, 'GET /login is served (history fallback)');

  await page.locator('#root > *').first().waitFor({ state: 'attached' });
  assert.ok((await page.locator('#root > *').count()) > 0, `#root has children\n${pageLog(page).join('\n')}`);

  const title = (await page.title()).trim();
  assert.ok(title.length > 0, 'the page has a non-empty <title>');
});
