// axe-core finds no violation of impact serious or critical on any page, dark mode (light: a11y.spec.ts,
// a file of its own so that the runner checks the two themes in parallel lanes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eSuite } from './harness';
import { scanEveryPage } from './a11y';

const { open } = e2eSuite({ reducedMotion: 'reduce', server: { settings: { demoTasks: true } } });

test('no serious accessibility violation on any page in dark mode, at 1400 px and 375 px', async () => {
  const found = await scanEveryPage(await open(), 'dark');
  assert.equal(found.length, 0, `${found.length} serious or critical violations:\n${found.join('\n')}`);
});
