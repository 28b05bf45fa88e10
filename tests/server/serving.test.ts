// @vitest-environment node
// What a browser receives from `npm start`: precompressed static files picked by Accept-Encoding, cache
// headers by kind of file, prerendered pages, and JSON replies compressed on the fly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/main';
import { TEST_PASSWORD_COST } from './helpers';
import { compressDir } from '../../scripts/compress';
import { endpoints } from '#contract/endpoints';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch decompresses on its own and hides what was sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (reply: RawReply): string => {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
};

// a built console in miniature: hashed asset, index.html, a prerendered page, runtime config
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
const INDEX = `<!doctype html><html><head><title>console</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const LOGIN = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>login card</h1></div>');
const CONFIG = JSON.stringify({
  services: { main: '', task: '', order: '', change: '' },
  websocket: '',
  captcha: 'slider',
  requestTimeoutMs: 20000,
  note: 'x'.repeat(400),
});

let dir: string;
let dataDir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-data-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/index-C3x9Qk2b.js'), SCRIPT);
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'login.html'), LOGIN);
  writeFileSync(path.join(dir, 'config.json'), CONFIG);
  await compressDir(dir);
  server = await startServer({ port: 0, dataDir, staticDir: dir, settings: { passwordCost: TEST_PASSWORD_COST } });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('static files', () => {
  const script = () => `${server.url}/assets/index-C3x9Qk2b.js`;

  it('sends brotli to a browser that accepts it, as made at build time', async () => {
    const reply = await get(script(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(reply)).toBe(SCRIPT);
    expect(reply.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await get(script(), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(SCRIPT);
    const plain = await get(script());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets a browser keep a hashed asset for a year without asking again', async () => {
    const reply = await get(script(), { 'accept-encoding': 'br' });
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // never revalidated, never fetched in ranges: no validator or range header on every script of a first visit
    expect(reply.headers.etag).toBeUndefined();
    expect(reply.headers['last-modified']).toBeUndefined();
    expect(reply.headers['accept-ranges']).toBeUndefined();
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('makes the browser revalidate index.html, the prerendered pages and config.json', async () => {
    for (const pathname of ['/index.html', '/config.json', '/login']) {
      const reply = await get(server.url + pathname, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(reply.status, pathname).toBe(200);
      expect(reply.headers['cache-control'], pathname).toBe('no-cache');
      expect(reply.headers['content-encoding'], pathname).toBe('br');
      // revalidated with its validator: a 304 when unchanged
      const etag = String(reply.headers.etag);
      expect(etag, pathname).toMatch(/^W\/"/);
      const again = await get(server.url + pathname, { 'accept-encoding': 'br', accept: 'text/html', 'if-none-match': etag });
      expect(again.status, pathname).toBe(304);
    }
  });

  it('serves a prerendered route its own page and any other console route index.html', async () => {
    const login = await get(`${server.url}/login`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(decode(login)).toBe(LOGIN);
    const console = await get(`${server.url}/market`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(console.headers['content-type']).toMatch(/text\/html/);
    expect(console.headers['cache-control']).toBe('no-cache');
    expect(decode(console)).toBe(INDEX);
  });
});

describe('dynamic replies', () => {
  it('compresses a JSON reply over 1 KB and leaves a small one alone', async () => {
    const { data: captcha } = JSON.parse(decode(await get(server.url + endpoints.captcha.path))) as { data: { user_id: string } };
    expect(captcha.user_id).toBeTruthy();
    const small = await get(server.url + endpoints.captcha.path, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    // the not-found reply of a long unknown call path is JSON well over 1 KB
    const longPath = `/no-such-call/${'x'.repeat(1500)}`;
    const big = await get(server.url + longPath, { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-type']).toMatch(/application\/json/);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(big))).toMatchObject({ code: expect.any(Number) });
    const gzip = await get(server.url + longPath, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});
