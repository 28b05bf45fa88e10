// axe-core finds no violation of impact serious or critical on any page at 1400 px, in light mode and in dark mode
// (each page scanned in both from one load), nor in the dialogs of the task and API pages (light); 375 px:
// a11y-phone.spec.ts.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite, motionEnded, signInByApi } from './harness';
import { goClientSide, scanEveryPage, seriousViolations, settled, VIEWPORTS } from './a11y';

const { open } = e2eSuite({ server: { settings: { demoTasks: true } } });

/** Opens a dialog with its button on this page, checks it, and closes it with Escape. */
async function scanDialog(page: Page, path: string, button: RegExp): Promise<string[]> {
  await goClientSide(page, path);
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog').last();
  await motionEnded(dialog);
  await settled(page);
  const found = await seriousViolations(page, `${path} dialog ${button.source}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return found;
}

// the wide walk and the dialogs here, the phone walk in a11y-phone.spec.ts: a file (and a test) stays within the
// runner's time limit on a busy machine, and the two walks run in two lanes
test(`no serious accessibility violation on any page in light and dark mode at ${VIEWPORTS[0].name}`, async () => {
  const found = await scanEveryPage(await open(), VIEWPORTS[0]);
  assert.equal(found.length, 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});

test('no serious accessibility violation in the task and API dialogs (light)', async () => {
  const page = await open();
  await page.setViewportSize(VIEWPORTS[0].size);
  await page.goto('/login');
  await settled(page);
  await signInByApi(page, 'admin', 'admin123');
  const found = [...(await scanDialog(page, '/task', /添加任务/)), ...(await scanDialog(page, '/api', /添加API/))];
  assert.equal(found.length, 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});
