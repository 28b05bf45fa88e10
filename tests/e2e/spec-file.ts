/**
 * What a spec file declares: its tests and its file-wide hooks. A spec file takes `test`, `before`, `after` and
 * `afterEach` from here instead of node:test. Run by `node --test`, they are node:test's own; run in a lane
 * (tests/e2e/lane.ts: one process that runs spec file after spec file, with one browser), the lane collects
 * them while it imports the file and runs them as one test of its own, the file's hooks around the file's tests,
 * so one file's `before` never runs beside another's.
 */
import * as nodeTest from 'node:test';

type Hook = (t: nodeTest.TestContext) => void | Promise<void>;
type TestFn = (t: nodeTest.TestContext) => void | Promise<void>;

export interface SpecFile {
  tests: { name: string; options: nodeTest.TestOptions; fn: TestFn }[];
  before: Hook[];
  after: Hook[];
  afterEach: Hook[];
}

const COLLECTING = Symbol.for('e2e.spec-file.collecting');
const collecting = (): SpecFile | undefined => (globalThis as { [COLLECTING]?: SpecFile })[COLLECTING];

let laneStarted = false;
/** True when a lane runs this process's spec files (then e2eSuite shares one browser between them). */
export const inLane = (): boolean => laneStarted;

export function test(name: string, fn: TestFn): void;
export function test(name: string, options: nodeTest.TestOptions, fn: TestFn): void;
export function test(name: string, a: nodeTest.TestOptions | TestFn, b?: TestFn): void {
  const [options, fn] = typeof a === 'function' ? [{}, a] : [a, b as TestFn];
  const file = collecting();
  if (file) file.tests.push({ name, options, fn });
  else void nodeTest.test(name, options, fn);
}

const hook =
  (kind: 'before' | 'after' | 'afterEach', own: (fn: never) => void) =>
  (fn: Hook): void => {
    const file = collecting();
    if (file) file[kind].push(fn);
    else own(fn as never);
  };
export const before = hook('before', nodeTest.before);
export const after = hook('after', nodeTest.after);
export const afterEach = hook('afterEach', nodeTest.afterEach);

/** Imports a spec file and returns what it declared (a module is evaluated once: each file once per lane). */
export async function collect(url: string): Promise<SpecFile> {
  laneStarted = true;
  const file: SpecFile = { tests: [], before: [], after: [], afterEach: [] };
  (globalThis as { [COLLECTING]?: SpecFile })[COLLECTING] = file;
  try {
    await import(url);
  } finally {
    delete (globalThis as { [COLLECTING]?: SpecFile })[COLLECTING];
  }
  return file;
}

/**
 * Resolves once this lane is the only one running (run.mjs answers when the other lanes have ended): a spec that
 * times something (restart.spec.ts) calls it before the part it times, so the other lanes' load does not stand in
 * for what it measures. Outside the runner's lanes it resolves at once.
 */
export function othersIdle(): Promise<void> {
  if (!inLane() || !process.send) return Promise.resolve();
  return new Promise((resolve) => {
    const go = (message: { go?: boolean }) => {
      if (!message?.go) return;
      process.off('message', go);
      resolve();
    };
    process.on('message', go);
    process.send?.({ waiting: true });
  });
}
