import { Flex, Progress, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDangerRate, isTextInside, type UsedRate } from '../../domain/assets';
import { formatPercent, formatStatistic } from '../../domain/format';

/**
 * One §9 progress bar with its label and used/total (the task card's bare bar is src/components/used-rate-bar): red when the used ratio is 60 % or more, the percentage inside the bar from 70 %.
 */
export function UsedRateBar({ rate }: { rate: UsedRate }) {
  const { t } = useTranslation('assets');
  const { token } = theme.useToken();
  const danger = isDangerRate(rate.percent);
  const inside = isTextInside(rate.percent);
  const percentText = formatPercent(rate.percent);
  const percent = <span data-percent-text>{percentText}</span>;
  return (
    <div data-rate={rate.key} data-danger={danger} data-text-inside={inside}>
      <Flex justify="space-between" wrap gap={4}>
        <Typography.Text>{t(`rates.${rate.key}`)}</Typography.Text>
        <Typography.Text type="secondary">
          {t('rates.detail', { used: formatStatistic(rate.used), total: formatStatistic(rate.total) })}
          {/* below 70 % the percentage stands beside the numbers, not after the bar (it would wrap at 375 px) */}
          {!inside && <> · {percent}</>}
        </Typography.Text>
      </Flex>
      <Progress
        percent={rate.percent}
        strokeColor={danger ? token.colorError : token.colorPrimary}
        status="normal"
        showInfo={inside}
        size={inside ? { height: 18 } : undefined}
        percentPosition={inside ? { align: 'end', type: 'inner' } : undefined}
        format={() => percent}
        aria-label={t(`rates.${rate.key}`)}
      />
    </div>
  );
}

/** The §2 used-rate bars, in the spec's order. */
export function UsedRateBars({ rates }: { rates: readonly UsedRate[] }) {
  const { t } = useTranslation('assets');
  return (
    <section aria-label={t('rates.label')}>
      <Flex vertical gap={8}>
        {rates.map((rate) => (
          <UsedRateBar key={rate.key} rate={rate} />
        ))}
      </Flex>
    </section>
  );
}
