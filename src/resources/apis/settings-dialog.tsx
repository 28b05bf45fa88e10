import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Form, Modal, Result, Spin, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type EndpointName } from '../../api/endpoints';
import type { ApiAccount } from '../../api/types';
import { failed, succeeded } from './notifications';

const methodOf = (name: EndpointName) => endpoints[name].method.toLowerCase() as 'post' | 'put';

interface Props<T, V> {
  api: ApiAccount;
  title: string;
  /** the call that reads the settings of this API ({apiId}) */
  load: EndpointName;
  /** the call that saves them ({apiId, ...payload}) */
  save: EndpointName;
  /** i18n key (apis namespace) of the success message */
  successKey: string;
  toForm?: (data: T) => V;
  toPayload?: (values: V) => Record<string, unknown>;
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
export function SettingsDialog<T extends object, V extends object>({
  api,
  title,
  load,
  save,
  successKey,
  toForm = (data) => data as unknown as V,
  toPayload = (values) => values as Record<string, unknown>,
  onClose,
  onValuesChange,
  children,
  width = 520,
}: Props<T, V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { result, query } = useCustom<T>({
    url: load,
    method: 'get',
    config: { query: { apiId: api.id } },
    queryOptions: { gcTime: 0 },
    errorNotification: failed,
  });
  const { mutate, mutation } = useCustomMutation();
  // the form starts from the first fresh answer and is never replaced while the dialog is open,
  // so a background refetch cannot wipe what the user typed
  const [initialValues, setInitialValues] = useState<V>();
  const loaded = !query.isFetching && query.isSuccess ? result?.data : undefined;
  useEffect(() => {
    if (loaded && !initialValues) setInitialValues(toForm(loaded as T));
  }, [loaded, initialValues, toForm]);
  const ready = Boolean(initialValues);

  const submit = (values: V) =>
    mutate(
      {
        url: save,
        method: methodOf(save),
        values: { apiId: api.id, ...toPayload(values) },
        successNotification: succeeded(successKey),
        errorNotification: failed,
      },
      { onSuccess: onClose },
    );

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
        <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={submit} onValuesChange={(changed, all) => onValuesChange?.(changed, all, form)}>
          {children(form)}
        </Form>
      ) : (
        <Spin style={{ display: 'block', padding: 24 }} />
      )}
    </Modal>
  );
}
