import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A read a page cannot do without failed (its notification said why): said in place with a retry, instead
 * of the page's empty state ("no API yet"), which would not be true.
 */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result status="warning" title={t('notifications.failed')} extra={<Button onClick={onRetry}>{t('buttons.retry')}</Button>} data-testid="load-failed" />
  );
}
