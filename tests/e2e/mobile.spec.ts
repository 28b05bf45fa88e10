// At 375 px (a phone): the navigation is a menu button opening a drawer, its pages and the English header fit
// (that no page scrolls sideways, public and console, is checked by the walk of a11y.spec.ts).
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite, login } from './harness';
import { goClientSide } from './a11y';

const PHONE = { width: 375, height: 740 };
const { open } = e2eSuite({ viewport: PHONE });
const phone = (): Promise<Page> => open();

/** How wide the document is: more than the viewport means the page scrolls sideways. */
const scrollWidth = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth);

/**
 * Moves to the page as the console's own links do (no reload), waits until it has loaded its chunk and its calls
 * and stands still, then checks it does not scroll sideways.
 */
async function assertFits(p: Page, path: string) {
  await goClientSide(p, path);
  assert.equal(new URL(p.url()).pathname, path, `${path} redirected`);
  const width = await scrollWidth(p);
  assert.ok(width <= PHONE.width, `${path} is ${width} px wide at ${PHONE.width} px`);
}

test('the admin opens the navigation drawer from the menu button and sees the permitted items', async () => {
  const p = await phone();
  await login(p, 'admin', 'admin123');
  await p.waitForURL('**/market');
  // the URL moves before the console's header is drawn (its menu button on a phone): none of the checks below waits for it
  await p.getByRole('button', { name: '导航菜单' }).waitFor();
  assert.equal(await p.getByTestId('top-nav').count(), 0, 'no horizontal menu on a phone');
  // the brand is its mark on a phone, whole (its name, cut to an ellipsis, read "量."), still named and still a link home
  const brand = p.getByRole('link', { name: '量化套利', exact: true });
  const [link, mark] = await Promise.all([brand.boundingBox(), brand.getByRole('img').boundingBox()]);
  assert.ok(link && mark && mark.width === 24 && link.width >= mark.width, `the brand's mark is cut: ${JSON.stringify({ link, mark })}`);
  assert.equal(await brand.getAttribute('href'), '/home');
  await p.getByRole('button', { name: '导航菜单' }).click();
  const drawer = p.getByTestId('drawer-nav');
  await drawer.waitFor();
  for (const [name, href] of [
    ['行情', '/market'],
    ['API管理', '/api'],
    ['套利策略组', '/strategy'],
    ['币安币种', '/binance/currency'],
  ]) {
    assert.equal(await drawer.getByRole('link', { name, exact: true }).getAttribute('href'), href);
  }
  await drawer.getByRole('link', { name: 'API管理', exact: true }).click();
  await p.waitForURL('**/api');
  await p.getByTestId('drawer-nav').waitFor({ state: 'hidden' });
  const width = await scrollWidth(p);
  assert.ok(width <= PHONE.width, `header at /api is ${width} px wide`);
});

test("the follower's drawer holds the unilateral pages only", async () => {
  const p = await phone();
  // the normal login form: the permission list is the account's, whichever form signed it in
  await login(p, 'follower', 'follower123');
  await p.goto('/main/index/unilateral');
  // the kill switch joins the header once the follower's accounts are read, and the header reflows: wait for it,
  // or the click can land where the menu button was
  await p.getByRole('button', { name: '紧急停止' }).waitFor();
  await p.getByRole('button', { name: '导航菜单' }).click();
  const drawer = p.getByTestId('drawer-nav');
  await drawer.waitFor();
  await drawer.getByText('单边策略', { exact: true }).click();
  await drawer.getByRole('link', { name: '单边策略列表' }).waitFor();
  const links = await drawer.getByRole('link').allInnerTexts();
  assert.deepEqual(links.map((s) => s.trim()).sort(), ['单边策略列表', '跟随任务'].sort());
});

test('the English header fits 375 px too', async () => {
  const p = await phone();
  await login(p, 'admin', 'admin123');
  await p.waitForURL('**/market');
  await p.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await p.getByRole('button', { name: 'Navigation' }).waitFor();
  await assertFits(p, '/api');
});
