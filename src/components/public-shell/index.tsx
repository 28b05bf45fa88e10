import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { AppHeader } from '../header';

/** Header + content for the pages outside the console (home, guide, 404, user shell). */
export function PublicShell({ children, nav }: { children: ReactNode; nav?: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader nav={nav} />
      <Layout.Content>{children}</Layout.Content>
    </Layout>
  );
}
