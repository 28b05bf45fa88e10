/**
 * The loopback Binance's websockets, as ccxt.pro's binance uses them for USDⓈ-M futures. Market streams
 * (`/public/ws/…`, `/market/ws/…`, `/ws/…`) take SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS and serve the diff depth
 * stream `<symbol>@depth[@100ms|@250ms|@500ms]`: `depthUpdate` events whose U/u/pu chain from the REST snapshot's
 * lastUpdateId. The user-data stream (`/private/ws?listenKey=…` or `/ws/<listenKey>`) pushes ORDER_TRADE_UPDATE.
 */
import type { WebSocket } from 'ws';
import type { Book } from './book';
import type { SocketHandler } from './harness';
import type { BinanceAccount, BinanceExecution, BinanceOrder, BinanceState, BinanceTrade } from './binance-state';
import { depthUpdateWire, orderUpdateWire } from './binance-wire';

interface Session {
  /** the user-data stream's account; none: a market stream */
  account?: BinanceAccount;
  streams: Set<string>;
}

type Message = Record<string, unknown>;

const PATH = /^\/(?:public\/|market\/|private\/)?(?:ws|stream)(?:\/([^/]+))?$/;
const DEPTH = /^([a-z0-9_]+)@depth(?:@(?:0|100|250|500)ms)?$/;

export interface BinanceSockets extends SocketHandler {
  /** tells the book's subscribers what changed since `before` */
  bookChanged(symbol: string, before: Book): void;
  /** pushes an order's change to its account's user-data streams */
  orderChanged(order: BinanceOrder, execution: BinanceExecution, trade?: BinanceTrade): void;
}

/** `stopped()`: while the exchange answers nothing, it pushes nothing either. */
export function binanceSockets(state: BinanceState, stopped: () => boolean): BinanceSockets {
  const sessions = new Map<WebSocket, Session>();

  const send = (socket: WebSocket, message: unknown): void => {
    if (stopped() || socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message));
  };
  const symbolOf = (lower: string) => [...state.instruments.keys()].find((s) => s.toLowerCase() === lower);
  const accountOf = (listenKey: string | null | undefined) =>
    listenKey ? [...state.accounts.values()].find((a) => a.listenKey !== undefined && a.listenKey === listenKey) : undefined;

  function subscribe(socket: WebSocket, session: Session, message: Message): void {
    const id = message.id ?? null;
    const streams = Array.isArray(message.params) ? message.params.map(String) : [];
    const unknown = streams.find((s) => !symbolOf(DEPTH.exec(s)?.[1] ?? ''));
    if (unknown) {
      send(socket, { error: { code: 2, msg: `Invalid request: the loopback Binance has no stream ${unknown}` }, id });
      return;
    }
    for (const stream of streams) {
      if (message.method === 'SUBSCRIBE') session.streams.add(stream);
      else session.streams.delete(stream);
    }
    send(socket, { result: null, id });
  }

  return {
    accepts: (path) => PATH.test(path),
    open(socket, path, query) {
      const listenKey = query.get('listenKey') ?? PATH.exec(path)?.[1];
      const account = accountOf(listenKey);
      if (path.startsWith('/private/') && !account) {
        socket.close(1008, 'invalid listenKey');
        return;
      }
      sessions.set(socket, { account, streams: new Set() });
    },
    message(socket, _text, record) {
      const session = sessions.get(socket);
      if (!session) return;
      const message = typeof record.body === 'object' && record.body !== null ? (record.body as Message) : undefined;
      const method = message?.method;
      if (method === 'SUBSCRIBE' || method === 'UNSUBSCRIBE') subscribe(socket, session, message!);
      else if (method === 'LIST_SUBSCRIPTIONS') send(socket, { result: [...session.streams], id: message!.id ?? null });
      else send(socket, { error: { code: 2, msg: `Invalid request: unknown variant \`${String(method)}\`` }, id: message?.id ?? null });
    },
    close(socket) {
      sessions.delete(socket);
    },

    bookChanged(symbol, before) {
      const prevId = state.updateIds.get(symbol) as number;
      const update = depthUpdateWire(state, symbol, before, prevId);
      if (!update) return;
      state.updateIds.set(symbol, prevId + 1);
      const lower = symbol.toLowerCase();
      for (const [socket, session] of sessions) if ([...session.streams].some((s) => DEPTH.exec(s)?.[1] === lower)) send(socket, update);
    },

    orderChanged(order, execution, trade) {
      const update = orderUpdateWire(state, order, execution, trade);
      for (const [socket, session] of sessions) if (session.account?.options.apiKey === order.apiKey) send(socket, update);
    },
  };
}
