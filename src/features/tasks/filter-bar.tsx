import { memo, useMemo } from 'react';
import { Radio, Select, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { ALL, CARD_WIDTH, CONTRACT_PAIRS, TASK_CURRENCIES, type TaskFilters } from '../../domain/task';

interface Props {
  filters: TaskFilters;
  strategies: readonly ArbitrageStrategy[];
  /** below antd's md breakpoint: the currency and pair filters are selects (§2 mobile). */
  narrow: boolean;
  width: number;
  onFilter: (key: keyof TaskFilters, value: string) => void;
  onWidth: (width: number) => void;
}

/**
 * The task page's filters (§2: currency, contract pair, strategy) and the card width slider. Memoised
 * with callbacks that do not change: the page re-renders on every live update, these ~20 buttons need not.
 */
export const FilterBar = memo(function FilterBar({ filters, strategies, narrow, width, onFilter, onWidth }: Props) {
  const { t } = useTranslation('task');
  const currencyOptions = useMemo(() => [ALL, ...TASK_CURRENCIES].map((c) => ({ value: c, label: c === ALL ? t('filters.all') : c.toUpperCase() })), [t]);
  const pairOptions = useMemo(() => [ALL, ...CONTRACT_PAIRS].map((p) => ({ value: p, label: p === ALL ? t('filters.all') : t(`pairs.${p}`) })), [t]);
  const strategyOptions = useMemo(() => strategies.map((s) => ({ value: s.name, label: s.name })), [strategies]);

  return (
    <>
      {narrow ? (
        <Space wrap style={{ width: '100%' }}>
          <Select
            aria-label={t('filters.currency')}
            value={filters.currency}
            onChange={(value) => onFilter('currency', value)}
            options={currencyOptions}
            style={{ width: 150 }}
          />
          <Select
            aria-label={t('filters.pair')}
            value={filters.pair}
            onChange={(value) => onFilter('pair', value)}
            options={pairOptions}
            style={{ width: 170 }}
          />
        </Space>
      ) : (
        <>
          <Space wrap>
            <Typography.Text>{t('filters.currency')}</Typography.Text>
            <Radio.Group
              size="small"
              optionType="button"
              value={filters.currency}
              onChange={(e) => onFilter('currency', e.target.value as string)}
              options={currencyOptions}
            />
          </Space>
          <Space wrap>
            <Typography.Text>{t('filters.pair')}</Typography.Text>
            <Radio.Group
              size="small"
              optionType="button"
              value={filters.pair}
              onChange={(e) => onFilter('pair', e.target.value as string)}
              options={pairOptions}
            />
          </Space>
        </>
      )}
      <Space wrap style={{ width: '100%' }}>
        <Typography.Text>{t('filters.strategy')}</Typography.Text>
        <Select
          aria-label={t('filters.strategy')}
          value={filters.strategy}
          onChange={(value) => onFilter('strategy', value)}
          options={strategyOptions}
          style={{ minWidth: 160 }}
        />
        {!narrow && (
          <Space>
            <Typography.Text>{t('cardWidth')}</Typography.Text>
            <Slider ariaLabelForHandle={t('cardWidth')} min={CARD_WIDTH.min} max={CARD_WIDTH.max} value={width} onChange={onWidth} style={{ width: 160 }} />
          </Space>
        )}
      </Space>
    </>
  );
});
