import { useSyncExternalStore } from 'react';
import { onPageHydrated, pageHydrated } from '../lazy-page/hydration';

/** The user's system asks for less motion (prefers-reduced-motion: reduce, WCAG 2.3.3): antd's motions are then off. */
const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', onChange);
  const unsubscribe = onPageHydrated(onChange);
  return () => {
    list?.removeEventListener?.('change', onChange);
    unsubscribe();
  };
}

/** False (as the prerender has it) until a prerendered page has hydrated: see pageHydrated. */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => pageHydrated() && (media()?.matches ?? false),
    () => false,
  );
