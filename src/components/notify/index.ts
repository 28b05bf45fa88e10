import { App } from 'antd';
import type { NotificationProvider } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { INTERVALS } from '../../domain/constants';
import { errorMessage } from '../../providers/data';

const DURATION_S = INTERVALS.notificationRotationMs / 1000;

/**
 * Refine's notification provider over antd's App context (lighter than @refinedev/antd's,
 * see ARCHITECTURE pitfalls). Used as `notificationProvider={useNotificationProvider}`.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({ key, message, description, type: type === 'progress' ? 'info' : type, duration: DURATION_S }),
    close: (key) => notification.destroy(key),
  };
}

/** For calls made outside Refine's hooks: show a failure (titled notifications.error, or notifications.loginError on login) or a success. */
export function useNotify() {
  const { notification, message } = App.useApp();
  const { t } = useTranslation();
  return {
    error: (error: unknown, title: 'error' | 'loginError' = 'error') =>
      notification.error({ message: t(`notifications.${title}`), description: errorMessage(error), duration: DURATION_S }),
    success: (text: string) => message.success(text),
    warning: (text: string, durationMs: number = INTERVALS.notificationRotationMs) => message.warning(text, durationMs / 1000),
  };
}
