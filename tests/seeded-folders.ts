import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * vitest's global setup of the node project: one folder for the run's seeded data folders (tests/server/helpers.ts
 * seededCopy), removed when the run ends; vitest ends its workers without running their exit handlers.
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'console-seeded-'));
  process.env.TEST_SEEDED_FOLDERS = root;
  return () => rmSync(root, { recursive: true, force: true });
}
