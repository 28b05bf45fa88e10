import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Layout, Popover, Segmented, Space, Tooltip, theme } from 'antd';
import { BulbOutlined, DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readSession } from '../../providers/session';
import { logout } from '../../providers/auth';
import { changeLanguage, LANGUAGES, type Language } from '../../providers/i18n';
import { useThemeMode } from '../theme-mode';
import type { AuthTab } from '../auth-forms/auth-dialog';
import { PlainText } from '../plain-text';

// The dialogs load when first opened: the landing and login pages stay within their JS budget.
const AuthDialog = lazy(() => import('../auth-forms/auth-dialog').then((m) => ({ default: m.AuthDialog })));
const ChangePasswordDialog = lazy(() => import('../auth-forms/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));
// the up/down colour setting of the market board, loaded with the user menu (not on the public pages' first load)
const UpDownColorSetting = lazy(() => import('../up-down-colors').then((m) => ({ default: m.UpDownColorSetting })));
// the alert bell and its feed: signed-in pages only, loaded after the header
const AlertBell = lazy(() => import('../alert-bell'));
// the kill switch (live and testnet trading): the console's shells only, loaded with the bell
const KillSwitch = lazy(() => import('./kill-switch'));

/**
 * The header of every screen: brand, the navigation given by the shell, language and theme
 * switches, and either login/register links (signed out) or the user menu (signed in).
 * Segmented and Popover rather than Select and Dropdown: rc-select and rc-menu would put ~25 KB
 * gzip on the first route (bench/budget.json). Below antd's `md` breakpoint it is compact (short
 * language names, the user name inside the user menu) so that it fits 375 px; that is CSS (index.html's
 * .wide-only / .narrow-only), not a JS breakpoint, so the prerendered markup is already right on a phone
 * and hydration moves nothing (CLS 0).
 */
export interface AppHeaderProps {
  nav?: ReactNode;
  /** shows the kill switch and the alert bell when signed in: the console's shells only (their calls need their Refine) */
  alerts?: boolean;
}

export function AppHeader({ nav, alerts = false }: AppHeaderProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { mode, toggle } = useThemeMode();
  const navigate = useNavigate();
  const onLoginPage = useLocation().pathname.startsWith('/login');
  const session = readSession();
  const [authTab, setAuthTab] = useState<AuthTab | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);

  const signOut = () => {
    void logout();
    navigate('/login');
  };

  return (
    <Layout.Header
      className="app-header"
      style={{ display: 'flex', alignItems: 'center', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {/* the brand's name, or on a phone its mark (the site's icon), which leaves the header's room to its controls; a long
          name (a longer language) gives way with an ellipsis rather than push the header wider than the screen */}
      <Link to="/home" className="app-brand" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
        <PlainText strong className="wide-only">
          {t('app.brand')}
        </PlainText>
        <img className="narrow-only" src="/favicon.svg" alt={t('app.brand')} width={24} height={24} style={{ display: 'block' }} />
      </Link>
      {/* the nav keeps at least its menu button's width: the brand gives way first */}
      <div style={{ flex: 1, minWidth: nav ? 32 : 0 }}>{nav}</div>
      <Space size="small">
        <Segmented<Language>
          aria-label={t('header.language')}
          size="small"
          value={i18n.language as Language}
          onChange={(lng) => void changeLanguage(lng)}
          // each language under its own name (contract/locales/<lng>/language.json)
          options={LANGUAGES.map(({ code, name, short }) => ({
            value: code,
            label: (
              <>
                <span className="wide-only" lang={code}>
                  {name}
                </span>
                <span className="narrow-only" lang={code}>
                  {short}
                </span>
              </>
            ),
            title: name,
          }))}
          data-testid="language-switch"
        />
        <Tooltip title={`${t('header.theme')}: ${t(mode === 'dark' ? 'header.themeDark' : 'header.themeLight')}`}>
          <Button size="small" type="text" icon={<BulbOutlined />} onClick={toggle} aria-label={t('header.theme')} />
        </Tooltip>
        {session ? (
          <>
            {alerts && (
              <Suspense>
                <KillSwitch />
              </Suspense>
            )}
            {alerts && (
              <Suspense>
                <AlertBell />
              </Suspense>
            )}
            <Popover
              trigger="click"
              placement="bottomRight"
              open={userMenuOpen}
              onOpenChange={setUserMenuOpen}
              content={
                <Space direction="vertical" size={0} role="menu">
                  <PlainText strong className="narrow-only" style={{ paddingInline: 15 }}>
                    {session.userName}
                  </PlainText>
                  {userMenuOpen && (
                    <Suspense>
                      <UpDownColorSetting />
                    </Suspense>
                  )}
                  <Button
                    role="menuitem"
                    type="text"
                    icon={<KeyOutlined />}
                    onClick={() => {
                      setUserMenuOpen(false);
                      setChangingPassword(true);
                    }}
                  >
                    {t('header.changePassword')}
                  </Button>
                  <Button role="menuitem" type="text" icon={<LogoutOutlined />} onClick={signOut}>
                    {t('header.logout')}
                  </Button>
                </Space>
              }
            >
              {/* the accessible name begins with the name it shows (a voice-control user says what they see) */}
              <Button
                type="text"
                aria-label={`${session.userName} ${t('header.userMenu')}`}
                aria-haspopup="menu"
                aria-expanded={userMenuOpen}
                data-testid="user-menu"
              >
                <UserOutlined />
                {/* a name is rendered as text, never as HTML */}
                <span className="wide-only">{session.userName}</span>
                <DownOutlined />
              </Button>
            </Popover>
            {/* on a phone the user menu's logout item serves: the header keeps room for the nav button and the bell */}
            <Tooltip title={t('header.logout')}>
              <Button className="wide-only" type="text" icon={<LogoutOutlined />} onClick={signOut} aria-label={t('header.logout')} />
            </Tooltip>
            {changingPassword && (
              <Suspense>
                <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
              </Suspense>
            )}
          </>
        ) : (
          <>
            {!onLoginPage && (
              <Button type="link" onClick={() => setAuthTab('login')}>
                {t('header.login')}
              </Button>
            )}
            <Button type="primary" size="small" onClick={() => setAuthTab('register')}>
              {t('header.register')}
            </Button>
            {authTab && (
              <Suspense>
                <AuthDialog tab={authTab} onTab={setAuthTab} onClose={() => setAuthTab(null)} />
              </Suspense>
            )}
          </>
        )}
      </Space>
    </Layout.Header>
  );
}
