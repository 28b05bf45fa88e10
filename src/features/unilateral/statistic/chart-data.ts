import type { SignalChart, SignalMark } from '#contract/types/unilateral';
import { isBuySignal } from '#contract/rules/unilateral';

/** Server times are China Standard Time (UTC+8), 'YYYY-MM-DD HH:mm:ss' (§7 /transaction/identifier). */
const OFFSET_MS = 8 * 3_600_000;
export const toServerTime = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
export const fromServerTime = (text: string): number => Date.parse(`${text.trim().replace(' ', 'T')}${text.length <= 16 ? ':00' : ''}+08:00`);

export interface PricePoint {
  t: number;
  price: number;
}
export interface Marker extends PricePoint {
  type: number;
  buy: boolean;
  tradeNum: number;
}

/**
 * Largest-triangle-three-buckets: at most `threshold` points that keep the line's shape (first and last
 * kept). The line only: trade markers are never downsampled.
 */
export function lttb(points: readonly PricePoint[], threshold: number): PricePoint[] {
  if (threshold >= points.length || threshold < 3) return points.slice();
  const sampled: PricePoint[] = [points[0]!];
  const every = (points.length - 2) / (threshold - 2);
  let a = 0;
  for (let i = 0; i < threshold - 2; i += 1) {
    const avgStart = Math.floor((i + 1) * every) + 1;
    const avgEnd = Math.min(Math.floor((i + 2) * every) + 1, points.length);
    let avgT = 0;
    let avgP = 0;
    for (let j = avgStart; j < avgEnd; j += 1) {
      avgT += points[j]!.t;
      avgP += points[j]!.price;
    }
    const count = Math.max(avgEnd - avgStart, 1);
    avgT /= count;
    avgP /= count;
    const rangeStart = Math.floor(i * every) + 1;
    const rangeEnd = Math.floor((i + 1) * every) + 1;
    const pointA = points[a]!;
    let maxArea = -1;
    let next = rangeStart;
    for (let j = rangeStart; j < rangeEnd; j += 1) {
      const p = points[j]!;
      const area = Math.abs((pointA.t - avgT) * (p.price - pointA.price) - (pointA.t - p.t) * (avgP - pointA.price));
      if (area > maxArea) {
        maxArea = area;
        next = j;
      }
    }
    sampled.push(points[next]!);
    a = next;
  }
  sampled.push(points[points.length - 1]!);
  return sampled;
}

const marker = (mark: SignalMark): Marker => ({
  t: fromServerTime(mark.createtime),
  price: mark.price,
  type: mark.type,
  buy: isBuySignal(mark.type),
  tradeNum: mark.trade_num,
});

/** The chart's line (time order) and every trade marker of both directions (time order). */
export function chartSeries(chart: SignalChart | undefined): { line: PricePoint[]; markers: Marker[] } {
  if (!chart) return { line: [], markers: [] };
  const line = chart.market.map((p) => ({ t: fromServerTime(p.createtime), price: p.price })).filter((p) => Number.isFinite(p.t) && Number.isFinite(p.price));
  line.sort((x, y) => x.t - y.t);
  const markers = [...chart.up_direction, ...chart.down_direction].map(marker).sort((x, y) => x.t - y.t);
  return { line, markers };
}

/** The index of the point nearest to time `t` in a line sorted by time (binary search). */
export function nearestIndex(line: readonly PricePoint[], t: number): number {
  let lo = 0;
  let hi = line.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(line[lo - 1]!.t - t) <= Math.abs(line[lo]!.t - t)) return lo - 1;
  return lo;
}

/** [min, max] of a field over points (a loop: spreading 43,200 values into Math.min is not safe everywhere). */
export function extent<T>(items: readonly T[], value: (item: T) => number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const item of items) {
    const v = value(item);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}
