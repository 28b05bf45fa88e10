import { useState } from 'react';
import { Layout, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Panel } from '../../components/panel';
import { Heading } from '../../components/plain-text';
import { AppHeader } from '../../components/header';
import { LoginForm } from '../../components/auth-forms/login-form';
import { UnilateralLoginForm } from '../../components/auth-forms/unilateral-login-form';
import { landingAfterLogin, UNILATERAL_LANDING } from '../../providers/auth';

/** Login page: the normal form with a slider captcha, or the unilateral-account form. */
type LoginKind = 'normal' | 'unilateral';

export default function LoginPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LoginKind>('normal');
  const navigate = useNavigate();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
        <Panel style={{ width: 400, maxWidth: '100%' }}>
          <Heading level={3} style={{ textAlign: 'center' }}>
            {t('auth.loginTitle')}
          </Heading>
          <Segmented<LoginKind>
            block
            value={kind}
            onChange={setKind}
            options={[
              { value: 'normal', label: t('auth.normalLogin') },
              { value: 'unilateral', label: t('auth.unilateralLogin') },
            ]}
            style={{ marginBottom: 16 }}
          />
          {kind === 'normal' ? (
            <LoginForm onSuccess={(reply) => navigate(landingAfterLogin(Number(reply.is_super) === 1))} />
          ) : (
            <UnilateralLoginForm onSuccess={() => navigate(UNILATERAL_LANDING)} />
          )}
        </Panel>
      </Layout.Content>
    </Layout>
  );
}
