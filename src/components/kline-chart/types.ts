import type { Candle } from '#contract/types/market';

export interface CandlesProps {
  candles: readonly Candle[];
  /** colours of a rising and a falling candle (the user's up/down colours) */
  up: string;
  down: string;
  height: number;
  /** how the tooltip shows a value */
  formatValue: (value: number) => string;
  /** tooltip names of open, high, low, close */
  names: { open: string; high: string; low: string; close: string };
}
