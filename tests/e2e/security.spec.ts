// in Chromium: the security headers hold on every page, a page that broke the
// Content-Security-Policy would fail its test (e2eSuite checks every test's page), the console's
// pages work under the policy, and names made of markup show as text on every page that shows names.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { callOk, e2eSuite, motionEnded, startTradingTask, takeCspViolations, until } from './harness';

const { open, signIn, signInWithSlider } = e2eSuite();

test('/login carries CSP, nosniff, no-referrer and frame-ancestors none', async () => {
  const page = await open();
  const response = await page.goto('/login');
  const headers = response!.headers();
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'no-referrer');
  const policy = headers['content-security-policy'] ?? '';
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/);
  // the prerendered page's own inline script ran (it is allowed by its hash): the slider hydrates
  await page.getByRole('slider').and(page.locator('[aria-disabled="false"]')).waitFor();
});

test('an inline script the policy does not name is blocked and reported, so a test would fail on it', async () => {
  const page = await open();
  await page.goto('/login');
  await page.getByRole('slider').and(page.locator('[aria-disabled="false"]')).waitFor();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  const found: string[] = [];
  await until('the page reports the violation', () => found.push(...takeCspViolations(page)) > 0);
  assert.match(found.join('\n'), /script-src/);
  assert.equal(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), undefined);
});

test('the framed console is refused: frame-ancestors none', async () => {
  const page = await signIn('admin', 'admin123');
  await page.goto('/market');
  await page.getByRole('table').first().waitFor();
  const framed = await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.src = '/login';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    try {
      return frame.contentDocument?.querySelector('#root')?.innerHTML ?? '';
    } catch {
      return '';
    }
  });
  assert.equal(framed, '');
  takeCspViolations(page); // the frame's refusal is the point here
});

test('the signed-in console puts its token in no URL: calls carry it in a header, sockets in the handshake', async () => {
  // through the slider, so the session cookies are the ones the console itself sets
  const p = await signInWithSlider('admin', 'admin123');
  const urls: string[] = [];
  p.on('request', (request) => urls.push(request.url()));
  p.on('websocket', (socket) => urls.push(socket.url()));
  const authorized: string[] = [];
  p.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/list') authorized.push(request.headers().authorization ?? '');
  });
  await p.goto('/market');
  await p.locator('[data-feed="market"][data-feed-state="live"]').first().waitFor();
  await p.goto('/api');
  await until('the API list was read', () => authorized.length > 0);
  await p.goto('/demand');
  await p.locator('[data-feed="demand"][data-feed-state="live"]').first().waitFor();

  const cookie = (await p.context().cookies()).find((c) => c.name === 'token')!;
  const token = decodeURIComponent(cookie.value);
  assert.equal(cookie.sameSite, 'Strict');
  assert.equal(cookie.secure, false, 'Secure only over https (this page is http)');
  assert.ok(
    urls.some((url) => url.includes('/get2')),
    'the market socket was opened',
  );
  assert.deepEqual(
    urls.filter((url) => url.includes(token) || /[?&]token=/.test(url)),
    [],
  );
  assert.equal(authorized[0], `Bearer ${token}`);
});

/** A name an attacker would choose: markup with a script in an event handler, and a template expression. */
const MARKUP = '<img src=x onerror=alert(1)>{{7*7}}';

test('names made of markup show literally on every page and dialog that shows names: no dialog fires, no <img> is made', async () => {
  const p = await signIn('admin', 'admin123');
  const dialogs: string[] = [];
  p.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // rename (or name) through the API: an API account, a task and its child task (whose legs carry the API
  // names), a unilateral strategy, and a follow task (its API account's name and its strategy's)
  const apiName = `${MARKUP} api`;
  const taskName = `${MARKUP} task`;
  const strategyName = `${MARKUP} strategy`;
  const followName = `${MARKUP} follow`;
  const apis = await callOk<{ id: number; name: string }[]>(p, 'apiList');
  const main = apis.find((a) => a.name === 'OKEx-主账户')!;
  await callOk(p, 'apiUpdate', { apiId: main.id, name: apiName });
  const taskId = await startTradingTask(p, taskName);
  const unilateral = await callOk<{ id: number; names: string }[]>(p, 'unilateralStrategyList');
  const followed = unilateral.find((s) => s.names === 'BTC 趋势跟踪')!;
  await callOk(p, 'unilateralStrategyUpdate', { strategyId: followed.id, names: strategyName, target: 1 });
  const { id: followApi } = await callOk<{ id: number }>(p, 'apiAdd', { name: followName, bourseId: 3, apiKey: 'k-markup', apiSecret: 's-markup', status: 4 });
  await callOk(p, 'followTaskAdd', {
    apiId: followApi,
    strategyId: followed.id,
    priority: 0,
    stopLoss: 20,
    archiveCurrency: '',
    positiveLeverage: 2,
    negativeLeverage: 1,
    isBuy: 1,
    isSell: 1,
  });
  // the task trades, so its detail page has orders to show
  await until('the task has orders', async () => (await callOk<unknown[]>(p, 'orderNewest', { taskId, number: 10 })).length > 0);

  /** Every name is there as text, and nothing ran: no dialog, no <img> made from a name. */
  const shownLiterally = async (where: string, names: string[]) => {
    for (const name of names) await p.getByText(name).first().waitFor();
    assert.equal(await p.locator('img[src="x"]').count(), 0, `${where}: an <img> was made from a name`);
    assert.deepEqual(dialogs, [], `${where}: a dialog fired`);
  };
  /** Opens the select labelled `label` (in the open dialog or the page) and checks its options. */
  const selectShows = async (where: string, label: string | RegExp, names: string[]) => {
    await p.getByRole('combobox', { name: label }).first().click();
    await p.locator('.ant-select-dropdown:visible').last().waitFor();
    await shownLiterally(`${where}, select ${label}`, names);
    await p.keyboard.press('Escape');
  };

  await p.goto('/task');
  await shownLiterally('/task', [taskName, apiName]);
  await p.getByRole('button', { name: /添加任务/ }).click();
  await motionEnded(p.getByRole('dialog'));
  await p.keyboard.press('Escape');

  await p.goto(`/task/taskDetail?id=${taskId}`);
  await p.locator('.ant-table-row').first().waitFor();
  await shownLiterally('/task/taskDetail', []);

  await p.goto('/api');
  await shownLiterally('/api', [apiName, followName]);

  await p.goto('/statistic');
  await p.getByRole('tab', { name: '订单查询' }).click();
  await selectShows('/statistic', 'API', [apiName, followName]);

  await p.goto('/assets');
  await shownLiterally('/assets', [apiName, followName]);

  await p.goto('/main/index/unilateral');
  await shownLiterally('/main/index/unilateral', [strategyName]);

  await p.goto('/main/index/api');
  await shownLiterally('/main/index/api', [followName, strategyName]);
  await p.getByRole('button', { name: /添加任务/ }).click();
  await motionEnded(p.getByRole('dialog'));
  await selectShows('/main/index/api add dialog', 'API', [followName]);
  await selectShows('/main/index/api add dialog', '策略', [strategyName]);
});
