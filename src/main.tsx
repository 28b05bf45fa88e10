import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/config';
import { Root } from './app/root';

// The runtime config names the backend, so it is read before anything can call it.
void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(<Root />);
});
