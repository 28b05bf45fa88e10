import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Test settings only; the console's build and dev server are configured in vite.config.ts.
// Two projects: plain logic and the reference server run in Node; components render in happy-dom.
// These unit tests drive browser APIs (cookies, WebSocket, React hooks, same-origin relative URLs), so
// they run beside the components in happy-dom; a new unit test runs in Node unless it is listed here.
const BROWSER_UNIT_TESTS = [
  'tests/unit/calls.test.ts',
  'tests/unit/data-provider.test.ts',
  'tests/unit/envelope.test.ts',
  'tests/unit/hydration.test.tsx',
  'tests/unit/permissions.test.ts',
  'tests/unit/feed-manager.test.ts',
  'tests/unit/live-provider.test.ts',
  'tests/unit/session.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    reporters: ['default', './tests/slowest-reporter.ts'],
    // vitest's default keeps a core for its main process: one worker on a 2-core machine, where two take half the time
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // a larger young generation: React and the DOM allocate short-lived objects fast, and scavenges were ~10 % of the
    // component tests' CPU (~4 % less CPU in all with 64 MB)
    execArgv: ['--max-semi-space-size=64'],
    // antd in an emulated DOM is slow on a busy 2-core CI machine; a time-out is not what these tests assert
    testTimeout: 60_000,
    // the files of a worker share one module graph (and, in happy-dom, one document): React, antd, Refine and the
    // server's modules are loaded once per worker instead of once per file (the suite's CPU was 40 % imports).
    // What a file leaves behind is cleared by tests/setup.ts (rendered trees, storage) and by each file's own
    // hooks (its servers, its msw handlers, its fake timers); the files pass in any order (--sequence.shuffle.files)
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/seeded-folders.ts'],
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
          exclude: BROWSER_UNIT_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          // happy-dom, not jsdom: the same tests in ~25 % less time (README "Tests")
          environment: 'happy-dom',
          setupFiles: ['tests/setup.ts'],
          // happy-dom has no canvas: every file draws charts with one stub
          alias: { '@ant-design/charts': fileURLToPath(new URL('./tests/components/charts-stub.tsx', import.meta.url)) },
          include: ['tests/components/**/*.test.{ts,tsx}', ...BROWSER_UNIT_TESTS],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
    ],
  },
});
