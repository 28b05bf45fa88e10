import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignalChart } from '#contract/types/unilateral';
import { seriesFigures, useChartSummary, useSvgDescription } from '../../../components/charts/summary';
import { useUpDownColors } from '../../../components/up-down-colors';
import { formatPrice } from '../../../domain/format';
import { signalLabelKey } from '#contract/rules/unilateral';
import { chartSeries, extent, lttb, nearestIndex, toServerTime, type Marker, type PricePoint } from './chart-data';

const PAD = { left: 64, right: 12, top: 12, bottom: 24 };
/** Points drawn per pixel of width at most: the line is downsampled (LTTB) above this; markers never are. */
const POINTS_PER_PX = 2;

/** The container's width, measured before the first paint: the plot is drawn once, at its real width (null until then). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setWidth(Math.max(element.clientWidth || 800, 240));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface Scale {
  x: (t: number) => number;
  y: (price: number) => number;
  t: (x: number) => number;
}

function scaleOf(line: readonly PricePoint[], markers: readonly Marker[], width: number, height: number): Scale | null {
  if (line.length + markers.length === 0) return null;
  const [lt0, lt1] = extent(line, (p) => p.t);
  const [mt0, mt1] = extent(markers, (p) => p.t);
  const [lp0, lp1] = extent(line, (p) => p.price);
  const [mp0, mp1] = extent(markers, (p) => p.price);
  const [t0, t1] = [Math.min(lt0, mt0), Math.max(lt1, mt1)];
  const [p0, p1] = [Math.min(lp0, mp0), Math.max(lp1, mp1)];
  const spanT = t1 - t0 || 1;
  const spanP = p1 - p0 || 1;
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  return {
    x: (t) => PAD.left + ((t - t0) / spanT) * innerW,
    y: (price) => PAD.top + (1 - (price - p0) / spanP) * innerH,
    t: (x) => t0 + ((x - PAD.left) / innerW) * spanT,
  };
}

/** One path of triangles, one subpath per marker: buys point up under the price, sells point down above it. */
function markersPath(markers: readonly Marker[], scale: Scale): string {
  const parts: string[] = [];
  for (const m of markers) {
    const x = scale.x(m.t).toFixed(1);
    const y = scale.y(m.price);
    parts.push(m.buy ? `M${x},${(y + 2).toFixed(1)}l-5,9h10z` : `M${x},${(y - 2).toFixed(1)}l-5,-9h10z`);
  }
  return parts.join('');
}

/**
 * The drawn part (line, markers, axes): memoised, so hovering re-renders only the crosshair. The markers
 * of each direction are ONE path (thousands over 30 days of 1T: one element each made the page's style,
 * layout and paint the slowest part of drawing); a marker's details are in the hover read-out.
 */
const Plot = memo(function Plot({
  line,
  markers,
  scale,
  width,
  height,
}: {
  line: PricePoint[];
  markers: Marker[];
  scale: Scale;
  width: number;
  height: number;
}) {
  const { token } = theme.useToken();
  const colors = useUpDownColors();
  const drawn = useMemo(() => lttb(line, Math.max(3, Math.round((width - PAD.left - PAD.right) * POINTS_PER_PX))), [line, width]);
  const points = drawn.map((p) => `${scale.x(p.t).toFixed(1)},${scale.y(p.price).toFixed(1)}`).join(' ');
  const up = markers.filter((m) => m.buy);
  const down = markers.filter((m) => !m.buy);
  const low = Math.min(extent(line, (p) => p.price)[0], extent(markers, (p) => p.price)[0]);
  const high = Math.max(extent(line, (p) => p.price)[1], extent(markers, (p) => p.price)[1]);
  const first = line[0] ?? markers[0];
  const last = line.at(-1) ?? markers.at(-1);
  return (
    <>
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={height - PAD.bottom} stroke={token.colorBorder} />
      <line x1={PAD.left} x2={width - PAD.right} y1={height - PAD.bottom} y2={height - PAD.bottom} stroke={token.colorBorder} />
      <text x={PAD.left - 4} y={scale.y(high) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
        {formatPrice(high)}
      </text>
      <text x={PAD.left - 4} y={scale.y(low)} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
        {formatPrice(low)}
      </text>
      {first ? (
        <text x={PAD.left} y={height - 6} fontSize={11} fill={token.colorTextSecondary}>
          {toServerTime(first.t).slice(0, 16)}
        </text>
      ) : null}
      {last ? (
        <text x={width - PAD.right} y={height - 6} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
          {toServerTime(last.t).slice(0, 16)}
        </text>
      ) : null}
      <polyline data-testid="price-line" data-points={drawn.length} points={points} fill="none" stroke={token.colorPrimary} strokeWidth={1.2} />
      <g data-testid="signal-markers">
        <path data-direction="up" d={markersPath(up, scale)} fill={colors.up} />
        <path data-direction="down" d={markersPath(down, scale)} fill={colors.down} />
      </g>
    </>
  );
});

interface Hover {
  point: PricePoint | undefined;
  marker: Marker | undefined;
}

/**
 * The chart's svg (its `children`: the plot) and, over it, the crosshair, the nearest price and the nearest marker's
 * read-out (with a ring on it). Its own state and its own svg: a pointer move renders this layer only (the plot's
 * elements are its unchanged `children`), at most once an animation frame, with two binary searches by time. The
 * layer is composited on its own (will-change), so a move repaints it alone: repainting the plot under it — a
 * year of 1T is 66,670 marker triangles — took longer than a frame.
 */
function HoverLayer({
  line,
  markers,
  scale,
  width,
  height,
  label,
  description,
  children,
}: {
  line: readonly PricePoint[];
  markers: readonly Marker[];
  scale: Scale | null;
  width: number | null;
  height: number;
  /** the chart's name and its description's aria-describedby (the svg is an image) */
  label: string;
  description: { 'aria-describedby'?: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('unilateral');
  const { token } = theme.useToken();
  const [hover, setHover] = useState<Hover | null>(null);
  const pointerX = useRef<number | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const show = () => {
    frame.current = 0;
    const x = pointerX.current;
    if (!scale || x === null) return;
    const at = scale.t(x);
    // in the frame, before it is painted: the read-out follows the pointer without a frame's lag
    flushSync(() => setHover({ point: line[nearestIndex(line, at)], marker: markers[nearestIndex(markers, at)] }));
  };
  const move = (event: MouseEvent<SVGSVGElement>) => {
    pointerX.current = event.clientX - event.currentTarget.getBoundingClientRect().left;
    if (!frame.current) frame.current = requestAnimationFrame(show);
  };
  const leave = () => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    pointerX.current = null;
    setHover(null);
  };
  // the read-out sits right of the pointer on the left half, left of it on the right half
  const readout = (x: number) => (x < (width ?? 0) / 2 ? { x: x + 6, textAnchor: 'start' as const } : { x: x - 6, textAnchor: 'end' as const });

  return (
    <div style={{ position: 'relative' }}>
      <svg
        role="img"
        aria-label={label}
        {...description}
        width={width ?? '100%'}
        height={height}
        onMouseMove={move}
        onMouseLeave={leave}
        style={{ display: 'block' }}
      >
        {children}
      </svg>
      {scale && width !== null && hover ? (
        <svg aria-hidden="true" width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none', willChange: 'transform' }}>
          <g data-testid="chart-hover">
            {hover.point ? (
              <>
                <line
                  x1={scale.x(hover.point.t)}
                  x2={scale.x(hover.point.t)}
                  y1={PAD.top}
                  y2={height - PAD.bottom}
                  stroke={token.colorTextTertiary}
                  strokeDasharray="3 3"
                />
                <circle cx={scale.x(hover.point.t)} cy={scale.y(hover.point.price)} r={3} fill={token.colorPrimary} />
                <text data-testid="price-readout" {...readout(scale.x(hover.point.t))} y={PAD.top + 12} fontSize={12} fill={token.colorText}>
                  {`${toServerTime(hover.point.t).slice(0, 16)}  ${formatPrice(hover.point.price)}`}
                </text>
              </>
            ) : null}
            {hover.marker ? (
              <>
                <circle
                  data-testid="marker-ring"
                  cx={scale.x(hover.marker.t)}
                  cy={scale.y(hover.marker.price) + (hover.marker.buy ? 8 : -8)}
                  r={8}
                  fill="none"
                  stroke={token.colorText}
                />
                <text data-testid="marker-readout" {...readout(scale.x(hover.marker.t))} y={PAD.top + 28} fontSize={12} fill={token.colorText}>
                  {`${t(signalLabelKey(hover.marker.type))} ${toServerTime(hover.marker.t)} ${formatPrice(hover.marker.price)}`}
                </text>
              </>
            ) : null}
          </g>
        </svg>
      ) : null}
    </div>
  );
}

/**
 * The statistics page's price chart (§3 Signal chart data): the coin's price with every trade signal
 * as a marker (1 long open, 2 short close up; −1 short open, −2 long close down). Plain SVG: the line is
 * downsampled for drawing with LTTB, the markers never; hovering shows the nearest price and the nearest
 * marker's signal, time and price. Its text alternative: the period, the price's figures, the markers of each direction.
 */
export function SignalPriceChart({ chart, height = 320, label }: { chart: SignalChart | undefined; height?: number; label: string }) {
  const { t } = useTranslation('unilateral');
  const { ref, width } = useWidth();
  const { line, markers } = useMemo(() => chartSeries(chart), [chart]);
  const scale = useMemo(() => (width === null ? null : scaleOf(line, markers, width, height)), [line, markers, width, height]);
  const figures = useMemo(() => seriesFigures(line.map((p) => p.price)), [line]);
  const minute = (p: PricePoint) => toServerTime(p.t).slice(0, 16);
  const prices = useChartSummary(
    figures ? [{ name: t('statistic.trade.price'), figures, format: formatPrice }] : [],
    line.length ? { from: minute(line[0]!), to: minute(line.at(-1)!), count: line.length } : undefined,
  );
  const buys = useMemo(() => markers.filter((m) => m.buy).length, [markers]);
  const signals = markers.length ? t('statistic.chartSignals', { buys, sells: markers.length - buys }) : '';
  const { svg, desc } = useSvgDescription([prices, signals].filter(Boolean).join(' '));

  return (
    <div ref={ref} style={{ width: '100%' }}>
      <HoverLayer line={line} markers={markers} scale={scale} width={width} height={height} label={label} description={svg}>
        {desc}
        {scale && width !== null ? <Plot line={line} markers={markers} scale={scale} width={width} height={height} /> : null}
      </HoverLayer>
    </div>
  );
}
