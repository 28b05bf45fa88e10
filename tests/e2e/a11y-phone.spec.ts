// axe-core finds no violation of impact serious or critical on any page on a phone (375 px), in light mode and in
// dark mode, each page scanned in both from one load, and no page scrolls sideways (the 1400 px walk and the
// dialogs: a11y.spec.ts; the phone's navigation drawer: mobile.spec.ts).
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { e2eSuite } from './harness';
import { scanEveryPage, VIEWPORTS } from './a11y';

const { open } = e2eSuite({ server: { settings: { demoTasks: true } } });

test(`no serious accessibility violation on any page in light and dark mode at ${VIEWPORTS[1].name}, and none scrolls sideways`, async () => {
  const found = await scanEveryPage(await open(), VIEWPORTS[1]);
  assert.equal(found.length, 0, `${found.length} serious or critical violations or pages too wide:\n${found.join('\n')}`);
});
