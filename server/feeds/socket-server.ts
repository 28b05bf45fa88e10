import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { endpoints } from '#contract/endpoints';
import { BEARER_PROTOCOL, feeds, type FeedName } from '#contract/feeds';
import type { SessionUser } from '../http/auth';
import type { ServerEvent, ServerEvents } from '../bus';
import type { AppContext } from '../context';
import { CallError, CODE, envelope } from '../http/envelope';
import { langOf, message, type Lang } from '../http/messages';
import { mayFeed, refuseFeed } from '../http/permissions';
import { MAX_LIST_ITEMS } from '../http/validate';
import { laneOf } from '../http/lanes';

/** One signed-in client of a feed. */
export interface FeedClient {
  feed: FeedName;
  app: AppContext;
  user: SessionUser;
  token: string;
  lang: Lang;
  socket: WebSocket;
  /** sends a string as is, anything else as JSON; a no-op once the socket is closed. */
  send(data: unknown): void;
}

/** Which subscribers a bus event concerns: `true` for all of them, or a test per client. */
export type PushFilter<E extends ServerEvent> = true | ((client: FeedClient, payload: ServerEvents[E]) => boolean);

/**
 * What a feed does once a client is signed in. Later areas plug a generator in per feed; a feed
 * without one answers every client message with `ok` (which the console ignores).
 *
 * A client's last message is its subscription (the coins, the task, the account it watches). When a
 * bus event of `pushOn` fires, every concerned subscriber is sent the reply to that message again,
 * so a generator writes one `onMessage` and the feed both answers and pushes. Pushes coalesce per
 * subscriber: the events of one turn (a tick of the engine touching many accounts) make one send.
 */
export interface FeedGenerator {
  onOpen?(client: FeedClient): void | Promise<void>;
  /** the reply to one client message; `undefined` sends nothing. */
  onMessage?(client: FeedClient, text: string): unknown;
  onClose?(client: FeedClient): void;
  pushOn?: { [E in ServerEvent]?: PushFilter<E> };
}
export type FeedGenerators = Partial<Record<FeedName, FeedGenerator>>;

export const defaultGenerators: FeedGenerators = {};

/**
 * The ids a feed message subscribes to: `{token, data: [id…]}`, ids as numbers or digit strings (or one
 * 'a,b' text); duplicates, non-positive and non-integer values dropped; an unreadable message = none.
 * More than MAX_LIST_ITEMS ids are refused (a CallError: the socket answers it with its message).
 */
export function subscribedIds(text: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const data = parsed && typeof parsed === 'object' ? (parsed as { data?: unknown }).data : undefined;
  const list = Array.isArray(data) ? data : typeof data === 'string' ? data.split(',') : [];
  const ids = [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (ids.length > MAX_LIST_ITEMS) throw new CallError(CODE.badRequest, 'err.tooMany', { field: 'data', max: MAX_LIST_ITEMS });
  return ids;
}

/**
 * what one socket may cost. A feed message is the client's subscription (the newest one is the one
 * that counts), so a socket's messages are not queued: one is handled at a time, at most one waits, and a
 * message still waiting when the next arrives is dropped for it. And a socket may send `burst` messages at
 * once, then one per `intervalMs` (on the server's clock; the console's fastest heartbeat is 1300 ms): one
 * that comes sooner waits its turn. A user may keep `socketsPerUser` sockets of one feed open at once.
 */
export const FEED_LIMITS = { burst: 4, intervalMs: 500, socketsPerUser: 8 } as const;

/** Close code sent with a socket past FEED_LIMITS.socketsPerUser (try again later). */
export const CLOSE_TOO_MANY = 1013;

/** The messages of one socket, as FEED_LIMITS says: `offer` each one as it comes, `close` with the socket. */
export function messageGate(clock: AppContext['clock'], handle: (text: string) => Promise<void>, limits: { burst: number; intervalMs: number } = FEED_LIMITS) {
  let tokens = limits.burst;
  let since = clock.now();
  let waiting: string | undefined;
  let busy = false;
  let closed = false;
  let timer: (() => void) | undefined;
  const refill = () => {
    const gained = Math.floor((clock.now() - since) / limits.intervalMs);
    if (gained <= 0) return;
    tokens = Math.min(limits.burst, tokens + gained);
    since += gained * limits.intervalMs;
  };
  const pump = () => {
    if (closed || busy || waiting === undefined) return;
    refill();
    if (tokens === 0) {
      timer ??= clock.after(since + limits.intervalMs - clock.now(), () => {
        timer = undefined;
        pump();
      });
      return;
    }
    tokens -= 1;
    const text = waiting;
    waiting = undefined;
    busy = true;
    void handle(text).finally(() => {
      busy = false;
      pump();
    });
  };
  return {
    offer(text: string): void {
      waiting = text;
      pump();
    },
    close(): void {
      closed = true;
      timer?.();
    },
  };
}

/** The open sockets per feed and user of one server (keyed by its context). */
const openSocketsOf = new WeakMap<object, Map<string, number>>();

/** Counts a user's socket of a feed in, or answers false when FEED_LIMITS.socketsPerUser are open; `release` when it closes. */
function admitSocket(app: AppContext, name: FeedName, userId: number): { release(): void } | false {
  let open = openSocketsOf.get(app);
  if (!open) {
    open = new Map();
    openSocketsOf.set(app, open);
  }
  const key = `${name}/${userId}`;
  const count = open.get(key) ?? 0;
  if (count >= FEED_LIMITS.socketsPerUser) return false;
  open.set(key, count + 1);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    },
  };
}

/** Refuses a socket past FEED_LIMITS.socketsPerUser: one 429 envelope, then it closes. */
function refuseTooMany(socket: WebSocket, name: FeedName, lang: Lang): false {
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(envelope(CODE.tooMany, message(lang, 'err.tooManySockets', { name: feeds[name].path, max: FEED_LIMITS.socketsPerUser }))));
    socket.close(CLOSE_TOO_MANY, 'too many sockets');
  }
  return false;
}

/** Close code sent with a refused session (policy violation). */
export const CLOSE_SESSION_INVALID = 1008;

function tokenFromText(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { token?: unknown }).token === 'string') return (parsed as { token: string }).token;
  } catch {
    // not JSON: no token
  }
  return undefined;
}

/**
 * The token a client offers in the handshake, outside the URL: `Sec-WebSocket-Protocol: bearer, <token>`
 * (the browser's `new WebSocket(url, ['bearer', token])`). The server answers the subprotocol `bearer`
 * (ws picks the first offered), never the token.
 */
export function protocolToken(header: string | string[] | undefined): string | undefined {
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((name) => name.trim());
  return offered[0] === BEARER_PROTOCOL && offered[1] ? offered[1] : undefined;
}

/**
 * Whether a socket may open from this Origin: the console's own (the origin of the host the socket was asked
 * of, as a page served there or through a proxy passing its Host on sees it) or one of the configured
 * services (public/config.json). A missing Origin passes: browsers always send one, so only a client outside
 * a browser omits it, and such a client could send any Origin it likes anyway; its token is what it needs.
 */
export function originAllowed(origin: string | undefined, host: string, configured: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  return configured.includes(parsed.origin);
}

/**
 * The console keeps its token in a `token` cookie (SameSite=strict, so a foreign page cannot use it).
 * Feeds whose messages carry no token (statistics, demand) sign in with it.
 */
export function cookieToken(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === 'token' && rest.length) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A signed-in client that has sent its subscription, as the bus sees it. */
interface Subscriber {
  client: FeedClient;
  /**
   * marks the client's reply stale: it is sent again once, after whatever the client's queue is
   * handling now, however many events asked for it in the meantime (so N events in one turn make
   * one send, of the state as it is when it runs).
   */
  push(): void;
}

function serve(name: FeedName, app: AppContext, generator: FeedGenerator, subscribers: Set<Subscriber>, socket: WebSocket, request: FastifyRequest): void {
  const definition = feeds[name];
  // the console names its language in the URL; another client is answered in its Accept-Language
  const query = request.query as Record<string, unknown> | undefined;
  const lang = langOf(typeof query?.lang === 'string' ? query.lang : request.headers['accept-language']);
  const queryToken = (request.query as Record<string, unknown> | undefined)?.token;
  // the handshake's token (the console's), else the query's (spec §7's shape, still accepted)
  const connectToken = protocolToken(request.headers['sec-websocket-protocol']) ?? queryToken;
  const signsInOnConnect = definition.tokenInQuery || connectToken !== undefined;
  let client: FeedClient | null = null;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();
  let lastMessage: string | undefined;
  let subscriber: Subscriber | undefined;
  let admitted: { release(): void } | undefined;

  const refuse = () => {
    if (closed) return;
    closed = true;
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify({ code: CODE.session, info: message(lang, 'err.session') }));
    socket.close(CLOSE_SESSION_INVALID, 'session invalid');
  };

  const signIn = async (token: unknown): Promise<boolean> => {
    const user = await app.auth.resolve(token);
    if (!user || typeof token !== 'string') {
      refuse();
      return false;
    }
    if (!mayFeed(name, user)) {
      closed = true;
      return refuseFeed(socket, name, lang);
    }
    const admission = closed ? false : admitSocket(app, name, user.id);
    if (!admission) {
      closed = true;
      return refuseTooMany(socket, name, lang);
    }
    admitted = admission;
    client = {
      feed: name,
      app,
      user,
      token,
      lang,
      socket,
      send: (data) => {
        if (socket.readyState === socket.OPEN) socket.send(typeof data === 'string' ? data : JSON.stringify(data));
      },
    };
    await generator.onOpen?.(client);
    return true;
  };

  // in the user's lane (http/lanes.ts): one user's replies and pushes take turns with their calls
  const reply = (signedIn: FeedClient, text: string): Promise<void> =>
    laneOf(app, signedIn.user.id).run(async () => {
      let data: unknown;
      try {
        data = generator.onMessage ? await generator.onMessage(signedIn, text) : 'ok';
      } catch (error) {
        if (!(error instanceof CallError)) throw error;
        data = envelope(error.code, message(lang, error.key, error.params));
      }
      if (data !== undefined) signedIn.send(data);
    });

  const handle = async (text: string): Promise<void> => {
    if (closed) return;
    if (!client) {
      // a socket with a token in its handshake or query was checked on connect; the others sign in with
      // their first message, or with the session cookie when that message carries no token
      if (signsInOnConnect) return;
      if (!(await signIn(tokenFromText(text) ?? cookieToken(request.headers.cookie)))) return;
    } else if (!(await app.auth.resolve(client.token))) {
      refuse(); // the session expired or was logged out while the socket was open
      return;
    }
    lastMessage = text;
    subscribe(client!);
    await reply(client!, text);
  };

  const pushAgain = async (): Promise<void> => {
    if (closed || !client || lastMessage === undefined) return;
    if (!(await app.auth.resolve(client.token))) return refuse();
    await reply(client, lastMessage);
  };

  // a push is queued and has not started yet: further events join it
  let stale = false;
  const subscribe = (signedIn: FeedClient) => {
    if (subscriber || !generator.pushOn) return;
    const push = () => {
      if (stale) return;
      stale = true;
      enqueue(() => {
        stale = false; // an event from here on may have changed what this push reads: it queues the next
        return pushAgain();
      });
    };
    subscriber = { client: signedIn, push };
    subscribers.add(subscriber);
  };

  const enqueue = (work: () => Promise<unknown>): Promise<void> =>
    (queue = queue.then(work).then(
      () => undefined,
      (error: unknown) => {
        console.error(`[server] feed ${name}:`, error);
      },
    ));

  const gate = messageGate(app.clock, (text) => enqueue(() => handle(text)));
  socket.on('message', (data) => gate.offer(data.toString()));
  socket.on('close', () => {
    closed = true;
    gate.close();
    admitted?.release();
    if (subscriber) subscribers.delete(subscriber);
    if (client) generator.onClose?.(client);
  });
  // a handshake or query token is accepted by every feed; feeds that expect one refuse a connection without it
  if (signsInOnConnect) enqueue(() => signIn(connectToken));
}

/** Pushes to the concerned subscribers of a feed whenever one of its `pushOn` events fires; returns the unsubscribe. */
function listen(ctx: AppContext, generator: FeedGenerator, subscribers: Set<Subscriber>): () => void {
  const offs = Object.entries(generator.pushOn ?? {}).map(([event, filter]) =>
    ctx.bus.on(event as ServerEvent, (payload) => {
      for (const subscriber of subscribers) {
        const concerned = filter === true || (filter as (client: FeedClient, payload: unknown) => boolean)(subscriber.client, payload);
        if (concerned) subscriber.push();
      }
    }),
  );
  return () =>
    offs.forEach((off) => {
      off();
    });
}

/**
 * Registers every socket of contract/feeds.ts on its path. `origins`: the configured services' origins a
 * socket may also open from (originAllowed); a handshake from any other Origin is refused with HTTP 403.
 */
export function registerFeeds(app: FastifyInstance, ctx: AppContext, generators: FeedGenerators = defaultGenerators, origins: readonly string[] = []): void {
  const httpPaths = new Set(
    Object.values(endpoints)
      .filter((e) => e.method === 'GET')
      .map((e) => e.path),
  );
  for (const name of Object.keys(feeds) as FeedName[]) {
    const { path } = feeds[name];
    if (httpPaths.has(path)) throw new Error(`feed ${name} shares its path ${path} with a GET endpoint`);
    const generator = generators[name] ?? {};
    const subscribers = new Set<Subscriber>();
    const stopListening = listen(ctx, generator, subscribers);
    app.addHook('onClose', async () => stopListening());
    app.route({
      method: 'GET',
      url: path,
      handler: async (request, reply) => {
        reply.code(200);
        return envelope(CODE.badRequest, message(langOf(request.headers['accept-language']), 'err.websocketOnly'));
      },
      preValidation: async (request, reply) => {
        if (originAllowed(request.headers.origin, request.host, origins)) return;
        await reply.code(403).send(envelope(CODE.forbidden, message(langOf(request.headers['accept-language']), 'err.origin')));
      },
      wsHandler: (socket, request) => serve(name, ctx, generator, subscribers, socket, request),
    });
  }
}
