import type { TFunction } from 'i18next';
import type { AlertItem } from '#contract/rules/alerts';

/** The text of an alert in the console's language (alerts:message.<kind>), as shown and spoken. */
export function alertText(t: TFunction, alert: Pick<AlertItem, 'kind' | 'params'>): string {
  const { params } = alert;
  if (alert.kind === 'spread') {
    return t('alerts:message.spread', {
      ...params,
      field: t(`alerts:fields.${String(params.field)}`),
      direction: t(`alerts:directions.${String(params.direction)}`),
    });
  }
  return t(`alerts:message.${alert.kind}`, params);
}
