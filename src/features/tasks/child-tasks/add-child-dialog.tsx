import { useCreate } from '@refinedev/core';
import { Form, InputNumber, Select } from 'antd';
import { FormDialog } from '../../../components/form-dialog';
import { useTranslation } from 'react-i18next';
import type { ChildTaskAdd } from '#contract/types/tasks';
import type { Task } from '#contract/types/tasks';
import { useCall } from '../../../api/use-call';
import { failed, succeeded } from '../../../components/notify';
import { accountOnExchange } from '../../../domain/task';
import { useBourses } from '../../../api/use-bourses';
import { CHILD_TASKS } from '../use-task-actions';

interface Values {
  apiA?: number;
  apiB?: number;
  weight?: number;
}

/**
 * Add a child task (§5): one API account per exchange of the task, plus a weight. The accounts come
 * from /task/available/api/get with `status` read as the exchange id (a choice: §7 does not say what
 * status means there); the two ids travel as linkApiId [a, b] (see docs/spec-coverage.md). Saved by
 * Refine's create of child-tasks (its list is read again); a failure keeps the dialog and what was picked.
 */
export function AddChildDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('task');
  const { nameOf } = useBourses();
  const [form] = Form.useForm<Values>();
  const { mutate: create, mutation } = useCreate<Record<string, never>, never, ChildTaskAdd>({
    resource: CHILD_TASKS,
    successNotification: succeeded('task:messages.childAdded'),
    errorNotification: failed,
  });
  const aBourse = Number(task.params.a_bourse);
  const bBourse = Number(task.params.b_bourse);
  const apisA = useCall('taskAvailableApi', { taskId: task.id, status: aBourse });
  const apisB = useCall('taskAvailableApi', { taskId: task.id, status: bBourse });
  // a reply may list the accounts of both exchanges, each with its bourse_id: each select keeps its exchange's
  const options = (list: typeof apisA.data, bourse: number) =>
    (list ?? []).filter((api) => accountOnExchange(api, bourse)).map((api) => ({ value: api.id, label: api.name }));

  const submit = (values: Values) => {
    if (mutation.isPending) return;
    // one API per exchange: the contract's linkApiId carries both
    create({ values: { taskId: task.id, linkApiId: [values.apiA!, values.apiB!], weight: values.weight! } }, { onSuccess: onClose });
  };

  return (
    <FormDialog title={t('child.addTitle')} submit={() => form.submit()} pending={mutation.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ weight: 1 }} onFinish={submit}>
        <Form.Item name="apiA" label={t('child.api', { exchange: nameOf(aBourse) })} rules={[{ required: true, message: t('child.apiRequired') }]}>
          <Select aria-label={t('child.api', { exchange: nameOf(aBourse) })} options={options(apisA.data, aBourse)} loading={apisA.query.isLoading} />
        </Form.Item>
        <Form.Item name="apiB" label={t('child.api', { exchange: nameOf(bBourse) })} rules={[{ required: true, message: t('child.apiRequired') }]}>
          <Select aria-label={t('child.api', { exchange: nameOf(bBourse) })} options={options(apisB.data, bBourse)} loading={apisB.query.isLoading} />
        </Form.Item>
        <Form.Item name="weight" label={t('child.weight')} rules={[{ required: true, message: t('child.weightRequired') }]}>
          <InputNumber aria-label={t('child.weight')} min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
