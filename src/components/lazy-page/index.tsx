import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from '../error-boundary';
import { PageLoading } from '../page-loading';
import { withTimeout } from './chunk';
import { replayTypingBeforeHydration } from './hydration';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One lazy component per loader, made outside render: a tree that suspends before it first commits
 * keeps no hook state, so a lazy() made in render would be new on every retry and never resolve.
 */
const pages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function lazyPage(load: PageLoader) {
  let page = pages.get(load);
  if (!page) {
    page = lazy(() => withTimeout(load()));
    pages.set(load, page);
  }
  return page;
}

/** Renders nothing; its effect runs once the page beside it committed (hydrated, when prerendered). */
function PageCommitted() {
  useEffect(replayTypingBeforeHydration, []);
  return null;
}

/**
 * One lazily loaded page in its own error boundary. Retry drops the cached lazy component, because
 * React keeps a failed import for the life of the lazy() it came from.
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [, setAttempt] = useState(0);
  const Page = lazyPage(load);
  const retry = () => {
    pages.delete(load);
    setAttempt((n) => n + 1);
  };
  return (
    <ErrorBoundary onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageCommitted />
      </Suspense>
    </ErrorBoundary>
  );
}
