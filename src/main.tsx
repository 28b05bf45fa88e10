import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/config';
import { i18nReady } from './providers/i18n';
import { Root } from './app/root';
import { connectApiToSession } from './app/connect';

connectApiToSession();

// The runtime config names the backend and the language's texts are needed for the first paint.
void Promise.all([loadRuntimeConfig(), i18nReady]).then(() => {
  createRoot(document.getElementById('root')!).render(<Root />);
});
