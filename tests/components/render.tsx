import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEventLib, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Refine } from '@refinedev/core';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { NotifyProvider } from '../../src/components/notify/provider';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../src/providers/i18n';
import { clearSession, saveSession, type Session } from '../../src/providers/session';
import { resetPermissions } from '../../src/providers/permissions';
import { refineProps } from '../../src/console/refine-props';

/**
 * The user of every component test: no delay between keys (each would wait a timer and let antd re-render:
 * time, not logic) and no pointer-events check (it reads computed styles up every ancestor on each click).
 */
export const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

export const adminSession: Session = { token: 'admin-token', userName: 'admin', level: 1, isSuper: true, kind: 'normal' };
export const traderSession: Session = { token: 'trader-token', userName: 'trader', level: 0, isSuper: false, kind: 'normal' };

interface Options {
  /** the URL the page is rendered at (default '/'). */
  path?: string;
  /** the route pattern (default: path without its query). */
  pattern?: string;
  /** null renders signed out. */
  session?: Session | null;
  language?: 'zh-CN' | 'en';
  /** a page visited before (history one step back), for pages that go back. */
  from?: string;
}

/**
 * antd's CSS-in-JS styles, computed once per worker: antd drops a component's computed style (and its theme's
 * tokens) when the last of its kind unmounts, so each test (each page opened again) computed all of them anew;
 * here an entry no longer used is kept (count 0) and the next mount reuses it. They are only computed (mock
 * "server" inserts none), so keeping them changes nothing a test sees.
 */
const keptStyles = createCache();
const update = keptStyles.opUpdate.bind(keptStyles);
keptStyles.opUpdate = (key, next) => update(key, (entry) => next(entry) ?? (entry && [0, entry[1]]));

/**
 * antd as the tests render it (one place): no motion, so dialogs, drawers, dropdowns and messages open and
 * close at once instead of after their animations; and antd's CSS-in-JS keeps its styles to itself instead of
 * adding them to the document (mock "server"): the DOM matches every style rule on each getComputedStyle,
 * which Testing Library calls for every element a role query or click looks at, and that was most of these
 * tests' time. What is hidden here is hidden by React (not rendered, or an inline style); what antd's
 * stylesheets do is for the e2e tests in Chromium to see.
 */
export function TestAntd({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server" cache={keptStyles}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <NotifyProvider>{children}</NotifyProvider>
      </ConfigProvider>
    </StyleProvider>
  );
}

/** Renders a console page inside Refine, antd and a router, as the console mounts it. */
export function renderPage(ui: ReactElement, { path = '/', pattern, session = adminSession, language = 'zh-CN', from }: Options = {}) {
  clearSession();
  resetPermissions();
  if (session) saveSession(session);
  void i18n.changeLanguage(language);
  return render(
    <TestAntd>
      <AntdApp>
        <MemoryRouter initialEntries={from ? [from, path] : [path]} initialIndex={from ? 1 : 0}>
          <Refine {...refineProps}>
            <Routes>
              <Route path={pattern ?? path.split('?')[0]} element={ui} />
              <Route path="*" element={<div data-testid="redirected" />} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </AntdApp>
    </TestAntd>,
  );
}
