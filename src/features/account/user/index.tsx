import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readSession } from '../../../providers/session';
import { landingAfterLogin } from '../../../providers/auth';

/** /user/index: where an ordinary user lands after login. */
export default function UserIndexPage() {
  const { t } = useTranslation();
  const session = readSession();
  if (!session) return null;
  return (
    <Card style={{ maxWidth: 720, margin: '24px auto' }}>
      <Typography.Title level={3}>{t('pages.user.welcome', { name: session.userName })}</Typography.Title>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('pages.user.role')}>{t(session.isSuper ? 'pages.user.roleSuper' : 'pages.user.roleUser')}</Descriptions.Item>
        <Descriptions.Item label={t('pages.user.level')}>{session.level}</Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <Link to={landingAfterLogin(true)}>
          <Button type="primary">{t('pages.user.openConsole')}</Button>
        </Link>
        <Link to="/user/static">
          <Button>{t('pages.user.static')}</Button>
        </Link>
        <Link to="/guide">
          <Button>{t('nav.guide')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
