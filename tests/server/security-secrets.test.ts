// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointNames, endpoints } from '#contract/endpoints';
import { feeds } from '#contract/feeds';
import { ManualClock } from '../../server/clock/clock';
import { startServer, type RunningServer } from '../../server/main';
import { hashPassword } from '../../server/http/auth';
import { runSecretsCommand } from '../../server/secrets/cli';
import { openDb } from '../../server/store/db';
import { apiCredentials } from '../../server/store/api-accounts';
import { TEST_PASSWORD_COST, TEST_SETTINGS, TEST_START, answerCaptcha, openFeed, settle, startTestServer, type TestServer } from './helpers';

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
      const added = await post(
        'apiAdd',
        { name: 'secret holder', bourseId: 1, apiKey: 'key-visible', apiSecret: SECRET, apiToken: PASSPHRASE, status: 1 },
        token,
      );
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

    const leaked = replies.filter((reply) => reply.text.includes(SECRET) || reply.text.includes(PASSPHRASE)).map((reply) => reply.name);
    expect(leaked).toEqual([]);
    expect(replies.length).toBeGreaterThan(gets.length * 6);
    const logText = log.join('\n');
    expect(logText).toContain(`${feeds.market.path}?token=***`);
    expect(logText).toContain('/api/list');
    expect(logText).not.toContain(SECRET);
    expect(logText).not.toContain(PASSPHRASE);
    // nor is it at rest: the database's files hold it sealed only
    expect(databaseBytes(dataDir)).not.toContain(SECRET);
    for (const token of [admin, trader]) expect(logText).not.toContain(token);
  });
});

/**
 * finding 6: API secrets are sealed at rest (AES-256-GCM, server/store/secret-box.ts) under a key
 * kept outside the database (DATA_DIR/secret.key, 0600, made on the first start); an old folder's plaintext
 * secrets are sealed at its next start; the key can be rotated with the server stopped.
 */
const PASSPHRASE = 'PaSs-phrase-31-never-stored';
const OLD_SECRETS = ['old-plain-secret-a1b2c3', 'old-plain-secret-replaced-d4e5', 'old-plain-passphrase-f6'];

/** Every byte of the database's files (main, write-ahead log, shared memory), as text. */
const databaseBytes = (dir: string): string =>
  readdirSync(dir)
    .filter((name) => name.startsWith('console.db'))
    .map((name) => readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');

type SecretRow = { id: number; api_secret: string; api_token: string };
const secretRows = (t: TestServer) => t.server.context.db.all<SecretRow>('SELECT id, api_secret, api_token FROM api_accounts ORDER BY id');
const keyMode = (file: string) => statSync(file).mode & 0o777;

/** A data folder as the versions before sealing left it: a user and API accounts whose secrets are plaintext (one replaced once). */
async function folderWithPlaintextSecrets(): Promise<{ dir: string; userId: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-plain-'));
  const db = await openDb(dir);
  const { lastId: userId } = await db.run(
    `INSERT INTO users (username, password_hash, is_super, level, pes, columns, strategy_keys, created_at) VALUES ('veteran', ?, 0, 0, 0, '["/api"]', '[]', 0)`,
    [await hashPassword('veteran123', TEST_PASSWORD_COST)],
  );
  const insert = (name: string, secret: string, token: string) =>
    db.run(
      `INSERT INTO api_accounts (user_id, name, bourse_id, api_key, api_secret, api_token, status, fees, advanced, asset_template, created_at)
       VALUES (?, ?, 1, ?, ?, ?, 4, '{}', '{}', 1000, 0)`,
      [userId, name, `key-${name}`, secret, token],
    );
  const { lastId } = await insert('first', 'secret-before-the-update', '');
  await db.run('UPDATE api_accounts SET api_secret = ? WHERE id = ?', [OLD_SECRETS[0], lastId]);
  await insert('second', OLD_SECRETS[1]!, OLD_SECRETS[2]!);
  db.close();
  expect(databaseBytes(dir)).toContain(OLD_SECRETS[1]);
  return { dir, userId };
}

describe('secrets at rest', () => {
  it('the first start makes an owner-only key; a stored secret is sealed in the database, opens for its owner only, and is sealed again when replaced', async () => {
    const t = await startTestServer({ firstStart: true });
    try {
      const keyFile = path.join(t.dataDir, 'secret.key');
      expect(keyMode(keyFile)).toBe(0o600);
      const token = await t.login('trader', 'trader123');
      const added = await t.call(
        'apiAdd',
        { name: 'sealed', bourseId: 1, apiKey: 'key-visible', apiSecret: SECRET, apiToken: PASSPHRASE, status: 1 },
        { token },
      );
      const apiId = added.data.id as number;
      const row = (await secretRows(t)).find((r) => r.id === apiId)!;
      expect(row.api_secret).toMatch(/^enc:v1:[0-9a-f]{12}:/);
      expect(row.api_token).toMatch(/^enc:v1:[0-9a-f]{12}:/);
      const disk = databaseBytes(t.dataDir);
      expect(disk).not.toContain(SECRET);
      expect(disk).not.toContain(PASSPHRASE);
      expect(readFileSync(keyFile, 'utf8')).not.toContain(SECRET);

      const trader = (await t.server.context.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'trader'"))!;
      const admin = (await t.server.context.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'admin'"))!;
      expect(await apiCredentials(t.server.context, apiId, trader.id)).toEqual({ apiKey: 'key-visible', apiSecret: SECRET, apiToken: PASSPHRASE });
      expect(await apiCredentials(t.server.context, apiId, admin.id)).toBeUndefined();

      // an update without a secret keeps it; a new one is sealed afresh (a new IV: another stored value)
      expect((await t.call('apiUpdate', { apiId, name: 'renamed', apiSecret: '******' }, { token })).code).toBe(200);
      expect((await apiCredentials(t.server.context, apiId, trader.id))!.apiSecret).toBe(SECRET);
      expect((await t.call('apiUpdate', { apiId, apiSecret: `${SECRET}-2` }, { token })).code).toBe(200);
      const replaced = (await secretRows(t)).find((r) => r.id === apiId)!;
      expect(replaced.api_secret).not.toBe(row.api_secret);
      expect(replaced.api_token).toBe(row.api_token);
      expect((await apiCredentials(t.server.context, apiId, trader.id))!.apiSecret).toBe(`${SECRET}-2`);
      // a sealed value does not open in another column
      await t.server.context.db.run('UPDATE api_accounts SET api_token = api_secret WHERE id = ?', [apiId]);
      await expect(apiCredentials(t.server.context, apiId, trader.id)).rejects.toThrow();
    } finally {
      await t.stop();
    }
  });

  it('an old data folder: its plaintext secrets are sealed at start, none is left on disk, they still work; a second start changes nothing', async () => {
    const { dir, userId } = await folderWithPlaintextSecrets();
    const first = await startTestServer({ dataDir: dir });
    let sealed: SecretRow[];
    try {
      sealed = await secretRows(first);
      for (const row of sealed.filter((r) => r.id <= 2)) expect(row.api_secret).toMatch(/^enc:v1:/);
      expect(sealed[1]!.api_token).toMatch(/^enc:v1:/);
      const disk = databaseBytes(dir);
      for (const old of [...OLD_SECRETS, 'secret-before-the-update']) expect(disk).not.toContain(old);
      expect(await apiCredentials(first.server.context, sealed[0]!.id, userId)).toEqual({ apiKey: 'key-first', apiSecret: OLD_SECRETS[0], apiToken: '' });
      expect(await apiCredentials(first.server.context, sealed[1]!.id, userId)).toEqual({
        apiKey: 'key-second',
        apiSecret: OLD_SECRETS[1],
        apiToken: OLD_SECRETS[2],
      });
      // what the console sees is unchanged: the masks
      const token = await first.login('veteran', 'veteran123');
      expect((await first.call('apiList', {}, { token })).data).toMatchObject([
        { name: 'first', apiKey: 'key-first', apiSecret: '******', apiToken: '' },
        { name: 'second', apiKey: 'key-second', apiSecret: '******', apiToken: '******' },
      ]);
      await first.server.close();
    } catch (error) {
      await first.stop();
      throw error;
    }
    const key = readFileSync(path.join(dir, 'secret.key'), 'utf8');
    const second = await startTestServer({ dataDir: dir });
    try {
      expect(await secretRows(second)).toEqual(sealed);
      expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(key);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start without the key, with another key, or with a key others may read, saying what to do', async () => {
    const t = await startTestServer();
    const dir = t.dataDir;
    const keyFile = path.join(dir, 'secret.key');
    const keyId = t.server.context.secrets.keyId;
    await t.server.close();
    const start = () => startServer({ port: 0, dataDir: dir, staticDir: null, clock: new ManualClock(TEST_START), settings: TEST_SETTINGS });
    try {
      const key = readFileSync(keyFile);
      rmSync(keyFile);
      await expect(start()).rejects.toThrow(new RegExp(`secret key file ${keyFile} is missing.*encrypted with key ${keyId}.*restore`));
      writeFileSync(keyFile, `${'ab'.repeat(32)}\n`, { mode: 0o600 });
      await expect(start()).rejects.toThrow(new RegExp(`holds key [0-9a-f]{12}, but the API secrets of this data folder are sealed with key ${keyId}`));
      writeFileSync(keyFile, key, { mode: 0o600 });
      chmodSync(keyFile, 0o644);
      await expect(start()).rejects.toThrow(`may be read by other users (mode 0644): chmod 600 ${keyFile}`);
      chmodSync(keyFile, 0o600);
      const again = await start();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rotate-key seals every secret under a new key and retires the old one; the server starts with the new key', async () => {
    const { dir, userId } = await folderWithPlaintextSecrets();
    const first = await startTestServer({ dataDir: dir });
    const oldId = first.server.context.secrets.keyId;
    const stored = (await secretRows(first)).flatMap((row) => [row.api_secret, row.api_token]).filter(Boolean).length;
    await first.server.close();
    const keyFile = path.join(dir, 'secret.key');
    const oldKey = readFileSync(keyFile, 'utf8').trim();

    // the documented command, as the operator runs it
    const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
    const run = spawnSync(tsx, ['server/secrets/cli.ts', 'rotate-key'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const newKey = readFileSync(keyFile, 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    expect(keyMode(keyFile)).toBe(0o600);
    const retired = path.join(dir, `secret.key.retired-${oldId}`);
    expect(readFileSync(retired, 'utf8').trim()).toBe(oldKey);
    expect(keyMode(retired)).toBe(0o600);
    expect(run.stdout).toContain(`Secret key rotated: ${oldId} → `);
    expect(run.stdout).toContain(`(${stored} stored values sealed again)`);
    for (const shown of [oldKey, newKey, ...OLD_SECRETS]) expect(run.stdout).not.toContain(shown);

    const second = await startTestServer({ dataDir: dir });
    try {
      const newId = second.server.context.secrets.keyId;
      expect(newId).not.toBe(oldId);
      for (const row of (await secretRows(second)).filter((r) => r.id <= 2)) expect(row.api_secret.startsWith(`enc:v1:${newId}:`)).toBe(true);
      const [a, b] = await secretRows(second);
      expect(await apiCredentials(second.server.context, a!.id, userId)).toMatchObject({ apiSecret: OLD_SECRETS[0] });
      expect(await apiCredentials(second.server.context, b!.id, userId)).toMatchObject({ apiSecret: OLD_SECRETS[1], apiToken: OLD_SECRETS[2] });
    } finally {
      await second.stop();
    }
    // nothing to rotate in a folder that is not one
    const lines: string[] = [];
    expect(await runSecretsCommand(['rotate-key'], { DATA_DIR: path.join(dir, 'nowhere') }, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('No data folder at');
  });
});
