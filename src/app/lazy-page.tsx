import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { withTimeout } from './chunk';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * One lazily loaded page in its own error boundary. Retry builds a new lazy component, because
 * React caches a failed import for the life of the lazy() it came from.
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazy(() => withTimeout(load())), [load, attempt]);
  return (
    <ErrorBoundary onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
