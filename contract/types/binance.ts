/** The Binance tool pages (/binance/trading; docs/spec-coverage.md "Tool pages: Binance trading, Binance currency, Aevo"). */

import type { UnilateralPosition } from './unilateral';

/** A follow position of a Binance account with what its leverage puts up: margin = |position| × price ÷ leverage. */
export interface BinancePosition extends UnilateralPosition {
  price: number;
  notional: number;
  margin: number;
}
/** /binance/accounts: one of the user's API accounts on Binance (exchange 3). */
export interface BinanceAccount {
  apiId: number;
  name: string;
  leverage: number;
  /** its follow task (adjust and trigger act on it); null when the API follows no strategy. */
  follow: { strategyId: number; strategyName: string; status: number; equity: number } | null;
  positions: BinancePosition[];
}
