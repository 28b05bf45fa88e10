/**
 * Text typed into a prerendered page before React hydrated it (scripts/prerender.ts records it from
 * the first byte): hydration resets inputs to the state React renders, so the typing is given back to
 * the hydrated inputs as if typed now. The recorder is inline in the page; this is its other half.
 */
export const TYPED_BEFORE_HYDRATION = '__typedBeforeHydration';

type Typed = Map<HTMLInputElement | HTMLTextAreaElement, string>;

/** Inline in each prerendered page (serialised by scripts/prerender.ts): remembers every input's last value. */
export function recordTypingBeforeHydration(key: string): void {
  const typed = new Map<EventTarget, string>();
  (window as unknown as Record<string, unknown>)[key] = typed;
  document.addEventListener(
    'input',
    (event) => {
      const target = event.target as HTMLInputElement | null;
      if ((window as unknown as Record<string, unknown>)[key] === typed && target && typeof target.value === 'string') typed.set(target, target.value);
    },
    true,
  );
}

const waiting = new Set<() => void>();
// a prerendered page (scripts/prerender.ts) arrives with its root filled: React hydrates it
let hydrating = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.hasChildNodes());

/**
 * Whether the prerendered page has hydrated (true when there was none). Until then, nothing above the page may
 * change what it renders: an update reaching the page's Suspense boundary before it hydrated makes React throw
 * the prerendered page away and render it again, and what the visitor typed with it.
 */
export const pageHydrated = (): boolean => !hydrating;

/** Calls back once the prerendered page has hydrated; returns the unsubscribe. */
export function onPageHydrated(callback: () => void): () => void {
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** After a page hydrated: each input typed into before keeps that value, and React's onChange hears it. */
export function replayTypingBeforeHydration(): void {
  replayTyping();
  if (!hydrating) return;
  hydrating = false;
  for (const callback of [...waiting]) callback();
}

function replayTyping(): void {
  const store = window as unknown as Record<string, Typed | undefined>;
  const typed = store[TYPED_BEFORE_HYDRATION];
  if (!typed) return;
  store[TYPED_BEFORE_HYDRATION] = undefined;
  for (const [input, value] of typed) {
    if (!input.isConnected) continue;
    // React hears a change only against the value it last tracked (set through the element itself),
    // whether hydration kept the typed text on screen or reset it: track '' and set the text untracked
    input.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
