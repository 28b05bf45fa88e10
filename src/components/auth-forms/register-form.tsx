import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RegisterRequest } from '#contract/types/account';
import { register } from '../../providers/auth';
import { useNotify } from '../notify';

/** Register; on success ask whether to view the newcomer guide and go to /guide on confirm. */
export function RegisterForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  // the register dialog stays open under the question and closes after it: its own modal holder lives here
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: RegisterRequest) => {
    setBusy(true);
    try {
      await register(values);
      modal.confirm({
        title: t('messages.registerSuccessAskGuide'),
        okText: t('buttons.ok'),
        cancelText: t('buttons.cancel'),
        onOk: () => navigate('/guide'),
        afterClose: () => onDone?.(),
      });
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {modalHolder}
      <Form<RegisterRequest> layout="vertical" onFinish={submit} requiredMark={false} name="register">
        <Form.Item name="username" label={t('auth.username')} rules={[{ required: true, message: t('auth.usernameRequired') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="telPhone" label={t('auth.telPhone')} rules={[{ required: true, message: t('auth.telPhoneRequired') }]}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.submitRegister')}
        </Button>
      </Form>
    </>
  );
}
