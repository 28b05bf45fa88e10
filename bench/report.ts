// What the benches share: their entry of bench/budget.json; for the console measured at several sizes, the frame
// figures and the table's rows of them, and the results file (bench/results/<name>.json) beside the printed table.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { displayFrames, percentile } from './frames';

/** One bench's entry of bench/budget.json. */
export const budgetOf = <T>(root: string, key: string): T =>
  (JSON.parse(readFileSync(path.join(root, 'bench/budget.json'), 'utf8')) as Record<string, T>)[key]!;

/** The sizes a bench runs: the environment variable's comma-separated list when set, else the budget's. */
export const sizesOf = (variable: string, budgeted: readonly number[]): number[] =>
  process.env[variable] ? process.env[variable].split(',').map(Number) : [...budgeted];

export interface Row {
  figure: string;
  value: string;
  budget: string;
  pass: boolean;
}

/** The p95 frame interval at the display's refresh, to 0.1 ms: timestamps without cross-origin isolation are coarsened to it. */
export const frameP95 = (frames: readonly number[]): number => Math.round(percentile(displayFrames(frames).frameTimes, 95) * 10) / 10;

/** The row of the longest main-thread task; reported only without a budget. */
export function longestTaskRow(figure: string, longTasks: readonly number[], maxMs?: number): Row {
  const longest = Math.max(0, ...longTasks);
  return {
    figure,
    value: `${longest.toFixed(1)} ms (${longTasks.length} tasks)`,
    budget: maxMs === undefined ? '-' : `≤ ${maxMs} ms`,
    pass: maxMs === undefined || longest <= maxMs,
  };
}

/** Prints the table and writes the results file; answers the exit code (1 when a row failed). The date stamps the file only. */
export function report(root: string, name: string, table: readonly Row[], results: unknown): number {
  console.table(table);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, `bench/results/${name}.json`), `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  return table.some((row) => !row.pass) ? 1 : 0;
}
