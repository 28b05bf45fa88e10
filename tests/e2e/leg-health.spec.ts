// Leg health (issue 24, "Done means" part 1): a demo task becomes unbalanced — the server is started with
// the engine's uneven-partial-fill mode certain and no re-hedge within the day (settings.engine, a test-only
// server option, not a call), so the seeded day leaves each trading demo task unbalanced; its card shows the
// state and the exposure in USDT, the task detail both legs' held quantities side by side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eSuite } from './harness';

const { signIn } = e2eSuite({
  server: { settings: { demoTasks: true, engine: { legPartialRate: 1, legRejectRate: 0, stalePriceRate: 0, abnormalRate: 0, rehedgeAfterMs: 2 * 86_400_000 } } },
});

/** "1,234.56" or "1234.56" → 1234.56 */
const numberIn = (text: string): number => Number(/-?[\d,]+(\.\d+)?/.exec(text)![0].replace(/,/g, ''));

test("an unbalanced demo task: its card shows the state and the exposure, the detail both legs", async () => {
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
