// The miner pages and the phone overview against the reference server: the calculator
// gives the hand-worked 200 TH/s, 3 500 W case (tests/unit/miner.test.ts) and names a wrong input; a
// model edited on /main/mill round-trips and opens the calculator filled in; the comparison marks the
// best with a word; /main/mobile at 375 px shows a running task and the asset total /assets shows.
// The server runs on a ManualClock, so the market and the engine hold still and two pages read one total.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ManualClock } from '../../server/clock/clock';
import type { MinerModel } from '#contract/types/miner';
import { E2E_START, addTradingTask, callOk, e2eSuite, onServerClock, until } from './harness';

// from a fixed instant; the page ages what the server sends by its own Date, set to the server's clock (onServerClock)
const clock = new ManualClock(E2E_START);
const suite = e2eSuite({ server: { clock } });
const signIn = async (username: string, password: string) => onServerClock(await suite.signIn(username, password), clock);
const PHONE = { width: 375, height: 740 };

const input = (p: Page, field: string) => p.getByTestId(`miner-input-${field}`);
const text = async (p: Page, testId: string) => (await p.getByTestId(testId).innerText()).trim();

/** Types into each field (replacing what is there); the results follow as the user types. */
async function fill(p: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await input(p, field).fill(value);
}

const S21_CASE = {
  hashrate: '200',
  power: '3500',
  electricityPrice: '0.06',
  poolFee: '2',
  coinPrice: '90000',
  difficulty: '150000000000000',
  blockReward: '3.125',
};

test('the calculator gives the hand-worked 200 TH/s, 3 500 W case as the user types, and names a wrong input', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/main/mill2');
  // the server's defaults arrive in the fields the user has not touched
  await p.waitForFunction(() => (document.querySelector('[data-testid="miner-input-blockReward"]') as HTMLInputElement | null)?.value === '3.125');
  await fill(p, S21_CASE);
  await p.getByTestId('miner-daily-profit').getByText('2.3528').waitFor();
  assert.equal(await text(p, 'miner-daily-coin'), '0.00008214');
  assert.equal(await text(p, 'miner-daily-revenue'), '7.3928');
  assert.equal(await text(p, 'miner-daily-electricity'), '5.0400');
  assert.equal(await text(p, 'miner-monthly-coin'), '0.00246428');
  assert.equal(await text(p, 'miner-monthly-profit'), '70.5852');
  assert.equal(await text(p, 'miner-breakEvenPrice'), '61356.6757');
  assert.equal(await text(p, 'miner-breakEvenElectricity'), '0.0880');
  assert.equal(await text(p, 'miner-efficiency'), '17.50');

  await input(p, 'hashrate').fill('0');
  await p.getByText('算力 (TH/s)必须大于 0').waitFor();
  await p.getByTestId('miner-daily-profit').getByText('-', { exact: true }).waitFor();
  await input(p, 'hashrate').fill('200');
  await p.getByTestId('miner-daily-profit').getByText('2.3528').waitFor();
});

test('a model edited on /main/mill is saved on the server and opens in the calculator; the comparison marks the best', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/main/mill');
  await p.getByRole('button', { name: '编辑 Antminer S19k Pro' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('算力 (TH/s)').fill('126');
  await dialog.getByLabel('功耗 (W)').fill('2772');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = p.locator('tr', { has: p.getByText('Antminer S19k Pro', { exact: true }) });
  await row.getByText('126', { exact: true }).waitFor();
  const models = await callOk<MinerModel[]>(p, 'minerModels');
  assert.deepEqual(
    models.filter((m) => m.name === 'Antminer S19k Pro').map(({ hashrate, power }) => ({ hashrate, power })),
    [{ hashrate: 126, power: 2772 }],
  );

  await p.getByRole('link', { name: '在计算器中打开 Antminer S19k Pro' }).click();
  await p.waitForURL('**/main/mill2?**');
  await p.getByText('矿机：Antminer S19k Pro').waitFor();
  assert.equal(await input(p, 'hashrate').inputValue(), '126');
  assert.equal(await input(p, 'power').inputValue(), '2772');
  // the figures follow the form's watched values, a render after the inputs show theirs
  await p
    .getByTestId('miner-efficiency')
    .filter({ hasText: /^22\.00$/ })
    .waitFor();

  await p.goto('/main/mill1');
  await fill(p, { electricityPrice: '0.06', poolFee: '2', coinPrice: '90000', difficulty: '150000000000000', blockReward: '3.125' });
  // S21 Pro (234 TH/s, 3 510 W): 8.6496 − 5.0544 = 3.5952 a day, the most of the five, and 15 J/TH, the least
  const pro = models.find((m) => m.name === 'Antminer S21 Pro')!.id;
  await p.getByTestId(`compare-dailyProfit-${pro}`).getByText('3.5952').waitFor();
  assert.match(await text(p, `compare-dailyProfit-${pro}`), /最佳/);
  assert.match(await text(p, `compare-efficiency-${pro}`), /最佳\s*15\.00/);
  const s21 = models.find((m) => m.name === 'Antminer S21')!.id;
  assert.doesNotMatch(await text(p, `compare-dailyProfit-${s21}`), /最佳/);
});

/** How wide the document is: more than the viewport means the page scrolls sideways. */
const scrollWidth = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth);
const netAssets = (p: Page) => p.getByTestId('summary-netAssets').locator('.ant-statistic-content');

test('at 375 px /main/mobile shows the running task and the asset total of /assets; no miner page scrolls sideways', async () => {
  const p = await signIn('admin', 'admin123');
  await p.setViewportSize(PHONE);
  const taskId = await addTradingTask(p, 'e2e mobile', 0.01);
  await callOk(p, 'taskStatusUpdate', { taskId, settingStatus: 2 });
  // the engine applies a status change on its next beat: move the server's clock a beat at a time
  await until('the task runs', async () => {
    clock.tick(1000);
    await onServerClock(p, clock);
    return (await callOk<{ status: number }>(p, 'taskStatusDetection', { taskId })).status === 2;
  });

  await p.goto('/assets');
  await netAssets(p).waitFor();
  await p.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="summary-netAssets"] .ant-statistic-content')?.textContent ?? ''));
  const total = (await netAssets(p).innerText()).trim();

  await p.goto('/main/mobile');
  const task = p.getByTestId(`mobile-task-${taskId}`);
  await task.getByText(`e2e mobile-${taskId}`).waitFor();
  await task.getByText('运行中').waitFor();
  await task.getByTestId(`mobile-pnl-${taskId}`).waitFor();
  await netAssets(p).getByText(total).waitFor();
  assert.ok((await scrollWidth(p)) <= PHONE.width, `/main/mobile is ${await scrollWidth(p)} px wide`);

  for (const path of ['/main/mill', '/main/mill1', '/main/mill2']) {
    await p.goto(path);
    await p.waitForLoadState('networkidle');
    const width = await scrollWidth(p);
    assert.ok(width <= PHONE.width, `${path} is ${width} px wide at ${PHONE.width} px`);
  }
});
