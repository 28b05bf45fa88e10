import { useList } from '@refinedev/core';
import { App, Button, Checkbox, Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChildTask } from '#contract/types/tasks';
import type { Task } from '#contract/types/tasks';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded, useNotify } from '../../components/notify';
import {
  PER_TYPE_KEYS,
  MANUAL_DEFAULTS,
  MANUAL_DIRECTIONS,
  MANUAL_ENABLED_TRADE_TYPE,
  canSendManualTrade,
  manualTradeCparam,
  type ManualDirection,
} from '../../domain/task';
import { CHILD_TASKS } from './use-task-actions';

interface Values {
  dlt: number;
  count: number;
  duration: number;
  direct?: ManualDirection;
  childIds: number[];
  tradeType: string;
}

/**
 * Manual close (task id, profit point %, amount, duration, child tasks) and manual open (task id, open
 * price difference, amount, duration, direction f/r, child tasks), §2/§5/§9. Sent only with a child
 * selected, after a confirm; only CQ is enabled among the trade types (§5). A failure keeps the dialog
 * and what was typed; while a call runs OK and 'close all now' send nothing more.
 */
export function ManualTradeDialog({ task, kind, onClose }: { task: Task; kind: 'close' | 'open'; onClose: () => void }) {
  const { t } = useTranslation('task');
  const { modal } = App.useApp();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const { result } = useList<ChildTask>({ resource: CHILD_TASKS, filters: [{ field: 'taskId', operator: 'eq', value: task.id }], pagination: { mode: 'off' } });
  const children = result.data ?? [];
  const defaults = kind === 'open' ? MANUAL_DEFAULTS.open : MANUAL_DEFAULTS.close;
  const notifications = { successNotification: succeeded('task:messages.submitted'), errorNotification: failed };
  const trade = useCallMutation('manualTrade', notifications);
  const closeAll = useCallMutation('manualClosePosition', notifications);
  const sending = trade.isPending || closeAll.isPending;

  /** Asks first (with the selected children), then sends; nothing without a child (§5). */
  const confirmThen = (content: (childIds: number[]) => string, send: (values: Values) => void) => {
    if (sending) return;
    const values = form.getFieldsValue(true) as Values;
    if (!canSendManualTrade({ childIds: values.childIds ?? [] })) return void notify.warning(t('manual.childrenRequired'));
    modal.confirm({
      title: t('confirm.title'),
      content: content(values.childIds),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () => send(values),
    });
  };

  const submit = () =>
    confirmThen(
      () => t('confirm.manual'),
      (values) =>
        trade.mutate(
          {
            task_id: task.id,
            cparam: manualTradeCparam({
              kind,
              dlt: values.dlt,
              count: values.count,
              duration: values.duration,
              childIds: values.childIds,
              direct: values.direct,
            }),
          },
          { onSuccess: onClose },
        ),
    );

  /** §7 /ts/delstock: the selected children close everything they hold now, at the market. */
  const closeAllNow = () =>
    confirmThen(
      (childIds) => t('confirm.closeAllNow', { ids: childIds.join(', ') }),
      (values) => closeAll.mutate({ task_id: task.id, cids: values.childIds.join(',') }, { onSuccess: onClose }),
    );

  return (
    <Modal
      open
      title={t(kind === 'open' ? 'manual.openTitle' : 'manual.closeTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common:buttons.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ loading: sending }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {kind === 'close' && (
            <Button danger disabled={sending} onClick={closeAllNow}>
              {t('manual.closeAllNow')}
            </Button>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ ...defaults, childIds: [], tradeType: MANUAL_ENABLED_TRADE_TYPE }}>
        <Form.Item label={t('manual.taskId')}>
          <InputNumber aria-label={t('manual.taskId')} value={task.id} disabled style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="tradeType" label={t('manual.tradeType')}>
          <Radio.Group options={PER_TYPE_KEYS.map((k) => ({ value: k, label: t(`tradeTypes.${k}`), disabled: k !== MANUAL_ENABLED_TRADE_TYPE }))} />
        </Form.Item>
        <Form.Item name="dlt" label={t(kind === 'open' ? 'manual.openDlt' : 'manual.profitPoint')}>
          <InputNumber aria-label={t(kind === 'open' ? 'manual.openDlt' : 'manual.profitPoint')} step={0.01} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="count" label={t('manual.amount')}>
          <InputNumber aria-label={t('manual.amount')} min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="duration" label={t('manual.duration')}>
          <InputNumber aria-label={t('manual.duration')} min={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'open' && (
          <Form.Item name="direct" label={t('manual.direction')}>
            <Radio.Group options={MANUAL_DIRECTIONS.map((d) => ({ value: d, label: t(`direction.${d}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="childIds" label={t('manual.children')}>
          <Checkbox.Group
            options={children.map((c) => ({
              value: c.task_children_id,
              label: `${c.task_children_id} ${c.task_children_info.map((l) => l.name).join(' / ')}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
