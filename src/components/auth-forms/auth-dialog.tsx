import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthTab = 'register' | 'login';

/**
 * The home page's login/register dialog (two tabs). A login made here, away from the login page,
 * reloads the page (spec §2 Login page).
 */
export function AuthDialog({ tab, onTab, onClose }: { tab: AuthTab | null; onTab: (tab: AuthTab) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={tab !== null} onCancel={onClose} footer={null} destroyOnHidden width={420}>
      <Tabs
        activeKey={tab ?? 'login'}
        onChange={(key) => onTab(key as AuthTab)}
        items={[
          { key: 'register', label: t('header.register'), children: <RegisterForm onDone={onClose} /> },
          { key: 'login', label: t('header.login'), children: <LoginForm onSuccess={() => window.location.reload()} /> },
        ]}
      />
    </Modal>
  );
}
