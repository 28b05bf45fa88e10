import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import i18n from '../../providers/i18n';

/** Refine's successNotification: the spec's own success text (§8). */
export const succeeded =
  (key: string) =>
  (): OpenNotificationParams => ({ message: i18n.t(key, { ns: 'apis' }), type: 'success' });

/** Refine's errorNotification: titled with the common error title (§8 'tip') and the server's info. */
export const failed = (error?: HttpError): OpenNotificationParams => ({
  message: i18n.t('notifications.error'),
  description: error?.message || i18n.t('notifications.failed'),
  type: 'error',
});
