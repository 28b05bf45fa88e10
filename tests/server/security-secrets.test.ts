// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointNames, endpoints } from '../../src/api/endpoints';
import { feeds } from '../../src/live/feeds';
import { ManualClock } from '../../server/clock/clock';
import { startServer, type RunningServer } from '../../server/main';
import { TEST_SETTINGS, TEST_START, answerCaptcha, openFeed, settle } from './helpers';

/**
 * An API secret stored through the contract never comes back: not in any reply of any GET call of the
 * contract (as its owner or as the super user, with the account's id in every field a call reads),
 * not in the server's log. Session tokens sent in a websocket's query are redacted in the log.
 */
const SECRET = 'SeCrEt-7f3a9c1e5b-never-shown';

let server: RunningServer;
let dataDir: string;
const log: string[] = [];
const replies: { name: string; text: string }[] = [];

async function get(name: (typeof endpointNames)[number], payload: Record<string, unknown>, token: string): Promise<void> {
  const params = new URLSearchParams({ token });
  for (const [key, value] of Object.entries(payload)) params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  const response = await fetch(`${server.url}${endpoints[name].path}?${params}`);
  replies.push({ name, text: await response.text() });
}

async function post(name: (typeof endpointNames)[number], payload: Record<string, unknown>, token: string) {
  const response = await fetch(`${server.url}${endpoints[name].path}`, {
    method: endpoints[name].method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, ...payload }),
  });
  const text = await response.text();
  replies.push({ name, text });
  return JSON.parse(text) as { code: number; data: any };
}

async function login(username: string, password: string): Promise<string> {
  const captcha = ((await (await fetch(`${server.url}${endpoints.captcha.path}`)).json()) as { data: { challenge: string; difficulty: number } }).data;
  const reply = await post('login', { username, password, ...(await answerCaptcha(captcha)) }, '');
  return reply.data.token as string;
}

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      log.push(args.map(String).join(' '));
    });
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-secrets-'));
  server = await startServer({
    port: 0,
    dataDir,
    staticDir: null,
    clock: new ManualClock(TEST_START),
    settings: TEST_SETTINGS,
    logger: { stream: { write: (line: string) => void log.push(line) } },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('secrets stay secret', () => {
  it('no GET reply of the contract and no log line carries a stored API secret; query tokens are redacted in the log', async () => {
    const admin = await login('admin', 'admin123');
    const trader = await login('trader', 'trader123');
    const ids: number[] = [];
    for (const token of [admin, trader]) {
      const added = await post('apiAdd', { name: 'secret holder', bourseId: 1, apiKey: 'key-visible', apiSecret: SECRET, apiToken: 'pass-1', status: 1 }, token);
      expect(added.code).toBe(200);
      ids.push(added.data.id as number);
    }
    // the account's id under every name a call reads it by
    const payloads = ids.flatMap((id) => [
      {},
      { apiId: id, id, layout: 1, all: 1, page: 1, pagesize: 100, page_num: 1, bars: 100, number: 1 },
      { api_ids: [id], apiIds: [id], apis: [id], apiId: String(id) },
    ]);
    const gets = endpointNames.filter((name) => endpoints[name].method === 'GET');
    expect(gets.length).toBeGreaterThan(40);
    for (const token of [admin, trader]) {
      for (const name of gets) for (const payload of payloads) await get(name, payload, token);
    }

    // a feed with its token in the query, as the console opens the market feed
    const feed = await openFeed(server.url, `${feeds.market.path}?token=${admin}`);
    feed.socket.send(JSON.stringify({ token: admin, data: [] }));
    await feed.next();
    feed.socket.close();
    await feed.closed;
    await settle();

    const leaked = replies.filter((reply) => reply.text.includes(SECRET)).map((reply) => reply.name);
    expect(leaked).toEqual([]);
    expect(replies.length).toBeGreaterThan(gets.length * 6);
    const logText = log.join('\n');
    expect(logText).toContain(`${feeds.market.path}?token=***`);
    expect(logText).toContain('/api/list');
    expect(logText).not.toContain(SECRET);
    for (const token of [admin, trader]) expect(logText).not.toContain(token);
  });
});
