import { lazy, Suspense, useMemo, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Alert, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_KLINE_FRAME,
  KLINE_FRAMES,
  formatMarketNumber,
  klineQuery,
  type KlineField,
  type KlineFrame,
  type KlineLeg,
  type KlineReply,
} from '../../domain/market';

/** The chart library loads on the first chart drawn, never with the page. */
const Candles = lazy(() => import('./candles'));

export interface KlineChartProps {
  /** one leg (its price) or the two legs of a market table (their spread) */
  legs: readonly KlineLeg[];
  currency: string;
  /** a §9 chart frame: 1T, 30T, 1H, 4H, 1D, 1W */
  frame: KlineFrame;
  /** with two legs: 'positive' (default) or 'negative' */
  field?: KlineField;
  /** the user's up/down colours (useUpDownColors) */
  colors: { up: string; down: string };
  height?: number;
}

/**
 * Candlesticks of /web/get/kline/data over the §9 window of the frame, ending now. Errors show with
 * the K-line query error prefix of §8 (locale key in the market namespace). Reused by the task page's market chart dialog.
 */
export function KlineChart({ legs, currency, frame, field, colors, height = 240 }: KlineChartProps) {
  const { t } = useTranslation('market');
  const legsKey = legs.map((l) => `${l.exchange}:${l.type}`).join(',');
  // the window ends when the frame (or the instrument) is chosen, not at every render
  const query = useMemo(() => klineQuery(legs, currency, frame, Date.now(), field), [legsKey, currency, frame, field]);
  const { result, query: state } = useCustom<KlineReply>({
    url: 'klineData',
    method: 'get',
    config: { query },
    errorNotification: false,
    queryOptions: { staleTime: 30_000, retry: false },
  });
  const candles = Array.isArray(result?.data?.candles) ? result.data.candles : [];
  const label = t('chart.label', { currency: currency.toUpperCase(), frame: t(`chart.frames.${frame}`) });

  let body;
  if (state.isError) {
    body = <Alert type="error" showIcon message={t('chart.error', { message: state.error?.message ?? '' })} data-testid="kline-error" />;
  } else if (state.isLoading) {
    body = <Skeleton.Node active style={{ width: '100%', height }} />;
  } else if (candles.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  } else {
    body = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <Candles
          candles={candles}
          up={colors.up}
          down={colors.down}
          height={height}
          formatValue={(v) => formatMarketNumber(String(v))}
          names={{ open: t('chart.openPrice'), high: t('chart.high'), low: t('chart.low'), close: t('chart.close') }}
        />
      </Suspense>
    );
  }
  const timezone = result?.data?.timezone;
  return (
    <div role="img" aria-label={label} data-frame={frame} style={{ width: '100%', minHeight: height }}>
      {body}
      {timezone && candles.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('chart.timezone', { timezone })}
        </Typography.Text>
      )}
    </div>
  );
}

export interface KlinePanelProps extends Omit<KlineChartProps, 'frame' | 'field'> {
  initialFrame?: KlineFrame;
}

/** The chart with its frame choice (and, for a spread, positive/negative): the content of a chart popover or dialog. */
export function KlinePanel({ initialFrame = DEFAULT_KLINE_FRAME, ...chart }: KlinePanelProps) {
  const { t } = useTranslation('market');
  const [frame, setFrame] = useState<KlineFrame>(initialFrame);
  const [field, setField] = useState<KlineField>(chart.legs.length > 1 ? 'positive' : 'price');
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap size="small">
        <Segmented<KlineFrame>
          size="small"
          data-testid="kline-frames"
          value={frame}
          onChange={setFrame}
          options={KLINE_FRAMES.map((value) => ({ value, label: value, title: t(`chart.frames.${value}`) }))}
        />
        {chart.legs.length > 1 && (
          <Segmented<KlineField>
            size="small"
            value={field}
            onChange={setField}
            options={(['positive', 'negative'] as const).map((value) => ({ value, label: t(`chart.field.${value}`) }))}
          />
        )}
      </Space>
      <KlineChart {...chart} frame={frame} field={field} />
    </Space>
  );
}

export default KlinePanel;
