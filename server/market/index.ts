/** The market engine: instruments, delivery calendar, simulated and live prices, K-lines, market rows. */
export * from './instruments';
export * from '#contract/rules/calendar';
export * from './sim';
export * from './kline';
export * from './rows';
export * from './messages';
export { createLiveMarket, liveSymbol, LIVE_EXCHANGES, type LiveMarket, type LiveMarketOptions, type RefreshReport } from './live';
