/**
 * One lane of the e2e runner (tests/e2e/run.mjs): a process that asks the runner for a spec file, runs it as one
 * test (its hooks around its tests: spec-file.ts), reports it, and asks for the next until there is none. The
 * lane's files share this process's loaded modules and one browser (e2eSuite), which a process per file would
 * start again: ~3 s of CPU per file.
 */
import { test } from 'node:test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeLaneBrowser } from './harness';
import { collect, type SpecFile } from './spec-file';

const TEST_TIMEOUT_MS = Number(process.env.E2E_TEST_TIMEOUT_MS ?? 120_000);

const ask = (): Promise<string | undefined> =>
  new Promise((resolve) => {
    process.once('message', (message: { file?: string }) => resolve(message.file));
    process.send?.({ ready: true });
  });

async function runFile(file: string): Promise<void> {
  let spec: SpecFile;
  try {
    spec = await collect(pathToFileURL(path.resolve(file)).href);
  } catch (error) {
    await test(path.basename(file), () => {
      throw error;
    });
    return;
  }
  await test(path.basename(file), { timeout: Number.POSITIVE_INFINITY }, async (t) => {
    for (const fn of spec.afterEach) t.afterEach(fn);
    try {
      for (const fn of spec.before) await fn(t);
      for (const one of spec.tests) await t.test(one.name, { timeout: TEST_TIMEOUT_MS, ...one.options }, one.fn);
    } finally {
      for (const fn of spec.after) await fn(t);
    }
  });
}

for (let file = await ask(); file; file = await ask()) await runFile(file);
await closeLaneBrowser();
process.disconnect?.();
