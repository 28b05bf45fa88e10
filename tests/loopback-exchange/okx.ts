/**
 * A loopback OKX: a real HTTP + WebSocket server on 127.0.0.1 (port 0) that speaks the part of OKX's v5
 * API that ccxt's `okx` and `ccxt.pro.okx` use (okx-rest.ts, okx-ws.ts), keeps its own state (okx-state.ts)
 * and fails on command, so a test can script what a real exchange does to a trading server.
 * How to point ccxt at it, script failures, and how it differs from OKX: README.md beside this file.
 */
import { roundTo, type BookInput } from './book';
import { startHarness, type HarnessControl, type RecordedRequest } from './harness';
import { okxFailBody, okxRest } from './okx-rest';
import { OkxState, type OkxAccountOptions, type OkxPermission, type OkxRejection, type OkxStateOptions, OKX_TEST_ACCOUNT } from './okx-state';
import { okxSockets, type OkxSockets } from './okx-ws';

export { defaultOkxInstruments, type OkxInstrument } from './okx-market';
export {
  OKX_TEST_ACCOUNT,
  type OkxAccountOptions,
  type OkxBill,
  type OkxFill,
  type OkxOrder,
  type OkxPermission,
  type OkxPosition,
  type OkxRejection,
} from './okx-state';

export interface LoopbackOkxOptions extends OkxStateOptions {
  /** the keys it knows (default: OKX_TEST_ACCOUNT) */
  accounts?: OkxAccountOptions[];
  /** the exchange's clock (every timestamp it prints); default Date.now */
  now?: () => number;
}

export interface LoopbackOkxControl extends HarnessControl {
  /** replaces an instrument's book; subscribers get the change, resting orders that now cross fill */
  setBook(instId: string, book: BookInput): void;
  /** moves every level of a book by `by` (price units) */
  shiftBook(instId: string, by: number): void;
  /** refuses the next order placed (on one instrument, or any) with this sCode/sMsg in its `data` row, as OKX does */
  rejectNext(rejection: OkxRejection, instId?: string): void;
  /**
   * the next order placed fills at most `ratio` of its size (what the book holds, rounded down to lots);
   * the rest stays open (default) or is canceled as OKX does for market orders
   */
  partialFillNext(ratio: number, options?: { rest?: 'open' | 'canceled' }): void;
  /** fills an open order (by ordId or clOrdId) as a maker: all that is left, or `sz`, at its price or `px` */
  fillOrder(id: string, options?: { sz?: number; px?: number }): void;
  /** the exchange cancels an open order itself (cancelSource as OKX prints it, default '1': canceled by system) */
  cancelOrder(id: string, cancelSource?: string): void;
  setBalance(apiKey: string, ccy: string, amount: number): void;
  /** moves funds between the funding and the trading account ('in': into trading), with the bill OKX writes (type 1) */
  transfer(apiKey: string, ccy: string, amount: number, direction: 'in' | 'out'): void;
  /** what account/config's `perm` reports and the trade endpoints allow from now on */
  setPermissions(apiKey: string, perm: OkxPermission[]): void;
}

export interface LoopbackOkx {
  /** REST base (ccxt's urls.api.rest) */
  url: string;
  /** websocket base (ccxt's urls.api.ws); ccxt appends /public and /private */
  wsUrl: string;
  /** ready for ccxt's `urls` option: api and test (sandbox mode) both point here */
  urls: { api: { rest: string; ws: string }; test: { rest: string; ws: string } };
  /** every REST request and websocket message it got, in order */
  requests: RecordedRequest[];
  /** accounts, books, orders, fills, positions: read them in tests, change them through `control` */
  state: OkxState;
  control: LoopbackOkxControl;
  close(): Promise<void>;
}

export async function startLoopbackOkx(options: LoopbackOkxOptions = {}): Promise<LoopbackOkx> {
  let sockets: OkxSockets | undefined;
  const state = new OkxState(options.now ?? Date.now, options, {
    order: (order, fill) => sockets?.orderChanged(order, fill),
    book: (instId, before) => sockets?.bookChanged(instId, before),
  });
  for (const account of options.accounts ?? [OKX_TEST_ACCOUNT]) state.addAccount(account);
  let stopped = (): boolean => false;
  sockets = okxSockets(state, () => stopped());
  const harness = await startHarness({
    now: state.now,
    rest: okxRest(state),
    failBody: okxFailBody,
    apiKeyHeader: 'OK-ACCESS-KEY',
    wsMethod: (message, text) => (typeof message === 'object' && message !== null ? String((message as { op?: unknown }).op ?? 'message') : text),
    sockets,
  });
  stopped = harness.stopped;

  const control: LoopbackOkxControl = {
    ...harness.control,
    setBook: (instId, book) => state.setBook(instId, book),
    shiftBook(instId, by) {
      const book = state.book(instId);
      const tick = state.instrument(instId).tickSz;
      const move = (levels: [number, number][]) => levels.map(([p, s]) => [roundTo(p + by, tick), s] as const);
      state.setBook(instId, { bids: move(book.bids), asks: move(book.asks) });
    },
    rejectNext: (rejection, instId) => state.rejectNext(rejection, instId),
    partialFillNext: (ratio, opts) => state.partialFillNext(ratio, opts?.rest ?? 'open'),
    fillOrder: (id, opts) => state.fillOrder(id, opts?.sz, opts?.px),
    cancelOrder: (id, cancelSource = '1') => state.cancelBySystem(id, cancelSource),
    setBalance(apiKey, ccy, amount) {
      state.account(apiKey).cash.set(ccy, amount);
    },
    transfer: (apiKey, ccy, amount, direction) => state.transfer(apiKey, ccy, amount, direction),
    setPermissions(apiKey, perm) {
      state.account(apiKey).perm = new Set(perm);
    },
  };

  const wsUrl = `${harness.wsBase}/ws/v5`;
  return {
    url: harness.url,
    wsUrl,
    urls: { api: { rest: harness.url, ws: wsUrl }, test: { rest: harness.url, ws: wsUrl } },
    requests: harness.requests,
    state,
    control,
    close: () => harness.close(),
  };
}
