import { Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog';
import { useTranslation } from 'react-i18next';
import type { Task } from '#contract/types/tasks';
import { useCallMutation } from '../../api/use-call';
import { failed, succeeded } from '../../components/notify';
import { renameNeeded } from '../../domain/task';
import { useReloadTasks } from './use-task-actions';

/**
 * Clicking a task's name: rename it; the call is sent only if the name changed (§2). On a failure the
 * dialog stays open with the typed name; OK is busy (and sends nothing more) while the call runs.
 */
export function RenameDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('task');
  const [form] = Form.useForm<{ name: string }>();
  const reload = useReloadTasks();
  const rename = useCallMutation('taskNameUpdate', { successNotification: succeeded('task:messages.renamed'), errorNotification: failed });

  const submit = ({ name }: { name: string }) => {
    if (rename.isPending) return;
    if (!renameNeeded(task.name, name)) return onClose();
    rename.mutate(
      { taskId: task.id, name: name.trim() },
      {
        onSuccess: () => {
          onClose();
          void reload();
        },
      },
    );
  };

  return (
    <FormDialog title={t('dialog.renameTitle')} submit={() => form.submit()} pending={rename.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={{ name: task.name }} onFinish={submit}>
        <Form.Item name="name" label={t('dialog.name')}>
          <Input aria-label={t('dialog.name')} onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
