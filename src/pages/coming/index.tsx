import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A screen whose issue has not landed yet: says so clearly instead of crashing. */
export function ComingPage({ label }: { label: string }) {
  const { t } = useTranslation();
  return <Result icon={<ClockCircleOutlined />} title={t('pages.coming.title', { page: t(label) })} subTitle={t('pages.coming.subtitle')} />;
}
