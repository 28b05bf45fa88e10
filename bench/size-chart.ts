// One figure at each size as a small SVG line chart (a hand-written string, no dependency), for bench/charts/.
// Used by every bench that measures a figure at several sizes (bench/assets.ts, unilateral-list.ts, unilateral-statistic.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SizeChart {
  title: string;
  /** what the x axis counts (e.g. "strategies") */
  xLabel: string;
  /** the figure's unit (e.g. "ms", "KB") */
  unit: string;
  points: { size: number; value: number }[];
  /** drawn as a dashed line when given */
  budget?: number;
}

const W = 520;
const H = 300;
const PAD = { left: 64, right: 24, top: 40, bottom: 48 };
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const label = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

/** The chart's SVG text: sizes spaced evenly on x (they are few, and far apart), values on a linear y from 0. */
export function sizeChartSvg(chart: SizeChart): string {
  const points = [...chart.points].sort((a, b) => a.size - b.size);
  const top = Math.max(...points.map((p) => p.value), chart.budget ?? 0) * 1.15 || 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${xml(chart.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${xml(chart.title)}</text>`,
    ...ticks.map(
      (v) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e5e5e5"/>` +
        `<text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="#555">${label(v)}</text>`,
    ),
    `<line x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#333"/>`,
    `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${PAD.top + plotH}" y2="${PAD.top + plotH}" stroke="#333"/>`,
    `<text x="16" y="${PAD.top + plotH / 2}" transform="rotate(-90 16 ${PAD.top + plotH / 2})" text-anchor="middle" fill="#333">${xml(chart.unit)}</text>`,
    `<text x="${PAD.left + plotW / 2}" y="${H - 10}" text-anchor="middle" fill="#333">${xml(chart.xLabel)}</text>`,
    ...points.map(
      (p, i) => `<text x="${x(i).toFixed(1)}" y="${PAD.top + plotH + 18}" text-anchor="middle" fill="#555">${p.size.toLocaleString('en-US')}</text>`,
    ),
  ];
  if (chart.budget !== undefined)
    parts.push(
      `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(chart.budget).toFixed(1)}" y2="${y(chart.budget).toFixed(1)}" stroke="#d4380d" stroke-dasharray="6 4"/>`,
      `<text x="${W - PAD.right}" y="${(y(chart.budget) - 6).toFixed(1)}" text-anchor="end" fill="#d4380d">budget ${label(chart.budget)} ${xml(chart.unit)}</text>`,
    );
  parts.push(
    `<polyline fill="none" stroke="#1677ff" stroke-width="2" points="${points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}"/>`,
    ...points.map(
      (p, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="4" fill="#1677ff"/>` +
        `<text x="${x(i).toFixed(1)}" y="${(y(p.value) - 10).toFixed(1)}" text-anchor="middle">${label(p.value)} ${xml(chart.unit)}</text>`,
    ),
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}

/** Writes the chart to bench/charts/<name>.svg under `root`; returns its path. */
export function writeSizeChart(root: string, name: string, chart: SizeChart): string {
  const dir = path.join(root, 'bench/charts');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.svg`);
  writeFileSync(file, sizeChartSvg(chart));
  return file;
}

/** One chart per figure of results measured at several sizes (none with a single size), each figure read off a result. */
export function writeSizeCharts<R>(
  root: string,
  results: readonly R[],
  x: { label: string; of: (result: R) => number },
  charts: readonly (Omit<SizeChart, 'xLabel' | 'points'> & { name: string; value: (result: R) => number })[],
): void {
  if (results.length < 2) return;
  for (const { name, value, ...chart } of charts)
    writeSizeChart(root, name, { ...chart, xLabel: x.label, points: results.map((r) => ({ size: x.of(r), value: value(r) })) });
}
