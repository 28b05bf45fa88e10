import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CredentialFields } from './credential-fields';
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
      <CredentialFields user="userName" password="userPassword" />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.submitLogin')}
      </Button>
    </Form>
  );
}
