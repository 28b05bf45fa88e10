import { Button, Form, Modal, Result, Spin, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadOf, ReplyOf } from '#contract/calls';
import type { ApiAccount } from '#contract/types/api-accounts';
import { useCall, useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';

/** Pairs of calls that read one API's settings ({apiId}) and save them ({apiId, ...fields}). */
export type SettingsCalls =
  | { load: 'apiChargesGet'; save: 'apiChargesUpdate' }
  | { load: 'apiAdvancedGet'; save: 'apiAdvancedUpdate' }
  | { load: 'apiAssetTemplateGet'; save: 'apiAssetTemplateSave' };
type Load = SettingsCalls['load'];
type Save = SettingsCalls['save'];

interface Props<L extends Load, S extends Save, V> {
  api: ApiAccount;
  title: string;
  /** the call that reads the settings of this API ({apiId}) */
  load: L;
  /** the call that saves them ({apiId, ...payload}) */
  save: S;
  /** i18n key (apis namespace) of the success message */
  successKey: string;
  toForm: (data: ReplyOf<L>) => V;
  /** what the save call sends for these values, for this API */
  toPayload: (values: V, apiId: number) => PayloadOf<S>;
  onClose: () => void;
  /** after the user changed a field: may adjust others through the form */
  onValuesChange?: (changed: Partial<V>, all: V, form: FormInstance<V>) => void;
  children: (form: FormInstance<V>) => ReactNode;
  width?: number;
}

/**
 * A dialog that loads one API's settings, edits them in a form and saves them. The form shows once
 * fresh values have arrived; a failed save keeps the dialog open with what was typed.
 */
export function SettingsDialog<L extends Load, S extends Save, V extends object>({
  api,
  title,
  load,
  save,
  successKey,
  toForm,
  toPayload,
  onClose,
  onValuesChange,
  children,
  width = 520,
}: Props<L, S, V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { data, query } = useCall(load, { apiId: api.id }, { gcTime: 0, errorNotification: failed });
  const { mutate, mutation } = useCallMutation(save, { successNotification: succeeded(`apis:${successKey}`), errorNotification: failed });
  // the form starts from the first fresh answer and is never replaced while the dialog is open,
  // so a background refetch cannot wipe what the user typed
  const [initialValues, setInitialValues] = useState<V>();
  const loaded = !query.isFetching && query.isSuccess ? data : undefined;
  useEffect(() => {
    if (loaded && !initialValues) setInitialValues(toForm(loaded));
  }, [loaded, initialValues, toForm]);
  const ready = Boolean(initialValues);

  const submit = (values: V) => mutate(toPayload(values, api.id), { onSuccess: onClose });

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ loading: mutation.isPending, disabled: !ready }}
      destroyOnHidden
    >
      {query.isError && !ready ? (
        <Result status="warning" title={t('notifications.failed')} extra={<Button onClick={() => void query.refetch()}>{t('buttons.retry')}</Button>} />
      ) : ready ? (
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={(changed, all) => onValuesChange?.(changed, all, form)}
        >
          {children(form)}
        </Form>
      ) : (
        <Spin style={{ display: 'block', padding: 24 }} />
      )}
    </Modal>
  );
}
