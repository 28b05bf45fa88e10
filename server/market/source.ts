import type { Clock } from '../clock/clock';
import { clockLoop } from '../clock/loop';
import { createLiveMarket, createSimMarket, type LiveMarketOptions, type MarketSource, type SimMarket } from '.';

/** Where a server's prices come from: the seeded simulation (default, offline) or live public tickers. */
export type MarketSourceName = 'sim' | 'live';

export interface MarketOptions {
  /** default 'sim'; the command line reads MARKET_SOURCE. */
  source?: MarketSourceName;
  /** the simulation's seed (MARKET_SEED); default 'arbitrage'. */
  seed?: string;
  /** live mode: ccxt options (tests point `urls` at a loopback fixture). */
  live?: Omit<LiveMarketOptions, 'sim'>;
  /** live mode: how often the tickers are fetched; default 5 s. */
  refreshMs?: number;
}

/** The one market of a server, shared by the market handlers and feeds. */
export interface ServerMarket {
  source: MarketSourceName;
  /** the rows' and the demand's prices: the simulation, or live tickers with the simulation standing in. */
  prices: MarketSource;
  /** K-lines always come from the simulation (no history is fetched in live mode). */
  sim: SimMarket;
  /** signed-in market (get2) sockets now open: a socket leaves it when it closes. */
  openSockets: Set<object>;
  stop(): void;
}

export const DEFAULT_REFRESH_MS = 5000;

/**
 * Creates the server's market. In live mode a clock job fetches the public tickers every `refreshMs`
 * (one fetch at a time; a failing exchange keeps its last tickers and is logged). It only reads prices.
 */
export function startMarket(clock: Clock, options: MarketOptions = {}): ServerMarket {
  const sim = createSimMarket(options.seed ?? 'arbitrage');
  const openSockets = new Set<object>();
  if (options.source !== 'live') return { source: 'sim', prices: sim, sim, openSockets, stop: () => undefined };

  const live = createLiveMarket({ ...options.live, sim });
  const refresh = clockLoop(clock, {
    name: 'live market refresh',
    everyMs: options.refreshMs ?? DEFAULT_REFRESH_MS,
    overlap: 'skip',
    run: async (at) => {
      const report = await live.refresh(at);
      for (const [exchange, result] of Object.entries(report)) {
        if ('error' in result) console.error(`[server] live market, exchange ${exchange}: ${result.error}`);
      }
    },
  });
  refresh.runNow();
  refresh.start();
  return { source: 'live', prices: live, sim, openSockets, stop: () => refresh.pause() };
}
