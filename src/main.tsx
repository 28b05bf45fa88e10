import '@ant-design/v5-patch-for-react-19';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/config';
import { i18nReady } from './providers/i18n';
import { Root } from './app/root';
import { connectApiToSession } from './app/connect';

connectApiToSession();

// The runtime config names the backend and the language's texts are needed for the first paint.
void Promise.all([loadRuntimeConfig(), i18nReady]).then(() => {
  const container = document.getElementById('root')!;
  // /login, /home and /guide arrive prerendered (scripts/prerender.ts), unless the visitor's language,
  // theme or session differs from the prerender's, in which case the page's inline check emptied it
  // hydrated as a transition, so React yields to the browser every few ms instead of holding the main thread for
  // the whole page (Lighthouse's total blocking time on /login 261 → 53 ms); an event on the page before it is done
  // makes React hydrate at once
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, <Root />));
  else createRoot(container).render(<Root />);
});
