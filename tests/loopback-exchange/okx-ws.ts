/**
 * The loopback OKX's websockets, as ccxt.pro's okx uses them: /ws/v5/public serves the `books` (snapshot,
 * then updates with seqId and checksum) and `books5` (five levels, whole each time) channels;
 * /ws/v5/private takes a login and serves the `orders` channel. 'ping' answers 'pong'.
 */
import type { WebSocket } from 'ws';
import { diffSide, type Book } from './book';
import type { SocketHandler } from './harness';
import { okxSignature } from './okx-rest';
import { type OkxAccount, type OkxFill, type OkxOrder, type OkxState, str } from './okx-state';
import { booksWire, checksumOf, levelWire, orderPushWire } from './okx-wire';

interface Session {
  kind: 'public' | 'private';
  /** opened with OKX demo trading's ?brokerId=9999 */
  demo: boolean;
  connId: string;
  account?: OkxAccount;
  subs: Record<string, string>[];
}

type Message = Record<string, unknown>;

const BOOK_CHANNELS = new Set(['books', 'books5']);
const PATHS: Record<string, Session['kind']> = { '/ws/v5/public': 'public', '/ws/v5/private': 'private' };

export interface OkxSockets extends SocketHandler {
  /** tells the book's subscribers what changed since `before` */
  bookChanged(instId: string, before: Book): void;
  /** pushes an order's state to its account's `orders` subscribers */
  orderChanged(order: OkxOrder, fill?: OkxFill): void;
}

/** `stopped()`: while the exchange answers nothing, it pushes nothing either. */
export function okxSockets(state: OkxState, stopped: () => boolean): OkxSockets {
  const sessions = new Map<WebSocket, Session>();
  let connections = 0;

  const send = (socket: WebSocket, message: unknown): void => {
    if (stopped() || socket.readyState !== socket.OPEN) return;
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  };
  const error = (session: Session, code: string, msg: string, id?: unknown) => ({
    ...(id === undefined ? {} : { id }),
    event: 'error',
    code,
    msg,
    connId: session.connId,
  });

  const snapshot = (channel: string, instId: string): Message => {
    const seqId = state.seqIds.get(instId);
    if (channel === 'books5') return { arg: { channel, instId }, data: [{ ...booksWire(state, instId, 5), instId, seqId }] };
    return {
      arg: { channel, instId },
      action: 'snapshot',
      data: [{ ...booksWire(state, instId, 400), checksum: checksumOf(state, instId), prevSeqId: -1, seqId }],
    };
  };

  /** OKX's checks of a login, in its order: the account, or the error code and message. */
  function loginAccount(session: Session, arg: Message): OkxAccount | [string, string] {
    const account = state.accounts.get(str(arg.apiKey) ?? '');
    if (!account) return ['60005', 'Invalid OK-ACCESS-KEY'];
    if (str(arg.passphrase) !== account.options.passphrase) return ['60024', 'Wrong passphrase'];
    if (account.options.demo !== undefined && account.options.demo !== session.demo) return ['50101', 'APIKey does not match current environment.'];
    if (okxSignature(account.options.secret, `${str(arg.timestamp) ?? ''}GET/users/self/verify`) !== str(arg.sign)) return ['60007', 'Invalid sign'];
    return account;
  }

  function login(socket: WebSocket, session: Session, message: Message, record: { apiKey?: string }): void {
    const arg = ((message.args as Message[] | undefined) ?? [])[0] ?? {};
    record.apiKey = str(arg.apiKey) || undefined;
    const account = loginAccount(session, arg);
    if (Array.isArray(account)) send(socket, error(session, ...account));
    else {
      session.account = account;
      send(socket, { event: 'login', code: '0', msg: '', connId: session.connId });
    }
  }

  function subscribe(socket: WebSocket, session: Session, message: Message): void {
    const unsubscribing = message.op === 'unsubscribe';
    const id = message.id === undefined ? {} : { id: message.id };
    for (const arg of (message.args as Record<string, string>[] | undefined) ?? []) {
      const book = BOOK_CHANNELS.has(arg.channel);
      const exists = book
        ? session.kind === 'public' && state.instruments.has(arg.instId)
        : arg.channel === 'orders' && session.kind === 'private' && (!arg.instId || state.instruments.has(arg.instId));
      if (!exists) {
        const where = Object.entries(arg)
          .map(([k, v]) => `${k}:${v}`)
          .join(',');
        send(socket, error(session, '60018', `Wrong URL or ${where} doesn't exist.`, message.id));
        continue;
      }
      if (!book && !session.account) {
        send(socket, error(session, '60011', 'Please log in', message.id));
        continue;
      }
      session.subs = session.subs.filter((sub) => JSON.stringify(sub) !== JSON.stringify(arg));
      send(socket, { ...id, event: message.op, arg, connId: session.connId });
      if (unsubscribing) continue;
      session.subs.push({ ...arg });
      if (book) send(socket, snapshot(arg.channel, arg.instId));
    }
  }

  return {
    accepts: (path) => path in PATHS,
    open(socket, path, query) {
      sessions.set(socket, { kind: PATHS[path], demo: query.get('brokerId') === '9999', connId: (++connections).toString(16).padStart(8, '0'), subs: [] });
    },
    message(socket, text, record) {
      const session = sessions.get(socket) as Session;
      const message = typeof record.body === 'object' && record.body !== null ? (record.body as Message) : undefined;
      if (text === 'ping') send(socket, 'pong');
      else if (message?.op === 'login') login(socket, session, message, record);
      else if (message?.op === 'subscribe' || message?.op === 'unsubscribe') subscribe(socket, session, message);
      else send(socket, error(session, '60012', `Illegal request: ${text}`));
    },
    close(socket) {
      sessions.delete(socket);
    },
    keyOf: (socket) => sessions.get(socket)?.account?.options.apiKey,

    bookChanged(instId, before) {
      const after = state.book(instId);
      const instrument = state.instrument(instId);
      const asks = diffSide(before.asks, after.asks);
      const bids = diffSide(before.bids, after.bids);
      if (asks.length === 0 && bids.length === 0) return;
      const prevSeqId = state.seqIds.get(instId) as number;
      const seqId = prevSeqId + 1;
      state.seqIds.set(instId, seqId);
      const change = {
        asks: asks.map((l) => levelWire(instrument, l)),
        bids: bids.map((l) => levelWire(instrument, l)),
        ts: String(state.now()),
        checksum: checksumOf(state, instId),
        prevSeqId,
        seqId,
      };
      const update = { arg: { channel: 'books', instId }, action: 'update', data: [change] };
      for (const [socket, session] of sessions)
        for (const sub of session.subs)
          if (sub.instId === instId && BOOK_CHANNELS.has(sub.channel)) send(socket, sub.channel === 'books' ? update : snapshot(sub.channel, instId));
    },

    orderChanged(order, fill) {
      const instrument = state.instrument(order.instId);
      const account = state.account(order.apiKey);
      const data = orderPushWire(state, order, fill);
      for (const [socket, session] of sessions) {
        if (session.account !== account) continue;
        for (const sub of session.subs) {
          const follows =
            sub.channel === 'orders' &&
            (!sub.instType || sub.instType === 'ANY' || sub.instType === order.instType) &&
            (!sub.instId || sub.instId === order.instId) &&
            (!sub.instFamily || sub.instFamily === instrument.instFamily);
          if (follows) send(socket, { arg: { ...sub, uid: account.uid }, data: [data] });
        }
      }
    },
  };
}
