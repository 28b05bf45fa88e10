// the production topology: Debian's nginx on loopback with deploy/nginx.conf serves the built
// console and proxies every service and socket to its port of the reference server (which serves no files
// here, and runs each service on a port of its own). A browser signs in through it, opens /market and sees
// live updates, and a call and a socket of each other service answer through nginx; the headers hold.
import { test, after } from './spec-file';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpsGet } from 'node:https';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import WebSocket from 'ws';
import { DIST, ROOT, callAs, freePort, launchBrowser, newPage, onFailure, signInByApi, startApp, takeCspViolations, until, type App } from './harness';
import { securityHeaders } from '../../server/http/headers';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * deploy/nginx.conf with its placeholders filled (each service's host:port), inside a main configuration whose
 * workers run as this user, its access log in `dir`. `tls`: a certificate and key to listen with TLS, as
 * docs/DEPLOY.md says.
 */
async function writeConfig(
  dir: string,
  listen: number,
  backends: Record<'MAIN' | 'TASK' | 'ORDER' | 'CHANGE', string>,
  tls?: { cert: string; key: string },
): Promise<string> {
  const template = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const site = template
    .replace(
      'listen @LISTEN@;',
      tls ? `listen 127.0.0.1:${listen} ssl;\n  ssl_certificate ${tls.cert};\n  ssl_certificate_key ${tls.key};` : 'listen @LISTEN@;',
    )
    .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
    .replaceAll('/var/log/nginx/access.log', path.join(dir, 'access.log'))
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
const nginxes: ChildProcess[] = [];
let browser: Browser | undefined;
let dir = '';
after(async () => {
  await browser?.close();
  for (const nginx of nginxes) {
    if (nginx.exitCode !== null) continue;
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Checks and starts nginx on a configuration of writeConfig (its prefix `prefix`); stopped after the file. */
function startNginx(prefix: string, config: string): void {
  const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', config, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
  assert.equal(check.status, 0, `nginx -t: ${check.stderr}`);
  nginxes.push(spawn(NGINX, ['-p', prefix, '-c', config, '-e', path.join(prefix, 'error.log')], { stdio: 'ignore' }));
}

/** The upstreams of the running app: each service's loopback host:port. */
function backends(running: App): Record<'MAIN' | 'TASK' | 'ORDER' | 'CHANGE', string> {
  const { task, order, change } = running.server.servicePorts;
  const at = (servicePort: number | undefined) => `127.0.0.1:${servicePort}`;
  return { MAIN: at(running.port), TASK: at(task), ORDER: at(order), CHANGE: at(change) };
}

test('through nginx on loopback, each service on its own port: pages with their headers, sign-in, /market live over the proxied socket, every service and the task and order sockets reached', async (t) => {
  assert.ok(existsSync(NGINX), `nginx is missing: install the Debian package 'nginx' (.ci/run does) or set NGINX_PATH`);
  // the services behind nginx, each on its own port as on hosts of their own (a port answers its service's
  // calls and sockets only, so one routed to the wrong upstream fails): the reference server without the
  // console's files, believing nginx's X-Forwarded-For
  app = await startApp({ staticDir: null, trustProxy: '127.0.0.1', settings: { marketPushHz: 2 }, servicePorts: { task: 0, order: 0, change: 0 } });
  dir = await mkdtemp(path.join(tmpdir(), 'console-nginx-'));
  const port = await freePort();
  startNginx(dir, await writeConfig(dir, port, backends(app)));
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
  // plain http: no HSTS (the next test has it over TLS)
  assert.equal(login.headers.get('strict-transport-security'), null);
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
  for (const [name, payload] of [
    ['orderApiNumber', {}],
    ['changeRecords', { task_id: 1, bars: 10, page_num: 1 }],
    ['manualTradeEnd', {}],
  ] as const) {
    const reply = await callAs(page, name, payload);
    assert.doesNotMatch(reply.info, /未知调用|unknown call/, `${name} reaches its service through nginx`);
  }
  await page.goto('/demand');
  await page.locator('[data-feed="demand"][data-feed-state="live"]').first().waitFor();
  await page.goto('/statistic');
  await page.locator('[data-feed="statistics"][data-feed-state="live"]').first().waitFor();
  assert.deepEqual(takeCspViolations(page), []);

  // the access log holds no session token, neither the console's (headers, handshakes) nor one a
  // client put in a query string; it still shows every request's path
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'token')!.value);
  assert.equal(((await (await fetch(`${url}/api/list?token=${token}&all=1`)).json()) as { code: number }).code, 200);
  // a socket from a foreign page is refused through nginx too (its Host, port included, reaches the service)
  const refusedWith = await new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/get2`, ['bearer', token], { origin: 'https://evil.example' });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, reply) => {
      socket.terminate();
      resolve(reply.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
  assert.equal(refusedWith, 403);
  const accessLog = () => readFile(path.join(dir, 'access.log'), 'utf8');
  await until('nginx has logged the refused socket', async () => /"GET \/get2 HTTP\/1\.1" 403/.test(await accessLog()));
  const log = await accessLog();
  assert.match(log, /"GET \/api\/list\?\*\*\* HTTP\/1\.1" 200/);
  assert.ok(!log.includes(token), 'the access log carries no session token');
});

test('behind TLS, nginx sends HSTS on pages and proxied calls alike', async () => {
  assert.ok(app && dir, 'the first test started the services');
  const tlsDir = path.join(dir, 'tls');
  await mkdir(tlsDir, { recursive: true });
  const cert = path.join(tlsDir, 'cert.pem');
  const key = path.join(tlsDir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, `openssl: ${made.stderr}`);
  const port = await freePort();
  startNginx(tlsDir, await writeConfig(tlsDir, port, backends(app), { cert, key }));
  const headersOf = (pathname: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const request = httpsGet({ host: '127.0.0.1', port, path: pathname, rejectUnauthorized: false }, (reply) => {
        reply.resume();
        resolve(reply.headers);
      });
      request.on('error', reject);
    });
  await until('nginx answers over TLS', () =>
    headersOf('/config.json').then(
      () => true,
      () => false,
    ),
  );
  for (const pathname of ['/login', '/geettest/captcha']) {
    assert.equal((await headersOf(pathname))['strict-transport-security'], 'max-age=63072000', pathname);
  }
});
