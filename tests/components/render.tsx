import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../src/providers/i18n';
import { clearSession, saveSession, type Session } from '../../src/providers/session';
import { resetPermissions } from '../../src/providers/permissions';
import { refineProps } from '../../src/console/refine-props';

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

/** Renders a console page inside Refine, antd and a router, as the console mounts it. */
export function renderPage(ui: ReactElement, { path = '/', pattern, session = adminSession, language = 'zh-CN', from }: Options = {}) {
  clearSession();
  resetPermissions();
  if (session) saveSession(session);
  void i18n.changeLanguage(language);
  return render(
    <ConfigProvider>
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
    </ConfigProvider>,
  );
}
