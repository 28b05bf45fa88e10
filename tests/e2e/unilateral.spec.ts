// The one-sided (unilateral) side against the reference server: the follower's login lands on the
// strategy list; the admin starts, stops and hides a strategy; the follower has no hide action and the
// server refuses it; a follow task goes through create, start, delay, stop and delete; the statistics
// page draws markers and indicators for every cycle; monitoring shows its three views.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { callAs, callOk, chooseMenuItem, chooseOption, e2eSuite, loginUnilateral, motionEnded } from './harness';

const { open, signIn, signInUnilateral } = e2eSuite();

const rowOf = (p: Page, name: string) => p.locator('tr', { has: p.getByText(name, { exact: true }) });
/** antd spaces the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);
const button = (scope: ReturnType<Page['locator']>, label: string) => scope.getByRole('button', { name: spaced(label) });

const choose = (p: Page, label: string, option: string) => chooseOption(p.getByRole('dialog').getByLabel(label, { exact: true }), option);

test('a follower signs in through the unilateral form and lands on the strategy list', async () => {
  const p = await open();
  await loginUnilateral(p, 'follower', 'follower123');
  await p.waitForURL('**/main/index/unilateral');
  await rowOf(p, 'BTC 趋势跟踪').waitFor();
  // the hidden strategy is not the follower's to see, the admin's status column neither
  assert.equal(await rowOf(p, 'LTC 稳健(内部)').count(), 0);
  assert.equal(await p.getByRole('columnheader', { name: '状态' }).count(), 0);
});

test('the admin starts, stops and hides a strategy and the list follows', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/main/index/unilateral');
  const eos = rowOf(p, 'EOS 波段');
  await eos.getByText('暂停').waitFor();

  const operate = async (label: string) => {
    await eos.getByRole('checkbox').check();
    await p.getByRole('button', { name: /操\s?作/ }).click();
    await chooseMenuItem(p, spaced(label));
  };
  await operate('启动');
  await eos.getByText('运行中').waitFor();
  await operate('停止');
  await eos.getByText('暂停').waitFor();

  const xrp = rowOf(p, 'XRP 短线');
  await button(xrp, '隐藏').click();
  await xrp.getByText('已隐藏').waitFor();
  await button(xrp, '显示').waitFor();
  const list = await callOk<{ id: number; names: string; target: number }[]>(p, 'unilateralStrategyList');
  assert.equal(list.find((s) => s.names === 'XRP 短线')?.target, 0);
});

test('a user without strategy_hide sees no hide action and the server refuses it', async () => {
  const p = await signInUnilateral('follower', 'follower123');
  await p.goto('/main/index/unilateral');
  const btc = rowOf(p, 'BTC 趋势跟踪');
  await button(btc, '一键跟随').waitFor(); // the keyed actions have been decided
  assert.equal(await button(btc, '隐藏').count(), 0);
  assert.equal(await button(btc, '编辑').count(), 0);
  const strategies = await callOk<{ id: number; names: string }[]>(p, 'unilateralStrategyList');
  const id = strategies.find((s) => s.names === 'BTC 趋势跟踪')!.id;
  const refused = await callAs(p, 'unilateralStrategyShow', { strategyId: id, target: 0 });
  assert.notEqual(refused.code, 200, 'the server refuses hide without strategy_hide');
});

test('a follow task is created, started, delayed, stopped and deleted', async () => {
  const p = await signInUnilateral('follower', 'follower123');
  await p.goto('/main/index/api');
  const task = rowOf(p, 'Binance-跟随2');
  await task.getByText('停止', { exact: true }).waitFor();

  const removeTask = async () => {
    await button(task, '删除').click();
    await p
      .locator('.ant-popover')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await task.waitFor({ state: 'detached' });
  };
  // its API is free once its stopped task is deleted
  await removeTask();

  await p.getByRole('button', { name: /添加任务/ }).click();
  const dialog = p.getByRole('dialog');
  await motionEnded(dialog);
  await choose(p, 'API', 'Binance-跟随2');
  await choose(p, '策略', 'ETH 均线交叉');
  await dialog.getByLabel('止损百分数').fill('20');
  await dialog.getByLabel('做多杠杆倍数').fill('2');
  await dialog.getByLabel('做空杠杆倍数').fill('1');
  await dialog.getByText('是', { exact: true }).first().click();
  await dialog.getByText('是', { exact: true }).nth(1).click();
  await button(dialog, '确定').click();
  await dialog.waitFor({ state: 'hidden' });
  await task.getByText('停止', { exact: true }).waitFor();

  await button(task, '立即启动').click();
  await task.getByText('自动', { exact: true }).waitFor();

  const stop = async () => {
    await button(task, '停止').click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await task.getByText('停止', { exact: true }).waitFor();
  };
  await stop();
  await button(task, '延时启动').click();
  await task.getByText('延时', { exact: true }).waitFor();
  await stop();
  await removeTask();
});

test('the statistics page shows trade markers and indicators for each cycle', async () => {
  const p = await signIn('admin', 'admin123');
  const strategies = await callOk<{ id: number; names: string }[]>(p, 'unilateralStrategyList');
  const id = strategies.find((s) => s.names === 'BTC 趋势跟踪')!.id;
  await p.goto(`/unilateral/statistic?key=${id}`);
  await p.getByText('胜率').waitFor();
  await p.getByText('最大回撤').waitFor();
  for (const cycle of ['1D', '1H', '10T', '1T']) {
    const answered = p.waitForResponse((r) => r.url().includes('/transaction/identifier') && r.url().includes(`cycle=${cycle}`));
    await p.getByText(cycle, { exact: true }).click();
    const reply = (await (await answered).json()) as { data: { up_direction: unknown[]; down_direction: unknown[] } };
    const expected = reply.data.up_direction.length + reply.data.down_direction.length;
    // the demo runs on the wall clock: whether it traded in the last day (1T's window) depends on the hour, while
    // its 30 days of 1D (a 4 h / 16 h crossover on 60 days of history) always hold signals
    if (cycle === '1D') assert.ok(expected > 0, `${cycle}: the seeded strategy traded in the window`);
    await p.getByTestId('marker-count').getByText(`${expected} 个交易信号`).waitFor();
    // each direction's markers are one path, one triangle (subpath) per marker
    const drawn = await p
      .getByTestId('signal-markers')
      .locator('path')
      .evaluateAll((paths) => paths.reduce((n, path) => n + (path.getAttribute('d')?.match(/M/g)?.length ?? 0), 0));
    assert.equal(drawn, expected, `${cycle}: every marker is drawn`);
  }
});

test('monitoring shows the strategy, API and K-line views', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/unilateral/contral?id=1');
  await p.getByRole('cell', { name: 'BTC 趋势跟踪' }).waitFor();
  await p.getByText('API', { exact: true }).click();
  await p.waitForURL('**/unilateral/contral?id=2');
  await p
    .getByRole('cell', { name: /^Binance-/ })
    .first()
    .waitFor();
  await p.getByText('K线', { exact: true }).click();
  await p.waitForURL('**/unilateral/contral?id=3');
  await p.getByRole('cell', { name: /:/ }).first().waitFor();
  // each dot carries its text label
  assert.ok((await p.getByText(/^(正常|异常|未运行)$/).count()) > 0);
});
