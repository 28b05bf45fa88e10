import type { ContractCode, Currency, ExchangeId, MarketSource, Quote } from '../market';
import type { EngineInputs, Leg, PriceSource } from './index';

/**
 * The engine's view of a market: quotes as `PriceSource`, expiries from the market's calendar. A
 * tick asks a thousand tasks about the same few instruments at one instant, so each instrument is
 * quoted once per instant (the quotes of the latest instant are kept).
 */
export function enginePrices(market: MarketSource): { prices: PriceSource; expiry: NonNullable<EngineInputs['expiry']> } {
  let instant = NaN;
  const quotes = new Map<string, Quote>();
  const quote = (leg: Leg, now: number): Quote => {
    if (now !== instant) {
      quotes.clear();
      instant = now;
    }
    const key = `${leg.exchange}:${leg.currency}:${leg.contractType}`;
    let q = quotes.get(key);
    if (!q) quotes.set(key, (q = market.quote(leg.exchange as ExchangeId, leg.currency as Currency, leg.contractType as ContractCode, now)));
    return q;
  };
  return {
    prices: (leg, now) => {
      const q = quote(leg, now);
      return { bid: q.bid, ask: q.ask, bidDepth: q.bidSize, askDepth: q.askSize };
    },
    expiry: (leg, now) => quote(leg, now).expiry ?? null,
  };
}
