import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordInput, TextInput } from './antd-inputs';

/** The username and password fields both login forms share (§5: each is required), under the names each call sends. */
export function CredentialFields({ user = 'username', password = 'password' }: { user?: string; password?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={user} label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
        <TextInput prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name={password} label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
        <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
    </>
  );
}
