import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { Task } from '../../domain/task';
import { renameNeeded } from '../../domain/task';
import { useTaskDialogSave } from './use-task-actions';

/** Clicking a task's name: rename it; the call is sent only if the name changed (§2). */
export function RenameDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('task');
  const [name, setName] = useState(task.name);
  const { saving, save } = useTaskDialogSave(onClose);

  const submit = async () => {
    if (!renameNeeded(task.name, name)) return onClose();
    await save(() => call('taskNameUpdate', { taskId: task.id, name: name.trim() }), t('messages.renamed'));
  };

  return (
    <Modal
      open
      title={t('dialog.renameTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:buttons.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('dialog.name')}>
          <Input aria-label={t('dialog.name')} value={name} onChange={(e) => setName(e.target.value)} onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
