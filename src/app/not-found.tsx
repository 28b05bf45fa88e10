import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../components/public-shell';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <Result
        status="404"
        title={t('pages.notFound.title')}
        subTitle={t('pages.notFound.subtitle')}
        extra={
          <Link to="/home">
            <Button type="primary">{t('buttons.goHome')}</Button>
          </Link>
        }
      />
    </PublicShell>
  );
}
