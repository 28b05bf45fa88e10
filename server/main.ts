import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { createAuth } from './http/auth';
import { systemClock, type Clock } from './clock/clock';
import { clockLoop } from './clock/loop';
import type { AppContext } from './context';
import { openDb } from './store/db';
import type { Queryable } from './store/queryable';
import { paperGateway } from './gateway/paper';
import { exchangeGateways } from './gateway/exchange';
import { manualOrdersOf } from './handlers/manual-orders';
import { unsettledAccounts } from './store/outbox';
import { findApi, tradesOnExchange, type ApiRow } from './store/api-accounts';
import { marketPricer } from './engine/prices';
import { EventBus } from './bus';
import { registerFeeds, type FeedGenerators } from './feeds/socket-server';
import { handlers } from './handlers';
import { marketFeedGenerators } from './feeds/market';
import { taskFeedGenerators } from './feeds/tasks';
import { orderFeedGenerators } from './feeds/orders';
import { assetFeedGenerators } from './feeds/assets';
import { unilateralFeedGenerators } from './feeds/unilateral';
import { alertFeedGenerators } from './feeds/alerts';
import { enginePrices } from './engine/prices';
import { marketFeedAge, startAlertEngine, type AlertEngine, type AlertEngineOptions } from './alerts/engine';
import { createExchangeClients, exchangeDownAge } from './exchange/clients';
import { createHoldings } from './exchange/holdings';
import { startUnilateralRunner, type UnilateralRunner } from './unilateral/runner';
import { seedUnilateral } from './seed/unilateral';
import { seedAevo } from './seed/aevo';
import { seedAssets } from './ledger/accounts';
import { startMarket, type MarketOptions } from './market/source';
import { MULTIPART_OPTIONS, registerFallback, registerRoutes } from './http/routes';
import { DEMO_ACCOUNTS, seed, seedReference } from './seed/demo';
import { refuseDemoPasswords, seedProduction, StartRefused, type FirstSuperUser } from './seed/production';
import { openSecrets } from './secrets/at-rest';
import { secretKeyPath, SecretKeyError, type SecretBox } from './store/secret-box';
import { UploadGate } from './http/uploads';
import { sweepStrategyFolders } from './store/strategies';
import { legBalanceSource, startTaskRunner, type TaskRunner } from './hedging/runner';
import { seedDemoTasks } from './seed/tasks';
import { seedPaperRuns } from './seed/paper';
import { resolveSettings, type ServerSettings } from './settings';
import { registerStatic } from './http/static';
import { configuredOrigins } from './http/headers';
import { listenServices, OWN_PORT_SERVICES, type OwnPortService } from './http/service-ports';

export interface ServerOptions {
  /** 0 = any free port; default 8080. */
  port?: number;
  /** where console.db and uploaded strategy files live; default ./data. */
  dataDir?: string;
  /** the built console to serve (history fallback to index.html); default dist/ when it exists, null = none. */
  staticDir?: string | null;
  /** default 127.0.0.1. */
  host?: string;
  /** drives everything that changes by itself (default: real time). Tests pass a ManualClock. */
  clock?: Clock;
  /** delays for realism and push rates; defaults in server/settings.ts, short values in tests. */
  settings?: Partial<ServerSettings>;
  /** fastify's request log; default off. `{ stream }` writes it there instead of stdout (tests read it). */
  logger?: boolean | { stream: { write(line: string): void } };
  /** what each feed sends and pushes (default: answer `ok`); for tests and later areas. */
  feedGenerators?: FeedGenerators;
  /**
   * proxies whose X-Forwarded-For is believed (fastify's trustProxy: addresses or CIDRs, comma-separated),
   * so the client address of a failed sign-in is the browser's, not nginx's; default none.
   */
  trustProxy?: string;
  /** where prices come from (default: the simulation seeded 'arbitrage'). */
  market?: MarketOptions;
  /**
   * services that listen on a port of their own (0 = any free port), as in a deployment with a host per
   * service (deploy/nginx.conf's upstreams); the server's own port then answers main and the files only.
   * Default none: every service on the one port. (server/http/service-ports.ts)
   */
  servicePorts?: Partial<Record<OwnPortService, number>>;
  /** the alert rules' sources (server/alerts/engine.ts): leg health, feed staleness; tests hand in their own. */
  alerts?: AlertEngineOptions;
  /**
   * true (default, `npm start`): the demo, its accounts (DEMO_ACCOUNTS) and data. false (DEMO=0, docs/DEPLOY.md): a
   * production start — no demo account or data; the first start creates one super user (`firstSuperUser`), and a
   * start is refused while an account has a password of the demo.
   */
  demo?: boolean;
  /** a production start's first super user: its name (default admin) and password (ADMIN_PASSWORD; none = generated, shown once). */
  firstSuperUser?: { username?: string; password?: string };
  /** the key that seals the API secrets (SECRET_KEY_FILE); default DATA_DIR/secret.key, created on the first start (0600). */
  secretKeyFile?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  /** what handlers and feeds share (clock, settings, database…), for tests. */
  context: AppContext;
  /** the task engine (server/hedging/runner.ts); tests await `tasks.idle()` after moving the clock. */
  tasks: TaskRunner;
  /** the unilateral runner (server/unilateral/runner.ts); tests await `unilateral.idle()` after moving the clock. */
  unilateral: UnilateralRunner;
  /** the alert rules on the clock (server/alerts/engine.ts); tests await `alerts.idle()` after moving the clock. */
  alerts: AlertEngine;
  /** the ports of the services given one of their own (ServerOptions.servicePorts). */
  servicePorts: Partial<Record<OwnPortService, number>>;
  /** the strategy uploads under way (server/http/uploads.ts). */
  uploads: UploadGate;
  /** the super user a production start created on this start (with its password when generated), for the command line to show once. */
  firstSuperUser?: FirstSuperUser;
  close(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function resolveStaticDir(option: string | null | undefined): string | null {
  if (option === null) return null;
  const dir = path.resolve(option ?? path.join(repoRoot, 'dist'));
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/** `?token=abc&x=1` → `?token=***&x=1`. */
export const redactToken = (url: string): string => url.replace(/([?&]token=)[^&]*/g, '$1***');

/** 'market.tick' on the bus, settings.marketPushHz times a second (none at 0). */
function startMarketTicker({ clock, bus, settings }: AppContext): () => void {
  if (!(settings.marketPushHz > 0)) return () => undefined;
  const ticker = clockLoop(clock, {
    name: 'market ticker',
    everyMs: 1000 / settings.marketPushHz,
    overlap: 'skip',
    run: (at) => bus.emit('market.tick', { at }),
  });
  ticker.start();
  return () => ticker.pause();
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = path.resolve(opts.dataDir ?? './data');
  const clock = opts.clock ?? systemClock;
  const settings = resolveSettings(opts.settings);
  const host = opts.host ?? '127.0.0.1';
  const staticDir = resolveStaticDir(opts.staticDir);

  const demo = opts.demo ?? true;

  const db = await openDb(dataDir);
  let secrets: SecretBox;
  let firstSuperUser: FirstSuperUser | undefined;
  try {
    secrets = await openSecrets(db, secretKeyPath(dataDir, opts.secretKeyFile));
    if (demo) {
      await seed(db, dataDir, clock.now(), { secrets, passwordCost: settings.passwordCost });
    } else {
      await refuseDemoPasswords(db);
      await seedReference(db, clock.now());
      firstSuperUser = await seedProduction(db, clock.now(), {
        username: opts.firstSuperUser?.username ?? 'admin',
        password: opts.firstSuperUser?.password,
        passwordCost: settings.passwordCost,
      });
    }
    await sweepStrategyFolders(db, dataDir);
  } catch (error) {
    db.close();
    throw error;
  }
  const market = startMarket(clock, opts.market);
  await seedAssets(db, market, clock.now());
  const bus = new EventBus();
  const exchanges = createExchangeClients({ db, clock, settings, secrets, bus });
  // a paper account's orders fill at the server's market; a testnet or live account's leave for its exchange
  const exchangeOrders = exchangeGateways((api) => exchanges.clientFor(api), {
    store: db,
    clock,
    priceOf: (o) => marketPricer(market.prices, o.at)(o.leg.exchange, o.leg.currency, o.leg.contractType),
  });
  const gateway = (tx: Queryable, api: ApiRow) => (tradesOnExchange(api) ? exchangeOrders.of(api) : paperGateway(tx, market.prices));
  // orders a stop left in flight: their accounts' gateways look them up by client id before anything else is sent
  for (const apiId of await unsettledAccounts(db)) {
    const api = await findApi(db, apiId);
    if (api && tradesOnExchange(api)) exchangeOrders.of(api);
  }
  const holdings = createHoldings({ db, clock, exchanges, bus });
  const ctx: AppContext = { db, auth: createAuth(db, clock), dataDir, clock, settings, bus, market, secrets, gateway, exchanges, holdings };
  // manual orders a stop left open on an exchange: looked up by client id, their later fills booked as they come
  const manualOrders = manualOrdersOf(ctx);
  void manualOrders.recover();
  await ctx.auth.lockout.load();
  if (demo && settings.demoTasks) await seedDemoTasks(ctx, clock.now());
  if (demo && settings.demoTasks) await seedPaperRuns(ctx, clock.now());
  if (demo && settings.unilateralDemo) await seedUnilateral(ctx, clock.now());
  if (demo) await seedAevo(ctx, clock.now());
  const uploads = new UploadGate({ perUser: settings.uploadsPerUser, inAll: settings.uploadsInAll });

  const app = Fastify({
    // close() ends every open connection (keep-alive ones a client left open included) instead of waiting on them
    forceCloseConnections: true,
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
    // request logs never carry a session token (the console sends it in headers; other clients may still put it in the query)
    logger: opts.logger
      ? {
          ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}),
          serializers: { req: (req) => ({ method: req.method, url: redactToken(req.url) }) },
        }
      : false,
  });
  // an empty JSON body is an empty payload, not an error
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, {}) : json(request, String(body), done),
  );
  await app.register(formbody);
  await app.register(multipart, MULTIPART_OPTIONS);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await registerStatic(app, staticDir);

  const services = opts.servicePorts ? await listenServices(app, opts.servicePorts, host) : undefined;
  registerRoutes(app, ctx, handlers, uploads);
  registerFeeds(
    app,
    ctx,
    {
      ...marketFeedGenerators,
      ...taskFeedGenerators,
      ...orderFeedGenerators,
      ...assetFeedGenerators,
      ...unilateralFeedGenerators,
      ...alertFeedGenerators,
      ...opts.feedGenerators,
    },
    configuredOrigins(staticDir),
  );
  const stopTicker = startMarketTicker(ctx);
  const tasks = startTaskRunner(ctx, { gatewayFor: (api) => exchangeOrders.of(api), bookClientFor: (api) => exchanges.clientFor(api) });
  const unilateral = startUnilateralRunner(ctx);
  // the unbalanced rule reads the task engine's own ledgers (the figures the task pages show), not the database
  const legHealth = legBalanceSource(tasks, enginePrices(ctx.market.prices).prices);
  // feed-down: an exchange's market data is stale, or it stopped answering the trading clients
  const marketAge = marketFeedAge(ctx.market.prices);
  const downAge = exchangeDownAge(bus);
  const feedAge = (exchange: number, now: number) => Math.max(marketAge(exchange, now), downAge(exchange, now));
  const alerts = startAlertEngine(ctx, { legHealth, feedAge, ...opts.alerts });
  app.addHook('onClose', async () => {
    tasks.stop();
    unilateral.stop();
    alerts.stop();
    holdings.stop();
    await holdings.idle();
    await tasks.idle();
    await unilateral.idle();
    await alerts.idle();
    manualOrders.stop();
    await manualOrders.idle();
    stopTicker();
    market.stop();
    exchangeOrders.close();
    await exchanges.close();
  });
  registerFallback(app, staticDir);

  try {
    await app.listen({ port: opts.port ?? 8080, host });
  } catch (error) {
    market.stop();
    exchangeOrders.close();
    await exchanges.close();
    db.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    context: ctx,
    tasks,
    unilateral,
    alerts,
    servicePorts: services?.ports ?? {},
    uploads,
    firstSuperUser,
    close: async () => {
      await services?.close();
      await app.close();
      db.close();
    },
  };
}

/** MARKET_SOURCE (sim, the default, or live) and MARKET_SEED. */
function marketFromEnvironment(): MarketOptions {
  const source = process.env.MARKET_SOURCE ?? 'sim';
  if (source !== 'sim' && source !== 'live') throw new Error(`MARKET_SOURCE must be sim or live, not ${source}`);
  return { source, seed: process.env.MARKET_SEED || undefined };
}

/** TASK_PORT, ORDER_PORT, CHANGE_PORT: a port of its own for that service; none given = one port for all. */
function servicePortsFromEnvironment(): Partial<Record<OwnPortService, number>> | undefined {
  const ports = Object.fromEntries(
    OWN_PORT_SERVICES.flatMap((service) => {
      const value = process.env[`${service.toUpperCase()}_PORT`];
      return value ? [[service, Number(value)]] : [];
    }),
  );
  return Object.keys(ports).length ? ports : undefined;
}

/** DEMO: unset or 1 = the demo (`npm start`), 0 = a production start (docs/DEPLOY.md). */
function demoFromEnvironment(): boolean {
  const value = (process.env.DEMO ?? '1').trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new StartRefused(`DEMO must be 1 (the demo) or 0 (a production start), not ${process.env.DEMO}`);
}

const SWITCH_ON = ['1', 'true', 'yes', 'on'];
const SWITCH_OFF = ['', '0', 'false', 'no', 'off'];

/**
 * LIVE_TRADING: unset or 0 (the default) = no account may trade real money; 1 = an account's owner may turn live trading
 * on (apiLive, with a confirm naming the account, and a key that can trade and cannot withdraw). docs/LIVE-TRADING.md.
 * EXCHANGE_URLS: JSON, per exchange id what replaces ccxt's urls of that exchange (api, sandbox and demo alike), for a
 * proxy or a loopback exchange: `{"1": {"rest": "http://127.0.0.1:9001", "ws": "ws://127.0.0.1:9001/ws/v5"}}` (OKX;
 * Binance: its api names, e.g. `{"3": {"public": "...", "private": "...", "fapiPublic": "...", "fapiPrivate": "..."}}`).
 */
function tradingFromEnvironment(): Pick<ServerSettings, 'liveTrading' | 'exchangeUrls'> {
  const live = (process.env.LIVE_TRADING ?? '').trim().toLowerCase();
  if (!SWITCH_ON.includes(live) && !SWITCH_OFF.includes(live))
    throw new StartRefused(`LIVE_TRADING must be 1 (allowed) or 0 (off), not ${process.env.LIVE_TRADING}`);
  const text = process.env.EXCHANGE_URLS?.trim();
  let urls: unknown = {};
  if (text) {
    try {
      urls = JSON.parse(text);
    } catch {
      throw new StartRefused('EXCHANGE_URLS must be JSON: {"1": {"rest": "...", "ws": "..."}}');
    }
  }
  const valid =
    urls !== null &&
    typeof urls === 'object' &&
    !Array.isArray(urls) &&
    Object.entries(urls).every(([id, set]) => ['1', '2', '3'].includes(id) && set !== null && typeof set === 'object' && !Array.isArray(set));
  if (!valid) throw new StartRefused('EXCHANGE_URLS must map exchange ids 1, 2, 3 to objects of urls: {"1": {"rest": "...", "ws": "..."}}');
  return { liveTrading: SWITCH_ON.includes(live), exchangeUrls: urls as ServerSettings['exchangeUrls'] };
}

async function runFromCommandLine(): Promise<void> {
  const market = marketFromEnvironment();
  const demo = demoFromEnvironment();
  const trading = tradingFromEnvironment();
  const server = await startServer({
    market,
    settings: trading,
    port: Number(process.env.PORT ?? 8080),
    dataDir: process.env.DATA_DIR ?? './data',
    // localhost = both loopbacks (127.0.0.1 and ::1); HOST=0.0.0.0 opens it to the network
    host: process.env.HOST ?? 'localhost',
    logger: process.env.LOG === '1',
    trustProxy: process.env.TRUST_PROXY || undefined,
    servicePorts: servicePortsFromEnvironment(),
    demo,
    firstSuperUser: { username: process.env.ADMIN_USERNAME || undefined, password: process.env.ADMIN_PASSWORD || undefined },
    secretKeyFile: process.env.SECRET_KEY_FILE || undefined,
  });
  console.log(`Arbitrage console reference server: ${server.url}`);
  for (const [service, port] of Object.entries(server.servicePorts)) console.log(`  ${service} service on its own port: ${port}`);
  console.log(`Data folder: ${path.resolve(process.env.DATA_DIR ?? './data')}`);
  console.log(
    market.source === 'live'
      ? 'Market: live public tickers of OKX, HTX and Binance (read only, never trades), the simulation where one is missing'
      : `Market: simulated, seed ${market.seed ?? 'arbitrage'} (MARKET_SOURCE=live for public exchange prices)`,
  );
  console.log(
    trading.liveTrading
      ? 'Live trading: allowed (LIVE_TRADING=1): an account trades real money once its owner turns it on'
      : 'Live trading: off (LIVE_TRADING=1 allows it); accounts trade on paper or on an exchange test network',
  );
  if (demo) {
    console.log('Demo accounts (DEMO=0 for a production start without them, docs/DEPLOY.md):');
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username} / ${account.password}  — ${account.role}`);
  } else {
    console.log('Production start (DEMO=0): no demo accounts.');
    const created = server.firstSuperUser;
    if (created?.generatedPassword) {
      console.log(`First super user created: ${created.username} / ${created.generatedPassword}`);
      console.log('  This password is shown this once and stored nowhere else: note it now, and change it after signing in.');
    } else if (created) {
      console.log(`First super user created: ${created.username}, with the password of ADMIN_PASSWORD.`);
    }
  }
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  runFromCommandLine().catch((error: unknown) => {
    // a refusal says what to do; anything else shows its stack
    if (error instanceof StartRefused || error instanceof SecretKeyError) console.error(`Refusing to start: ${error.message}`);
    else console.error(error);
    process.exit(1);
  });
}
