import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { loadAllTexts } from '../providers/i18n';
import { antdLocale } from '../providers/locale-packs';
import { onSessionInvalid } from '../providers/session';
import { LazyPage, type PageLoader } from '../components/lazy-page';
import { ThemeModeProvider, useThemeMode } from '../components/theme-mode';
import { useReducedMotion } from '../components/theme-mode/reduced-motion';
import { NotifyProvider } from '../components/notify/provider';
import { themeConfig, WITHOUT_MOTION } from './theme';

const pages = {
  login: () => import('../features/account/login'),
  home: () => import('../features/account/home'),
  guide: () => import('../features/account/guide'),
  notFound: () => import('./not-found'),
  // the console's own texts (every namespace) arrive with its code, before any of its pages renders
  console: () => Promise.all([import('../console'), loadAllTexts()]).then(([console]) => console),
} satisfies Record<string, PageLoader>;

/** A reply with code 3 ends the session (endInvalidSession in src/providers/session.ts); the app goes to /login. */
function SessionWatch() {
  const navigate = useNavigate();
  useEffect(() => onSessionInvalid(() => navigate('/login', { replace: true })), [navigate]);
  return null;
}

function Themed({ children }: { children: React.ReactNode }) {
  const { i18n, t } = useTranslation();
  const { mode } = useThemeMode();
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <ConfigProvider theme={WITHOUT_MOTION}>
      <ConfigProvider locale={antdLocale(i18n.language)} theme={themeConfig(mode, reducedMotion)}>
        <NotifyProvider>{children}</NotifyProvider>
      </ConfigProvider>
    </ConfigProvider>
  );
}

/**
 * The light outer shell: the public pages (login, home, guide, 404) load without Refine, tables or
 * charts; everything behind a session is the lazily loaded console. Inside a router: the browser's
 * (Root) or, at build time, a static one (scripts/prerender.ts) rendering the very same tree.
 */
export function AppShell() {
  return (
    <ThemeModeProvider>
      <Themed>
        <SessionWatch />
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LazyPage load={pages.login} />} />
          <Route path="/home" element={<LazyPage load={pages.home} />} />
          <Route path="/guide" element={<LazyPage load={pages.guide} />} />
          <Route path="/404" element={<LazyPage load={pages.notFound} />} />
          <Route path="*" element={<LazyPage load={pages.console} />} />
        </Routes>
      </Themed>
    </ThemeModeProvider>
  );
}

export function Root() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
