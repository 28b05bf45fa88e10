import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Form } from 'antd';
// antd's `Input` carries TextArea, Search and OTP along as static members, which no bundler can drop:
// the public pages take the two inputs they use from their own modules, which keeps /login within its
// script budget (bench/budget.json, group "public").
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';

/** The username and password fields both login forms share (§5: each is required), under the names each call sends. */
export function CredentialFields({ user = 'username', password = 'password' }: { user?: string; password?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={user} label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name={password} label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
        <Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
    </>
  );
}
