// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { endpoints } from '#contract/endpoints';
import { feeds, type FeedName } from '#contract/feeds';
import { ManualClock } from '../../server/clock/clock';
import { startServer, type RunningServer } from '../../server/main';
import { answerCaptcha, openFeed, TEST_SETTINGS, TEST_START } from './helpers';

/**
 * §8 and §9: session tokens travel outside URLs (calls: `Authorization: Bearer`; sockets: the
 * handshake's `Sec-WebSocket-Protocol: bearer, <token>`), sockets open only from the console's own origin or a
 * configured service's, and HSTS goes out behind TLS. The server serves a console whose config.json names a
 * service on another origin, and believes X-Forwarded-* from loopback (as behind deploy/nginx.conf).
 */
const SERVICE_ORIGIN = 'https://task.console.test';
let server: RunningServer;
let dataDir = '';
let staticDir = '';
let admin = '';

async function call(
  name: 'permissions' | 'captcha' | 'login',
  init: { query?: string; headers?: Record<string, string>; body?: Record<string, unknown> } = {},
) {
  const { method, path: url } = endpoints[name];
  const response = await fetch(`${server.url}${url}${init.query ?? ''}`, {
    method,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { response, reply: (await response.json()) as { code: number; data: any } };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-transport-'));
  staticDir = mkdtempSync(path.join(tmpdir(), 'console-transport-dist-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(staticDir, 'config.json'), JSON.stringify({ services: { main: '', task: SERVICE_ORIGIN, order: '', change: '' }, websocket: '' }));
  server = await startServer({ port: 0, dataDir, staticDir, clock: new ManualClock(TEST_START), settings: TEST_SETTINGS, trustProxy: '127.0.0.1' });
  const { reply: captcha } = await call('captcha');
  const { reply } = await call('login', { body: { username: 'admin', password: 'admin123', ...(await answerCaptcha(captcha.data)) } });
  admin = reply.data.token;
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

describe('tokens out of URLs', () => {
  it('signs a call in with `Authorization: Bearer <token>`; a wrong one there is refused even beside a good payload token', async () => {
    expect((await call('permissions', { headers: { authorization: `Bearer ${admin}` } })).reply).toMatchObject({ code: 200, data: { userName: 'admin' } });
    expect((await call('permissions', { headers: { authorization: `bearer  ${admin}` } })).reply.code).toBe(200);
    expect((await call('permissions', { headers: { authorization: `Bearer ${'0'.repeat(64)}` }, query: `?token=${admin}` })).reply.code).toBe(3);
    // spec §7's shape still holds for other clients
    expect((await call('permissions', { query: `?token=${admin}` })).reply.code).toBe(200);
  });

  it.each(Object.keys(feeds) as FeedName[])(
    '%s signs in with the token of the handshake and answers the subprotocol `bearer`, never the token',
    async (name) => {
      const session = await openFeed(server.url, feeds[name].path, {}, admin);
      expect(session.socket.protocol).toBe('bearer');
      const beat = name === 'statistics' ? '{"currencys":[["btc",60]],"number":18}' : name === 'demand' ? '1' : JSON.stringify({ data: [] });
      session.socket.send(beat);
      const reply = await session.next();
      expect(reply === 'ok' || JSON.parse(reply).code !== 3, `${name}: ${reply}`).toBe(true);
      session.socket.close();
      await session.closed;
    },
  );

  it('refuses a bad handshake token with code 3', async () => {
    const session = await openFeed(server.url, feeds.task.path, {}, '0'.repeat(64));
    expect(JSON.parse(await session.next()).code).toBe(3);
    expect(await session.closed).toBe(1008);
  });
});

/** The HTTP status a socket handshake with this Origin gets (101 = opened). */
function handshake(origin: string | undefined, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.url.replace(/^http/, 'ws') + feeds.market.path, ['bearer', admin], { headers, ...(origin ? { origin } : {}) });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('the Origin of a socket', () => {
  it("opens from the console's own origin, a configured service's and without one (outside a browser); refuses any other with 403", async () => {
    const own = new URL(server.url).origin;
    expect(await handshake(own)).toBe(101);
    expect(await handshake(SERVICE_ORIGIN)).toBe(101);
    expect(await handshake(undefined)).toBe(101);
    expect(await handshake('https://evil.example')).toBe(403);
    expect(await handshake('null')).toBe(403);
    // same host name on another port, or another scheme's twin of the service, is another origin
    expect(await handshake(own.replace(/:\d+$/, ':1'))).toBe(403);
    expect(await handshake('http://task.console.test')).toBe(403);
  });

  it('takes the host a trusted proxy says the browser asked for (X-Forwarded-Host)', async () => {
    expect(await handshake('https://console.example', { 'x-forwarded-host': 'console.example' })).toBe(101);
    expect(await handshake('https://evil.example', { 'x-forwarded-host': 'console.example' })).toBe(403);
  });
});

describe('HSTS', () => {
  it('is sent on a request that came over https through the trusted proxy, not over plain http', async () => {
    const overTls = await fetch(`${server.url}${endpoints.captcha.path}`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=63072000');
    const page = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https', accept: 'text/html' } });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=63072000');
    const plain = await fetch(`${server.url}${endpoints.captcha.path}`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('is not sent when a client that is not a trusted proxy claims https', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'console-transport-'));
    const untrusting = await startServer({ port: 0, dataDir: dir, staticDir: null, clock: new ManualClock(TEST_START), settings: TEST_SETTINGS });
    try {
      const reply = await fetch(`${untrusting.url}${endpoints.captcha.path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusting.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
