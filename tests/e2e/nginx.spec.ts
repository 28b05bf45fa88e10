// Issue 21, the production topology: Debian's nginx on loopback with deploy/nginx.conf serves the built
// console and proxies every service and socket to its port of the reference server (which serves no files
// here, and runs each service on a port of its own). A browser signs in through it, opens /market and sees
// live updates, and a call and a socket of each other service answer through nginx; the headers hold.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DIST, ROOT, callAs, freePort, launchBrowser, newPage, onFailure, signInByApi, startApp, takeCspViolations, until, type App } from './harness';
import { securityHeaders } from '../../server/http/headers';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** deploy/nginx.conf with its placeholders filled (each service's host:port), inside a main configuration whose workers run as this user. */
async function writeConfig(dir: string, listen: number, backends: Record<'MAIN' | 'TASK' | 'ORDER' | 'CHANGE', string>): Promise<string> {
  const template = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const site = template
    .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
    .replaceAll('@DIST@', DIST)
    .replace(/@(MAIN|TASK|ORDER|CHANGE)@/g, (_, service: keyof typeof backends) => backends[service])
    .replaceAll('@CSP@', securityHeaders(DIST)['content-security-policy']!);
  assert.doesNotMatch(site, /@[A-Z]+@/, 'every placeholder of deploy/nginx.conf is filled');
  await writeFile(path.join(dir, 'console.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp), { recursive: true });
  // nginx started as root runs its workers as nobody, who cannot read a console under a private folder (a fresh
  // clone in a mktemp -d folder, 0700): every file would then be proxied to the services instead of served
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const main = `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/console.conf;
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, main);
  return file;
}

let app: App | undefined;
let nginx: ChildProcess | undefined;
let browser: Browser | undefined;
let dir = '';
after(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('through nginx on loopback, each service on its own port: pages with their headers, sign-in, /market live over the proxied socket, every service and the task and order sockets reached', async (t) => {
  assert.ok(existsSync(NGINX), `nginx is missing: install the Debian package 'nginx' (.ci/run does) or set NGINX_PATH`);
  // the services behind nginx, each on its own port as on hosts of their own (a port answers its service's
  // calls and sockets only, so one routed to the wrong upstream fails): the reference server without the
  // console's files, believing nginx's X-Forwarded-For
  app = await startApp({ staticDir: null, trustProxy: '127.0.0.1', settings: { marketPushHz: 2 }, servicePorts: { task: 0, order: 0, change: 0 } });
  const { task, order, change } = app.server.servicePorts;
  dir = await mkdtemp(path.join(tmpdir(), 'console-nginx-'));
  const port = await freePort();
  const at = (servicePort: number | undefined) => `127.0.0.1:${servicePort}`;
  const config = await writeConfig(dir, port, { MAIN: at(app.port), TASK: at(task), ORDER: at(order), CHANGE: at(change) });
  const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t: ${check.stderr}`);
  nginx = spawn(NGINX, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  // nginx itself answers with the console's config.json (a service would answer an envelope)
  await until('nginx serves the console', () =>
    fetch(`${url}/config.json`).then(
      async (reply) => reply.ok && 'services' in ((await reply.json()) as object),
      () => false,
    ),
  );

  // the files come from nginx: hashed assets cached for a year, precompressed; pages revalidated
  const login = await fetch(`${url}/login`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(login.status, 200);
  assert.equal(login.headers.get('cache-control'), 'no-cache');
  assert.match(login.headers.get('content-security-policy') ?? '', /script-src 'self' 'sha256-/);
  assert.equal(login.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(login.headers.get('referrer-policy'), 'no-referrer');
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await login.text())?.[1];
  assert.ok(script, 'the page names its script');
  const asset = await fetch(url + script, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(asset.headers.get('content-encoding'), 'gzip');
  // a console route opened directly (history fallback) and a call of the contract, proxied
  const route = await fetch(`${url}/market`, { headers: { accept: 'text/html' } });
  assert.match(await route.text(), /<div id="root">/);
  const call = (await (await fetch(`${url}/geettest/captcha`)).json()) as { code: number; data: { challenge: string } };
  assert.equal(call.code, 200);

  browser = await launchBrowser();
  const page = await newPage(browser, url);
  t.after(() => onFailure(t, page));
  let pushes = 0;
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname === '/get2') socket.on('framereceived', () => (pushes += 1));
  });
  await signInByApi(page, 'admin', 'admin123');
  await page.goto('/market');
  await page.locator('[data-feed="market"][data-feed-state="live"]').first().waitFor();
  const before = pushes;
  await until('market updates arrive through nginx', () => pushes >= before + 3);

  // the other services through their upstreams: a call of each, a socket of the task and the order service
  for (const [name, payload] of [['orderApiNumber', {}], ['changeRecords', { task_id: 1, bars: 10, page_num: 1 }], ['manualTradeEnd', {}]] as const) {
    const reply = await callAs(page, name, payload);
    assert.doesNotMatch(reply.info, /未知调用|unknown call/, `${name} reaches its service through nginx`);
  }
  await page.goto('/demand');
  await page.locator('[data-feed="demand"][data-feed-state="live"]').first().waitFor();
  await page.goto('/statistic');
  await page.locator('[data-feed="statistics"][data-feed-state="live"]').first().waitFor();
  assert.deepEqual(takeCspViolations(page), []);
});
