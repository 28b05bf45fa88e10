// as a browser sees it: the public pages paint before any script, hydrate without errors,
// and a visitor the prerender did not render for (signed in, dark theme) still gets their own page.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { e2eSuite, pageLog } from './harness';

// with its motions, as most visitors have them (the typing test also as one whose system asks for less motion)
const suite = e2eSuite({ motion: true });
const { open, signIn, firstVisit } = suite;

test('/login, /home and /guide show their content with JavaScript off', async (t) => {
  const p = await open();
  const noScript = await p.context().browser()!.newContext({ baseURL: suite.app.url, javaScriptEnabled: false });
  t.after(() => noScript.close());
  const page = await noScript.newPage();
  await page.goto('/login');
  await page.getByRole('heading', { name: '登录' }).waitFor();
  await page.getByLabel('用户名', { exact: true }).waitFor();
  await page.goto('/home');
  await page.getByText('查看新手指引').first().waitFor();
  await page.goto('/guide');
  assert.ok((await page.locator('#root').innerText()).trim().length > 0, '/guide paints text without script');
  // the site's icon (the tab's, and the header's mark on a phone) is linked from the page and served as an image
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const reply = await page.request.get(icon!);
  assert.equal(reply.headers()['content-type'], 'image/svg+xml');
});

test('the prerendered /login hydrates in place: the same card, working, no errors', async () => {
  const p = await open();
  await p.goto('/login');
  const slider = p.getByRole('slider');
  await slider.and(p.locator('[aria-disabled="false"]')).waitFor(); // the captcha loaded: React runs the page
  await p.getByLabel('用户名', { exact: true }).fill('admin');
  assert.equal(await p.getByLabel('用户名', { exact: true }).inputValue(), 'admin');
  assert.deepEqual(
    pageLog(p).filter((line) => !line.includes('requestfailed')),
    [],
  );
});

test('what a visitor types before the script arrives is still there, and counts, after hydration', async () => {
  // a visitor who asks for less motion too: the console turns antd's motions off once hydrated, which must not mount
  // the page again (it did: the typing was lost)
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const p = await firstVisit(); // the scripts must come from the server (held below), not from the cache
    await p.emulateMedia({ reducedMotion });
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await p.goto('/login', { waitUntil: 'commit' });
    await p.getByLabel('用户名', { exact: true }).fill('admin');
    await p.getByLabel('密码', { exact: true }).fill('admin123');
    // what records the typing comes before the page's inputs: the page arrives in pieces, and typing between an input
    // and a recorder placed after it would show on screen yet not count once hydrated (CI saw 请输入用户名)
    const recordedFromTheStart = await p.evaluate(() => {
      const recorder = Array.from(document.scripts).find((script) => !script.src && script.text.includes('__typedBeforeHydration'));
      const firstInput = document.querySelector('#root input');
      return Boolean(recorder && firstInput && recorder.compareDocumentPosition(firstInput) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(recordedFromTheStart, `the typing recorder precedes the inputs (${reducedMotion})`);
    release();
    const slider = p.getByRole('slider');
    await slider.and(p.locator('[aria-disabled="false"]')).waitFor();
    assert.equal(await p.getByLabel('用户名', { exact: true }).inputValue(), 'admin', `typed before hydration (${reducedMotion})`);
    await slider.focus();
    await slider.press('End');
    await p
      .locator('form')
      .getByRole('button', { name: /登\s*录/ })
      .click();
    await p.waitForURL('**/market');
  }
});

test('a signed-in visitor on /login gets the signed-in header, not the prerendered one', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/login');
  await p.getByTestId('user-menu').waitFor();
  assert.equal(await p.getByRole('button', { name: /注\s*册/ }).count(), 0);
  assert.deepEqual(
    pageLog(p).filter((line) => !line.includes('requestfailed')),
    [],
  );
});

test('a visitor who chose the dark theme never gets the light prerendered page hydrated', async () => {
  const p = await open();
  await p.goto('/guide');
  await p.evaluate(() => localStorage.setItem('console.theme', 'dark'));
  await p.goto('/home');
  await p.getByRole('button', { name: '主题' }).waitFor();
  const background = await p
    .locator('.ant-layout')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.notEqual(background, 'rgb(245, 245, 245)', `dark layout background, got ${background}`);
  assert.deepEqual(
    pageLog(p).filter((line) => !line.includes('requestfailed')),
    [],
  );
});

test("a console page is drawn with the build's antd styles, making none itself; a theme the build has not made is made in the page", async () => {
  const p = await signIn('admin', 'admin123');
  const made = () => p.evaluate(() => document.querySelectorAll('style[data-css-hash]').length);
  const add = p.getByRole('button', { name: /添加任务/ });
  const look = () => add.evaluate((el) => ['backgroundColor', 'borderRadius', 'height'].map((k) => getComputedStyle(el)[k as 'height']).join(' '));
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    await p.emulateMedia({ reducedMotion });
    await p.goto('/task');
    await add.waitFor();
    assert.equal(await look(), 'rgb(22, 104, 220) 6px 32px', `the primary button in antd's look (${reducedMotion})`);
    assert.equal(await made(), 0, `no antd style made in the page (${reducedMotion})`);
  }
  await p.getByRole('button', { name: '主题' }).click();
  await p.waitForFunction(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor === 'rgb(0, 0, 0)');
  assert.ok((await made()) > 0, 'the dark theme makes its styles in the page');
  assert.equal(await look(), 'rgb(22, 104, 220) 6px 32px', 'the primary button in the dark theme');
  assert.deepEqual(
    pageLog(p).filter((line) => !line.includes('requestfailed')),
    [],
  );
});
