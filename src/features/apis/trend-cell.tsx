import { useMemo } from 'react';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import { useCall } from '../../api/use-call';
import { DEFAULTS } from '#contract/rules/constants';
import { formatStatistic, trendSeries } from '../../domain/format';
import { TrendChart } from '../../components/charts';

export const TREND_SIZE = { width: 160, height: 40 } as const;

/** The USDT trend of one API (equity_usdt of /asset/imaging/get, layout 3), as an SVG sparkline (no chart engine). */
export function TrendCell({ api }: { api: ApiAccount }) {
  const { t } = useTranslation('apis');
  const { data: points, query } = useCall(
    'assetImaging',
    { apiId: api.id, layout: DEFAULTS.assetLayout },
    // one failing chart must not flood the page with notifications: the cell says there is no data
    { errorNotification: false },
  );
  const series = useMemo(
    () =>
      trendSeries(
        points,
        (p) => p.dateTime,
        (p) => p.equity_usdt,
      ),
    [points],
  );

  if (query.isLoading) return <Skeleton.Node active style={TREND_SIZE} />;
  if (series.length === 0) return <Typography.Text type="secondary">{t('chart.empty')}</Typography.Text>;
  return <TrendChart data={series} label={t('chart.label', { name: api.name })} valueName={t('chart.series')} formatValue={formatStatistic} {...TREND_SIZE} />;
}
