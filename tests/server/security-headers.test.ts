// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock/clock';
import { connectSources, inlineScripts } from '../../server/http/headers';
import { startServer, type RunningServer } from '../../server/main';
import { TEST_SETTINGS, TEST_START } from './helpers';

const INLINE = '(function(){document.documentElement.dataset.checked="1"})();';
const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

let server: RunningServer;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'console-headers-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const page = (extra: string) =>
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abcdef12.js"></script></head><body><div id="root"></div>${extra}</body></html>`;
  writeFileSync(path.join(dist, 'index.html'), page(''));
  writeFileSync(path.join(dist, 'login.html'), page(`<script>${INLINE}</script>`));
  writeFileSync(path.join(dist, 'assets/index-abcdef12.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'config.json'),
    JSON.stringify({ services: { main: '', task: 'https://task.example.com/', order: 'http://10.0.0.5:9001', change: '' }, websocket: '' }),
  );
  server = await startServer({ port: 0, dataDir: path.join(root, 'data'), staticDir: dist, clock: new ManualClock(TEST_START), settings: TEST_SETTINGS });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const policyOf = (header: string | null) =>
  new Map(
    (header ?? '').split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );

describe('security headers', () => {
  it('every reply carries CSP, nosniff and no-referrer; pages the full policy, files and calls a short one that runs and frames nothing', async () => {
    const pages = await Promise.all([fetch(`${server.url}/login`), fetch(`${server.url}/market`, { headers: { accept: 'text/html' } })]);
    const others = await Promise.all([
      fetch(`${server.url}/assets/index-abcdef12.js`),
      fetch(`${server.url}/config.json`),
      fetch(`${server.url}/user/getcode`),
      fetch(`${server.url}/no/such/call`, { method: 'POST' }),
    ]);
    await Promise.all([...pages, ...others].map((reply) => reply.arrayBuffer()));
    for (const reply of [...pages, ...others]) {
      expect(reply.headers.get('x-content-type-options'), reply.url).toBe('nosniff');
      expect(reply.headers.get('referrer-policy'), reply.url).toBe('no-referrer');
      expect(policyOf(reply.headers.get('content-security-policy')).get('frame-ancestors'), reply.url).toEqual(["'none'"]);
    }
    for (const reply of pages) {
      const policy = policyOf(reply.headers.get('content-security-policy'));
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
    for (const reply of others) expect(policyOf(reply.headers.get('content-security-policy')).get('default-src'), reply.url).toEqual(["'none'"]);
  });

  it("script-src is 'self' plus the sha256 of each inline script of the served pages, nothing else inline", async () => {
    const policy = policyOf((await fetch(`${server.url}/login`)).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", hashOf(INLINE)]);
    expect(policy.get('script-src')!.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('connect-src covers the configured services and their websockets', async () => {
    const policy = policyOf((await fetch(`${server.url}/login`)).headers.get('content-security-policy'));
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://10.0.0.5:9001', 'https://task.example.com', 'ws://10.0.0.5:9001', 'wss://task.example.com']);
  });

  it('reads inline scripts as the browser hashes them, and service origins with their socket twins', () => {
    expect(inlineScripts('<script src="/a.js"></script><script>a()</script><SCRIPT type="module">\nb()\n</SCRIPT><script> </script>')).toEqual([
      'a()',
      '\nb()\n',
    ]);
    expect(connectSources({ services: { main: '', task: 'not a url' }, websocket: 'wss://feeds.example.com/base' })).toEqual([
      'https://feeds.example.com',
      'wss://feeds.example.com',
    ]);
  });
});
