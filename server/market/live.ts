/**
 * Live prices, opt-in (`MARKET_SOURCE=live`): public market data (no API keys) of exchanges 1, 2, 3
 * from OKX, HTX and Binance through ccxt. It only reads instrument lists and tickers; it has no keys
 * and no order method, so it can never trade.
 *
 * No timers: the caller's clock calls `refresh(now)` as often as it likes; `quote` answers at once from
 * the last tickers. An instrument the exchange does not list (or before the first refresh, or after
 * the exchange failed to load) is priced by the simulation and marked `fallback: true`, `source: 'sim'`.
 */
import type { Exchange, Ticker } from 'ccxt';
import ccxt from '../ccxt';
import { deliveryCode, expiries } from '#contract/rules/calendar';
import {
  CURRENCIES,
  EXCHANGES,
  contractTypesOf,
  isDelivery,
  isUsdtMargined,
  tradeType,
  type ContractCode,
  type Currency,
  type ExchangeId,
} from './instruments';
import { CURRENCY_MODEL, quoteOf, roundTo, type Level, type Quote, type SimMarket } from './sim';

/** Exchange id → ccxt exchange (the seed's names: 1 OKEx, 2 Huobi, 3 Binance). */
export const LIVE_EXCHANGES: Record<ExchangeId, 'okx' | 'htx' | 'binance'> = { 1: 'okx', 2: 'htx', 3: 'binance' };

/** The public ticker calls that cover the instruments we list, per exchange (spot, perpetual, delivery). */
const TICKER_CALLS: Record<ExchangeId, { method: 'fetchTickers' | 'fetchBidsAsks'; params: Record<string, string> }[]> = {
  1: [
    { method: 'fetchTickers', params: { type: 'spot' } },
    { method: 'fetchTickers', params: { type: 'swap' } },
    { method: 'fetchTickers', params: { type: 'future' } },
  ],
  2: [
    { method: 'fetchTickers', params: { type: 'spot' } },
    { method: 'fetchTickers', params: { type: 'future', subType: 'inverse' } },
  ],
  3: [
    { method: 'fetchBidsAsks', params: { type: 'spot' } },
    { method: 'fetchBidsAsks', params: { type: 'swap', subType: 'linear' } },
    { method: 'fetchBidsAsks', params: { type: 'swap', subType: 'inverse' } },
  ],
};

/** Which market kinds ccxt must load per exchange (fewer calls, and no option chains). */
const MARKET_TYPES: Record<ExchangeId, unknown> = {
  1: ['spot', 'future', 'swap'],
  2: { spot: true, linear: false, inverse: true },
  3: ['spot', 'linear', 'inverse'],
};

/** The ccxt unified symbol of an instrument at `now` (delivery symbols carry the current expiry). */
export function liveSymbol(currency: Currency, type: ContractCode, now: number): string {
  const base = currency.toUpperCase();
  const tt = tradeType(type);
  if (tt === 'SS') return `${base}/USDT`;
  const settle = isUsdtMargined(type) ? `${base}/USDT:USDT` : `${base}/USD:${base}`;
  if (!isDelivery(type)) return settle;
  return `${settle}-${deliveryCode(expiries(now)[tt as 'CW' | 'NW' | 'CQ' | 'NQ'])}`;
}

export interface LiveMarketOptions {
  sim: SimMarket;
  /** replaces each exchange's ccxt `urls.api` (tests point them at a loopback server) */
  urls?: Partial<Record<ExchangeId, Record<string, string>>>;
  /** ccxt's own request throttling (on by default, as the exchanges' public limits ask) */
  rateLimit?: boolean;
  timeoutMs?: number;
}

export interface RefreshReport {
  /** per exchange: the number of instruments priced live, or the error that stopped it */
  [exchange: number]: { live: number } | { error: string };
}

export interface LiveMarket {
  quote(exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): Quote;
  /** loads instrument lists (once per exchange) and fetches every ticker we need */
  refresh(now: number): Promise<RefreshReport>;
  /** the live symbol of an instrument, or undefined when the simulation stands in */
  listed(exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): string | undefined;
}

interface Venue {
  client: Exchange;
  loaded: boolean;
  tickers: Map<string, { ticker: Ticker; fetchedAt: number }>;
}

export function createLiveMarket(options: LiveMarketOptions): LiveMarket {
  const venues = new Map<ExchangeId, Venue>();
  for (const id of EXCHANGES) {
    const Client = ccxt[LIVE_EXCHANGES[id]] as unknown as new (config: object) => Exchange;
    const client = new Client({ enableRateLimit: options.rateLimit ?? true, timeout: options.timeoutMs ?? 10_000 });
    client.options.fetchMarkets = { ...(client.options.fetchMarkets ?? {}), types: MARKET_TYPES[id] };
    client.has.fetchCurrencies = false; // currency lists need keys on two of them and are not used
    const urls = options.urls?.[id];
    if (urls) client.urls.api = { ...(client.urls.api as object), ...urls };
    venues.set(id, { client, loaded: false, tickers: new Map() });
  }

  const listed = (exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): string | undefined => {
    const venue = venues.get(exchange)!;
    if (!venue.loaded || !contractTypesOf(exchange).includes(type)) return undefined;
    const symbol = liveSymbol(currency, type, now);
    return venue.client.markets?.[symbol] && venue.tickers.has(symbol) ? symbol : undefined;
  };

  /**
   * A simulated stand-in at the live price level: the simulation's quote scaled by live spot ÷ simulated
   * spot of the currency (this exchange's spot first, else another's), so its spreads against live
   * legs stay those of the model's term structure.
   */
  const fallback = (exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): Quote => {
    const sim = options.sim.quote(exchange, currency, type, now);
    const ref = [exchange, ...EXCHANGES.filter((e) => e !== exchange)].find((e) => listed(e, currency, 1, now));
    if (ref === undefined) return { ...sim, fallback: true };
    const live = venues.get(ref)!.tickers.get(listed(ref, currency, 1, now)!)!.ticker;
    const ratio = (live.last ?? live.bid ?? 0) / options.sim.quote(ref, currency, 1, now).last;
    if (!(ratio > 0)) return { ...sim, fallback: true };
    const tick = CURRENCY_MODEL[currency].tick;
    const scale = (price: number): number => roundTo(price * ratio, tick);
    const level = ([price, size]: Level): Level => [scale(price), size];
    return {
      ...sim,
      bid: scale(sim.bid),
      ask: scale(sim.ask),
      last: scale(sim.last),
      index: scale(sim.index),
      bids: sim.bids.map(level),
      asks: sim.asks.map(level),
      fallback: true,
    };
  };

  const quote = (exchange: ExchangeId, currency: Currency, type: ContractCode, now: number): Quote => {
    const symbol = listed(exchange, currency, type, now);
    if (!symbol) return fallback(exchange, currency, type, now);
    const { ticker, fetchedAt } = venues.get(exchange)!.tickers.get(symbol)!;
    const bid = ticker.bid ?? ticker.last ?? 0;
    const ask = ticker.ask ?? ticker.last ?? bid;
    const bidSize = ticker.bidVolume ?? 0;
    const askSize = ticker.askVolume ?? 0;
    const time = Math.min(now, ticker.timestamp ?? fetchedAt);
    const spot = type === 1 ? undefined : listed(exchange, currency, 1, now);
    const index = spot ? venues.get(exchange)!.tickers.get(spot)!.ticker.last : undefined;
    return quoteOf({
      exchange,
      currency,
      type,
      bids: [[bid, bidSize]],
      asks: [[ask, askSize]],
      last: ticker.last ?? (bid + ask) / 2,
      index: index ?? (type === 1 ? (ticker.last ?? bid) : options.sim.index(currency, now)),
      time,
      now,
      expiryAt: now,
      source: 'live',
    });
  };

  const refreshVenue = async (id: ExchangeId, now: number): Promise<{ live: number }> => {
    const venue = venues.get(id)!;
    if (!venue.loaded) {
      await venue.client.loadMarkets();
      venue.loaded = true;
    }
    const wanted = new Set(CURRENCIES.flatMap((c) => contractTypesOf(id).map((t) => liveSymbol(c, t, now))).filter((s) => venue.client.markets?.[s]));
    for (const call of TICKER_CALLS[id]) {
      const tickers = await venue.client[call.method](undefined, call.params);
      for (const [symbol, ticker] of Object.entries(tickers)) if (wanted.has(symbol)) venue.tickers.set(symbol, { ticker, fetchedAt: now });
    }
    return { live: [...wanted].filter((s) => venue.tickers.has(s)).length };
  };

  const refresh = async (now: number): Promise<RefreshReport> => {
    const report: RefreshReport = {};
    await Promise.all(
      EXCHANGES.map(async (id) => {
        try {
          report[id] = await refreshVenue(id, now);
        } catch (error) {
          report[id] = { error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    return report;
  };

  return { quote, refresh, listed };
}
