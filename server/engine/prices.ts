import type { ContractCode, Currency, ExchangeId, MarketSource, Quote } from '../market';
import type { EngineInputs, Leg, PriceSource } from './types';
import { mid } from './pricing';

/**
 * The one adapter between the server's market and what reads its prices: the task engine (quotes per
 * leg, expiries), the books and the asset calls and feeds (mid prices per instrument). A tick asks a
 * thousand tasks about the same few instruments at one instant, so each instrument is quoted once per
 * instant (the quotes of the latest few instants are kept). The market's quote is the engine's quote: no
 * field is copied or renamed.
 */
const INSTANTS_KEPT = 4;

export function enginePrices(market: MarketSource): { prices: PriceSource; expiry: NonNullable<EngineInputs['expiry']> } {
  // by instant: a tick asks about its own instant and, for a stale fill now and then, the one before; keeping a
  // few instants spares re-quoting every instrument each time the two alternate
  const byInstant = new Map<number, Map<string, Quote>>();
  const quote = (leg: Leg, now: number): Quote => {
    let quotes = byInstant.get(now);
    if (!quotes) {
      if (byInstant.size >= INSTANTS_KEPT) byInstant.delete(byInstant.keys().next().value!);
      quotes = new Map();
      byInstant.set(now, quotes);
    }
    const key = `${leg.exchange}:${leg.currency}:${leg.contractType}`;
    let q = quotes.get(key);
    if (!q) {
      q = market.quote(leg.exchange as ExchangeId, leg.currency as Currency, leg.contractType as ContractCode, now);
      quotes.set(key, q);
    }
    return q;
  };
  return {
    prices: quote,
    expiry: (leg, now) => quote(leg, now).expiry ?? null,
  };
}

/** The mid price of an instrument: exchange, currency, contract type (1 spot). */
export type Pricer = (exchange: number, currency: string, contractType: number) => number;

/** The mid prices of a price source at `at`: the engine's (what its fills were made at) or the market's now (`enginePrices(market).prices`). */
export const midPricer =
  (prices: PriceSource, at: number): Pricer =>
  (exchange, currency, contractType) =>
    mid(prices({ exchange, currency, contractType }, at));

/** Mid prices of the server's market (ctx.market.prices) now. */
export const marketPricer = (market: MarketSource, now: number): Pricer => midPricer(enginePrices(market).prices, now);
