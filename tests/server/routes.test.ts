// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointNames, endpoints } from '#contract/endpoints';
import { startServer } from '../../server/main';
import { handlers } from '../../server/handlers';
import { signedInServer, TEST_PASSWORD_COST } from './helpers';

const s = signedInServer();

describe('the contract table', () => {
  it('registers every endpoint: none answers the unknown-call 404, all answer an envelope', async () => {
    for (const name of endpointNames) {
      const { method, path: url } = endpoints[name];
      const response = await fetch(s.t.url + url, { method });
      expect(response.status, name).toBe(200);
      const body = (await response.json()) as { code: number; info: string };
      expect(typeof body.code, name).toBe('number');
      expect(body.info, name).not.toMatch(/unknown call|未知调用/);
    }
  });

  it('checks the token before anything else on auth endpoints, and has a handler for every call (none answers 501)', async () => {
    const anonymous = await s.t.call('aevoTradeData');
    expect(anonymous.code).toBe(3);
    expect(endpointNames.filter((name) => !handlers[name])).toEqual([]);
  });
});

describe('envelope and errors', () => {
  it('answers an unknown call with a readable 404 envelope (HTTP 200)', async () => {
    const response = await fetch(`${s.t.url}/no/such/call?x=1`, { method: 'POST', headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 404, info: 'unknown call: POST /no/such/call', data: null });
    const zh = (await (await fetch(`${s.t.url}/nothing`)).json()) as { code: number; info: string };
    expect(zh).toMatchObject({ code: 404, info: '未知调用：GET /nothing' });
  });

  it('answers a broken JSON body with code 400 and an empty one as an empty payload', async () => {
    const broken = await fetch(s.t.url + endpoints.register.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(broken.status).toBe(200);
    expect(await broken.json()).toMatchObject({ code: 400, info: '请求体不是有效的 JSON' });
    const empty = await fetch(s.t.url + endpoints.register.path, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await empty.json()).toMatchObject({ code: 400, info: 'username 不能为空' });
  });

  it('reads the token from the query, the JSON body, a form body and a multipart field', async () => {
    const query = await fetch(`${s.t.url}${endpoints.permissions.path}?token=${s.admin}`);
    expect(((await query.json()) as { code: number }).code).toBe(200);
    const none = await fetch(s.t.url + endpoints.apiNames.path);
    expect(((await none.json()) as { code: number }).code).toBe(3);
    const body = await fetch(s.t.url + endpoints.changePassword.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: s.admin, old_password: 'x', new_password: 'yyyyyy' }),
    });
    expect(await body.json()).toMatchObject({ code: 400, info: '原密码错误' });
    const form = await fetch(s.t.url + endpoints.apiClear.path, { method: 'PUT', body: new URLSearchParams({ token: s.admin, apiId: '999' }) });
    expect(((await form.json()) as { code: number }).code).toBe(404);
    const multipart = new FormData();
    multipart.append('token', s.admin);
    multipart.append('apiId', '999');
    const parts = await fetch(s.t.url + endpoints.apiClear.path, { method: 'PUT', body: multipart });
    expect(((await parts.json()) as { code: number }).code).toBe(404);
  });

  it('lists the three exchanges and their contract types (exchange 2 only 1-4)', async () => {
    const bourses = await s.t.call('bourseGet', {}, { token: s.admin });
    expect(bourses.data).toEqual([
      { id: 1, name: 'OKEx' },
      { id: 2, name: 'Huobi' },
      { id: 3, name: 'Binance' },
    ]);
    const one = await s.t.call('transactionTypeGet', { bourseId: 1 }, { token: s.admin });
    expect(one.data.map((type: { id: number }) => type.id)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14]);
    expect(one.data[0]).toEqual({ id: 1, name: '现货' });
    const two = await s.t.call('transactionTypeGet', { bourseId: 2 }, { token: s.admin, lang: 'en' });
    expect(two.data).toEqual([
      { id: 1, name: 'spot' },
      { id: 2, name: 'this week' },
      { id: 3, name: 'next week' },
      { id: 4, name: 'quarter' },
    ]);
    expect((await s.t.call('transactionTypeGet', { bourseId: 9 }, { token: s.admin })).code).toBe(400);
  });
});

describe('serving the console', () => {
  it('serves files, falls back to index.html for page navigations, and keeps the 404 envelope for the rest', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'console-static-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-server-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    const server = await startServer({ port: 0, dataDir, staticDir: root, settings: { passwordCost: TEST_PASSWORD_COST } });
    try {
      const html = { accept: 'text/html,application/xhtml+xml' };
      const asset = await fetch(`${server.url}/assets/app.js`);
      expect(await asset.text()).toBe('console.log(1)');
      for (const page of ['/', '/market', '/assets', '/task/taskDetail?id=3']) {
        const response = await fetch(server.url + page, { headers: html });
        expect(response.headers.get('content-type'), page).toContain('text/html');
        expect(await response.text(), page).toContain('<title>console</title>');
      }
      const missing = await fetch(`${server.url}/assets/missing.js`);
      expect(((await missing.json()) as { code: number }).code).toBe(404);
      const call = await fetch(`${server.url}${endpoints.bourseGet.path}`, { headers: html });
      expect(((await call.json()) as { code: number }).code).toBe(3);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
