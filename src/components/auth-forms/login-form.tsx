import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CredentialFields } from './credential-fields';
import type { CaptchaAnswer, LoginReply } from '#contract/types/account';
import { login } from '../../providers/auth';
import { INTERVALS } from '#contract/rules/constants';
import { SliderCaptcha } from '../captcha';
import { useNotify } from '../notify';

interface Values {
  username: string;
  password: string;
}

/**
 * The normal login with the slider captcha. A failed login shows the error (titled notifications.loginError) and loads a
 * fresh captcha; what the user typed stays (the spec's page reload existed to renew the captcha).
 */
export function LoginForm({ onSuccess }: { onSuccess: (reply: LoginReply) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [answer, setAnswer] = useState<{ captcha: CaptchaAnswer; userId: string } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: Values) => {
    if (!answer) {
      notify.warning(t('messages.captchaRequired'), INTERVALS.captchaNoticeMs);
      return;
    }
    setBusy(true);
    try {
      onSuccess(await login({ userId: answer.userId, username, password, ...answer.captcha }));
    } catch (error) {
      notify.error(error, 'loginError');
      setReloadKey((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> layout="vertical" onFinish={submit} requiredMark={false} name="login">
      <CredentialFields />
      <Form.Item label={t('auth.captchaLabel')}>
        <SliderCaptcha reloadKey={reloadKey} onChange={(captcha, userId) => setAnswer(captcha ? { captcha, userId: userId ?? '' } : null)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('auth.submitLogin')}
      </Button>
    </Form>
  );
}
