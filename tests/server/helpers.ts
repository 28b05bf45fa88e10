import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type EndpointName } from '../../src/api/endpoints';
import { startServer, type RunningServer } from '../../server/main';

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
  /** moves the server's clock forward (tokens expire after 2 days, captchas after 5 minutes). */
  advance(ms: number): void;
  /** calls an endpoint by name, encoding the payload the way src/api/client.ts does. */
  call<T = any>(name: EndpointName, payload?: Record<string, unknown> | FormData, options?: { token?: string; lang?: string }): Promise<Reply<T>>;
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));

export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-server-'));
  let offset = 0;
  const server = await startServer({ port: 0, dataDir, staticDir: null, now: () => Date.now() + offset });

  const call: TestServer['call'] = async (name, payload = {}, options = {}) => {
    const endpoint = endpoints[name];
    const headers: Record<string, string> = {};
    if (options.lang) headers['accept-language'] = options.lang;
    let url = server.url + endpoint.path;
    let body: string | FormData | URLSearchParams | undefined;
    if (payload instanceof FormData) {
      if (options.token && !payload.has('token')) payload.append('token', options.token);
      body = payload;
    } else {
      const fields: Record<string, unknown> = options.token ? { token: options.token, ...payload } : payload;
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
    const reply = await call('login', {
      userId: captcha.user_id,
      username,
      password,
      geetest_challenge: captcha.challenge,
      geetest_validate: captcha.challenge,
      geetest_seccode: `${captcha.challenge}|jordan`,
    });
    if (reply.code !== 200) throw new Error(`login ${username} failed: ${reply.info}`);
    return reply.data.token as string;
  };

  return {
    server,
    url: server.url,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    call,
    login,
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
