// The arbitrage strategy library at /strategy against the reference server: the super user builds a
// strategy from real files, configures and deletes it; an invalid main file is refused; an ordinary
// user sees 没有权限.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, e2eSuite, until, whileWatching } from './harness';

const FIXTURES = path.join(ROOT, 'tests/e2e/fixtures/strategies');
const fixture = (name: string) => path.join(FIXTURES, name);

const { signIn } = e2eSuite();

const rowOf = (p: Page, name: string) => p.locator('tr', { has: p.getByText(name, { exact: true }) });
const saveButton = (p: Page) => p.getByRole('dialog').getByRole('button', { name: /保\s*存/ });
const paramNames = (p: Page) => p.getByRole('dialog').getByLabel('参数名', { exact: true });
const paramValues = (p: Page) => p.getByRole('dialog').getByLabel('参数值/描述', { exact: true });

async function openStrategies(p: Page) {
  await p.goto('/strategy');
  await rowOf(p, 'arbitrage 2').waitFor(); // seeded by the reference server
}

test('the super user builds a strategy from real files, configures it and deletes it', async () => {
  const p = await signIn('admin', 'admin123');
  await openStrategies(p);

  // add
  await p.getByRole('button', { name: /新增策略/ }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('策略名称').fill('e2e spread');
  await dialog.getByLabel('初始资金').fill('12345');
  const soleId = await dialog.getByLabel('策略唯一ID').inputValue();
  assert.match(soleId, /^[0-9a-f]{32}$/);
  await p.locator('#strategy-main-file').setInputFiles(fixture('e2e_spread.py'));
  await paramNames(p).nth(3).waitFor();
  assert.deepEqual(await paramNames(p).evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value)), [
    'dlt',
    'm',
    'is_borrow',
    'open_count',
  ]);
  await p.locator('#strategy-rely-files').setInputFiles(fixture('spread_helpers.py'));
  await dialog.getByText('spread_helpers.py').waitFor();
  await whileWatching(p.getByText('添加成功'), () => saveButton(p).click());
  await dialog.waitFor({ state: 'hidden' });
  await rowOf(p, 'e2e spread').waitFor();

  // the popover shows what the header gave
  await rowOf(p, 'e2e spread').getByRole('button', { name: '默认参数' }).click();
  const popover = p.getByRole('tooltip');
  await popover.getByText('CQ: 0.004').first().waitFor();
  assert.ok(await popover.getByText(soleId).isVisible(), 'the popover shows the generated strategy_sole_id');
  await rowOf(p, 'e2e spread').getByRole('button', { name: '默认参数' }).click(); // closes it

  // configure: rename, change a value, add a parameter (no new file: PUT /strategy/update)
  await rowOf(p, 'e2e spread')
    .getByRole('button', { name: /配\s*置/ })
    .click();
  await dialog.getByText('配置策略').waitFor();
  assert.equal(await dialog.getByLabel('策略唯一ID').inputValue(), soleId);
  assert.equal(await dialog.getByLabel('策略名称').inputValue(), 'e2e spread');
  await dialog.getByLabel('策略名称').fill('e2e spread v2');
  await paramValues(p).nth(3).fill('30');
  await dialog.getByRole('button', { name: /新增参数/ }).click();
  await paramNames(p).nth(4).fill('note');
  await paramValues(p).nth(4).fill('from e2e');
  await saveButton(p).click();
  await dialog.waitFor({ state: 'hidden' });
  await rowOf(p, 'e2e spread v2').waitFor();

  await rowOf(p, 'e2e spread v2').getByRole('button', { name: '默认参数' }).click();
  await popover.getByText('from e2e').waitFor();
  assert.match((await popover.locator('tr', { hasText: 'open_count' }).textContent()) ?? '', /30/);
  await rowOf(p, 'e2e spread v2').getByRole('button', { name: '默认参数' }).click(); // closes it

  // the server kept the files and the parameters
  const token = (await p.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const home = await p.request.get(`/strategy/home?token=${encodeURIComponent(token ?? '')}`);
  const saved = ((await home.json()) as { data: { name: string; default_params: string; rely_on_files: string[]; main_file: string }[] }).data.find(
    (strategy) => strategy.name === 'e2e spread v2',
  );
  assert.ok(saved, 'the server lists the configured strategy');
  assert.deepEqual(JSON.parse(saved.default_params), {
    dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
    m: { CW: 1, NW: 1, CQ: 2, NQ: 2 },
    is_borrow: false,
    open_count: 30,
    note: 'from e2e',
  });
  assert.match(saved.main_file, /e2e_spread\.py$/);
  assert.equal(saved.rely_on_files.length, 1);

  // delete, with confirm
  await rowOf(p, 'e2e spread v2')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await p.getByText('确定删除策略“e2e spread v2”吗？').waitFor();
  await p
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await rowOf(p, 'e2e spread v2').waitFor({ state: 'detached' });
  assert.ok(await rowOf(p, 'arbitrage 2').isVisible(), 'the other strategies stay');
});

test('a main file without a valid header shows 无法解析该文本! and cannot be saved', async () => {
  const p = await signIn('admin', 'admin123');
  await openStrategies(p);
  await p.getByRole('button', { name: /新增策略/ }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('策略名称').fill('never saved');
  await dialog.getByLabel('初始资金').fill('1');

  for (const name of ['no_header.py', 'broken_json.py']) {
    await p.locator('#strategy-main-file').setInputFiles(fixture(name));
    await dialog.getByText(name).waitFor();
    await dialog.getByText('无法解析该文本!').waitFor();
    assert.ok(await saveButton(p).isDisabled(), `saving is blocked after ${name}`);
  }

  // the valid file clears the error; cancelling leaves the list as it was
  await p.locator('#strategy-main-file').setInputFiles(fixture('e2e_spread.py'));
  await dialog.getByText('无法解析该文本!').waitFor({ state: 'detached' });
  // the message goes as the file is being read; saving opens once it has been read
  await until('saving opens after a valid main file', () => saveButton(p).isEnabled());
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await rowOf(p, 'never saved').count(), 0);
});

test('an ordinary user sees the strategies and 没有权限, with no add, configure or delete', async () => {
  const p = await signIn('trader', 'trader123');
  await openStrategies(p);
  const row = rowOf(p, 'arbitrage 2');
  await row.getByText('没有权限').waitFor();
  assert.equal(await p.getByRole('button', { name: /新增策略/ }).count(), 0);
  assert.equal(await row.getByRole('button', { name: /配\s*置/ }).count(), 0);
  assert.equal(await row.getByRole('button', { name: /删\s*除/ }).count(), 0);

  // the default parameters are still readable
  await row.getByRole('button', { name: '默认参数' }).click();
  await p.getByRole('tooltip').getByText('CW: 0.002').first().waitFor();
});
