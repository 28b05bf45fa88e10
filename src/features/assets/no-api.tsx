import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';

/** A user without an API: say so and link to /api. */
export function NoApi() {
  const { t } = useTranslation('assets');
  return (
    <Empty
      description={
        <>
          <strong>{t('noApi.title')}</strong>
          <br />
          {t('noApi.description')}
        </>
      }
    >
      <Link to="/api">
        <Button type="primary">{t('noApi.link')}</Button>
      </Link>
    </Empty>
  );
}

/** No API to show: because the user has none (NoApi), or because the list could not be read (said with a retry, not as "no API"). */
export function NoApiOrFailed({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? <LoadFailed onRetry={onRetry} /> : <NoApi />;
}
