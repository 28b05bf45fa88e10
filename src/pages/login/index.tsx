import { Card, Layout, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppHeader } from '../../components/header';
import { LoginForm } from '../../components/auth-forms/login-form';
import { UnilateralLoginForm } from '../../components/auth-forms/unilateral-login-form';
import { landingAfterLogin, UNILATERAL_LANDING } from '../../providers/auth';

/** Login page: the normal form with a slider captcha, or the unilateral-account form. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
        <Card style={{ width: 400, maxWidth: '100%' }}>
          <Typography.Title level={3} style={{ textAlign: 'center' }}>
            {t('auth.loginTitle')}
          </Typography.Title>
          <Tabs
            items={[
              {
                key: 'normal',
                label: t('auth.normalLogin'),
                children: <LoginForm onSuccess={(reply) => navigate(landingAfterLogin(Number(reply.is_super) === 1))} />,
              },
              {
                key: 'unilateral',
                label: t('auth.unilateralLogin'),
                children: <UnilateralLoginForm onSuccess={() => navigate(UNILATERAL_LANDING)} />,
              },
            ]}
          />
        </Card>
      </Layout.Content>
    </Layout>
  );
}
