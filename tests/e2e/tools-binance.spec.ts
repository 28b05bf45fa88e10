// The Binance and aevo tool pages against the reference server: the admin changes a Binance account's
// leverage (an out-of-range value refused with the form's message), adjusts its follow position through the
// confirm and sees the margin at the new leverage, adds and removes a blacklist coin of that account, and
// pulls the new aevo fills with "sync now".
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { AevoTradePage } from '#contract/types/aevo';
import type { BinanceAccount } from '#contract/types/binance';
import { callOk, chooseOption, e2eSuite, motionEnded, whileWatching } from './harness';

const { signIn } = e2eSuite();

/** The confirm dialog titled `title`: checks what it says, then OK once its opening motion has ended. */
async function confirm(p: Page, title: string, says: string) {
  const dialog = p.locator('.ant-modal-confirm', { has: p.locator('.ant-modal-confirm-title', { hasText: title }) });
  await motionEnded(dialog);
  await dialog.getByText(says).waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('the admin changes the leverage (out of range refused), adjusts the position behind its confirm and sees the margin follow', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/binance/trading');
  const [first] = await callOk<BinanceAccount[]>(p, 'binanceAccounts');
  await p.getByTestId('binance-leverage').getByText(`${first!.leverage}x`).waitFor();

  const leverage = p.getByLabel('新杠杆倍数');
  await leverage.fill('200');
  await p.getByRole('button', { name: '修改杠杆' }).click();
  await p.getByText('杠杆倍数须为 1 到 125 的整数').waitFor();
  await leverage.fill('4');
  await p.getByRole('button', { name: '修改杠杆' }).click();
  await confirm(p, '修改杠杆', `将 ${first!.name} 的杠杆改为 4 倍？`);
  await p.getByTestId('binance-result').getByText(`${first!.name} 的杠杆已改为 4 倍`).waitFor();
  await p.getByTestId('binance-leverage').getByText('4x').waitFor();

  await p.getByLabel('目标持仓（币数，负数为空头）').fill('0.3');
  await p.getByRole('button', { name: '手动调仓' }).click();
  await confirm(p, '手动调仓', `将 ${first!.name} 的持仓调整为 0.300000？`);
  await p.getByTestId('binance-result').getByText(/-SWAP/).waitFor();
  const positions = p.getByTestId('binance-positions');
  await positions.getByText('0.300000').waitFor();

  // the page's row: coin, position, entry, price, notional, margin (the price moves on the wall clock: one read)
  const cells = (await positions.locator('tr.ant-table-row').first().locator('td').allTextContents()).map((c) => c.replace(/,/g, '').trim());
  const [notional, margin] = [Number(cells[4]), Number(cells[5])];
  assert.ok(Math.abs(margin - notional / 4) <= 0.01, `margin ${margin} of ${notional} at 4x`);
  const [after] = await callOk<BinanceAccount[]>(p, 'binanceAccounts');
  assert.equal(after!.leverage, 4);
  assert.equal(after!.positions[0]!.position, 0.3);
});

test('the admin adds a coin to a Binance account blacklist and removes it through the confirm', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/binance/currency');
  const [first] = await callOk<BinanceAccount[]>(p, 'binanceAccounts');
  const table = p.getByTestId('binance-blacklist');
  await table.getByText('黑名单为空').waitFor();

  await chooseOption(p.getByRole('combobox', { name: '币种' }), 'BCH');
  await p.getByRole('button', { name: '加入黑名单' }).click();
  await table.getByRole('cell', { name: 'BCH', exact: true }).waitFor();
  assert.deepEqual(await callOk(p, 'binanceBlacklistGet', { apiId: first!.apiId }), { coins: ['bch'] });

  await table.getByRole('button', { name: '移出 BCH' }).click();
  await confirm(p, '移出', `将 BCH 移出 ${first!.name} 的黑名单？`);
  await table.getByText('黑名单为空').waitFor();
  assert.deepEqual(await callOk(p, 'binanceBlacklistGet', { apiId: first!.apiId }), { coins: [] });
});

test('"sync now" on /aveo pulls the fills made since the last pull and shows them', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/aveo');
  const before = await callOk<AevoTradePage>(p, 'aevoTradeData', { page: 1, pageSize: 20 });
  await p.getByText(`共 ${before.total} 笔`).waitFor();
  await p.getByTestId('aevo-trades').getByText(before.list[0]!.time).waitFor();

  // the toast is transient: watched from before the click
  await whileWatching(p.getByText(/同步了 \d+ 笔新成交/), () => p.getByRole('button', { name: /立即同步/ }).click());
  const after = await callOk<AevoTradePage>(p, 'aevoTradeData', { page: 1, pageSize: 20 });
  assert.ok(after.total > before.total, `${after.total} > ${before.total}`);
  await p.getByText(`共 ${after.total} 笔`).waitFor();
  // the newest row is one of the new fills
  assert.ok(after.list[0]!.time > before.list[0]!.time);
  await p.getByTestId('aevo-trades').getByText(after.list[0]!.time).waitFor();
});
