import type { HttpError, NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { INTERVALS } from '#contract/rules/constants';
import { errorMessage } from '../../providers/data';
import i18n from '../../providers/i18n';
import { useNotifier } from './provider';

const DURATION_S = INTERVALS.notificationRotationMs / 1000;

/**
 * Refine's notification provider over the app's notifier (./provider.tsx) (lighter than @refinedev/antd's,
 * see ARCHITECTURE pitfalls). Used as `notificationProvider={useNotificationProvider}`.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = useNotifier();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({ key, message, description, type: type === 'progress' ? 'info' : type, duration: DURATION_S }),
    close: (key) => notification.destroy(key),
  };
}

/** For calls made outside Refine's hooks: show a failure (titled notifications.error, or notifications.loginError on login) or a success. */
export function useNotify() {
  const { notification, message } = useNotifier();
  const { t } = useTranslation();
  return {
    error: (error: unknown, title: 'error' | 'loginError' = 'error') =>
      notification.error({ message: t(`notifications.${title}`), description: errorMessage(error), duration: DURATION_S }),
    success: (text: string) => message.success(text),
    warning: (text: string, durationMs: number = INTERVALS.notificationRotationMs) => message.warning(text, durationMs / 1000),
  };
}

/** Refine's successNotification: the spec's own success text (§8); the key names its namespace ('apis:messages.added'). */
export const succeeded = (key: string) => (): OpenNotificationParams => ({ message: i18n.t(key), type: 'success' });

/** Refine's successNotification for a call whose reply is the server's own success text (§4 close position): that text, else the key's. */
export const succeededWithReply =
  (key: string) =>
  (reply?: { data: unknown }): OpenNotificationParams => ({
    message: typeof reply?.data === 'string' && reply.data ? reply.data : i18n.t(key),
    type: 'success',
  });

/** Refine's errorNotification: titled with the common error title (§8 'tip') and the server's info. */
export const failed = (error?: HttpError): OpenNotificationParams => ({
  message: i18n.t('notifications.error'),
  description: error?.message || i18n.t('notifications.failed'),
  type: 'error',
});
