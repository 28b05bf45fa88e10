// Trading on an exchange, in Chromium against the reference server and a loopback OKX (tests/loopback-exchange/):
// the operator binds a testnet key and sees it verified, initialises the account on the exchange, reads what the
// server sent in the audit log, and presses the kill switch. Nothing reaches the internet: the server's ccxt clients
// are pointed at the loopback (settings.exchangeUrls, EXCHANGE_URLS in production).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startLoopbackOkx, type LoopbackOkx } from '../loopback-exchange/okx';
import { chooseMenuItem, launchBrowser, newPage, signInByApi, startApp, whileWatching, type App } from './harness';

const KEY = { apiKey: 'e2e-okx-demo-key', secret: 'e2e-okx-demo-secret', passphrase: 'E2e-okx-1' };
const NAME = 'e2e-okx-testnet';
/** The loopback's clock: it only stamps its replies (it checks no request's age), so a fixed instant serves. */
const EXCHANGE_NOW = Date.UTC(2026, 10, 2, 1, 0, 0);

let okx: LoopbackOkx;
let app: App;
let browser: Browser;
let page: Page | undefined;

before(async () => {
  okx = await startLoopbackOkx({ now: () => EXCHANGE_NOW, accounts: [{ ...KEY, demo: true, perm: ['read_only', 'trade'] }] });
  app = await startApp({ settings: { exchangeUrls: { 1: okx.urls.api }, exchangeRateLimit: false, initDelayMs: 0 } });
  browser = await launchBrowser();
});
after(async () => {
  await page?.context().close();
  await browser?.close();
  await app?.close();
  await okx?.close();
});

const rowOf = (p: Page, name: string) => p.locator('tr', { has: p.getByText(name, { exact: true }) });

test('an operator binds a testnet OKX key (verified on the exchange), initialises it there, reads the audit log and presses the kill switch', async () => {
  page = await newPage(browser, app.url, { locale: 'zh-CN' });
  const p = page;
  await signInByApi(p, 'admin', 'admin123');
  await p.goto('/api');
  await rowOf(p, 'OKEx-主账户').waitFor();

  // bind: the server calls the exchange (balance, the key's rights) before it stores the key
  await p.getByRole('button', { name: /添加API/ }).click();
  const add = p.getByRole('dialog', { name: '添加API' });
  await add.getByLabel('API名称').fill(NAME);
  await add.locator('.ant-select', { has: p.getByLabel('交易所') }).click();
  await p.locator('.ant-select-item-option', { hasText: 'OKEx' }).click();
  await add.getByLabel('API Key').fill(KEY.apiKey);
  await add.getByLabel('API Secret').fill(KEY.secret);
  await add.getByLabel('API Token（可选）').fill(KEY.passphrase);
  await add.getByText('测试网', { exact: true }).click();
  await add.getByRole('button', { name: /保\s*存/ }).click();
  await add.waitFor({ state: 'hidden' });
  const row = rowOf(p, NAME);
  await row.getByText('测试网', { exact: true }).waitFor();
  await row.getByText('密钥有效', { exact: true }).waitFor();
  await row.getByText('可交易', { exact: true }).waitFor();
  assert.ok(
    okx.requests.some((r) => r.apiKey === KEY.apiKey && r.path === '/api/v5/account/balance'),
    'the key was checked with a real balance call',
  );
  assert.ok(!(await p.locator('body').innerText()).includes(KEY.secret), 'the page does not show the secret');

  // init: cross margin and 10x on the exchange, each instrument's result shown
  await row.getByRole('button', { name: /操\s*作/ }).click();
  await chooseMenuItem(p, '初始化');
  await p.getByRole('button', { name: /确\s*定/ }).click();
  const results = p.getByRole('dialog', { name: `初始化结果 - ${NAME}` });
  await results.getByText(/个合约设置成功/).waitFor();
  const account = okx.state.account(KEY.apiKey);
  assert.equal(okx.state.leverOf(account, 'BTC-USDT-SWAP', 'cross'), 10);
  await results
    .getByRole('button', { name: /确\s*定|关\s*闭|OK/ })
    .first()
    .click();

  // the audit log: every request the server sent, without the secret
  await p.goto('/api/audit');
  await p.getByText('fetchBalance').first().waitFor();
  await p.getByText('setLeverage').first().waitFor();
  assert.ok(!(await p.locator('body').innerText()).includes(KEY.secret), 'the audit log does not show the secret');

  // the kill switch: nothing runs on the exchange, so it stops nothing, and says so
  await p.getByRole('button', { name: '紧急停止' }).click();
  await whileWatching(p.getByText('紧急停止已执行'), () => p.getByRole('button', { name: /全部停止/ }).click());
});
