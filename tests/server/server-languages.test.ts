import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feeds } from '#contract/feeds';
import { loadCatalog } from '../../server/http/messages';
import { openFeed, signedInServer } from './helpers';

/**
 * The server answers in every language of contract/locales, chosen from the caller's
 * Accept-Language: a zh-TW console gets Traditional Chinese, not Simplified, from refusals, checks and feeds.
 */
const s = signedInServer();

const TEXTS = {
  'zh-TW': {
    forbidden: '沒有權限：globalConfigUpdate',
    currency: '不支援的幣別：doge',
    session: '登入已失效，請重新登入',
  },
  en: {
    forbidden: 'permission denied: globalConfigUpdate',
    currency: 'unsupported currency: doge',
    session: 'your session has expired, please sign in again',
  },
  'zh-CN': {
    forbidden: '没有权限：globalConfigUpdate',
    currency: '不支持的币种：doge',
    session: '登录已失效，请重新登录',
  },
} as const;

describe('the server speaks every language of contract/locales', () => {
  it.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])('%s: a refusal and a check with a placeholder', async (lang) => {
    const refused = await s.t.call('globalConfigUpdate', {}, { token: s.trader, lang });
    expect(refused).toMatchObject({ code: 403, info: TEXTS[lang].forbidden });
    const checked = await s.t.call('klineData', { excheng: '1', types: '1', currencys: 'doge' }, { token: s.admin, lang });
    expect(checked).toMatchObject({ code: 400, info: TEXTS[lang].currency });
  });

  it.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])('%s: a feed refusal (a stale token in the handshake)', async (lang) => {
    const feed = await openFeed(s.t.url, feeds.asset.path, { 'accept-language': lang }, 'no-such-token');
    expect(JSON.parse(await feed.next())).toMatchObject({ code: 3, info: TEXTS[lang].session });
    await feed.closed;
  });

  it.each(Object.keys(TEXTS) as (keyof typeof TEXTS)[])(
    '%s: a feed answers in the language its URL names, over the browser’s Accept-Language',
    async (lang) => {
      const feed = await openFeed(s.t.url, `${feeds.asset.path}?lang=${lang}`, { 'accept-language': lang === 'en' ? 'zh-CN' : 'en' }, 'no-such-token');
      expect(JSON.parse(await feed.next())).toMatchObject({ code: 3, info: TEXTS[lang].session });
      await feed.closed;
    },
  );

  it.each([
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-TW'],
    ['en;q=0.5, zh-TW;q=0.9', 'zh-TW'],
    ['zh;q=0.9,en;q=0.95', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['fr-FR,de;q=0.8', 'zh-CN'],
    ['fr-FR,en-US;q=0.3', 'en'],
    ['', 'zh-CN'],
  ] as const)('Accept-Language %j answers in %s (q-values weigh the choice)', async (header, lang) => {
    const reply = await s.t.call('globalConfigUpdate', {}, { token: s.trader, lang: header || undefined });
    expect(reply.info).toBe(TEXTS[lang].forbidden);
  });
});

describe('a language folder', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** contract/locales as shipped, plus a language `xx` whose server.json has one text. */
  function withLanguage(texts: unknown): string {
    const root = mkdtempSync(path.join(tmpdir(), 'server-languages-'));
    roots.push(root);
    cpSync(path.resolve(__dirname, '../../contract/locales/zh-CN'), path.join(root, 'zh-CN'), { recursive: true });
    mkdirSync(path.join(root, 'xx'));
    writeFileSync(path.join(root, 'xx', 'server.json'), JSON.stringify(texts));
    return root;
  }

  it('is a language of the server with no code change; a text it lacks is zh-CN’s', () => {
    const catalog = loadCatalog(withLanguage({ err: { forbidden: 'xx-forbidden {{name}}' } }));
    expect(catalog.languages).toContain('xx');
    const lang = catalog.langOf('xx-YY,en;q=0.9');
    expect(lang).toBe('xx');
    expect(catalog.message(lang, 'err.forbidden', { name: 'taskAdd' })).toBe('xx-forbidden taskAdd');
    expect(catalog.message(lang, 'err.required', { field: 'name' })).toBe('name 不能为空');
    // a console namespace the folder has not translated reads zh-CN's too
    expect(catalog.message(lang, 'alerts:problems.tooMany', { max: 5 })).toBe('提醒规则最多 5 条');
  });
});
