// Hedging tasks at /task against the reference server ("Done means"): admin adds an
// 'arbitrage 2' task with two children, starts it (the polling shows), sees its position on the card,
// in trade info and its orders in the detail, runs a manual open, pauses, stops, renames, copies and
// deletes it; a running task refuses deletion; batch start/stop over three tasks; a trader can neither
// see nor touch admin's tasks, in the page or through the API.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { callAs, chooseMenuItem, e2eSuite, motionEnded, taskSettled, tick, whileWatching } from './harness';

const suite = e2eSuite();
const { signIn } = suite;

const api = callAs;

const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const lastDialog = (p: Page) => p.locator('.ant-modal:visible').last();
/** Clicks 确定 on the newest dialog once it has finished opening. */
async function confirm(p: Page) {
  const dialog = lastDialog(p);
  await motionEnded(dialog);
  await ok(dialog).click();
}

/** The next frame after the one now being drawn (a scroll's rAF and the render it starts have run). */
const nextFrame = (p: Page) => p.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The card of the task named `name` (its name-id link), scrolling the windowed grid until it is mounted. */
async function cardOf(p: Page, name: string): Promise<Locator> {
  const link = p.locator('[data-testid^="task-card-"]').filter({ has: p.getByText(new RegExp(`^${name}-\\d+$`)) });
  for (let i = 0; i < 40 && (await link.count()) === 0; i++) {
    await p.mouse.wheel(0, 600);
    await nextFrame(p); // the grid reads the scroll in a frame and mounts the rows now on screen
  }
  await link.first().waitFor();
  return link.first();
}
const idOf = async (card: Locator) => Number((await card.getAttribute('data-testid'))!.replace('task-card-', ''));

async function cardAction(p: Page, card: Locator, label: string) {
  await card.getByRole('button', { name: new RegExp(`^操作 ${await idOf(card)}$`) }).click();
  await chooseMenuItem(p, label);
}

/** Picks the first option of an antd select labelled `label` inside `scope`. */
async function pickFirst(p: Page, scope: Locator, label: string) {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  await select.click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await select.press('Enter');
}

const statusIcon = (card: Locator, label: string) => card.getByRole('img', { name: label, exact: true });

async function addChild(p: Page, card: Locator, weight: string) {
  await cardAction(p, card, '添加子任务');
  const dialog = lastDialog(p);
  await dialog.getByText('添加子任务', { exact: true }).waitFor();
  const apis = dialog.getByRole('combobox', { name: / API$/ });
  for (const label of await apis.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))) await pickFirst(p, dialog, label);
  await dialog.getByLabel('权重').fill(weight);
  await whileWatching(p.getByText('添加成功', { exact: true }), () => ok(dialog).click());
}

test("admin runs an 'arbitrage 2' task end to end", async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/task');
  await p.getByTestId('task-counter').waitFor();

  // add: thresholds every spread passes, never closing, so it opens at once
  await p.getByRole('button', { name: /添加任务/ }).click();
  const add = lastDialog(p);
  await add.getByLabel('任务名称').fill('e2e hedge');
  await add.getByLabel('dlt CQ').waitFor();
  for (const k of ['CW', 'NW', 'CQ', 'NQ']) await add.getByLabel(`dlt ${k}`).fill('-1');
  await add.getByLabel('close_dlt').fill('-1');
  await whileWatching(p.getByText('添加任务成功'), () => ok(add).click());
  const card = await cardOf(p, 'e2e hedge');
  const id = await idOf(card);

  await addChild(p, card, '1');
  await addChild(p, card, '2');
  await card.getByText('子任务 2').waitFor();
  // children are added stopped: start each from its row menu
  for (const childId of await card
    .locator('[data-testid^="child-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('child-', '')))) {
    await card.getByRole('button', { name: `子任务操作 ${childId}`, exact: true }).click();
    await whileWatching(p.getByText('操作成功').first(), () => chooseMenuItem(p, '启动'));
    await card.getByTestId(`child-${childId}`).getByText('运行中').waitFor();
  }

  // start: the card's spinner shows while /task/status/detection is polled, then it runs
  await whileWatching(card.getByLabel('等待任务状态更新…'), () => cardAction(p, card, '启动'));
  await statusIcon(card, '运行中').waitFor({ timeout: 20_000 });

  // a running task refuses deletion, in the page and on the server
  await cardAction(p, card, '删除');
  await p.getByText('任务正在运行中!').first().waitFor();
  const refused = await api(p, 'taskDelete', { taskId: id });
  assert.notEqual(refused.code, 200);
  assert.equal(refused.info, '任务正在运行中!');

  // the socket brings the position to the card
  await p.waitForFunction(
    (taskId) => {
      const text = document.querySelector(`[data-testid="task-holding-${taskId}"]`)?.textContent ?? '';
      return Number(text.split(':').pop()) > 0;
    },
    id,
    { timeout: 45_000 },
  );

  // manual open with the first child
  await cardAction(p, card, '手动开仓');
  // the manual dialog by its title: another dialog may still be closing when it opens
  const manual = p.getByRole('dialog', { name: '手动开仓' });
  await tick(manual.getByRole('checkbox').first());
  await ok(manual).click();
  await whileWatching(p.getByText('提交成功!'), () => confirm(p));

  // pause: once the orders under way have filled nothing trades, so the numbers hold still while compared;
  // a page loaded after that shows the settled numbers (its list call and socket replies come after them)
  await cardAction(p, card, '暂停');
  await statusIcon(card, '已暂停').waitFor({ timeout: 20_000 });
  await taskSettled(suite.app, id);
  await p.reload();
  await (await cardOf(p, 'e2e hedge')).getByTestId(`task-holding-${id}`).waitFor();
  const holding = (await p.getByTestId(`task-holding-${id}`).textContent())!.split(':').pop()!.trim();

  // trade info: the same position amount; an earnings curve
  await cardAction(p, card, '交易详情');
  await p.waitForURL(/taskTradeInfo/);
  const positions = p.locator('.ant-card', { has: p.getByText('当前持仓', { exact: true }) }).last();
  await positions.getByText(holding, { exact: true }).first().waitFor();
  await p.getByRole('img', { name: '任务收益曲线' }).locator('canvas').first().waitFor();

  // detail: the orders, some completed
  await p.goto(`/task/taskDetail?id=${id}`);
  const orderRows = p.getByTestId('task-orders').locator('.ant-table-row');
  await orderRows.first().waitFor();
  assert.ok((await orderRows.count()) >= 2);
  await orderRows.getByText('已完成').first().waitFor();
  const orders = await api<unknown[]>(p, 'orderNewest', { taskId: id, number: 100 });
  assert.equal(await orderRows.count(), orders.data.length);

  // stop, rename, copy, delete
  await p.goto('/task');
  const again = await cardOf(p, 'e2e hedge');
  await cardAction(p, again, '停止');
  await statusIcon(again, '已停止').waitFor({ timeout: 20_000 });
  await again.getByText(`e2e hedge-${id}`).click();
  const rename = lastDialog(p);
  // a click on OK during the dialog's zoom-in can be lost under load
  await motionEnded(rename);
  await rename.getByLabel('任务名称').fill('e2e hedge renamed');
  await whileWatching(p.getByText('修改任务名字成功!'), () => ok(rename).click());
  const renamed = await cardOf(p, 'e2e hedge renamed');
  await whileWatching(p.getByText('添加任务成功'), () => cardAction(p, renamed, '复制任务'));
  const copy = await cardOf(p, 'e2e hedge renamed-副本');
  await statusIcon(copy, '未运行').or(statusIcon(copy, '已停止')).waitFor();
  await cardAction(p, renamed, '删除');
  await whileWatching(p.getByText('删除成功!'), () => confirm(p));
  await p.getByText(`e2e hedge renamed-${id}`, { exact: true }).waitFor({ state: 'detached' });
});

test('batch start and stop over three tasks; a trader can neither see nor touch them', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/task');
  const strategies = await api<{ id: number; name: string }[]>(p, 'strategyHome');
  const strategy = strategies.data.find((s) => s.name === 'arbitrage 2')!;
  const sections = await api<Record<string, Record<string, unknown>>>(p, 'strategyParamsGet', { strategyId: strategy.id });
  const params = Object.assign({}, ...Object.values(sections.data));
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const added = await api<{ id: number }>(p, 'taskAdd', { name: `e2e batch ${n}`, strategyId: strategy.id, params });
    assert.equal(added.code, 200, added.info);
    ids.push(added.data.id);
  }
  await p.reload();
  for (const n of [1, 2, 3]) await (await cardOf(p, `e2e batch ${n}`)).getByRole('checkbox').check();

  const batch = async (label: string, icon: string) => {
    // the menu's button spins until the previous batch's polls have ended, and a spinning button opens nothing
    await p
      .getByRole('button', { name: /批量操作/ })
      .and(p.locator(':not(.ant-btn-loading)'))
      .click();
    await chooseMenuItem(p, label);
    await confirm(p);
    // the confirm fully gone (its mask fading out) before the next batch's menu is opened
    await lastDialog(p).waitFor({ state: 'hidden' });
    await p.waitForFunction(() => !document.querySelector('.ant-modal-mask'));
    for (const n of [1, 2, 3]) await statusIcon(await cardOf(p, `e2e batch ${n}`), icon).waitFor({ timeout: 30_000 });
  };
  await batch('启动', '运行中');
  await batch('停止', '已停止');

  // the trader: not in the page, not in the list call, refused by every call on them
  const q = await signIn('trader', 'trader123');
  await q.goto('/task');
  // the list has come: the trader's cards or, having none, the empty state
  await q.locator('[data-testid^="task-card-"]').or(q.locator('.ant-empty')).first().waitFor();
  assert.equal(await q.getByText(/^e2e batch/).count(), 0);
  const list = await api<{ list: { id: number }[] }>(q, 'taskList', { pagesize: 1000, page: 1 });
  assert.equal(list.code, 200);
  assert.deepEqual(
    list.data.list.filter((t) => ids.includes(t.id)),
    [],
  );
  for (const [name, payload] of [
    ['taskParamsGet', { taskId: ids[0] }],
    ['taskStatusUpdate', { taskId: ids[0], settingStatus: 2 }],
    ['taskNameUpdate', { taskId: ids[0], name: 'mine now' }],
    ['taskDelete', { taskId: ids[0] }],
    ['taskPositionStatistics', { taskId: ids[0] }],
  ] as const) {
    const reply = await api(q, name, payload);
    assert.notEqual(reply.code, 200, `${name} on admin's task answered 200`);
  }
  const admin = await signIn('admin', 'admin123');
  await admin.goto('/task');
  const still = await api<{ list: { id: number; name: string }[] }>(admin, 'taskList', { pagesize: 1000, page: 1 });
  assert.equal(still.data.list.find((t) => t.id === ids[0])?.name, 'e2e batch 1');
});
