/**
 * Live order books of the instruments hedging tasks trade on exchanges (issue 33): per instrument a ccxt pro
 * `watchOrderBook` loop, `depth` levels (the global config's depthMarket), each book stamped with the server's
 * clock when it arrived so its age is known (contract/rules/exchange-trading.ts BOOK_MAX_AGE_MS bounds it).
 * A testnet's books are not the live exchange's: a book is keyed by the network it was read on as well.
 * Listeners hear of every book that arrives, so a task can decide on the update, not on the next tick.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { BOOK_MAX_AGE_MS } from '#contract/rules/exchange-trading';
import type { Clock } from '../clock/clock';
import type { Quote } from '../engine';

export { BOOK_MAX_AGE_MS };

/** [price, size] per level, best first, as ccxt answers them (size in the exchange's unit: contracts for OKX's swaps and futures). */
type Side = readonly (readonly (number | undefined)[])[];

/** The part of a ccxt pro client the books read. */
export interface BookClient {
  watchOrderBook(symbol: string, limit?: number): Promise<{ bids: Side; asks: Side }>;
  /** ccxt's loaded markets: a contract's size turns the book's contracts into coins; its amount precision is its lot */
  markets?: Record<string, { contract?: boolean; contractSize?: number; inverse?: boolean; precision?: { amount?: number } } | undefined>;
  /** ccxt's precision mode: TICK_SIZE (a step) or DECIMAL_PLACES (digits) */
  precisionMode?: number;
}

export interface LiveBook {
  /** the touch, and per level the mean coin size of the levels read (so `depth` levels hold what the book holds) */
  quote: Quote;
  /** ms by the server's clock when it arrived */
  at: number;
}

export interface OrderBooks {
  /** starts reading the book of `symbol` on `network` through the client `clientOf` answers; nothing when it is read already */
  watch(network: string, symbol: string, clientOf: () => BookClient): void;
  book(network: string, symbol: string): LiveBook | undefined;
  /** a book arrived; returns the unsubscribe */
  onUpdate(listener: (network: string, symbol: string) => void): () => void;
  /** stops every loop after its pending read */
  close(): void;
}

const RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Coins per unit of the book's sizes at `price`: a linear contract's size, an inverse one's USD over the price. */
const coinsPerUnit = (client: BookClient, symbol: string, price: number): number => {
  const market = client.markets?.[symbol];
  if (!market?.contract) return 1;
  const size = market.contractSize ?? 1;
  return market.inverse ? size / price : size;
};

/** ccxt's precision modes (its constants DECIMAL_PLACES and TICK_SIZE). */
const DECIMAL_PLACES = 2;
const TICK_SIZE = 4;

/** The smallest amount step of the market in coins at `price` (its amount precision in its unit), 0 when unknown. */
export const lotOfMarket = (client: BookClient, symbol: string, price: number): number => {
  const precision = client.markets?.[symbol]?.precision?.amount;
  if (precision === undefined || !(price > 0)) return 0;
  const mode = client.precisionMode ?? TICK_SIZE;
  const step = mode === TICK_SIZE ? precision : mode === DECIMAL_PLACES ? 10 ** -precision : 0;
  return step > 0 ? step * coinsPerUnit(client, symbol, price) : 0;
};

/** The engine's quote of a book: the touch, and the mean size (coins) of the first `depth` levels of each side. */
export function quoteOfBook(bids: Side, asks: Side, depth: number, perUnit: (price: number) => number): Quote | null {
  const side = (levels: Side) => {
    const read = levels.slice(0, Math.max(1, depth)).filter((l): l is [number, number] => Number(l[0]) > 0 && Number(l[1]) > 0);
    if (!read.length) return null;
    const coins = read.reduce((sum, [price, size]) => sum + size * perUnit(price), 0);
    return { price: read[0]![0], size: coins / read.length };
  };
  const bid = side(bids);
  const ask = side(asks);
  if (!bid || !ask) return null;
  return { bid: bid.price, ask: ask.price, bidSize: bid.size, askSize: ask.size };
}

export const isFresh = (book: LiveBook | undefined, now: number): book is LiveBook => !!book && now - book.at <= BOOK_MAX_AGE_MS;

/** Made where no transaction is under way (the server's start): its reads run there, whoever asks to watch. */
export function orderBooks(options: { clock: Clock; depth: () => number }): OrderBooks {
  const { clock } = options;
  // a book is first asked for inside a step's transaction; its loop (and the steps a book update starts) must not
  // inherit that transaction's async context (server/store/db.ts would run them as part of it, out of turn)
  const outside = AsyncLocalStorage.snapshot();
  const books = new Map<string, LiveBook>();
  const watching = new Set<string>();
  const listeners = new Set<(network: string, symbol: string) => void>();
  let closed = false;
  const keyOf = (network: string, symbol: string) => `${network}|${symbol}`;

  // reads one book until closed; a failed read waits (on the clock, doubling up to 30 s) and reads again,
  // the book it had ageing meanwhile, so it goes stale by itself
  const read = async (network: string, symbol: string, client: BookClient) => {
    let failures = 0;
    while (!closed) {
      try {
        const depth = options.depth();
        const ob = await client.watchOrderBook(symbol, depth);
        failures = 0;
        if (closed) return;
        const quote = quoteOfBook(ob.bids, ob.asks, depth, (price) => coinsPerUnit(client, symbol, price));
        if (!quote) continue;
        const lot = lotOfMarket(client, symbol, quote.ask);
        books.set(keyOf(network, symbol), { quote: lot > 0 ? { ...quote, lot } : quote, at: clock.now() });
        for (const listener of listeners) listener(network, symbol);
      } catch (error) {
        if (closed) return;
        failures += 1;
        if (failures === 1) console.error(`[server] order book ${network} ${symbol}:`, error instanceof Error ? error.message : error);
        await clock.sleep(Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** (failures - 1)));
      }
    }
  };

  return {
    watch(network, symbol, clientOf) {
      const key = keyOf(network, symbol);
      if (closed || watching.has(key)) return;
      watching.add(key);
      outside(() => void read(network, symbol, clientOf()));
    },
    book: (network, symbol) => books.get(keyOf(network, symbol)),
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
    },
  };
}
