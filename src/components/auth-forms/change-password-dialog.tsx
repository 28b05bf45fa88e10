import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../providers/auth';
import { passwordsMatch } from '../../domain/validation';
import { useNotify } from '../notify';

interface Values {
  old_password: string;
  new_password: string;
  repeat: string;
}

/** Old password, new password, re-enter; the two new ones must match (spec §5). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ old_password, new_password }: Values) => {
    setBusy(true);
    try {
      await changePassword({ old_password, new_password });
      notify.success(t('messages.changePasswordSuccess'));
      form.resetFields();
      onClose();
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('header.changePassword')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('buttons.ok')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="change-password">
        <Form.Item name="old_password" label={t('auth.oldPassword')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={t('auth.newPassword')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('auth.repeatPassword')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || passwordsMatch(getFieldValue('new_password'), value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
