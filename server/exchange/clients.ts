/**
 * The trading clients: one ccxt pro client per API account that reaches its exchange (testnet or live; exchange 1
 * OKX, 2 HTX, 3 Binance, as server/market/live.ts), built from the account's opened key, kept and reused, rebuilt
 * when its key or mode changes, closed when it is forgotten and on server stop. The order gateway, the hedging
 * runner and the account calls reach an exchange through `clientFor` only.
 *
 * Every request passes one place, the client's `fetch2` (REST) and `watch` (a websocket subscription or login it
 * sends), which:
 * - writes it to the audit log (server/exchange/audit.ts), without secrets;
 * - refuses it while its exchange is down (ExchangeDown: nothing is sent), and marks an exchange down after
 *   settings.exchangeDownAfter unanswered requests in a row (timeout, unavailable, network), telling the bus
 *   ('exchange.health'); a probe on the clock (its server time, every settings.exchangeProbeMs) or any answer clears it;
 * - after a rate-limit reply (429/418: RateLimitExceeded, DDoSProtection) holds the account's next request back on the
 *   clock, doubling from BACKOFF_BASE_MS up to BACKOFF_CAP_MS, until a request is answered.
 * ccxt's own limiter (enableRateLimit) paces what is left.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { Exchange, Order } from 'ccxt';
import ccxt, { DDoSProtection, ExchangeNotAvailable, InvalidNonce, NetworkError, RateLimitExceeded } from '../ccxt';
import type { EventBus } from '../bus';
import type { Clock } from '../clock/clock';
import { clockLoop, type Loop } from '../clock/loop';
import type { ServerKey, MessageParams } from '../http/messages';
import { LIVE_EXCHANGES } from '../market/live';
import { isExchange, type ExchangeId } from '../market/instruments';
import type { ServerSettings } from '../settings';
import { clearExchangeDown, credentialsOf, setExchangeDown, type ApiCredentials, type ApiRow } from '../store/api-accounts';
import type { NewAuditRow } from '../store/audit';
import type { Db } from '../store/queryable';
import type { SecretBox } from '../store/secret-box';
import { auditText, auditWriter, withoutSecrets } from './audit';

/** A ccxt pro client (REST and websockets) signed with one account's key. */
export type TradingClient = Exchange;

/** Which exchanges have a test network ccxt reaches (OKX demo trading, Binance's demo; HTX has none). */
export const TESTNET: Record<ExchangeId, boolean> = { 1: true, 2: false, 3: true };

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/** A request the server did not send, with the reason in the caller's language (`key`, `params`). */
export class ExchangeRefused extends Error {
  constructor(
    readonly key: ServerKey,
    readonly params: MessageParams,
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeRefused';
  }
}

/** Nothing is sent to an exchange that stopped answering; a ccxt ExchangeNotAvailable, so callers that handle outages handle it. */
export class ExchangeDown extends ExchangeNotAvailable {
  readonly key: ServerKey = 'err.exchange.down';
  constructor(
    readonly exchange: ExchangeId,
    readonly params: MessageParams,
  ) {
    super(`${LIVE_EXCHANGES[exchange]} is not answering: nothing is sent until it answers again`);
    this.name = 'ExchangeDown';
  }
}

/** The reason a request was not sent, for a reply; undefined for an exchange's own error. */
export const refusalOf = (error: unknown): { key: ServerKey; params: MessageParams } | undefined =>
  error instanceof ExchangeRefused || error instanceof ExchangeDown ? { key: error.key, params: error.params } : undefined;

/** What a client is for: an account (apiId 0: a key not stored yet), its owner, exchange, network and key. */
export interface ClientTarget extends ApiCredentials {
  apiId: number;
  ownerId: number;
  bourseId: number;
  bourseName: string;
  mode: 'testnet' | 'live';
}

/** What the server is doing when a request leaves: who caused it, which ccxt method, its arguments; a probe passes a down exchange. */
interface CallScope {
  actor: number;
  method?: string;
  args?: unknown[];
  probe?: boolean;
}

/** Which market kinds ccxt loads per exchange (as server/market/live.ts: fewer calls, no option chains). */
const MARKET_TYPES: Record<ExchangeId, unknown> = {
  1: ['spot', 'future', 'swap'],
  2: { spot: true, linear: false, inverse: true },
  3: ['spot', 'linear', 'inverse'],
};

export interface ExchangeClients {
  /**
   * The account's client (testnet or live), kept per account; its requests are logged as caused by `actor` (a user id;
   * 0, the default: the server's own work). Throws ExchangeRefused for a paper account or a testnet the exchange lacks.
   */
  clientFor(api: ApiRow, actor?: number): TradingClient;
  /**
   * A client for a key as it is being saved, or for another network than the account's (the live one, before live is
   * on): built for `work`, closed after it. `keep` receives its audit rows instead of the log (a key refused before it
   * is stored is logged under account 0 by `writeAudit`).
   */
  withClient<T>(target: ClientTarget, actor: number, work: (client: TradingClient) => Promise<T>, keep?: (row: NewAuditRow) => void): Promise<T>;
  /** writes audit rows kept by withClient, under `apiId`. */
  writeAudit(rows: readonly NewAuditRow[], apiId: number): void;
  /** closes the account's client (its key or mode changed, or it was deleted); the next clientFor builds a new one. */
  forget(apiId: number): Promise<void>;
  /** the exchange stopped answering (its accounts read exchange_down). */
  isDown(exchange: number): boolean;
  /** resolves when every audit row and mark so far is written. */
  settled(): Promise<void>;
  /** resolves when the probes under way are done and what they logged is written (tests, after moving the clock). */
  idle(): Promise<void>;
  /** closes every client and stops the probes (server stop). */
  close(): Promise<void>;
}

export interface ExchangeClientsOptions {
  db: Db;
  clock: Clock;
  settings: ServerSettings;
  secrets: SecretBox;
  bus: EventBus;
}

interface Health {
  /** unanswered requests in a row */
  failures: number;
  /** the first of them */
  since: number;
  down: boolean;
  probe: Loop;
}

interface Pace {
  strikes: number;
  /** no request before this (ms, the clock's) */
  until: number;
}

interface Entry {
  fingerprint: string;
  client: TradingClient;
  target: ClientTarget;
  views: Map<number, TradingClient>;
}

/** Down-counting failures: no answer (timeouts, network, unavailable), not a rate limit or a nonce refusal. */
const unanswered = (error: unknown): boolean =>
  error instanceof NetworkError && !(error instanceof RateLimitExceeded) && !(error instanceof DDoSProtection) && !(error instanceof InvalidNonce);
const rateLimited = (error: unknown): boolean => error instanceof RateLimitExceeded || error instanceof DDoSProtection;
const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Merges the settings' url entries into one of ccxt's url sets (api, test, demo). */
function withUrls(base: unknown, override: Record<string, string | Record<string, string>>): unknown {
  if (!base || typeof base !== 'object') return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [name, url] of Object.entries(override)) {
    const current = merged[name];
    merged[name] = typeof url === 'object' && current && typeof current === 'object' ? { ...current, ...url } : url;
  }
  return merged;
}

export function createExchangeClients({ db, clock, settings, secrets, bus }: ExchangeClientsOptions): ExchangeClients {
  const calls = new AsyncLocalStorage<CallScope>();
  const writer = auditWriter(db, () => settings.auditKeep);
  const entries = new Map<number, Entry>();
  const paces = new Map<number, Pace>();
  const health = new Map<ExchangeId, Health>();
  // a mark of the last run means nothing now: every exchange is presumed to answer until it does not
  writer.later(() => clearExchangeDown(db).then(() => undefined));

  const probe = async (exchange: ExchangeId): Promise<void> => {
    const entry = [...entries.values()].find((e) => e.target.bourseId === exchange);
    if (!entry) return answered(exchange); // no client left to ask: nothing will be sent
    await calls.run({ actor: 0, method: 'fetchTime', probe: true }, () => entry.client.fetchTime()).catch(() => undefined);
  };
  const healthOf = (exchange: ExchangeId): Health => {
    let state = health.get(exchange);
    if (!state) {
      state = {
        failures: 0,
        since: 0,
        down: false,
        probe: clockLoop(clock, { name: `exchange ${exchange} probe`, everyMs: settings.exchangeProbeMs, overlap: 'skip', run: () => probe(exchange) }),
      };
      health.set(exchange, state);
    }
    return state;
  };
  const mark = (exchange: ExchangeId, state: Health, down: boolean) => {
    state.down = down;
    if (down) state.probe.start();
    else state.probe.pause();
    writer.later(() => setExchangeDown(db, exchange, down).then(() => undefined));
    bus.emit('exchange.health', { exchange, down, since: state.since });
  };
  function answered(exchange: ExchangeId): void {
    const state = healthOf(exchange);
    state.failures = 0;
    if (state.down) mark(exchange, state, false);
  }
  const unansweredOnce = (exchange: ExchangeId, at: number) => {
    const state = healthOf(exchange);
    if (state.failures === 0) state.since = at;
    state.failures += 1;
    if (!state.down && state.failures >= settings.exchangeDownAfter) mark(exchange, state, true);
  };

  const paceOf = (apiId: number): Pace => {
    let pace = paces.get(apiId);
    if (!pace) {
      pace = { strikes: 0, until: 0 };
      if (apiId) paces.set(apiId, pace);
    }
    return pace;
  };

  /** The one place every request passes: logged, refused while down, held back after a rate limit. */
  function instrument(client: TradingClient, target: ClientTarget, log: (row: NewAuditRow) => void): void {
    const exchange = target.bourseId as ExchangeId;
    const pace = paceOf(target.apiId);
    const literalSecrets = [target.apiSecret, target.apiToken];
    const record = (scope: CallScope | undefined, at: number, method: string, request: unknown, ok: boolean, reply: unknown) =>
      log({
        apiId: target.apiId,
        ownerId: target.ownerId,
        userId: scope?.actor ?? 0,
        bourseId: target.bourseId,
        at,
        method,
        request: auditText(request, literalSecrets),
        ok,
        reply: auditText(reply, literalSecrets),
      });
    const refuseWhileDown = (scope: CallScope | undefined) => {
      if (!scope?.probe && healthOf(exchange).down) throw new ExchangeDown(exchange, { bourse: target.bourseName });
    };

    const fetch2 = client.fetch2.bind(client);
    client.fetch2 = async (path, api, method, params, headers, body, config) => {
      const scope = calls.getStore();
      refuseWhileDown(scope);
      if (!scope?.probe && pace.until > clock.now()) await clock.sleep(pace.until - clock.now());
      refuseWhileDown(scope);
      client.timeout = settings.exchangeTimeoutMs;
      const at = clock.now();
      const line = `${method ?? 'GET'} ${Array.isArray(api) ? api.join('/') : api} ${path}`;
      const named = scope?.method ?? line;
      const request = { http: line, params: withoutSecrets(params), ...(scope?.args ? { args: scope.args } : {}) };
      try {
        const reply = await fetch2(path, api, method, params, headers, body, config);
        record(scope, at, named, request, true, reply);
        pace.strikes = 0;
        answered(exchange);
        return reply;
      } catch (error) {
        record(scope, at, named, request, false, errorText(error));
        if (rateLimited(error)) {
          pace.strikes += 1;
          pace.until = clock.now() + Math.min(BACKOFF_BASE_MS * 2 ** (pace.strikes - 1), BACKOFF_CAP_MS);
        } else if (unanswered(error)) unansweredOnce(exchange, at);
        else answered(exchange); // the exchange's own refusal is an answer
        throw error;
      }
    };

    const watch = client.watch.bind(client);
    client.watch = (url, messageHash, message, subscribeHash, subscription) => {
      const socket = url ?? '';
      const sends = message !== undefined && message !== null && client.clients[socket]?.subscriptions?.[subscribeHash as string] === undefined;
      if (sends) {
        const scope = calls.getStore();
        refuseWhileDown(scope);
        record(scope, clock.now(), scope?.method ?? 'watch', { ws: socket.split('?')[0], message: withoutSecrets(message) }, true, 'sent');
      }
      return watch(url, messageHash, message, subscribeHash, subscription);
    };
  }

  function build(target: ClientTarget, log: (row: NewAuditRow) => void): TradingClient {
    if (!isExchange(target.bourseId)) throw new ExchangeRefused('err.bourseNotFound', { id: target.bourseId }, `no exchange ${target.bourseId}`);
    const exchange = target.bourseId;
    if (target.mode === 'testnet' && !TESTNET[exchange])
      throw new ExchangeRefused('err.exchange.noTestnet', { bourse: target.bourseName }, `${LIVE_EXCHANGES[exchange]} has no test network`);
    const Client = (ccxt.pro as unknown as Record<string, new (config: object) => Exchange>)[LIVE_EXCHANGES[exchange]]!;
    const client = new Client({
      apiKey: target.apiKey,
      secret: target.apiSecret,
      password: target.apiToken || undefined,
      enableRateLimit: settings.exchangeRateLimit,
      timeout: settings.exchangeTimeoutMs,
    });
    client.options.fetchMarkets = { ...(client.options.fetchMarkets ?? {}), types: MARKET_TYPES[exchange] };
    const urls = settings.exchangeUrls[exchange];
    if (urls) for (const set of ['api', 'test', 'demo'] as const) if (client.urls[set]) client.urls[set] = withUrls(client.urls[set], urls) as never;
    // Binance's futures have no sandbox in ccxt any more: its demo trading is the test network
    if (target.mode === 'testnet') {
      if (exchange === 3) client.enableDemoTrading(true);
      else client.setSandboxMode(true);
    }
    if (exchange === 3) binanceFutures(client);
    // ccxt refuses ws:// URLs (a local proxy, a loopback exchange) until it holds an http agent (its loadHttpProxyAgent)
    client.httpAgent = new http.Agent();
    instrument(client, target, log);
    return client;
  }

  /**
   * A Binance key trades its USDⓈ-M futures wallet, where ccxt's binance defaults to spot: the key check's balance, the
   * probe's time and watchOrders' user-data stream are the futures ones. A symbol already in cross margin is not an
   * init failure (ccxt raises MarginModeAlreadySet by default). Binance prints a futures order without its fee: an order
   * that has filled gets its trades' fees (its socket updates carry them), or none when they cannot be read. And the
   * listenKey's keep-alive timer ends with the client.
   */
  function binanceFutures(client: TradingClient): void {
    // (no defaultSubType: it would override an explicit type, e.g. the holdings' spot and COIN-M balances, with USDⓈ-M)
    client.options.defaultType = 'swap';
    client.options.setMarginMode = { ...(client.options.setMarginMode ?? {}), throwMarginModeAlreadySet: false };
    const withFees = async (order: Order): Promise<Order> => {
      if (!order?.filled || !order.symbol || !client.markets?.[order.symbol]?.contract) return order;
      if (order.fee?.cost !== undefined || (order as Order & { fees?: unknown[] }).fees?.length) return order;
      const scope = calls.getStore();
      const params = { orderId: order.id };
      try {
        const trades = await calls.run({ actor: scope?.actor ?? 0, method: 'fetchMyTrades', args: [order.symbol, params] }, () =>
          client.fetchMyTrades(order.symbol, undefined, undefined, params),
        );
        const byCurrency = new Map<string, number>();
        for (const { fee } of trades) if (fee?.cost && fee.currency) byCurrency.set(fee.currency, (byCurrency.get(fee.currency) ?? 0) + fee.cost);
        const fees = [...byCurrency].map(([currency, cost]) => ({ currency, cost }));
        return { ...order, fees, ...(fees.length === 1 ? { fee: fees[0] } : {}) } as Order;
      } catch {
        return order;
      }
    };
    const createOrder = client.createOrder.bind(client);
    const fetchOrder = client.fetchOrder.bind(client);
    client.createOrder = async (...args) => withFees(await createOrder(...args));
    client.fetchOrder = async (...args) => withFees(await fetchOrder(...args));
    // ccxt keeps the user-data stream's listenKey alive on a 20-minute timer that close() leaves running: a closed client's stops
    const timers = new Set<ReturnType<typeof setTimeout>>();
    client.delay = (timeout: number, method: unknown, ...args: unknown[]) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        client.spawn(method, ...args);
      }, timeout);
      timers.add(timer);
    };
    const close = client.close.bind(client);
    client.close = () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return close();
    };
  }

  /** The client seen as caused by `actor`: each ccxt method called through it is named in the log, with its arguments. */
  const viewOf = (entry: Entry, actor: number): TradingClient => {
    let view = entry.views.get(actor);
    if (view) return view;
    const wrapped = new Map<PropertyKey, unknown>();
    view = new Proxy(entry.client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        let fn = wrapped.get(prop);
        if (!fn) {
          const method = value as (...args: unknown[]) => unknown;
          fn = (...args: unknown[]) => {
            const outer = calls.getStore();
            if (outer?.method) return method.apply(target, args);
            return calls.run({ actor, method: prop, args: withoutSecrets(args) as unknown[] }, () => method.apply(target, args));
          };
          wrapped.set(prop, fn);
        }
        return fn;
      },
    });
    entry.views.set(actor, view);
    return view;
  };

  const closeQuietly = (client: TradingClient): Promise<void> =>
    client.close().then(
      () => undefined,
      () => undefined,
    );

  const targetOf = (api: ApiRow): ClientTarget => {
    if (api.mode !== 'testnet' && api.mode !== 'live')
      throw new ExchangeRefused('err.exchange.paper', {}, `API account ${api.id} is a paper account: it does not reach its exchange`);
    return {
      ...credentialsOf(secrets, api),
      apiId: api.id,
      ownerId: api.user_id,
      bourseId: api.bourse_id,
      bourseName: api.bourse_name ?? String(api.bourse_id),
      mode: api.mode,
    };
  };

  return {
    clientFor(api, actor = 0) {
      const fingerprint = [api.bourse_id, api.mode, api.api_key, api.api_secret, api.api_token].join('\n');
      let entry = entries.get(api.id);
      if (!entry || entry.fingerprint !== fingerprint) {
        if (entry) void closeQuietly(entry.client);
        const target = targetOf(api);
        entry = { fingerprint, target, client: build(target, writer.write), views: new Map() };
        entries.set(api.id, entry);
      }
      return viewOf(entry, actor);
    },

    async withClient(target, actor, work, keep) {
      const entry: Entry = { fingerprint: '', target, client: build(target, keep ?? writer.write), views: new Map() };
      try {
        return await work(viewOf(entry, actor));
      } finally {
        await closeQuietly(entry.client);
      }
    },

    writeAudit(rows, apiId) {
      for (const row of rows) writer.write({ ...row, apiId });
    },

    async forget(apiId) {
      const entry = entries.get(apiId);
      entries.delete(apiId);
      paces.delete(apiId);
      if (entry) await closeQuietly(entry.client);
    },

    isDown: (exchange) => isExchange(exchange) && (health.get(exchange)?.down ?? false),

    settled: () => writer.settled(),

    async idle() {
      await Promise.all([...health.values()].map((state) => state.probe.idle()));
      await writer.settled();
    },

    async close() {
      for (const state of health.values()) state.probe.pause();
      await Promise.all([...health.values()].map((state) => state.probe.idle()));
      const clients = [...entries.values()].map((entry) => entry.client);
      entries.clear();
      await Promise.all(clients.map(closeQuietly));
      await writer.settled();
    },
  };
}

/** Whole seconds an exchange has not answered the trading clients at `now` (0 while it answers): the feed-down rule's other source. */
export function exchangeDownAge(bus: EventBus): (exchange: number, now: number) => number {
  const since = new Map<number, number>();
  bus.on('exchange.health', ({ exchange, down, since: at }) => {
    if (down) since.set(exchange, at);
    else since.delete(exchange);
  });
  return (exchange, now) => {
    const at = since.get(exchange);
    return at === undefined ? 0 : Math.max(0, Math.floor((now - at) / 1000));
  };
}
