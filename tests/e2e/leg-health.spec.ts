// Leg health ("Done means" part 1): a demo task becomes unbalanced — the server is started with
// the engine's uneven-partial-fill mode certain and no re-hedge within the day (settings.engine, a test-only
// server option, not a call), so the seeded day leaves each trading demo task unbalanced; its card shows the
// state and the exposure in USDT, the task detail both legs' held quantities side by side. Then (
// "Done means" alerts) the operator turns on the unbalanced rule in the bell's rule dialog: the server's
// rule engine counts an alert on the bell that links to the task, and it is still in the log after a reload.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { e2eSuite, motionEnded } from './harness';

const { signIn } = e2eSuite({
  server: {
    settings: { demoTasks: true, engine: { legPartialRate: 1, legRejectRate: 0, stalePriceRate: 0, abnormalRate: 0, rehedgeAfterMs: 2 * 86_400_000 } },
  },
});

/** "1,234.56" or "1234.56" → 1234.56 */
const numberIn = (text: string): number => Number(/-?[\d,]+(\.\d+)?/.exec(text)![0].replace(/,/g, ''));

test('an unbalanced demo task: its card shows the state and the exposure, the detail both legs', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/task');
  // admin's first demo task (BTC 现货/季度, two children) traded over the seeded day
  const card = p.getByTestId('task-card-1');
  await card.getByText('BTC 现货/季度-1').waitFor();
  const legs = card.getByTestId('task-legs-1');
  await legs.filter({ hasText: /不平衡 · 敞口 [\d,.]+ USDT/ }).waitFor();
  assert.equal(await legs.getAttribute('data-state'), 'unbalanced');
  const exposure = numberIn((await legs.innerText()).split('敞口')[1]!);
  assert.ok(exposure > 0, `exposure ${exposure}`);

  await p.goto('/task/taskDetail?id=1');
  const table = p.getByTestId('leg-health-table');
  await table.waitFor();
  const [a, b] = [numberIn(await table.getByTestId('leg-a-task').innerText()), numberIn(await table.getByTestId('leg-b-task').innerText())];
  assert.ok(a > 0 && b > 0 && a !== b, `legs A ${a} and B ${b} held apart`);
  // the same figure on both pages (the market may have moved the mid a little between the two reads)
  const detailExposure = numberIn(await table.getByTestId('leg-exposure-task').innerText());
  assert.ok(Math.abs(detailExposure - exposure) / exposure < 0.01, `card ${exposure}, detail ${detailExposure}`);
  assert.equal(await table.getByTestId('leg-state-task').getAttribute('data-state'), 'unbalanced');
});

test('the unbalanced rule set in the bell fires for the demo task; the bell links to it and keeps it after a reload', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/task');
  await p
    .getByTestId('task-legs-1')
    .filter({ hasText: /不平衡/ })
    .waitFor();
  const bell = p.getByTestId('alert-bell');
  assert.equal(await bell.getAttribute('data-unread'), '0');

  await bell.click();
  await p.getByTestId('alert-panel').getByRole('button', { name: '提醒规则' }).click();
  const rules = p.getByRole('dialog', { name: '提醒规则' });
  await motionEnded(rules);
  await rules.getByRole('switch', { name: '任务单边持仓超过（秒）' }).click();
  await rules.getByRole('spinbutton', { name: '任务单边持仓超过（秒）' }).fill('1');
  await rules.getByRole('button', { name: /保\s*存/ }).click();
  await rules.waitFor({ state: 'hidden' });

  // evaluated by the server every second: one alert per unbalanced running task of admin's
  await p.locator('[data-testid="alert-bell"]:not([data-unread="0"])').waitFor();
  await p.reload();
  await p.locator('[data-testid="alert-bell"]:not([data-unread="0"])').waitFor();
  await bell.click();
  const item = p.getByTestId('alert-item').filter({ has: p.locator('a[href="/task/taskDetail?id=1"]') });
  await item.waitFor();
  assert.match(await item.innerText(), /单边持仓已超过 1 秒，敞口 [\d,.]+ USDT/);
  await item.getByRole('link', { name: '查看' }).click();
  await p.waitForURL('**/task/taskDetail?id=1');
  await p.getByTestId('leg-health-table').waitFor();
});
