import type { Page } from 'playwright-core';

/** Nearest-rank percentile (p in 0..100) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Infinity;
}

/**
 * requestAnimationFrame deltas as whole display intervals. The page's clock is coarsened to 0.1 ms (not
 * cross-origin isolated), so an on-time 60 Hz frame reads 16.6–16.8 ms: a delta counts as
 * round(delta / interval) intervals, the interval being the mean of the deltas within 10 % of the median
 * (16.67 ms at 60 Hz); a dropped frame counts two intervals.
 */
export function displayFrames(deltas: readonly number[]): { intervalMs: number; frameTimes: number[] } {
  const median = percentile(deltas, 50);
  const single = deltas.filter((delta) => Math.abs(delta - median) < median / 10);
  const intervalMs = single.reduce((sum, delta) => sum + delta, 0) / single.length;
  return { intervalMs, frameTimes: deltas.map((delta) => Math.max(1, Math.round(delta / intervalMs)) * intervalMs) };
}

/** In the page: animation-frame intervals and long tasks until `stop()`. A string, so no transform helpers reach the page. */
const RECORD = `(() => {
  const frames = [];
  const longTasks = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { frames.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); }).observe({ type: 'longtask' });
  window.__frames = { stop: () => { running = false; return { frames: frames.slice(1), longTasks }; } };
})()`;

/** Starts recording the page's frames and long tasks; the returned function stops and reads them. */
export async function recordFrames(page: Page): Promise<() => Promise<{ frames: number[]; longTasks: number[] }>> {
  await page.evaluate(RECORD);
  return async () => (await page.evaluate('window.__frames.stop()')) as { frames: number[]; longTasks: number[] };
}
