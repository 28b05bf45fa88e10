import i18n from 'i18next';
import { CODE_SESSION_INVALID, notifySessionInvalid, sessionToken } from '../api/client';
import { websocketBase } from '../api/config';
import { BEARER_PROTOCOL, type FeedMessage, type FeedName, type FeedParams } from '#contract/feeds';
import { feedDefinitions, type AnyFeedDefinition } from './feeds';

/**
 * The feed manager: one WebSocket per feed of contract/feeds.ts, shared by every subscriber (src/live/feeds.ts).
 *
 * - every subscriber brings its own params; the socket is subscribed to the feed's `mergeParams` of
 *   them all (e.g. the union of ids), and each listener receives its own part (`pick`);
 * - the first subscriber opens the socket; on open the subscription payload is sent, and resent every
 *   `heartbeatMs` when the feed declares one (§9);
 * - replies listed in `ignore` ('ok') are dropped; a reply with code 3 stops the feed and signals the
 *   session as invalid (src/api/client.ts); others are `parse`d once, and one that is not JSON or is
 *   malformed sets the feed's `error` (logged without its payload) instead of reaching any listener;
 * - messages are delivered once per animation frame per feed, all of that frame's messages in order in
 *   one synchronous pass, so React renders once per frame however fast they come;
 * - a socket that drops while subscribers remain reconnects with a short capped backoff and jitter
 *   (DEFAULT_BACKOFF) and resends its subscription;
 * - a changed subscription is sent at once; the last unsubscribe sends `closeMessage`, closes the
 *   socket and clears every timer and pending frame.
 *
 * Every socket carries the session token in its handshake (`protocols`), for every feed: none in a URL.
 *
 * Logs name the feed and its state only: never the token, never a payload.
 */

export type FeedState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'unsupported';

export interface FeedStatus {
  readonly state: FeedState;
  /** when the last data message arrived (ms since epoch); ignored replies ('ok') do not count. */
  readonly lastMessageAt: number | null;
  /** why the last message was refused (malformed), until a good one arrives; null = none. */
  readonly error: string | null;
}

/** The feed's `error` for a message that is not JSON (a malformed one names what is wrong). */
export const UNREADABLE = 'message is not JSON';

export type FeedListener<M = unknown> = (message: M) => void;

/** What `subscribe` returns: call it to unsubscribe (twice is harmless); `update` changes its params. */
export interface FeedSubscription<P = unknown> {
  (): void;
  update(params: P): void;
}

/** Runs `callback` at the next animation frame; returns the cancel function. */
export type RequestFrame = (callback: () => void) => () => void;

const FRAME_FALLBACK_MS = 16;

export const requestAnimationFrameOrTimeout: RequestFrame = (callback) => {
  if (typeof globalThis.requestAnimationFrame === 'function') {
    const id = globalThis.requestAnimationFrame(() => callback());
    return () => globalThis.cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, FRAME_FALLBACK_MS);
  return () => clearTimeout(id);
};
export type FeedStatusListener = (status: FeedStatus) => void;

export interface BackoffOptions {
  /** delay before the first reconnect. */
  initialMs: number;
  /** the delay doubles per failed attempt up to this. */
  maxMs: number;
  /** ± fraction applied to every delay (0.2 = ±20 %). */
  jitter: number;
}

export interface FeedManagerOptions {
  backoff?: Partial<BackoffOptions>;
  /** after this many reconnects in a row without a message the state reads 'offline' (it keeps retrying). */
  offlineAfterAttempts?: number;
  /** source of jitter, [0, 1). */
  random?: () => number;
  getToken?: () => string | undefined;
  /** called when a feed replies with code 3. */
  onSessionInvalid?: () => void;
  /** the feed table; defaults to every feed of the contract (src/live/feeds.ts). */
  feeds?: Readonly<Record<FeedName, AnyFeedDefinition>>;
  /** schedules a delivery; defaults to requestAnimationFrame (a 16 ms timer where there is none). */
  requestFrame?: RequestFrame;
}

/**
 * 1 s, 2 s, then every 2.5 s (± 20 %): after a restart of the server a feed is back within about 3 s
 * of its return however long the outage was, and many consoles do not retry in step.
 */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 2500, jitter: 0.2 };
export const DEFAULT_OFFLINE_AFTER_ATTEMPTS = 5;

const SOCKET_OPEN = 1;
const SOCKET_CLOSING = 2;

interface ListenerEntry {
  listener: FeedListener;
  params: unknown;
}

interface Feed {
  name: FeedName;
  def: AnyFeedDefinition;
  listeners: Set<ListenerEntry>;
  statusListeners: Set<FeedStatusListener>;
  /** the merge of every listener's params: what the socket is subscribed to. */
  subscription: unknown;
  subscriptionKey: string;
  /** parsed messages waiting for the next frame, and when the last of them arrived. */
  pending: unknown[];
  pendingAt: number | null;
  cancelFrame: (() => void) | null;
  socket: WebSocket | null;
  heartbeatTimer: ReturnType<typeof setInterval> | null;
  reconnectTimer: ReturnType<typeof setTimeout> | null;
  /** reconnects in a row without a data message. */
  attempt: number;
  /** stopped by a code-3 reply: no reconnect until a subscriber or an update asks again. */
  stopped: boolean;
  status: FeedStatus;
}

let uniqueKey = 0;
/** Params are compared by their JSON; unserialisable params never compare equal. */
export function paramsKey(params: unknown): string {
  try {
    return JSON.stringify(params) ?? 'undefined';
  } catch {
    uniqueKey += 1;
    return `\u0000unserialisable-${uniqueKey}`;
  }
}

const isSessionInvalid = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { code?: unknown }).code === CODE_SESSION_INVALID;

export class FeedManager {
  private readonly feeds = new Map<FeedName, Feed>();
  private readonly backoff: BackoffOptions;
  private readonly offlineAfterAttempts: number;
  private readonly random: () => number;
  private readonly token: () => string | undefined;
  private readonly sessionInvalid: () => void;
  private readonly table: Readonly<Record<FeedName, AnyFeedDefinition>>;
  private readonly requestFrame: RequestFrame;
  private activeFeeds: readonly FeedName[] = [];
  private readonly activeListeners = new Set<() => void>();

  constructor(options: FeedManagerOptions = {}) {
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.offlineAfterAttempts = options.offlineAfterAttempts ?? DEFAULT_OFFLINE_AFTER_ATTEMPTS;
    this.random = options.random ?? Math.random;
    this.token = options.getToken ?? sessionToken;
    this.sessionInvalid = options.onSessionInvalid ?? notifySessionInvalid;
    this.table = options.feeds ?? feedDefinitions;
    this.requestFrame = options.requestFrame ?? requestAnimationFrameOrTimeout;
  }

  /**
   * Listens to a feed with this subscriber's params (`undefined` = everything the feed sends).
   * The socket is subscribed to the merge of every subscriber's params, sent at once when it changes;
   * the listener receives only its own part of each message.
   */
  subscribe<N extends FeedName>(
    name: N,
    params: FeedParams<N> | undefined,
    listener: FeedListener<FeedMessage<N>>,
  ): FeedSubscription<FeedParams<N> | undefined> {
    const feed = this.feed(name);
    const entry: ListenerEntry = { listener: listener as FeedListener, params };
    const first = feed.listeners.size === 0;
    feed.listeners.add(entry);
    if (first) {
      this.mergeParams(feed);
      this.connect(feed, 'connecting');
      this.activeChanged();
    } else {
      this.resubscribe(feed);
      if (feed.stopped) this.restart(feed);
    }
    const unsubscribe = () => {
      if (!feed.listeners.delete(entry)) return;
      if (feed.listeners.size === 0) {
        this.shutdown(feed);
        this.activeChanged();
      } else this.resubscribe(feed);
    };
    const update = (next: FeedParams<N> | undefined) => {
      if (!feed.listeners.has(entry) || paramsKey(next) === paramsKey(entry.params)) return;
      entry.params = next;
      this.resubscribe(feed);
      if (feed.stopped) this.restart(feed);
    };
    return Object.assign(unsubscribe, { update });
  }

  /** The feeds that have subscribers now, in the order of the feed table (same array until it changes). */
  active(): readonly FeedName[] {
    return this.activeFeeds;
  }

  /** Called whenever a feed gains its first or loses its last subscriber; returns the unsubscribe function. */
  onActive(listener: () => void): () => void {
    this.activeListeners.add(listener);
    return () => {
      this.activeListeners.delete(listener);
    };
  }

  private activeChanged(): void {
    this.activeFeeds = (Object.keys(this.table) as FeedName[]).filter((name) => (this.feeds.get(name)?.listeners.size ?? 0) > 0);
    [...this.activeListeners].forEach((listener) => {
      listener();
    });
  }

  /** What the feed's socket is subscribed to now (the merge of every subscriber's params). */
  subscription(name: FeedName): unknown {
    return this.feed(name).subscription;
  }

  status(name: FeedName): FeedStatus {
    return this.feed(name).status;
  }

  /** Called on every change of the feed's state or last-message time; returns the unsubscribe function. */
  onStatus(name: FeedName, listener: FeedStatusListener): () => void {
    const feed = this.feed(name);
    feed.statusListeners.add(listener);
    return () => {
      feed.statusListeners.delete(listener);
    };
  }

  /**
   * Every feed with subscribers opens a fresh socket, signed with the token the session has now
   * (after a password change handed out a new one); the old sockets close without a reconnect.
   */
  reconnectAll(): void {
    this.feeds.forEach((feed) => {
      if (feed.listeners.size > 0) this.restart(feed);
    });
  }

  /** Drops every listener and closes every feed (logout, tests). */
  closeAll(): void {
    this.feeds.forEach((feed) => {
      if (feed.listeners.size === 0) return;
      feed.listeners.clear();
      this.shutdown(feed);
    });
    this.activeChanged();
  }

  private feed(name: FeedName): Feed {
    let feed = this.feeds.get(name);
    if (!feed) {
      const def = this.table[name];
      if (!def) throw new Error(`unknown feed: ${String(name)}`);
      feed = {
        name,
        def,
        listeners: new Set(),
        statusListeners: new Set(),
        subscription: undefined,
        subscriptionKey: paramsKey(undefined),
        pending: [],
        pendingAt: null,
        cancelFrame: null,
        socket: null,
        heartbeatTimer: null,
        reconnectTimer: null,
        attempt: 0,
        stopped: false,
        status: { state: 'idle', lastMessageAt: null, error: null },
      };
      this.feeds.set(name, feed);
    }
    return feed;
  }

  private log(feed: Feed, level: 'info' | 'warn', event: string): void {
    console[level](`[feed ${feed.name}] ${event}`);
  }

  private setStatus(feed: Feed, patch: Partial<FeedStatus>): void {
    const next: FeedStatus = { ...feed.status, ...patch };
    if (next.state === feed.status.state && next.lastMessageAt === feed.status.lastMessageAt && next.error === feed.status.error) return;
    feed.status = next;
    [...feed.statusListeners].forEach((listener) => {
      try {
        listener(next);
      } catch (error) {
        console.error(`[feed ${feed.name}] status listener failed`, error);
      }
    });
  }

  /** Recomputes the subscription from every listener's params; true when it changed. */
  private mergeParams(feed: Feed): boolean {
    const params = [...feed.listeners].map((entry) => entry.params);
    const subscription = feed.listeners.size ? feed.def.mergeParams(params) : undefined;
    const key = paramsKey(subscription);
    if (key === feed.subscriptionKey) return false;
    feed.subscription = subscription;
    feed.subscriptionKey = key;
    return true;
  }

  private resubscribe(feed: Feed): void {
    if (this.mergeParams(feed)) this.sendSubscription(feed);
  }

  private payload(feed: Feed): string {
    const token = this.token();
    return feed.def.heartbeat ? feed.def.heartbeat(feed.subscription, token) : JSON.stringify({ token, data: feed.subscription });
  }

  private send(feed: Feed, text: string): void {
    const socket = feed.socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) return;
    try {
      socket.send(text);
    } catch {
      this.log(feed, 'warn', 'send failed');
    }
  }

  private sendSubscription(feed: Feed): void {
    if (feed.socket?.readyState === SOCKET_OPEN) this.send(feed, this.payload(feed));
  }

  /** The console's language rides in the URL (`?lang=`): a socket's handshake carries the browser's Accept-Language, not the one chosen here. */
  private url(feed: Feed): string {
    const url = websocketBase(feed.def.service) + feed.def.path;
    return i18n.language ? `${url}?lang=${encodeURIComponent(i18n.language)}` : url;
  }

  /**
   * The token travels in the handshake, never in the URL (which lands in access logs): the subprotocols
   * `bearer` and the token (`Sec-WebSocket-Protocol: bearer, <token>`); the server answers `bearer`.
   */
  private protocols(): string[] {
    const token = this.token();
    return token ? [BEARER_PROTOCOL, token] : [];
  }

  private connect(feed: Feed, state: FeedState): void {
    const Socket = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
    if (typeof Socket !== 'function') {
      // spec §8: an unsupported browser logs the text of live:unsupported (i18next's one instance, set up by src/providers/i18n)
      console.warn(`[feed ${feed.name}] ${i18n.t('live:unsupported')}`);
      this.setStatus(feed, { state: 'unsupported' });
      return;
    }
    this.setStatus(feed, { state });
    let socket: WebSocket;
    try {
      socket = new Socket(this.url(feed), this.protocols());
    } catch {
      this.log(feed, 'warn', 'error');
      this.scheduleReconnect(feed);
      return;
    }
    feed.socket = socket;
    const current = () => feed.socket === socket;
    socket.onopen = () => {
      if (!current()) return;
      this.log(feed, 'info', 'open');
      this.setStatus(feed, { state: 'live' });
      this.sendSubscription(feed);
      const { heartbeatMs } = feed.def;
      if (heartbeatMs) feed.heartbeatTimer = setInterval(() => this.sendSubscription(feed), heartbeatMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (current()) this.receive(feed, event.data);
    };
    socket.onerror = () => {
      if (!current()) return;
      this.log(feed, 'warn', 'error');
      this.drop(feed);
    };
    socket.onclose = () => {
      if (!current()) return;
      this.log(feed, 'info', 'closed');
      this.drop(feed);
    };
  }

  private receive(feed: Feed, data: unknown): void {
    if (typeof data !== 'string') return;
    if (feed.def.ignore.includes(data.trim())) return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      this.log(feed, 'warn', 'unreadable message dropped');
      // the badge warns as of a malformed message: the feed is up but what it sent cannot be shown
      this.setStatus(feed, { error: UNREADABLE });
      return;
    }
    if (isSessionInvalid(message)) {
      this.log(feed, 'warn', 'session invalid, stopped');
      feed.stopped = true;
      this.clearTimers(feed);
      this.cancelDelivery(feed);
      this.closeSocket(feed);
      this.setStatus(feed, { state: 'offline' });
      this.sessionInvalid();
      return;
    }
    const parsed = feed.def.parse(message);
    if (!parsed.ok) {
      this.log(feed, 'warn', `malformed message dropped: ${parsed.error}`);
      this.setStatus(feed, { error: parsed.error });
      return;
    }
    feed.attempt = 0;
    feed.pending.push(parsed.message);
    feed.pendingAt = Date.now();
    if (!feed.cancelFrame) feed.cancelFrame = this.requestFrame(() => this.deliver(feed));
  }

  /** Once per frame: the status, then every message of the frame to every listener, in order. */
  private deliver(feed: Feed): void {
    feed.cancelFrame = null;
    const messages = feed.pending;
    feed.pending = [];
    this.setStatus(feed, { state: 'live', lastMessageAt: feed.pendingAt, error: null });
    for (const message of messages) {
      [...feed.listeners].forEach(({ listener, params }) => {
        try {
          const part: unknown = feed.def.pick(message, params);
          if (part !== undefined) listener(part);
        } catch (error) {
          console.error(`[feed ${feed.name}] listener failed`, error);
        }
      });
    }
  }

  /** The socket failed or closed on its own: close it, stop its timer, retry while subscribers remain. */
  private drop(feed: Feed): void {
    this.clearTimers(feed);
    this.closeSocket(feed);
    if (feed.listeners.size > 0 && !feed.stopped) this.scheduleReconnect(feed);
    else this.setStatus(feed, { state: feed.stopped ? 'offline' : 'idle' });
  }

  /** Delay before reconnect attempt `attempt` (0-based): initial × 2^attempt, capped, ± jitter. */
  reconnectDelay(attempt: number): number {
    const { initialMs, maxMs, jitter } = this.backoff;
    const base = Math.min(initialMs * 2 ** attempt, maxMs);
    return Math.max(0, Math.round(base * (1 + jitter * (2 * this.random() - 1))));
  }

  private scheduleReconnect(feed: Feed): void {
    const delay = this.reconnectDelay(feed.attempt);
    feed.attempt += 1;
    const state: FeedState = feed.attempt >= this.offlineAfterAttempts ? 'offline' : 'reconnecting';
    this.setStatus(feed, { state });
    this.log(feed, 'info', `${state}, retry in ${delay} ms`);
    feed.reconnectTimer = setTimeout(() => {
      feed.reconnectTimer = null;
      this.connect(feed, state);
    }, delay);
  }

  private restart(feed: Feed): void {
    feed.stopped = false;
    feed.attempt = 0;
    this.clearTimers(feed);
    this.closeSocket(feed);
    this.connect(feed, 'connecting');
  }

  /** The last subscriber left: say goodbye, close, forget the params, clear every timer. */
  private shutdown(feed: Feed): void {
    this.clearTimers(feed);
    this.cancelDelivery(feed);
    if (feed.def.closeMessage !== undefined) this.send(feed, feed.def.closeMessage);
    this.closeSocket(feed);
    feed.attempt = 0;
    feed.stopped = false;
    this.mergeParams(feed);
    if (feed.status.state !== 'unsupported') this.setStatus(feed, { state: 'idle' });
  }

  private closeSocket(feed: Feed): void {
    const socket = feed.socket;
    if (!socket) return;
    feed.socket = null;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState < SOCKET_CLOSING) {
      try {
        socket.close();
      } catch {
        // already failed; nothing to close
      }
      this.log(feed, 'info', 'closed');
    }
  }

  /** Forgets messages not yet delivered (the last subscriber left, or the session ended). */
  private cancelDelivery(feed: Feed): void {
    feed.cancelFrame?.();
    feed.cancelFrame = null;
    feed.pending = [];
  }

  private clearTimers(feed: Feed): void {
    if (feed.heartbeatTimer !== null) clearInterval(feed.heartbeatTimer);
    if (feed.reconnectTimer !== null) clearTimeout(feed.reconnectTimer);
    feed.heartbeatTimer = null;
    feed.reconnectTimer = null;
  }
}

/** The console's one feed manager. */
export const feedManager = new FeedManager();
