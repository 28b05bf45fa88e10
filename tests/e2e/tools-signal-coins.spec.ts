// The /signal and /coins tool pages against the reference server: the latest signals show and a follow
// task's follow-signal switch round-trips (a reload shows it kept); a coin is added to the blacklist, a
// duplicate added meanwhile from elsewhere is refused with the server's message, and a coin is removed.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { callOk, chooseOption, e2eSuite, motionEnded } from './harness';

const { signIn } = e2eSuite();

/** antd spaces the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);
const SIGNAL_LABELS = /^(多开|空平|空开|多平)$/;

test('the signal page shows the latest signals and a follow switch round-trips', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/signal');
  const signals = p.getByTestId('signal-table');
  await signals.locator('tbody .ant-tag').first().waitFor();
  assert.match((await signals.locator('tbody .ant-tag').first().innerText()).trim(), SIGNAL_LABELS);

  const name = 'Binance-单边1';
  const apiId = (await callOk<{ id: number; name: string }[]>(p, 'unilateralApiList')).find((task) => task.name === name)!.id;
  const toggle = (page: Page) => page.getByRole('switch', { name: `${name} 跟随信号` });
  await p.waitForFunction((el) => el?.getAttribute('aria-checked') === 'true' && !el.className.includes('loading'), await toggle(p).elementHandle());
  await toggle(p).click();
  await p.waitForFunction((el) => el?.getAttribute('aria-checked') === 'false' && !el.className.includes('loading'), await toggle(p).elementHandle());
  assert.deepEqual(await callOk(p, 'followSignalGet', { apiId }), { apiId, follow: 0 });

  await p.reload();
  await toggle(p).waitFor();
  await p.waitForFunction((el) => !!el && !el.className.includes('loading') && !el.hasAttribute('disabled'), await toggle(p).elementHandle());
  assert.equal(await toggle(p).getAttribute('aria-checked'), 'false');
});

test('coins: add a coin to the blacklist, a duplicate is refused with its message, remove it', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/coins');
  const card = p.getByTestId('coins-blacklist');
  const rowOf = (coin: string) => card.locator('tbody tr', { has: p.getByText(coin, { exact: true }) });
  const add = async (coin: string) => {
    await chooseOption(card.getByRole('combobox', { name: '选择币种' }), coin);
    await card.getByRole('button', { name: spaced('添加') }).click();
  };

  await add('ETH');
  await rowOf('ETH').waitFor();
  assert.deepEqual(await callOk(p, 'currencyBlacklistGet'), { coins: ['eth'] });

  // another tab adds BTC meanwhile: this page still offers it, and the server refuses the duplicate
  await callOk(p, 'currencyBlacklistSave', { coin: 'btc', op: 'add' });
  await add('BTC');
  await p.locator('.ant-notification-notice').getByText('BTC 已在币种黑名单中').waitFor();
  await rowOf('BTC').waitFor();

  await card.getByRole('button', { name: '移除 ETH' }).click();
  const confirm = p.locator('.ant-popover:not(.ant-popover-hidden)').last();
  await motionEnded(confirm);
  await confirm.getByRole('button', { name: spaced('确定') }).click();
  await rowOf('ETH').waitFor({ state: 'detached' });
  assert.deepEqual(await callOk(p, 'currencyBlacklistGet'), { coins: ['btc'] });
});
