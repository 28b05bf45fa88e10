// the keyboard alone signs in (the slider captcha takes End), opens a task's menu, stops and starts the
// task, renames it, operates a child task's row and the batch menu, leaves a dialog with Escape, and starts and
// stops a unilateral strategy through its row and the operations menu. Nothing here clicks: focus moves with Tab,
// Shift+Tab and the arrow keys only.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { e2eSuite, motionEnded } from './harness';

const { open } = e2eSuite({ server: { settings: { demoTasks: true } } });

/** The most Tab presses a target may be away: a page with more stops before it is a finding of its own. */
const MAX_TABS = 120;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/**
 * Presses Tab until the target (or something inside it) has the focus; Shift+Tab when the target is above the
 * focus, as a user who sees it there does.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  const above = await target.evaluate((element) => {
    const focus = document.activeElement;
    return focus !== null && focus !== document.body && (element.compareDocumentPosition(focus) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  const key = above ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${MAX_TABS} presses of ${key} never reached ${String(target)}`);
}

/** Opens a menu button's menu with Enter and chooses an item with the arrow keys. */
async function operate(page: Page, menuButton: Locator, item: string): Promise<void> {
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await chooseByKeyboard(page, item);
}

/** The confirmation dialog that opened answers Enter on its focused OK button, and closes. */
async function confirmByKeyboard(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog').last();
  await motionEnded(confirm);
  await page.waitForFunction(() => document.activeElement?.closest('.ant-modal-confirm') != null);
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'hidden' });
}

/** In the open dropdown menu, moves to its first item (Home), then with ArrowDown to the item, and presses Enter on it. */
async function chooseByKeyboard(page: Page, item: string): Promise<void> {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
  await motionEnded(menu);
  const target = menu.getByRole('menuitem', { name: item, exact: true });
  // the menu moves its focus a render after each key: wait for it to land before looking or pressing again (Home:
  // on the menu's first item, where it may already be; ArrowDown: off the item it was on)
  const focused = () => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null));
  const landed = (wait: Promise<unknown>) => wait.catch(() => undefined);
  const first = await menu.getByRole('menuitem').first().elementHandle();
  await page.keyboard.press('Home');
  await landed(page.waitForFunction((element) => element === document.activeElement, first, { timeout: 2000 }));
  for (let presses = 0; presses < 20 && !(await isFocused(target)); presses++) {
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    await landed(
      page.waitForFunction((was) => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent !== was, before, {
        timeout: 2000,
      }),
    );
  }
  assert.ok(await isFocused(target), `the arrow keys never reached the menu item ${item}`);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
}

test('the keyboard alone signs in, operates the task cards, their child rows, the batch menu and a unilateral row, and leaves a dialog with Escape', async () => {
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
  const card = page
    .locator('[data-testid^="task-card-"]')
    .filter({ has: page.getByRole('img', { name: '运行中', exact: true }) })
    .first();
  await card.waitFor();
  const id = (await card.getAttribute('data-testid'))!.replace('task-card-', '');
  const running = page.getByTestId(`task-card-${id}`);
  const menuButton = running.getByRole('button', { name: `操作 ${id}`, exact: true });

  // the card's menu: stop, and start again
  await operate(page, menuButton, '停止');
  await running.getByRole('img', { name: '已停止', exact: true }).waitFor();

  // a child row's menu (a child is operated while its main task is stopped, §4): its status flips
  const child = running.locator('[data-testid^="child-"]').first();
  const childId = (await child.getAttribute('data-testid'))!.replace('child-', '');
  const childWas = (await child.getByText(/^(运行中|已停止)$/).textContent())!;
  await operate(page, child.getByRole('button', { name: `子任务操作 ${childId}`, exact: true }), childWas === '运行中' ? '停止' : '启动');
  await child.getByText(childWas === '运行中' ? '已停止' : '运行中', { exact: true }).waitFor();

  await operate(page, menuButton, '启动');
  await running.getByRole('img', { name: '运行中', exact: true }).waitFor();

  // the name is a button: Enter opens the rename dialog, Tab reaches its field, Enter sends the new name
  await tabTo(page, running.getByRole('button', { name: new RegExp(`-${id}$`) }));
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: '修改任务名字' });
  await motionEnded(rename);
  await tabTo(page, rename.getByLabel('任务名称', { exact: true }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('键盘改名');
  await page.keyboard.press('Enter');
  await rename.waitFor({ state: 'hidden' });
  await running.getByRole('button', { name: `键盘改名-${id}`, exact: true }).waitFor();

  // the batch menu over the card ticked with Space: pause it, confirmed with Enter
  await tabTo(page, running.getByRole('checkbox', { name: `选择任务 ${id}` }));
  await page.keyboard.press('Space');
  await operate(page, page.getByRole('button', { name: /批量操作/ }), '暂停');
  await confirmByKeyboard(page);
  await running.getByRole('img', { name: '已暂停', exact: true }).waitFor();

  await tabTo(page, page.getByRole('button', { name: /添加任务/ }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await motionEnded(dialog);
  // antd moves the focus into the dialog once it has opened; Escape is heard from there
  await page.waitForFunction(() => document.activeElement?.closest('.ant-modal-wrap') != null);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // a unilateral strategy's row: ticked with Space, started and stopped through the operations menu above the table
  await page.goto('/main/index/unilateral');
  const eos = page.locator('tr', { has: page.getByText('EOS 波段', { exact: true }) });
  await eos.getByText('暂停', { exact: true }).waitFor();
  await tabTo(page, eos.getByRole('checkbox', { name: '选择 EOS 波段' }));
  await page.keyboard.press('Space');
  // (a leaving loading icon may still lend the button its name 'loading' for a moment after a call)
  const operations = page.getByRole('button', { name: /(^|\s)操\s?作/ });
  await operate(page, operations, '启动');
  await eos.getByText('运行中', { exact: true }).waitFor();
  await operate(page, operations, '停止');
  await eos.getByText('暂停', { exact: true }).waitFor();
});
