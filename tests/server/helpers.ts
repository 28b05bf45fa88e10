import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { captchaFields, proveWork } from '#contract/rules/captcha';
import { ManualClock } from '../../server/clock/clock';
import { startServer, type RunningServer, type ServerOptions } from '../../server/main';
import type { ServerSettings } from '../../server/settings';

export interface Reply<T = any> {
  code: number;
  info: string;
  data: T;
  [extra: string]: unknown;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** the server's clock: it moves only when a test says so. */
  clock: ManualClock;
  /**
   * moves the clock forward, running the timers that fall due (tokens expire after 2 days, captchas
   * after 5 minutes, /api/init waits settings.initDelayMs), then lets the work they started settle.
   */
  advance(ms: number): Promise<void>;
  /** calls an endpoint by name, encoding the payload the way src/api/client.ts does (the token in `Authorization: Bearer`). */
  call<T = any>(name: EndpointName, payload?: Record<string, unknown> | FormData, options?: { token?: string; lang?: string }): Promise<Reply<T>>;
  login(username: string, password: string): Promise<string>;
  /** signs a unilateral account in through /validation/user (no captcha) and answers its token. */
  loginUnilateral(userName: string, userPassword: string): Promise<string>;
  stop(): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** A few turns of the event loop: what a timer started (database, sockets) gets to run. */
export async function settle(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A cheap scrypt cost for tests' password hashes (the default, OWASP's, costs ~0.3 s and 128 MiB a hash). */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/** Settings of a test server: nothing pushes by itself unless a test asks for it; passwords and the captcha's work are light. */
export const TEST_SETTINGS = { marketPushHz: 0, demoTasks: false, unilateralDemo: false, passwordCost: TEST_PASSWORD_COST, captchaDifficulty: 4 };

/** The slider's answer to a captcha challenge: its proof of work found with node:crypto, as the console finds it with WebCrypto. */
export async function answerCaptcha(captcha: { challenge: string; difficulty?: number }) {
  const work = await proveWork(captcha.challenge, captcha.difficulty ?? 0, (text) => createHash('sha256').update(text).digest());
  return captchaFields(captcha.challenge, work!);
}

/**
 * The instant every test server's clock starts from unless a test gives its own: fixed, so that what a test
 * trades and computes is the same at any hour on any date (a test about dates passes the dates it is about).
 */
export const TEST_START = Date.UTC(2026, 10, 2, 1, 0, 0);

/**
 * A data folder's first start seeds the demo, whose month of equity history per account costs ~0.5 s of CPU: one
 * folder per worker is seeded on its first start, and a test server without a folder of its own starts on a copy,
 * as a restart does (seeding is once per folder: `seedOnce`). The seed reads only the start time and these settings,
 * so the copy holds what a first start would write; the demo tasks' seed runs the engine on the test's settings, so
 * those start fresh, as a test that names its folder does.
 */
const seededFolders = new Map<string, Promise<string>>();
const seededDirs: string[] = [];
process.on('exit', () => {
  for (const dir of seededDirs) rmSync(dir, { recursive: true, force: true });
});

async function seededCopy(start: number, settings: Partial<ServerSettings>): Promise<string> {
  const seedSettings = { ...TEST_SETTINGS, demoTasks: false, ...pick(settings, ['passwordCost', 'unilateralDemo']) };
  const key = JSON.stringify([start, seedSettings]);
  let folder = seededFolders.get(key);
  if (!folder) {
    folder = (async () => {
      const dir = mkdtempSync(path.join(process.env.TEST_SEEDED_FOLDERS ?? tmpdir(), 'console-seeded-'));
      seededDirs.push(dir);
      const first = await startServer({ port: 0, dataDir: dir, staticDir: null, clock: new ManualClock(start), settings: seedSettings });
      await first.close();
      return dir;
    })();
    seededFolders.set(key, folder);
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'console-server-'));
  cpSync(await folder, copy, { recursive: true });
  return copy;
}

const pick = <T extends object>(from: T, keys: (keyof T)[]): Partial<T> =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]])) as Partial<T>;

/**
 * `start`: the clock's start time (ms), TEST_START when not given. `dataDir`: a folder of the test's own (a first
 * start when empty); `firstStart`: a new empty folder, for a test of what a first start does; neither: a copy of a
 * seeded folder (see seededFolders).
 */
export async function startTestServer(
  options: Pick<ServerOptions, 'settings' | 'dataDir' | 'feedGenerators' | 'alerts'> & { start?: number; firstStart?: boolean } = {},
): Promise<TestServer> {
  const start = options.start ?? TEST_START;
  const settings = { ...TEST_SETTINGS, ...options.settings };
  const firstStart = options.firstStart || settings.demoTasks;
  const dataDir = options.dataDir ?? (firstStart ? mkdtempSync(path.join(tmpdir(), 'console-server-')) : await seededCopy(start, settings));
  const clock = new ManualClock(start);
  const server = await startServer({
    port: 0,
    dataDir,
    staticDir: null,
    clock,
    settings,
    feedGenerators: options.feedGenerators,
    alerts: options.alerts,
  });

  const call: TestServer['call'] = async (name, payload = {}, options = {}) => {
    const endpoint = endpoints[name];
    const headers: Record<string, string> = {};
    if (options.lang) headers['accept-language'] = options.lang;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let url = server.url + endpoint.path;
    let body: string | FormData | URLSearchParams | undefined;
    if (payload instanceof FormData) {
      body = payload;
    } else {
      const fields: Record<string, unknown> = payload;
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) params.append(key, text(value));
      if (endpoint.encoding === 'query') url += `?${params}`;
      else if (endpoint.encoding === 'json') {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(fields);
      } else body = params;
    }
    const response = await fetch(url, { method: endpoint.method, headers, body });
    return (await response.json()) as Reply;
  };

  const login = async (username: string, password: string): Promise<string> => {
    const { data: captcha } = await call('captcha');
    const reply = await call('login', { userId: captcha.user_id, username, password, ...(await answerCaptcha(captcha)) });
    if (reply.code !== 200) throw new Error(`login ${username} failed: ${reply.info}`);
    return reply.data.token as string;
  };

  const loginUnilateral = async (userName: string, userPassword: string): Promise<string> => {
    const reply = await call('unilateralLogin', { userName, userPassword });
    if (reply.code !== 200) throw new Error(`unilateral login ${userName} failed: ${reply.info}`);
    return reply.data.token as string;
  };

  return {
    server,
    url: server.url,
    dataDir,
    clock,
    advance: async (ms) => {
      clock.tick(ms);
      await settle();
    },
    call,
    login,
    loginUnilateral,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedInServer {
  t: TestServer;
  /** tokens of the seeded admin and trader */
  admin: string;
  trader: string;
}

/** One server with a fresh data folder for the whole test file, admin and trader signed in. */
export function signedInServer(): SignedInServer {
  const s = {} as SignedInServer;
  beforeAll(async () => {
    s.t = await startTestServer();
    s.admin = await s.t.login('admin', 'admin123');
    s.trader = await s.t.login('trader', 'trader123');
  });
  afterAll(() => s.t.stop());
  return s;
}

export interface FeedSession {
  messages: string[];
  closed: Promise<number>;
  socket: WebSocket;
  next(): Promise<string>;
}

/**
 * Opens a socket and records what it receives; `next()` waits for the next message. `token`: sent in the
 * handshake as the console does (`Sec-WebSocket-Protocol: bearer, <token>`).
 */
export async function openFeed(url: string, path: string, headers: Record<string, string> = {}, token?: string): Promise<FeedSession> {
  const socket = new WebSocket(url.replace(/^http/, 'ws') + path, token ? ['bearer', token] : [], { headers });
  const messages: string[] = [];
  const waiters: ((text: string) => void)[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    const waiter = waiters.shift();
    if (waiter) waiter(text);
    else messages.push(text);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const queued = messages.shift();
      if (queued !== undefined) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no message within 3 s')), 3000);
      waiters.push((text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  return { messages, closed, socket, next };
}
