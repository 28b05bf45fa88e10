import { Refine } from '@refinedev/core';
import '../providers/dayjs-locale';
import { App, Layout } from 'antd';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { readSession } from '../providers/session';
import { AppHeader } from '../components/header';
import { ShellFeedStatus } from '../components/feed-status';
import { LazyPage } from '../components/lazy-page';
import { consoleRedirects, consoleRoutes, type ConsoleRoute } from './routes';
import { refineProps } from './refine-props';
import { RouteGuard } from './route-guard';
import { TopNav } from './top-nav';

/** Spec §2: with no token, go to login. */
function RequireSession() {
  return readSession() ? <Outlet /> : <Navigate to="/login" replace />;
}

function ConsoleShell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader nav={<TopNav />} alerts />
      <Layout.Content style={{ padding: 16 }}>
        <ShellFeedStatus />
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

/** /user/index and /user/static: a header with the user name and the logout menu, no navigation. */
function UserShell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader alerts />
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

const guarded = (route: ConsoleRoute) => (
  <Route
    key={route.path}
    path={route.path}
    element={
      <RouteGuard access={route}>
        <LazyPage key={route.path} load={route.load} />
      </RouteGuard>
    }
  />
);

/**
 * Everything behind a session: Refine with its providers, the guarded routes and the shells; inside
 * antd's `App` for its hook modal and message (`App.useApp()`), which the public shell does not carry
 * (src/components/notify/provider.tsx).
 */
export default function Console() {
  return (
    <App component={false}>
      <Refine {...refineProps}>
        <Routes>
          <Route element={<RequireSession />}>
            {Object.entries(consoleRedirects).map(([from, to]) => (
              <Route key={from} path={from} element={<Navigate to={to} replace />} />
            ))}
            <Route element={<UserShell />}>{consoleRoutes.filter((r) => r.shell === 'user').map(guarded)}</Route>
            <Route element={<ConsoleShell />}>{consoleRoutes.filter((r) => r.shell !== 'user').map(guarded)}</Route>
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Refine>
    </App>
  );
}
