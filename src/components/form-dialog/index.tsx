import type { ReactNode } from 'react';
import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps extends Pick<ModalProps, 'title' | 'width'> {
  /** submits the dialog's form (`form.submit()`): its rules run first, the call only when they pass. */
  submit: () => void;
  /** the form's call is under way: OK spins and cannot send it twice. */
  pending: boolean;
  onClose: () => void;
  /** the OK button's text; common:buttons.ok by default. */
  okText?: ReactNode;
  children: ReactNode;
}

/**
 * The one dialog around a form: OK submits, spins while the call runs, Cancel closes, and the form
 * is dropped when the dialog closes. On a failed call the dialog stays open with what was typed.
 */
export function FormDialog({ submit, pending, onClose, okText, children, ...modal }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      {...modal}
      onCancel={onClose}
      onOk={submit}
      okText={okText ?? t('common:buttons.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ loading: pending }}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
