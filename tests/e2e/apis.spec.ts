// API accounts at /api against the reference server: the super user binds an API (the secret never
// comes back), sets its fees and advanced settings, initialises and deletes it; a trader sees only
// their own accounts.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { endpoints } from '#contract/endpoints';
import { chooseMenuItem, chooseOption, e2eSuite, motionEnded, whileWatching } from './harness';

const { signIn } = e2eSuite();

const rowOf = (p: Page, name: string) => p.locator('tr', { has: p.getByText(name, { exact: true }) });
const dialogNamed = (p: Page, name: string | RegExp) => p.getByRole('dialog', { name });

async function action(p: Page, apiName: string, item: string) {
  await rowOf(p, apiName)
    .getByRole('button', { name: /操\s*作/ })
    .click();
  await chooseMenuItem(p, item);
}

const isApiList = (response: Response) => new URL(response.url()).pathname === '/api/list' && response.request().method() === 'GET';
const SECRET = 'e2e-top-secret-7f3a9c';
const NAME = 'e2e-binance';

test('the super user binds an API, configures fees and advanced settings, initialises and deletes it', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/api');
  await rowOf(p, 'OKEx-主账户').waitFor(); // seeded by the reference server
  // every seeded row draws its USDT trend line (an SVG sparkline)
  await rowOf(p, 'OKEx-主账户')
    .getByRole('img', { name: /USDT走势/ })
    .locator('polyline')
    .first()
    .waitFor();

  // bind a new API on exchange 3
  await p.getByRole('button', { name: /添加API/ }).click();
  const add = dialogNamed(p, '添加API');
  await add.getByLabel('API名称').fill(NAME);
  await chooseOption(add.getByLabel('交易所', { exact: true }), 'Binance');
  await add.getByLabel('API Key').fill('e2e-key-123');
  await add.getByLabel('API Secret').fill(SECRET);
  const listAfterAdd = p.waitForResponse(isApiList);
  await whileWatching(p.getByText('添加成功'), () => add.getByRole('button', { name: /保\s*存/ }).click());
  const listBody = await (await listAfterAdd).text();

  const row = rowOf(p, NAME);
  await row.waitFor();
  await row.getByText('Binance', { exact: true }).waitFor();
  await row.getByText('单边', { exact: true }).waitFor(); // default strategy type 4

  // the secret never comes back: not in the list reply, not on the page
  assert.ok(listBody.includes(NAME), 'the list reply has the new API');
  assert.ok(!listBody.includes(SECRET), 'the list reply does not carry the secret');
  const created = (JSON.parse(listBody) as { data: { name: string; apiSecret: string }[] }).data.find((api) => api.name === NAME);
  assert.ok(created && created.apiSecret !== SECRET, `apiSecret in the list is a mask: ${created?.apiSecret}`);
  assert.ok(!(await p.locator('body').innerText()).includes(SECRET), 'the page does not show the secret');

  // config mode: the secret field starts empty
  await action(p, NAME, '编辑');
  const config = dialogNamed(p, '配置API');
  await assert.doesNotReject(
    config
      .getByLabel('API名称')
      .and(p.locator(`[value="${NAME}"]`))
      .waitFor(),
  );
  assert.equal(await config.getByLabel('API Secret').inputValue(), '');
  await config.getByRole('button', { name: /取\s*消/ }).click();
  await config.waitFor({ state: 'hidden' }); // its closing wrap would take the next click

  // fees: save, reopen, see them
  await action(p, NAME, '手续费配置');
  let fees = dialogNamed(p, /手续费配置/);
  await fees.getByLabel('最大亏损').fill('777');
  await fees.getByLabel('现货挂单手续费').fill('0.0011');
  await fees.getByRole('button', { name: /保\s*存/ }).click();
  await fees.waitFor({ state: 'hidden' });
  await action(p, NAME, '手续费配置');
  fees = dialogNamed(p, /手续费配置/);
  await fees.getByLabel('最大亏损').and(p.locator('[value="777"]')).waitFor();
  assert.equal(await fees.getByLabel('现货挂单手续费').inputValue(), '0.0011');
  await fees.getByRole('button', { name: /取\s*消/ }).click();
  await fees.waitFor({ state: 'hidden' });

  // advanced settings: spot 15 then futures 10 lowers spot to 10; saved values come back
  await action(p, NAME, '高级设置');
  let advanced = dialogNamed(p, /高级设置/);
  const spot = advanced.getByLabel('现货倍数');
  const futures = advanced.getByLabel('合约倍数');
  await spot.fill('15');
  await futures.fill('10');
  await p.waitForFunction(() => (document.querySelector('input#proportion_ratio_spot') as HTMLInputElement | null)?.value === '10');
  await advanced.getByRole('switch', { name: '允许借币' }).click();
  await advanced.getByRole('button', { name: /保\s*存/ }).click();
  await advanced.waitFor({ state: 'hidden' });
  await action(p, NAME, '高级设置');
  advanced = dialogNamed(p, /高级设置/);
  await advanced.getByLabel('现货倍数').and(p.locator('[value="10"]')).waitFor();
  assert.equal(await advanced.getByLabel('合约倍数').inputValue(), '10');
  assert.equal(await advanced.getByRole('switch', { name: '允许借币' }).getAttribute('aria-checked'), 'true');
  await advanced.getByRole('button', { name: /取\s*消/ }).click();
  await advanced.waitFor({ state: 'hidden' });

  // initialise: confirm names cross margin and 10x; a spinner on the row until the answer
  await action(p, NAME, '初始化');
  const confirmInit = dialogNamed(p, '初始化API');
  const text = await confirmInit.innerText();
  assert.match(text, /全仓/);
  assert.match(text, /10倍杠杆/);
  // the server's answer is held until the spinner has been seen, so a fast answer cannot hide it
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await p.route(`**${endpoints.apiInit.path}`, async (route) => {
    await held;
    await route.continue();
  });
  await motionEnded(confirmInit);
  await confirmInit.getByRole('button', { name: /确\s*定/ }).click();
  await row.getByText('初始化中…').waitFor();
  answer();
  await row.getByText('初始化中…').waitFor({ state: 'detached' });
  await row.getByText(/已初始化/).waitFor();
  await p.unroute(`**${endpoints.apiInit.path}`);

  // delete
  await action(p, NAME, '删除');
  const confirmDelete = dialogNamed(p, '删除API');
  await motionEnded(confirmDelete);
  await confirmDelete.getByRole('button', { name: /确\s*定/ }).click();
  await row.waitFor({ state: 'detached' });
  await rowOf(p, 'OKEx-主账户').waitFor();
});

test('a trader sees only their own API accounts', async () => {
  const p = await signIn('trader', 'trader123');
  const list = p.waitForResponse(isApiList);
  await p.goto('/api');
  await rowOf(p, 'OKEx-trader').waitFor();
  const body = JSON.parse(await (await list).text()) as { data: { name: string }[] };
  assert.deepEqual(
    body.data.map((api) => api.name),
    ['OKEx-trader'],
  );
  assert.equal(await p.getByText('OKEx-主账户').count(), 0);
  assert.equal(await p.getByText('Huobi-对冲').count(), 0);
});
