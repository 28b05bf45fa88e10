import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import { useCallMutation } from '../../api/use-call';
import { useBourses } from '../../api/use-bourses';
import { failed, succeeded } from '../../components/notify';
import { apisResource } from '.';

/** What the owner types to turn live trading on: the account as the server names it (it checks the same text). */
export const liveConfirmText = (api: ApiAccount) => `${api.bourse_name}/${api.name}`;

/**
 * Turns live trading on for one testnet account: names the exchange and the account, and sends apiLive only
 * once the user has typed `<bourse_name>/<name>` exactly. A refusal keeps the dialog open with what was typed.
 */
export function LiveDialog({ api, onClose }: { api: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation('apis');
  const { nameOf } = useBourses();
  const invalidate = useInvalidate();
  const [typed, setTyped] = useState('');
  const { mutate, mutation } = useCallMutation('apiLive', { successNotification: succeeded('apis:messages.liveOn'), errorNotification: failed });
  const expected = liveConfirmText(api);
  const matches = typed === expected;

  const submit = () => {
    if (!matches || mutation.isPending) return;
    mutate(
      { apiId: api.id, enable: true, confirm: typed },
      {
        onSuccess: () => {
          void invalidate({ resource: apisResource.name, invalidates: ['list'] });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('live.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('live.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, loading: mutation.isPending }}
      destroyOnHidden
    >
      <Alert
        type="error"
        showIcon
        message={t('live.warning', { exchange: nameOf(api.bourse_id, api.bourse_name), name: api.name })}
        style={{ marginBottom: 16 }}
      />
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={
            <span>
              {t('live.typeToConfirm')} <Typography.Text code>{expected}</Typography.Text>
            </span>
          }
          htmlFor="live-confirm"
          validateStatus={typed && !matches ? 'error' : undefined}
          help={typed && !matches ? t('live.mismatch') : undefined}
        >
          <Input
            id="live-confirm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-label={t('live.typeToConfirm')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
