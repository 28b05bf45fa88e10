// Global config (/config) against the reference server: the super user edits and saves, the value
// survives a reload; an ordinary user reads the same values with no save button.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { endpoints } from '#contract/endpoints';
import { e2eSuite, pageLog, whileWatching } from './harness';

const { signIn } = e2eSuite();

const saveButton = (p: Page) => p.getByRole('button', { name: /保\s*存/ });
const field = (p: Page, label: string) => p.getByLabel(label, { exact: true });

/** Opens /config and waits until the server's values are in the form. */
async function openConfig(p: Page) {
  await p.goto('/config');
  await field(p, '深度档位').waitFor();
}

test('the super user edits the global config, saves (保存成功) and the new values survive a reload', async () => {
  const page = await signIn('admin', 'admin123');
  await openConfig(page);
  assert.equal(await field(page, '交易间隔').inputValue(), '1', 'the seeded trade interval');
  assert.equal(await field(page, 'BTC').inputValue(), '50', 'the seeded BTC maximum borrow percent');

  await field(page, '交易间隔').fill('4');
  await field(page, 'BTC').fill('62.5');
  await page.getByRole('switch', { name: '允许借贷' }).click();
  // the save must reach the server before the reload
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === endpoints.globalConfigUpdate.path);
  await whileWatching(page.getByText('保存成功'), () => saveButton(page).click());
  assert.equal(((await (await saved).json()) as { code: number }).code, 200);

  await page.reload();
  await field(page, '深度档位').waitFor();
  assert.equal(await field(page, '交易间隔').inputValue(), '4', `saved trade interval\n${pageLog(page).join('\n')}`);
  assert.equal(await field(page, 'BTC').inputValue(), '62.5');
  assert.equal(await page.getByRole('switch', { name: '允许借贷' }).getAttribute('aria-checked'), 'true');
});

test('a value out of range is refused on the page and never reaches the server', async () => {
  const page = await signIn('admin', 'admin123');
  await openConfig(page);
  await field(page, 'ETH').fill('150');
  await saveButton(page).click();
  await page.getByText('ETH最大借贷比例的值大小在0~100之间!').waitFor();
  assert.equal(await page.getByText('保存成功').count(), 0);

  await page.reload();
  await field(page, '深度档位').waitFor();
  assert.equal(await field(page, 'ETH').inputValue(), '50', 'the server still holds the seeded ETH percent');
});

test('an ordinary user sees the values read-only on /config, with no save button', async () => {
  const page = await signIn('trader', 'trader123');
  await openConfig(page);
  assert.equal(new URL(page.url()).pathname, '/config');
  await page.getByText('仅超级用户可以修改全局配置').waitFor();
  assert.equal(await saveButton(page).count(), 0, 'no save button');
  for (const label of ['深度档位', '价格滑点', '语音通知间隔', '短信通知间隔', '交易间隔', 'BTC', 'TRX']) {
    assert.ok(await field(page, label).isDisabled(), `${label} is read-only`);
  }
  assert.ok(await page.getByRole('switch', { name: '允许借贷' }).isDisabled());
});
