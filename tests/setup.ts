import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import * as React from 'react';
import i18n, { i18nReady, loadLanguage } from '../src/providers/i18n';
import { loadLocalePacks } from '../src/providers/locale-packs';
import '../src/providers/dayjs-locale';
import { connectApiToSession } from '../src/app/connect';

// the client gets its session as the app hands it over (src/main.tsx)
connectApiToSession();

// what a test rendered is unmounted after it, and a file starts with empty storage: the files of a worker share one
// module graph and one document (vitest isolate: false), and Testing Library registers its own cleanup only in
// the file that first imports it
afterEach(() => cleanup());
beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('zh-CN');
});

// React in development records where each element was created, for the component stacks of its warnings: an Error
// and its stack per element, up to 10,000 a second, and antd's pages create far more (~8 % of these tests' CPU).
// No test asserts a warning's stack: the count is held at React's limit, past which it records a placeholder.
const reactInternals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 10_000, set: () => {} });

// findBy*/waitFor wait up to 10 s: a busy 2-core CI machine renders antd dialogs slowly (one place for this).
// A query that fails inside findBy*/waitFor (each try before the element is there) skips printing the whole
// document into its message: the try after it may pass, and a wait that times out prints the document then.
const { getElementError } = getConfig();
configure({
  asyncUtilTimeout: 10_000,
  getElementError: (message, container) =>
    (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
      ? Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' })
      : getElementError(message, container),
});

// Under vi.useFakeTimers() Testing Library's findBy*/waitFor move the fake clock on while they wait (50 ms a
// try), as they do under jest's, which they know by this global: a test that waits runs on the fake clock only,
// and real time (a slow or busy machine) never moves it.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// both shipped languages are ready before any test renders
await i18nReady;
await loadLanguage('zh-CN');
await loadLanguage('en');
await loadLocalePacks('en');

// Browser APIs antd relies on. matchMedia matches nothing, always: the pages draw their narrow layout (happy-dom would
// evaluate the queries against its 1024 px window), as the tests expect.
if (typeof window !== 'undefined') {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo ??= () => {};
  const computed = window.getComputedStyle;
  window.getComputedStyle = (element: Element) => computed(element);
}
