import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATISTIC_PERIODS } from './statistics';

/** §9 statistics periods: 1 h, 24 h, 48 h (minutes 60, 1440, 2880). */
export function PeriodPicker({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  const { t } = useTranslation('statistic');
  return (
    <Segmented
      aria-label={t('period.label')}
      value={value}
      onChange={(minutes) => onChange(Number(minutes))}
      options={STATISTIC_PERIODS.map((p) => ({ value: p.minutes, label: t(`period.${p.key}`) }))}
    />
  );
}
