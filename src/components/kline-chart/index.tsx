import { lazy, Suspense, useMemo, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Alert, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_KLINE_FRAME, KLINE_FRAMES, formatMarketNumber, klineQuery, type KlineFrame, type KlineLeg } from '../../domain/market';
import type { KlineField, Candle, KlineReply } from '#contract/types/market';
import { ChartFigure, periodOf, useChartSummary, type SeriesFigures } from '../charts/summary';

/** The chart library loads on the first chart drawn, never with the page. */
const Candles = lazy(() => import('./candles'));

export interface KlineChartProps {
  /** one leg (its price) or the two legs of a market table (their spread) */
  legs: readonly KlineLeg[];
  currency: string;
  /** a §9 chart frame: 1T, 30T, 1H, 4H, 1D, 1W */
  frame: KlineFrame;
  /** where the frame's window ends (ms): the time the frame was chosen (KlinePanel's clock) */
  end: number;
  /** with two legs: 'positive' (default) or 'negative' */
  field?: KlineField;
  /** the user's up/down colours (useUpDownColors) */
  colors: { up: string; down: string };
  height?: number;
}

/**
 * Candlesticks of /web/get/kline/data over the §9 window of the frame, ending at `end`. Errors show with
 * the K-line query error prefix of §8 (locale key in the market namespace). Reused by the task page's market chart dialog.
 * Its text alternative: the period, how many candles, the first open, the last close, the lowest low and the highest high.
 */
export function KlineChart({ legs, currency, frame, end, field, colors, height = 240 }: KlineChartProps) {
  const { t } = useTranslation('market');
  const legsKey = legs.map((l) => `${l.exchange}:${l.type}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: legsKey is legs by value (a caller passes a new array of the same legs each render)
  const query = useMemo(() => klineQuery(legs, currency, frame, end, field), [legsKey, currency, frame, end, field]);
  const { result, query: state } = useCustom<KlineReply>({
    url: 'klineData',
    method: 'get',
    config: { query },
    errorNotification: false,
    queryOptions: { staleTime: 30_000, retry: false },
  });
  const candles = Array.isArray(result?.data?.candles) ? result.data.candles : [];
  const label = t('chart.label', { currency: currency.toUpperCase(), frame: t(`chart.frames.${frame}`) });
  const format = (value: unknown) => formatMarketNumber(String(value));
  const summary = useChartSummary(
    candles.length === 0 ? [] : [{ name: t(`chart.field.${field ?? (legs.length > 1 ? 'positive' : 'price')}`), format, figures: candleFigures(candles) }],
    periodOf(candles, (candle) => candle.time),
  );

  let body: React.ReactNode;
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
          formatValue={format}
          names={{ open: t('chart.openPrice'), high: t('chart.high'), low: t('chart.low'), close: t('chart.close') }}
        />
      </Suspense>
    );
  }
  const timezone = result?.data?.timezone;
  const drawn = !state.isError && !state.isLoading && candles.length > 0;
  return (
    <>
      <ChartFigure label={label} summary={summary} drawn={drawn} data-frame={frame} style={{ width: '100%', minHeight: height }}>
        {body}
      </ChartFigure>
      {timezone && drawn && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('chart.timezone', { timezone })}
        </Typography.Text>
      )}
    </>
  );
}

/** A candle chart's figures: the first open, the last close, the lowest low, the highest high. */
export function candleFigures(candles: readonly Candle[]): SeriesFigures | undefined {
  if (candles.length === 0) return undefined;
  let [min, max] = [Infinity, -Infinity];
  for (const candle of candles) {
    min = Math.min(min, candle.low);
    max = Math.max(max, candle.high);
  }
  return { first: candles[0].open, last: candles[candles.length - 1].close, min, max, count: candles.length };
}

export interface KlinePanelProps extends Omit<KlineChartProps, 'frame' | 'field' | 'end'> {
  initialFrame?: KlineFrame;
  /** the clock a chosen window ends at (ms); the browser's by default, a test's own where it pins the window */
  now?: () => number;
}

/** The chart with its frame choice (and, for a spread, positive/negative): the content of a chart popover or dialog. */
export function KlinePanel({ initialFrame = DEFAULT_KLINE_FRAME, now = Date.now, ...chart }: KlinePanelProps) {
  const { t } = useTranslation('market');
  const [frame, setFrame] = useState<KlineFrame>(initialFrame);
  const [field, setField] = useState<KlineField>(chart.legs.length > 1 ? 'positive' : 'price');
  // the window ends when the panel opens or a frame or side is chosen, not at every render
  const [end, setEnd] = useState(now);
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setEnd(now());
    };
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap size="small">
        <Segmented<KlineFrame>
          size="small"
          data-testid="kline-frames"
          value={frame}
          onChange={choose(setFrame)}
          options={KLINE_FRAMES.map((value) => ({ value, label: value, title: t(`chart.frames.${value}`) }))}
        />
        {chart.legs.length > 1 && (
          <Segmented<KlineField>
            size="small"
            value={field}
            onChange={choose(setField)}
            options={(['positive', 'negative'] as const).map((value) => ({ value, label: t(`chart.field.${value}`) }))}
          />
        )}
      </Space>
      <KlineChart {...chart} frame={frame} field={field} end={end} />
    </Space>
  );
}

export default KlinePanel;
