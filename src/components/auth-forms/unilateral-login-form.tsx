import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { unilateralLogin } from '../../providers/auth';
import { useNotify } from '../notify';

interface Values {
  userName: string;
  userPassword: string;
}

/** The unilateral-account login (POST /validation/user → token and pes level). */
export function UnilateralLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await unilateralLogin(values);
      onSuccess();
    } catch (error) {
      notify.error(error, 'loginError');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} name="unilateral-login">
      <Form.Item name="userName" label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name="userPassword" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.submitLogin')}
      </Button>
    </Form>
  );
}
