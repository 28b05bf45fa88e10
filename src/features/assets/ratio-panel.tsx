import { memo, useMemo, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Empty, Flex, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiChartPoint } from '#contract/types/assets';
import type { EndpointName } from '#contract/endpoints';
import { CHART_UNITS, ratioSeries, type ChartUnit } from '../../domain/assets';
import { RATIO_RANGES, type RatioRangeKey } from '#contract/rules/assets';
import { DEFAULTS } from '#contract/rules/constants';
import { formatAmount, formatStatistic } from '../../domain/format';
import { RatioChart } from '../../components/ratio-chart';

export const DEFAULT_RANGE = RATIO_RANGES.find((r) => r.layout === DEFAULTS.assetLayout)!.key;

export interface RatioPanelProps {
  /** assetImaging (one API) or assetStatistics (the APIs shown). */
  endpoint: Extract<EndpointName, 'assetImaging' | 'assetStatistics'>;
  /** the apiId sent: one id, or the ids joined by commas. */
  apiId: number | string;
  /** what the chart is of (an API name, 'all APIs'). */
  name: string;
  /** fixed by the caller (the board): no controls of its own. */
  fixed?: { range: RatioRangeKey; unit: ChartUnit };
  height?: number;
}

/** §2 ratio curve: ranges 10 min, 1 h, 1 day, 1 week, 1 month (layout 1-5, default 3); unit USDT or coin. */
export const RatioPanel = memo(function RatioPanel({ endpoint, apiId, name, fixed, height }: RatioPanelProps) {
  const { t } = useTranslation('assets');
  const [ownRange, setRange] = useState<RatioRangeKey>(DEFAULT_RANGE);
  const [ownUnit, setUnit] = useState<ChartUnit>('usdt');
  const range = fixed?.range ?? ownRange;
  const unit = fixed?.unit ?? ownUnit;
  const layout = RATIO_RANGES.find((r) => r.key === range)!.layout;
  const { result, query } = useCustom<ApiChartPoint[]>({
    url: endpoint,
    method: 'get',
    config: { query: { apiId, layout } },
  });
  const points = Array.isArray(result?.data) ? result.data : undefined;
  const data = useMemo(() => ratioSeries(points, unit), [points, unit]);

  return (
    <Flex vertical gap={12} data-testid="ratio-panel" data-layout={layout} data-unit={unit}>
      {!fixed && <RatioControls range={range} unit={unit} onRange={setRange} onUnit={setUnit} />}
      {query.isLoading ? (
        <Skeleton active />
      ) : data.length === 0 ? (
        <Empty description={t('chart.empty')} />
      ) : (
        <RatioChart
          height={height}
          label={t('chart.label', { name })}
          data={data}
          series={[
            { field: 'equity', name: `${t('chart.equity')} (${t(`units.${unit}`)})`, format: formatAmount },
            { field: 'ratio', name: t('chart.ratio'), right: true, format: formatStatistic },
          ]}
        />
      )}
    </Flex>
  );
});

/** The range (10 min … 1 month) and unit (USDT / coin) switches of a ratio curve. */
export function RatioControls({
  range,
  unit,
  onRange,
  onUnit,
}: {
  range: RatioRangeKey;
  unit: ChartUnit;
  onRange: (range: RatioRangeKey) => void;
  onUnit: (unit: ChartUnit) => void;
}) {
  const { t } = useTranslation('assets');
  return (
    <Flex wrap gap={8} justify="space-between">
      <Segmented
        aria-label={t('chart.range')}
        value={range}
        onChange={(value) => onRange(value as RatioRangeKey)}
        options={RATIO_RANGES.map((r) => ({ value: r.key, label: t(`ranges.${r.key}`) }))}
        style={{ maxWidth: '100%', overflowX: 'auto' }}
      />
      <Segmented
        aria-label={t('chart.unit')}
        value={unit}
        onChange={(value) => onUnit(value as ChartUnit)}
        options={CHART_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
      />
    </Flex>
  );
}
