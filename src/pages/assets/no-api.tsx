import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A user without an API: say so and link to /api. */
export function NoApi() {
  const { t } = useTranslation('assets');
  return (
    <Empty description={<><strong>{t('noApi.title')}</strong><br />{t('noApi.description')}</>}>
      <Link to="/api">
        <Button type="primary">{t('noApi.link')}</Button>
      </Link>
    </Empty>
  );
}
