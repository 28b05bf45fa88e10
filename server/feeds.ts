import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { endpoints } from '../src/api/endpoints';
import { feeds, type FeedName } from '../src/live/feeds';
import type { SessionUser } from './auth';
import type { AppContext } from './context';
import { CODE, envelope } from './envelope';
import { langOf, message, type Lang } from './messages';
import { mayFeed, refuseFeed } from './permissions';

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

/**
 * What a feed does once a client is signed in. Later areas plug a generator in per feed; a feed
 * without one answers every client message with `ok` (which the console ignores).
 */
export interface FeedGenerator {
  onOpen?(client: FeedClient): void | Promise<void>;
  /** the reply to one client message; `undefined` sends nothing. */
  onMessage?(client: FeedClient, text: string): unknown;
  onClose?(client: FeedClient): void;
}
export type FeedGenerators = Partial<Record<FeedName, FeedGenerator>>;

export const defaultGenerators: FeedGenerators = {};

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

function serve(name: FeedName, app: AppContext, generator: FeedGenerator, socket: WebSocket, request: FastifyRequest): void {
  const definition = feeds[name];
  const lang = langOf(request.headers['accept-language']);
  const queryToken = (request.query as Record<string, unknown> | undefined)?.token;
  let client: FeedClient | null = null;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

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
    if (!mayFeed(name, user)) return ((closed = true), refuseFeed(socket, name, lang));
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

  const handle = async (text: string): Promise<void> => {
    if (closed) return;
    if (!client) {
      // token-in-query feeds were checked on connect; the others sign in with their first message,
      // or with the session cookie when that message carries no token
      if (definition.tokenInQuery) return;
      if (!(await signIn(tokenFromText(text) ?? cookieToken(request.headers.cookie)))) return;
    } else if (!(await app.auth.resolve(client.token))) {
      refuse(); // the session expired or was logged out while the socket was open
      return;
    }
    const reply = generator.onMessage ? await generator.onMessage(client!, text) : 'ok';
    if (reply !== undefined) client!.send(reply);
  };

  const enqueue = (work: () => Promise<unknown>) => {
    queue = queue.then(work).then(
      () => undefined,
      (error: unknown) => {
        console.error(`[server] feed ${name}:`, error);
      },
    );
  };

  socket.on('message', (data) => enqueue(() => handle(data.toString())));
  socket.on('close', () => {
    closed = true;
    if (client) generator.onClose?.(client);
  });
  // a query token is accepted by every feed; feeds that expect one refuse a connection without it
  if (definition.tokenInQuery || queryToken !== undefined) enqueue(() => signIn(queryToken));
}

/** Registers every socket of src/live/feeds.ts on its path. */
export function registerFeeds(app: FastifyInstance, ctx: AppContext, generators: FeedGenerators = defaultGenerators): void {
  const httpPaths = new Set(Object.values(endpoints).filter((e) => e.method === 'GET').map((e) => e.path));
  for (const name of Object.keys(feeds) as FeedName[]) {
    const { path } = feeds[name];
    if (httpPaths.has(path)) throw new Error(`feed ${name} shares its path ${path} with a GET endpoint`);
    const generator = generators[name] ?? {};
    app.route({
      method: 'GET',
      url: path,
      handler: async (request, reply) => {
        reply.code(200);
        return envelope(CODE.badRequest, message(langOf(request.headers['accept-language']), 'err.websocketOnly'));
      },
      wsHandler: (socket, request) => serve(name, ctx, generator, socket, request),
    });
  }
}
