import type { RefineProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { dataProvider } from '../providers/data';
import { authProvider } from '../providers/auth';
import { accessControlProvider } from '../providers/access-control';
import { i18nProvider } from '../providers/i18n';
import { liveProvider } from '../providers/live';
import { useNotificationProvider } from '../components/notify';
import { refineResources } from './routes';

/** How the console mounts Refine; component tests mount it the same way (tests/components/render.tsx). */
export const refineProps = {
  dataProvider,
  authProvider,
  accessControlProvider,
  i18nProvider,
  liveProvider,
  notificationProvider: useNotificationProvider,
  routerProvider,
  resources: refineResources,
  options: {
    disableTelemetry: true,
    liveMode: 'auto',
    syncWithLocation: false,
    // an operator sees a failed call at once instead of after silent retries
    reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
  },
} satisfies Omit<RefineProps, 'children'>;
