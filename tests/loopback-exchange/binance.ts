/**
 * A loopback Binance (USDⓈ-M futures): a real HTTP + WebSocket server on 127.0.0.1 (port 0) that speaks the part of
 * Binance's fapi REST and websocket API that ccxt's `binance` and `ccxt.pro.binance` use to trade linear perpetuals
 * and quarterlies (binance-rest.ts, binance-ws.ts), keeps its own state (binance-state.ts) and fails on command,
 * through the same transport half as the loopback OKX (harness.ts). README.md beside this file says how to point
 * ccxt at it and how it differs from Binance.
 */
import { roundTo, type BookInput } from './book';
import { binanceFailBody, binanceRest } from './binance-rest';
import { BINANCE_TEST_ACCOUNT, BinanceState, type BinanceAccountOptions, type BinanceError, type BinanceStateOptions } from './binance-state';
import { binanceSockets, type BinanceSockets } from './binance-ws';
import { startHarness, type HarnessControl, type RecordedRequest } from './harness';

export { defaultBinanceInstruments, type BinanceInstrument } from './binance-market';
export {
  BINANCE_TEST_ACCOUNT,
  type BinanceAccountOptions,
  type BinanceError,
  type BinanceOrder,
  type BinancePosition,
  type BinanceTrade,
} from './binance-state';

export interface LoopbackBinanceOptions extends BinanceStateOptions {
  /** the keys it knows (default: BINANCE_TEST_ACCOUNT) */
  accounts?: BinanceAccountOptions[];
  /** the exchange's clock (every timestamp it prints); default Date.now */
  now?: () => number;
}

export interface LoopbackBinanceControl extends HarnessControl {
  /** replaces a symbol's book; depth subscribers get the change, resting orders that now cross fill */
  setBook(symbol: string, book: BookInput): void;
  /** moves every level of a book by `by` (price units) */
  shiftBook(symbol: string, by: number): void;
  /** refuses the next order placed (on one symbol, or any) with this code and msg, HTTP 400, as Binance does */
  rejectNext(error: BinanceError, symbol?: string): void;
  /** the next order placed fills at most `ratio` of its quantity; the rest stays open (default) or expires */
  partialFillNext(ratio: number, options?: { rest?: 'open' | 'expired' }): void;
  /** fills an open order (by orderId or clientOrderId) as a maker: all that is left, or `qty`, at its price or `price` */
  fillOrder(id: string | number, options?: { qty?: number; price?: number }): void;
  /** the exchange ends an open order itself (EXPIRED) */
  expireOrder(id: string | number): void;
  setBalance(apiKey: string, asset: string, amount: number): void;
  /** false: the key's trade endpoints answer -2015 from now on */
  setCanTrade(apiKey: string, canTrade: boolean): void;
}

/** ccxt's url names for one set (api, test or demo), all pointing at the loopback; `ws` an object of ccxt's stream names. */
export type BinanceUrls = Record<string, string | Record<string, string>>;

export interface LoopbackBinance {
  /** REST base */
  url: string;
  /** websocket base of the market and user-data streams (ccxt's urls.api.ws.future; it inserts /public, /market, /private) */
  wsUrl: string;
  /** ready for ccxt's `urls` option, and for the server's EXCHANGE_URLS of exchange 3 (`urls.api`) */
  urls: { api: BinanceUrls; test: BinanceUrls; demo: BinanceUrls };
  /** every REST request and websocket message it got, in order */
  requests: RecordedRequest[];
  state: BinanceState;
  control: LoopbackBinanceControl;
  close(): Promise<void>;
}

export async function startLoopbackBinance(options: LoopbackBinanceOptions = {}): Promise<LoopbackBinance> {
  let sockets: BinanceSockets | undefined;
  const state = new BinanceState(options.now ?? Date.now, options, {
    order: (order, execution, trade) => sockets?.orderChanged(order, execution, trade),
    book: (symbol, before) => sockets?.bookChanged(symbol, before),
  });
  for (const account of options.accounts ?? [BINANCE_TEST_ACCOUNT]) state.addAccount(account);
  let stopped = (): boolean => false;
  sockets = binanceSockets(state, () => stopped());
  const harness = await startHarness({
    now: state.now,
    rest: binanceRest(state),
    failBody: binanceFailBody,
    apiKeyHeader: 'X-MBX-APIKEY',
    wsMethod: (message, text) => (typeof message === 'object' && message !== null ? String((message as { method?: unknown }).method ?? 'message') : text),
    sockets,
  });
  stopped = harness.stopped;

  const control: LoopbackBinanceControl = {
    ...harness.control,
    setBook: (symbol, book) => state.setBook(symbol, book),
    shiftBook(symbol, by) {
      const book = state.book(symbol);
      const tick = state.instrument(symbol).tickSize;
      const move = (levels: [number, number][]) => levels.map(([p, s]) => [roundTo(p + by, tick), s] as const);
      state.setBook(symbol, { bids: move(book.bids), asks: move(book.asks) });
    },
    rejectNext: (error, symbol) => state.rejectNext(error, symbol),
    partialFillNext: (ratio, opts) => state.partialFillNext(ratio, opts?.rest ?? 'open'),
    fillOrder: (id, opts) => state.fillOrder(id, opts?.qty, opts?.price),
    expireOrder: (id) => state.expireOrder(id),
    setBalance(apiKey, asset, amount) {
      state.account(apiKey).wallet.set(asset, amount);
    },
    setCanTrade(apiKey, canTrade) {
      state.account(apiKey).canTrade = canTrade;
    },
  };

  const rest = harness.url;
  const ws = `${harness.wsBase}/ws`;
  const set: BinanceUrls = {
    public: `${rest}/api/v3`,
    private: `${rest}/api/v3`,
    v1: `${rest}/api/v1`,
    sapi: `${rest}/sapi/v1`,
    sapiV2: `${rest}/sapi/v2`,
    sapiV3: `${rest}/sapi/v3`,
    sapiV4: `${rest}/sapi/v4`,
    fapiPublic: `${rest}/fapi/v1`,
    fapiPublicV2: `${rest}/fapi/v2`,
    fapiPublicV3: `${rest}/fapi/v3`,
    fapiPrivate: `${rest}/fapi/v1`,
    fapiPrivateV2: `${rest}/fapi/v2`,
    fapiPrivateV3: `${rest}/fapi/v3`,
    fapiData: `${rest}/futures/data`,
    dapiPublic: `${rest}/dapi/v1`,
    dapiPrivate: `${rest}/dapi/v1`,
    dapiPrivateV2: `${rest}/dapi/v2`,
    dapiData: `${rest}/futures/data`,
    eapiPublic: `${rest}/eapi/v1`,
    eapiPrivate: `${rest}/eapi/v1`,
    papi: `${rest}/papi/v1`,
    papiV2: `${rest}/papi/v2`,
    ws: {
      spot: ws,
      margin: ws,
      future: ws,
      delivery: ws,
    },
  };
  return {
    url: rest,
    wsUrl: ws,
    urls: { api: set, test: set, demo: set },
    requests: harness.requests,
    state,
    control,
    close: () => harness.close(),
  };
}
