// Alerts against the reference server: a threshold set on a /market row through its bell button
// fires once on the server's engine and a second crossing within the rule's cooldown is held back; the header
// bell counts the alert and links to its table; the alert is still in the log after a reload.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { AlertItem } from '#contract/rules/alerts';
import { callOk, e2eSuite, motionEnded, until } from './harness';

const { signIn } = e2eSuite();

/** antd spaces the two characters of a two-character Chinese button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);
/** Far below any simulated spread: the rule is crossed whatever the market does; far above: it is not. */
const CROSSED = -50;
const UNCROSSED = 50;

type RuleRow = { id: number; kind: string; beyond: boolean; threshold?: number };

test('a threshold set on a board row fires once and is rate-limited; the bell counts it; it is in the log after a reload', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/market');
  const table = p.getByTestId('market-table').first();
  const rowBell = table.getByRole('button', { name: '设置 BTC 价差提醒' });
  await rowBell.click();
  const popover = p.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: 'BTC 价差提醒' });
  await motionEnded(popover);
  const value = popover.getByRole('spinbutton', { name: '阈值（%）' });
  await value.fill(String(CROSSED));
  await popover.getByRole('button', { name: spaced('保存') }).click();
  await table.locator('[data-testid="alert-btc"][data-active="true"]').waitFor();

  // the server's engine evaluates every second: the bell counts the one alert
  const bell = p.getByTestId('alert-bell');
  await p.locator('[data-testid="alert-bell"][data-unread="1"]').waitFor();
  const [rule] = (await callOk<RuleRow[]>(p, 'alertRuleList')).filter((r) => r.kind === 'spread');
  assert.ok(rule, 'the row saved a spread rule');

  // back over the threshold and across it again within the cooldown (60 s): held back, no second alert
  const saveThreshold = (threshold: number) => callOk(p, 'alertRuleSave', { ...rule, threshold });
  const beyondIs = (wanted: boolean) =>
    until(
      `the rule is ${wanted ? '' : 'not '}beyond`,
      async () => (await callOk<RuleRow[]>(p, 'alertRuleList')).find((r) => r.id === rule.id)?.beyond === wanted,
    );
  await saveThreshold(UNCROSSED);
  await beyondIs(false);
  await saveThreshold(CROSSED);
  await beyondIs(true);
  const log = await callOk<{ list: AlertItem[]; total: number; unread: number }>(p, 'alertList');
  assert.equal(log.total, 1, JSON.stringify(log.list));
  assert.equal(await bell.getAttribute('data-unread'), '1');

  // still there after a reload, with its link to the table
  await p.reload();
  await p.locator('[data-testid="alert-bell"][data-unread="1"]').waitFor();
  await bell.click();
  const item = p.getByTestId('alert-item');
  await item.first().waitFor();
  assert.equal(await item.count(), 1);
  assert.match(await item.innerText(), /BTC 正向价差 -?\d+\.\d+% 高于阈值 -50%/);
  const table4 = (await table.getAttribute('data-table'))!;
  assert.equal(await item.getByRole('link', { name: '查看' }).getAttribute('href'), `/market#${table4}`);
});
