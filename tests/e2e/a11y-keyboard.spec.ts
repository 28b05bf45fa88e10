// Issue 23: the keyboard alone signs in (the slider captcha takes End), opens a task's menu, stops and starts the
// task, and leaves a dialog with Escape. Nothing here clicks: focus moves with Tab and the arrow keys only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { e2eSuite, motionEnded } from './harness';

const { open } = e2eSuite({ server: { settings: { demoTasks: true } } });

/** The most Tab presses a target may be away: a page with more stops before it is a finding of its own. */
const MAX_TABS = 120;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses Tab until the target (or something inside it) has the focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${MAX_TABS} presses of Tab never reached ${String(target)}`);
}

/** In the open dropdown menu, moves to its first item (Home), then with ArrowDown to the item, and presses Enter on it. */
async function chooseByKeyboard(page: Page, item: string): Promise<void> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
  await motionEnded(menu);
  const target = menu.getByRole('menuitem', { name: item, exact: true });
  await page.keyboard.press('Home');
  for (let presses = 0; presses < 20 && !(await isFocused(target)); presses++) {
    await page.keyboard.press('ArrowDown');
  }
  assert.ok(await isFocused(target), `the arrow keys never reached the menu item ${item}`);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
}

test('the keyboard alone signs in, stops and starts a task from its menu, and leaves a dialog with Escape', async () => {
  const page = await open();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('用户名', { exact: true }));
  await page.keyboard.type('admin');
  await tabTo(page, page.getByLabel('密码', { exact: true }));
  await page.keyboard.type('admin123');
  const slider = page.getByRole('slider');
  await slider.and(page.locator('[aria-disabled="false"]')).waitFor();
  await tabTo(page, slider);
  await page.keyboard.press('End');
  await tabTo(page, page.locator('form').getByRole('button', { name: /登\s*录/ }));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/task');
  const card = page.locator('[data-testid^="task-card-"]').filter({ has: page.getByRole('img', { name: '运行中', exact: true }) }).first();
  await card.waitFor();
  const id = (await card.getAttribute('data-testid'))!.replace('task-card-', '');
  const running = page.getByTestId(`task-card-${id}`);
  const menuButton = running.getByRole('button', { name: `操作 ${id}`, exact: true });

  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await chooseByKeyboard(page, '停止');
  await running.getByRole('img', { name: '已停止', exact: true }).waitFor();

  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await chooseByKeyboard(page, '启动');
  await running.getByRole('img', { name: '运行中', exact: true }).waitFor();

  await tabTo(page, page.getByRole('button', { name: /添加任务/ }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await motionEnded(dialog);
  // antd moves the focus into the dialog once it has opened; Escape is heard from there
  await page.waitForFunction(() => document.activeElement?.closest('.ant-modal-wrap') != null);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});
