// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointNames, endpoints } from '#contract/endpoints';
import { feedNames, feeds } from '#contract/feeds';
import { ManualClock } from '../../server/clock/clock';
import { hashPassword } from '../../server/http/auth';
import { startServer, type RunningServer, type ServerOptions } from '../../server/main';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { TEST_SETTINGS, TEST_START, answerCaptcha } from './helpers';

/**
 * deploy/nginx.conf sends every call and every socket of the contract to its service (the `service`
 * of contract/endpoints.ts and contract/feeds.ts): nginx picks the longest matching prefix location;
 * `/` (files first, then the main service) takes what no other names.
 */
const conf = readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8');
const prefixes = [...conf.matchAll(/location (\/[^\s{]*) \{ proxy_pass http:\/\/console_(\w+); \}/g)].map(([, prefix, service]) => ({
  prefix: prefix!,
  service: service!,
}));

const serviceOf = (url: string): string =>
  prefixes.filter(({ prefix }) => url.startsWith(prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.service ?? 'main';

describe('deploy/nginx.conf', () => {
  it('names a location for each service other than main, and main serves the rest', () => {
    expect(new Set(prefixes.map((p) => p.service))).toEqual(new Set(['task', 'order', 'change']));
    expect(conf).toMatch(/location @console_main \{[^}]*\{[^}]*\}\s*proxy_pass http:\/\/console_main;/);
  });

  it('routes every call of the contract to its service', () => {
    const wrong = endpointNames.filter((name) => serviceOf(endpoints[name].path) !== endpoints[name].service).map((name) => `${name} ${endpoints[name].path}`);
    expect(wrong).toEqual([]);
  });

  it('routes every socket to its service', () => {
    const wrong = feedNames.filter((name) => serviceOf(feeds[name].path) !== feeds[name].service).map((name) => `${name} ${feeds[name].path}`);
    expect(wrong).toEqual([]);
  });
});

/**
 * finding 4: a production start (DEMO=0, the one docs/DEPLOY.md runs) has no default credentials.
 * It makes no demo account and no demo data; its first start makes one super user from the operator's
 * password, or from one it generates and shows once; it refuses a folder where an account still has a
 * password of the demo. `npm start` (no DEMO) is the demo, as before.
 */
const OPERATOR_PASSWORD = 'correct-horse-battery-31';
const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-prod-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const start = (dataDir: string, options: Partial<ServerOptions> = {}) =>
  startServer({ port: 0, dataDir, staticDir: null, clock: new ManualClock(TEST_START), settings: TEST_SETTINGS, ...options });

/** Signs in through the login call with the console's slider answer; the reply's code and data. */
async function signIn(
  url: string,
  username: string,
  password: string,
): Promise<{ code: number; info: string; data: { token?: string; is_super?: number } | null }> {
  const captcha = (await (await fetch(url + endpoints.captcha.path)).json()) as { data: { challenge: string; difficulty?: number } };
  const response = await fetch(url + endpoints.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, ...(await answerCaptcha(captcha.data)) }),
  });
  return (await response.json()) as { code: number; info: string; data: { token?: string; is_super?: number } | null };
}

const usernames = async (server: RunningServer) =>
  (await server.context.db.all<{ username: string }>('SELECT username FROM users ORDER BY id')).map((row) => row.username);

describe('a production start (DEMO=0)', () => {
  it("makes no demo account and no demo data: only the operator's super user, who signs in with the given password", async () => {
    const server = await start(freshFolder(), { demo: false, firstSuperUser: { password: OPERATOR_PASSWORD } });
    try {
      expect(server.firstSuperUser).toEqual({ username: 'admin' });
      expect(await usernames(server)).toEqual(['admin']);
      for (const { username, password } of DEMO_ACCOUNTS) expect((await signIn(server.url, username, password)).code).toBe(400);
      const admin = await signIn(server.url, 'admin', OPERATOR_PASSWORD);
      expect(admin).toMatchObject({ code: 200, data: { is_super: 1 } });
      const token = admin.data!.token!;
      const list = async (name: 'apiList' | 'strategyHome' | 'taskList') =>
        ((await (await fetch(`${server.url}${endpoints[name].path}?token=${token}&page=1&pagesize=10`)).json()) as { data: unknown }).data;
      expect(await list('apiList')).toEqual([]);
      expect(await list('strategyHome')).toEqual([]);
      // the reference data is there: the exchanges a new API account picks from
      expect(((await (await fetch(`${server.url}${endpoints.bourseGet.path}?token=${token}`)).json()) as { data: unknown[] }).data).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('without ADMIN_PASSWORD: generates one, shows it on the first start only, and it works', async () => {
    const dir = freshFolder();
    const first = await start(dir, { demo: false });
    const generated = first.firstSuperUser?.generatedPassword;
    try {
      expect(first.firstSuperUser?.username).toBe('admin');
      expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect((await signIn(first.url, 'admin', generated!)).code).toBe(200);
      const stored = await first.context.db.get<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'admin'");
      expect(stored!.password_hash).not.toContain(generated!);
    } finally {
      await first.close();
    }
    const second = await start(dir, { demo: false });
    try {
      expect(second.firstSuperUser).toBeUndefined();
      expect((await signIn(second.url, 'admin', generated!)).code).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a data folder that was once the demo, naming the accounts that still have a demo password', async () => {
    const dir = freshFolder();
    const demo = await start(dir);
    expect(await usernames(demo)).toEqual(DEMO_ACCOUNTS.map((account) => account.username));
    await demo.close();
    await expect(start(dir, { demo: false, firstSuperUser: { password: OPERATOR_PASSWORD } })).rejects.toThrow(
      'production start (DEMO=0): admin, trader, follower, manager still have a password of the demo.',
    );
    // a super user given a demo password (another account's) is refused too
    const other = freshFolder();
    const server = await start(other, { demo: false, firstSuperUser: { password: OPERATOR_PASSWORD } });
    await server.context.db.run("UPDATE users SET password_hash = ? WHERE username = 'admin'", [await hashPassword('trader123', TEST_SETTINGS.passwordCost)]);
    await server.close();
    await expect(start(other, { demo: false })).rejects.toThrow('admin still has a password of the demo');
    // and the operator cannot pick one for the first super user
    await expect(start(freshFolder(), { demo: false, firstSuperUser: { password: 'manager123' } })).rejects.toThrow(
      /at least 12 characters|password of the demo/,
    );
    await expect(start(freshFolder(), { demo: false, firstSuperUser: { password: 'short' } })).rejects.toThrow(
      'ADMIN_PASSWORD must have at least 12 characters',
    );
  });

  it('is what docs/DEPLOY.md starts, and `npm start` stays the demo', () => {
    const deploy = readFileSync(path.resolve(__dirname, '../../docs/DEPLOY.md'), 'utf8');
    // every command of its code blocks that starts the server
    const commands = [...deploy.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) => block!.split('\n'));
    const starts = commands.filter((line) => /npm run server|npm start|server\/main\.ts/.test(line) && !line.trim().startsWith('#'));
    expect(starts.length).toBeGreaterThan(0);
    for (const line of starts) expect(line).toMatch(/\bDEMO=0\b/);
    const scripts = (JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).not.toContain('DEMO');
  });
});
