import { useEffect, useEffectEvent, useState } from 'react';
import { useUpdate, type HttpError } from '@refinedev/core';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskParams } from '#contract/types/tasks';
import { INTERVALS } from '#contract/rules/constants';
import { PRICE_LIMIT_NONE, formatFundOccupy, type FundOccupyMode } from '../../domain/task';
import { TASKS, useReloadTasks } from './use-task-actions';

interface Values {
  fund_occupy_mode: FundOccupyMode;
  fund_occupy?: number | null;
  virtual_initial_capital?: number | null;
  depth?: number | null;
  slip?: number | null;
  price_limit?: string;
}

/** The params a batch sets: only the filled ones (a choice: §5 names the batch without its fields). */
export function batchParams(values: Values): TaskParams {
  const params: TaskParams = {};
  if (values.fund_occupy !== undefined && values.fund_occupy !== null) params.fund_occupy = formatFundOccupy(values.fund_occupy, values.fund_occupy_mode);
  for (const key of ['virtual_initial_capital', 'depth', 'slip'] as const) {
    const value = values[key];
    if (value !== undefined && value !== null) params[key] = value;
  }
  if (values.price_limit !== undefined) params.price_limit = values.price_limit.trim() === '' ? PRICE_LIMIT_NONE : Number(values.price_limit);
  return params;
}

/**
 * Batch configure (§5, §8): the filled params go to every selected task; each answer shows as
 * 'task-{id}: operation success!/failed!' (in the dialog, not as notifications), and the dialog closes 4 s
 * after the last one. Each task is saved by Refine's update of tasks; OK sends nothing more once sent.
 */
export function BatchConfigDialog({ taskIds, onClose }: { taskIds: number[]; onClose: () => void }) {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const reload = useReloadTasks();
  const [form] = Form.useForm<Values>();
  const { mutateAsync: update } = useUpdate<Record<string, never>, HttpError, { params: TaskParams }>();
  // undefined until sent; then one entry per answer
  const [results, setResults] = useState<{ id: number; ok: boolean }[]>();
  const done = results !== undefined && results.length === taskIds.length && taskIds.length > 0;

  const closeAndReload = useEffectEvent(() => {
    onClose();
    void reload();
  });
  // once, when the last result arrives
  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(closeAndReload, INTERVALS.batchConfigCloseMs);
    return () => clearTimeout(timer);
  }, [done]);

  const submit = async () => {
    const params = batchParams(form.getFieldsValue(true) as Values);
    if (Object.keys(params).length === 0) return void message.error(t('messages.paramsNotFilled'));
    if (results !== undefined) return;
    setResults([]);
    await Promise.all(
      taskIds.map(async (id) => {
        const ok = await update({ resource: TASKS, id, values: { params }, successNotification: false, errorNotification: false, invalidates: [] }).then(
          () => true,
          () => false,
        );
        setResults((current = []) => [...current, { id, ok }]);
      }),
    );
  };

  return (
    <Modal
      open
      title={t('batch.configTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:buttons.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ loading: results !== undefined && !done, disabled: done }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ fund_occupy_mode: 'percent' }}>
        <Alert type="info" showIcon message={t('batch.configHint')} style={{ marginBottom: 12 }} />
        <Form.Item label={t('dialog.fundOccupy')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Form.Item name="fund_occupy_mode" noStyle>
              <Radio.Group
                options={[
                  { value: 'percent', label: t('dialog.percent') },
                  { value: 'amount', label: t('dialog.amount') },
                ]}
              />
            </Form.Item>
            <Form.Item name="fund_occupy" noStyle>
              <InputNumber aria-label={t('dialog.fundOccupy')} min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item name="virtual_initial_capital" label={t('dialog.virtualCapital')}>
          <InputNumber aria-label={t('dialog.virtualCapital')} min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="depth" label={t('dialog.depth')}>
          <InputNumber aria-label={t('dialog.depth')} min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="slip" label={t('dialog.slip')}>
          <InputNumber aria-label={t('dialog.slip')} min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="price_limit" label={t('dialog.priceLimit')}>
          <Input aria-label={t('dialog.priceLimit')} placeholder={t('dialog.priceLimitHint')} />
        </Form.Item>
      </Form>
      {results?.map((result) => (
        <Alert
          key={result.id}
          type={result.ok ? 'success' : 'error'}
          message={t(result.ok ? 'batch.resultSuccess' : 'batch.resultFailed', { id: result.id })}
          style={{ marginTop: 4 }}
        />
      ))}
    </Modal>
  );
}
