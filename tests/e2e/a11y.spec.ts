// axe-core finds no violation of impact serious or critical on any page at 1400 px and on a phone (375 px), in light
// mode and in dark mode (each page scanned at both widths in both themes from one visit), no page scrolls sideways on
// the phone nor cuts a card's title or squeezes a column's title or a figure (a11y.ts `fits`), and the dialogs of the
// task and API pages have none either (light; the phone's navigation drawer: mobile.spec.ts).
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite, motionEnded, signInByApi } from './harness';
import { everyState, goClientSide, scanStates, seriousViolations, settled, VIEWPORTS } from './a11y';

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

// the walk in four parts, each signed in on a page of its own: a test stays within the runner's time limit on a
// machine twice as slow as the one the halves were sized on (a half took over 120 s there)
const PARTS = 4;
const states = everyState();
const parts = Array.from({ length: PARTS }, (_, i) => states.slice(Math.ceil((i * states.length) / PARTS), Math.ceil(((i + 1) * states.length) / PARTS)));
for (const [index, part] of parts.entries()) {
  test(`no serious accessibility violation at ${VIEWPORTS.map((v) => v.name).join(' and ')} in light and dark mode, and none scrolls sideways, cuts a card title or squeezes a column title or a figure at ${VIEWPORTS[1].name}: part ${index + 1} of ${PARTS} of the pages (${part[0]} to ${part.at(-1)})`, async () => {
    const found = await scanStates(await open(), part);
    assert.equal(found.length, 0, `${found.length} serious or critical violations or pages that do not fit:\n${found.join('\n')}`);
  });
}

test('no serious accessibility violation in the task and API dialogs (light)', async () => {
  const page = await open();
  await page.setViewportSize(VIEWPORTS[0].size);
  await page.goto('/login');
  await settled(page);
  await signInByApi(page, 'admin', 'admin123');
  const found = [...(await scanDialog(page, '/task', /添加任务/)), ...(await scanDialog(page, '/api', /添加API/))];
  assert.equal(found.length, 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});
