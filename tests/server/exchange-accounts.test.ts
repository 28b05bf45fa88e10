// @vitest-environment node
/**
 * API accounts that reach their exchange (issue 33, the account side), against the loopback OKX
 * (tests/loopback-exchange/): the key checked on save, the live switch, /api/init on the exchange, the audit log of
 * every request, the back-off after a rate limit, and an exchange that stops answering. Nothing here reaches the
 * internet. The one wall-clock wait: ccxt's own request timeout (settings.exchangeTimeoutMs, 100 ms) in the last test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAccount, AuditEntry } from '#contract/types/api-accounts';
import { defaultOkxInstruments, OKX_TEST_ACCOUNT, startLoopbackOkx, type LoopbackOkx, type OkxAccountOptions } from '../loopback-exchange/okx';
import { createExchangeClients, refusalOf } from '../../server/exchange/clients';
import { resolveSettings } from '../../server/settings';
import { findApi } from '../../server/store/api-accounts';
import { findUserByName } from '../../server/store/users';
import { params } from './engine-fixtures';
import { startTestServer, TEST_START, type TestServer } from './helpers';

const GOOD = OKX_TEST_ACCOUNT;
const WITHDRAW: OkxAccountOptions = {
  apiKey: 'withdraw-key',
  secret: 'withdraw-secret-0123',
  passphrase: 'Withdraw-pass-1',
  perm: ['read_only', 'trade', 'withdraw'],
};
const READ_ONLY: OkxAccountOptions = { apiKey: 'read-key', secret: 'read-secret-0123', passphrase: 'Read-pass-1', perm: ['read_only'] };
/** a demo-trading key: it works on the test network and is refused on the live one (50101), as OKX's are */
const DEMO: OkxAccountOptions = { apiKey: 'demo-key', secret: 'demo-secret-0123', passphrase: 'Demo-pass-1', demo: true };
const ACCOUNTS = [GOOD, WITHDRAW, READ_ONLY, DEMO];
const SECRETS = ACCOUNTS.flatMap((a) => [a.secret, a.passphrase]);
/** the clock's start as the server prints it (China Standard Time) */
const CHECKED = '2026-11-02 09:00:00';

let okx: LoopbackOkx;
let t: TestServer;
let trader: string;
let admin: string;

const keyOf = (account: Pick<OkxAccountOptions, 'apiKey' | 'secret' | 'passphrase'>) => ({
  apiKey: account.apiKey,
  apiSecret: account.secret,
  apiToken: account.passphrase,
});

async function addTestnet(name: string, account: Pick<OkxAccountOptions, 'apiKey' | 'secret' | 'passphrase'>, token = trader) {
  return t.call('apiAdd', { name, bourseId: 1, status: 1, mode: 'testnet', ...keyOf(account) }, { token, lang: 'en' });
}

async function listed(apiId: number, token = trader): Promise<ApiAccount> {
  const list = (await t.call('apiList', {}, { token, lang: 'en' })).data as ApiAccount[];
  return list.find((api) => api.id === apiId)!;
}

const restSince = (from: number) => okx.requests.slice(from).filter((r) => r.transport === 'rest');

beforeAll(async () => {
  let now = () => TEST_START;
  // ETH's USDT swap takes 5x at most here: /api/init's 10x is refused on it, as OKX refuses leverage past an instrument's maximum
  const instruments = defaultOkxInstruments(TEST_START).map((i) => (i.instId === 'ETH-USDT-SWAP' ? { ...i, maxLever: 5 } : i));
  okx = await startLoopbackOkx({ now: () => now(), accounts: ACCOUNTS, instruments });
  t = await startTestServer({
    settings: { initDelayMs: 0, exchangeUrls: { 1: okx.urls.api }, exchangeRateLimit: false, exchangeTimeoutMs: 5_000 },
  });
  now = () => t.clock.now();
  trader = await t.login('trader', 'trader123');
  admin = await t.login('admin', 'admin123');
});

afterAll(async () => {
  await t?.stop();
  await okx?.close();
});

describe('a testnet account: its key is checked when it is saved', () => {
  it('binds an account pointed at the loopback: a balance call and the key’s permissions, and status_info says it is verified', async () => {
    const from = okx.requests.length;
    const add = await addTestnet('okx demo', GOOD);
    expect(add).toMatchObject({ code: 200, info: 'added' });
    expect(await listed(add.data.id)).toMatchObject({
      mode: 'testnet',
      key_check: { valid: true, canTrade: true, canWithdraw: false, checkedAt: TEST_START, error: null },
      exchange_down: false,
      status_info: `key valid: can trade, cannot withdraw (checked ${CHECKED})`,
      apiSecret: '******',
      apiToken: '******',
    });
    const signed = restSince(from).filter((r) => r.apiKey === GOOD.apiKey);
    expect(signed.map((r) => r.path)).toEqual(['/api/v5/account/balance', '/api/v5/account/config']);
    const zh = (await t.call('apiList', {}, { token: trader })).data.find((api: ApiAccount) => api.id === add.data.id);
    expect(zh.status_info).toBe(`密钥有效：可交易，不可提现（${CHECKED} 检查）`);
  });

  it('a paper account sends nothing to the exchange', async () => {
    const from = okx.requests.length;
    const add = await t.call('apiAdd', { name: 'okx paper', bourseId: 1, status: 1, ...keyOf(GOOD) }, { token: trader });
    expect(add.code).toBe(200);
    expect(await listed(add.data.id)).toMatchObject({ mode: 'paper', key_check: { valid: null, checkedAt: null }, status_info: 'normal' });
    expect((await t.call('apiCheck', { apiId: add.data.id }, { token: trader })).data).toMatchObject({ valid: null, checkedAt: null });
    expect(okx.requests.length).toBe(from);
  });

  it('refuses a key that can withdraw, in the caller’s language, and stores nothing', async () => {
    const before = ((await t.call('apiList', {}, { token: trader })).data as ApiAccount[]).length;
    expect(await addTestnet('withdrawing', WITHDRAW)).toMatchObject({
      code: 400,
      info: 'this key can withdraw, so it was not saved: make a key with trade rights only',
    });
    const zh = await t.call('apiAdd', { name: 'withdrawing', bourseId: 1, status: 1, mode: 'testnet', ...keyOf(WITHDRAW) }, { token: trader });
    expect(zh).toMatchObject({ code: 400, info: '该密钥有提现权限，未保存：请创建只有交易权限的密钥' });
    expect((await t.call('apiList', {}, { token: trader })).data).toHaveLength(before);
  });

  it('refuses a withdrawing key on update too, keeping the stored key', async () => {
    const apiId = (await addTestnet('to update', GOOD)).data.id;
    expect(await t.call('apiUpdate', { apiId, ...keyOf(WITHDRAW) }, { token: trader, lang: 'en' })).toMatchObject({ code: 400 });
    expect(await listed(apiId)).toMatchObject({ apiKey: GOOD.apiKey, key_check: { valid: true, canWithdraw: false } });
  });

  it('saves a read-only key as valid but unable to trade; once the exchange gives it trade rights, apiCheck says so', async () => {
    const apiId = (await addTestnet('read only', READ_ONLY)).data.id;
    expect(await listed(apiId)).toMatchObject({
      key_check: { valid: true, canTrade: false, canWithdraw: false },
      status_info: `key valid, but it cannot trade (checked ${CHECKED})`,
    });
    okx.control.setPermissions(READ_ONLY.apiKey, ['read_only', 'trade']);
    await t.advance(60_000);
    const check = await t.call('apiCheck', { apiId }, { token: trader, lang: 'en' });
    expect(check).toMatchObject({ code: 200, info: 'key checked', data: { valid: true, canTrade: true, canWithdraw: false, checkedAt: TEST_START + 60_000 } });
    expect((await listed(apiId)).status_info).toBe('key valid: can trade, cannot withdraw (checked 2026-11-02 09:01:00)');
  });

  it('saves a wrong key as invalid, with the exchange’s error', async () => {
    const apiId = (await addTestnet('wrong key', { ...GOOD, apiKey: 'no-such-key' })).data.id;
    const api = await listed(apiId);
    expect(api.key_check).toMatchObject({ valid: false, canTrade: null, canWithdraw: null });
    expect(api.key_check.error).toContain('Invalid OK-ACCESS-KEY');
    expect(api.status_info).toMatch(/^key invalid: .*Invalid OK-ACCESS-KEY.* \(checked /);
    const badPassphrase = (await addTestnet('wrong passphrase', { ...GOOD, passphrase: 'Nope-1' })).data.id;
    expect((await listed(badPassphrase)).key_check.error).toContain('50105');
  });
});

describe('/api/init on the exchange', () => {
  it('sets cross margin and 10x on each swap the account may trade, and reports the instrument the exchange refused', async () => {
    const apiId = (await addTestnet('to init', GOOD)).data.id;
    const reply = await t.call('apiInit', { apiId }, { token: trader, lang: 'en' });
    expect(reply).toMatchObject({ code: 200, info: 'initialised, but some instruments failed: see each result', data: { marginMode: 'cross', leverage: 10 } });
    expect(reply.data.instruments).toEqual([
      { instrument: 'BTC-USDT-SWAP', ok: true },
      { instrument: 'ETH-USDT-SWAP', ok: false, error: expect.stringContaining('59102') },
    ]);
    const account = okx.state.account(GOOD.apiKey);
    expect(account.marginMode.get('BTC-USDT-SWAP')).toBe('cross');
    expect(okx.state.leverOf(account, 'BTC-USDT-SWAP', 'cross')).toBe(10);
    expect(okx.state.leverOf(account, 'ETH-USDT-SWAP', 'cross')).not.toBe(10);
  });

  it('initialises the contracts of the account’s task legs when it has tasks', async () => {
    const apiId = (await addTestnet('task legs', GOOD)).data.id;
    const strategies = (await t.call('strategyHome', {}, { token: trader })).data as { id: number; name: string }[];
    const strategyId = strategies.find((s) => s.name === 'arbitrage 2')!.id;
    const legs = params({ currency_type: 'btc', a_bourse: 1, a_transaction_type: 14, b_bourse: 1, b_transaction_type: 13 });
    const task = await t.call(
      'taskAdd',
      { name: 'usdt swap / quarter', strategyId, params: { ...legs, price_limit: '', max_borrow_ratio: 0.3 } },
      { token: trader },
    );
    expect(task.code, task.info).toBe(200);
    expect((await t.call('taskChildrenAdd', { taskId: task.data.id, linkApiId: [apiId], weight: 1 }, { token: trader })).code).toBe(200);
    const reply = await t.call('apiInit', { apiId }, { token: trader, lang: 'en' });
    const quarter = [...okx.state.instruments.values()].find((i) => i.instType === 'FUTURES' && i.settleCcy === 'USDT' && i.alias === 'quarter')!;
    expect(reply).toMatchObject({ code: 200, info: 'initialised' });
    expect(reply.data.instruments).toEqual([
      { instrument: 'BTC-USDT-SWAP', ok: true },
      { instrument: quarter.instId, ok: true },
    ]);
    expect(okx.state.leverOf(okx.state.account(GOOD.apiKey), quarter.instId, 'cross')).toBe(10);
    expect((await listed(apiId)).status_info).toContain('key valid');
  });
});

describe('live trading: two switches', () => {
  it('is refused while the server does not allow it, without the confirm that names the account, or with a key the live network refuses; then on, then off', async () => {
    const demo = (await addTestnet('demo key', DEMO)).data.id;
    const good = (await addTestnet('live ready', GOOD)).data.id;
    const live = (apiId: number, fields: Record<string, unknown>) => t.call('apiLive', { apiId, ...fields }, { token: trader, lang: 'en' });
    const settings = t.server.context.settings;

    expect(await live(good, { enable: true, confirm: 'OKEx/live ready' })).toMatchObject({
      code: 400,
      info: 'live trading is off on this server (its operator sets LIVE_TRADING=1)',
    });
    settings.liveTrading = true;
    try {
      expect(await t.call('tradingModes', {}, { token: trader })).toMatchObject({ data: { live: true, testnet: { 1: true, 2: false, 3: true } } });
      expect(await live(good, { enable: true, confirm: 'live ready' })).toMatchObject({ code: 400, info: 'type OKEx/live ready to confirm live trading' });
      expect((await live(good, { enable: true })).code).toBe(400);

      // the demo key passed on the test network; on the live one the exchange refuses it
      const from = okx.requests.length;
      const refused = await live(demo, { enable: true, confirm: 'OKEx/demo key' });
      expect(refused.code).toBe(400);
      expect(refused.info).toMatch(/^the key check on the live network did not pass, live trading stays off: key invalid: .*50101/);
      // its first signed request on the live network (the currencies, loading the markets) is refused: nothing else is asked
      expect(
        restSince(from)
          .filter((r) => r.apiKey === DEMO.apiKey)
          .map((r) => r.path),
      ).toEqual(['/api/v5/asset/currencies']);
      expect(await listed(demo)).toMatchObject({ mode: 'testnet', key_check: { valid: false } });

      const on = await live(good, { enable: true, confirm: 'OKEx/live ready' });
      expect(on).toMatchObject({
        code: 200,
        info: 'live trading is on',
        data: { id: good, mode: 'live', key_check: { valid: true, canTrade: true, canWithdraw: false } },
      });
      expect(await listed(good)).toMatchObject({ mode: 'live' });
      const off = await live(good, { enable: false });
      expect(off).toMatchObject({ code: 200, info: 'live trading is off', data: { mode: 'testnet' } });
    } finally {
      settings.liveTrading = false;
    }
  });

  it('a live account whose key changes goes back to testnet', async () => {
    const settings = t.server.context.settings;
    settings.liveTrading = true;
    try {
      const apiId = (await addTestnet('live then rekeyed', GOOD)).data.id;
      expect((await t.call('apiLive', { apiId, enable: true, confirm: 'OKEx/live then rekeyed' }, { token: trader })).data.mode).toBe('live');
      expect((await t.call('apiUpdate', { apiId, apiSecret: GOOD.secret }, { token: trader })).code).toBe(200);
      expect(await listed(apiId)).toMatchObject({ mode: 'testnet' });
    } finally {
      settings.liveTrading = false;
    }
  });
});

describe('the audit log', () => {
  it('holds every request sent for an account, in order, as the exchange received it, with no secret; a socket login and subscription too', async () => {
    const from = okx.requests.length;
    const apiId = (await addTestnet('audited', GOOD)).data.id;
    await t.call('apiCheck', { apiId }, { token: trader });
    await t.call('apiInit', { apiId }, { token: trader });
    const sent = restSince(from);

    const page = await t.call('auditLog', { apiId, pageSize: 100 }, { token: trader });
    expect(page.code).toBe(200);
    const rows = [...(page.data.list as AuditEntry[])].reverse();
    expect(page.data.total).toBe(sent.length);
    const path = (row: AuditEntry) => /^\{"http":"\w+ \w+ ([^"\s]+)"/.exec(row.request)?.[1];
    expect(rows.map((row) => `/api/v5/${path(row)}`)).toEqual(sent.map((r) => r.path));
    // the markets loaded inside a call are logged under it (apiInit's loadMarkets found them loaded already)
    expect(new Set(rows.map((row) => row.method))).toEqual(new Set(['fetchBalance', 'fetchAccounts', 'setMarginMode', 'setLeverage']));
    const traderId = (await findUserByName(t.server.context.db, 'trader'))!.id;
    expect(rows.every((row) => row.apiId === apiId && row.bourse_name === 'OKEx' && row.at === t.clock.now() && row.userId === traderId)).toBe(true);
    expect(rows.filter((row) => !row.ok).map((row) => [row.method, row.reply])).toEqual([['setMarginMode', expect.stringContaining('59102')]]); // ETH's 10x

    // a private socket: the login (signed with the passphrase) and the subscription are logged, the secrets are not
    const row = (await findApi(t.server.context.db, apiId))!;
    const client = t.server.context.exchanges.clientFor(row);
    client.options.ws = { ...client.options.ws, backoff: { base: 0 } };
    const login = okx.control.nextRequest({ method: 'login' });
    const subscribed = okx.control.nextRequest({ method: 'subscribe' });
    const watching = client.watchOrders().catch(() => undefined);
    await login;
    await subscribed;
    const sockets = ((await t.call('auditLog', { apiId, pageSize: 2 }, { token: trader })).data.list as AuditEntry[]).reverse();
    expect(sockets.map((s) => [s.method, s.userId])).toEqual([
      ['watchOrders', 0],
      ['watchOrders', 0],
    ]);
    expect(sockets[0]!.request).toContain('"op":"login"');
    expect(sockets[0]!.request).toContain(GOOD.apiKey);
    expect(sockets[1]!.request).toContain('"channel":"orders"');
    await t.server.context.exchanges.forget(apiId);
    await watching;

    const all = JSON.stringify((await t.call('auditLog', { pageSize: 100 }, { token: trader })).data);
    for (const secret of SECRETS) expect(all).not.toContain(secret);
  });

  it('keeps the newest settings.auditKeep requests of each account', async () => {
    const { settings } = t.server.context;
    const apiId = (await addTestnet('bounded', GOOD)).data.id;
    const before = (await t.call('auditLog', { apiId, pageSize: 100 }, { token: trader })).data.list as AuditEntry[];
    settings.auditKeep = 3;
    try {
      await t.call('apiCheck', { apiId }, { token: trader }); // loads the markets (3 requests), the balance, the config
      const kept = (await t.call('auditLog', { apiId, pageSize: 100 }, { token: trader })).data as { total: number; list: AuditEntry[] };
      expect(kept.total).toBe(3);
      expect(kept.list.map((row) => row.method)).toEqual(['fetchAccounts', 'fetchBalance', 'fetchBalance']);
      expect(Math.min(...kept.list.map((row) => row.id))).toBeGreaterThan(Math.max(...before.map((row) => row.id)));
    } finally {
      settings.auditKeep = 10_000;
    }
  });

  it('the owner reads the log of their own accounts, the super user every account’s; another user’s account is not found', async () => {
    const traderApi = (await addTestnet('trader’s latest', GOOD)).data.id;
    const mine = await addTestnet('admin’s own', GOOD, admin);
    const everyone = (await t.call('auditLog', { pageSize: 100 }, { token: admin })).data as { total: number; list: AuditEntry[] };
    const traders = (await t.call('auditLog', { pageSize: 100 }, { token: trader })).data as { total: number; list: AuditEntry[] };
    expect(everyone.list.map((row) => row.apiId)).toEqual(expect.arrayContaining([mine.data.id, traderApi]));
    expect(traders.list.map((row) => row.apiId)).not.toContain(mine.data.id);
    expect(everyone.total).toBeGreaterThan(traders.total);
    expect(await t.call('auditLog', { apiId: mine.data.id }, { token: trader })).toMatchObject({ code: 404 });
    expect(await t.call('auditLog', { apiId: traderApi }, { token: admin })).toMatchObject({ code: 404 });
    // a key refused before it was stored: its requests are logged too, under account 0, for its owner
    await t.call('apiAdd', { name: 'refused', bourseId: 1, status: 1, mode: 'testnet', ...keyOf(WITHDRAW) }, { token: admin });
    const refused = ((await t.call('auditLog', { pageSize: 5 }, { token: admin })).data.list as AuditEntry[]).filter((row) => row.apiId === 0);
    expect(refused.map((row) => row.method)).toContain('fetchAccounts');
    const page2 = await t.call('auditLog', { page: 2, pageSize: 1 }, { token: trader });
    expect(page2.data.list).toHaveLength(1);
    expect(page2.data.list[0].id).toBe(traders.list[1]!.id);
  });
});

describe('the trading clients', () => {
  it('one per account, built from its key with ccxt’s limiter on, the urls of the settings and the exchange’s test network; kept, and rebuilt when the key changes', async () => {
    const { context } = t.server;
    const exchanges = createExchangeClients({ ...context, settings: resolveSettings({ exchangeUrls: { 1: okx.urls.api } }) });
    try {
      const apiId = (await addTestnet('a client', GOOD)).data.id;
      const row = (await findApi(context.db, apiId))!;
      const client = exchanges.clientFor(row, 7);
      expect(client).toMatchObject({ id: 'okx', apiKey: GOOD.apiKey, enableRateLimit: true, isSandboxModeEnabled: true });
      expect(client.urls.api).toMatchObject({ rest: okx.url, ws: okx.wsUrl });
      expect(exchanges.clientFor(row, 7)).toBe(client);
      await t.call('apiUpdate', { apiId, apiSecret: GOOD.secret }, { token: trader });
      const rekeyed = (await findApi(context.db, apiId))!;
      expect(exchanges.clientFor(rekeyed, 7)).not.toBe(client);

      const refusal = (api: typeof row) => {
        try {
          exchanges.clientFor(api);
        } catch (error) {
          return refusalOf(error);
        }
      };
      expect(refusal({ ...row, mode: 'paper' })).toEqual({ key: 'err.exchange.paper', params: {} });
      expect(refusal({ ...row, bourse_id: 2, bourse_name: 'Huobi' })).toEqual({ key: 'err.exchange.noTestnet', params: { bourse: 'Huobi' } });
    } finally {
      await exchanges.close();
    }
  });
});

describe('rate limits and outages', () => {
  it('after a 429 the account’s next request waits on the clock, twice as long after another, and an answer clears it', async () => {
    const apiId = (await addTestnet('rate limited', GOOD)).data.id;
    expect((await t.call('apiCheck', { apiId }, { token: trader })).data.valid).toBe(true);
    okx.control.failRest(429);
    expect((await t.call('apiCheck', { apiId }, { token: trader })).data).toMatchObject({ valid: null, error: expect.stringContaining('50011') });
    /** an apiCheck whose first request is held back: answered once it has waited on the clock */
    const heldCheck = async () => {
      const timers = t.clock.pending();
      const check = t.call('apiCheck', { apiId }, { token: trader });
      await t.clock.whenPending(timers + 1);
      return { reply: check };
    };

    // still limited: the next request waits a second on the clock, and is limited again
    let count = okx.requests.length;
    let check = await heldCheck();
    await t.advance(999);
    expect(okx.requests.length).toBe(count);
    await t.advance(1);
    expect((await check.reply).data.valid).toBeNull();
    expect(okx.requests.length).toBe(count + 1);

    // the exchange answers again: the next request still waits out two seconds, then goes
    okx.control.failRest();
    count = okx.requests.length;
    check = await heldCheck();
    await t.advance(1999);
    expect(okx.requests.length).toBe(count);
    await t.advance(1);
    expect((await check.reply).data).toMatchObject({ valid: true, canTrade: true });
    // answered: no wait any more
    expect((await t.call('apiCheck', { apiId }, { token: trader })).data.valid).toBe(true);
  });

  it('an exchange that stops answering marks its accounts down and fires the feed-down alert; nothing is sent meanwhile; the probe’s answer clears it', async () => {
    const { context, alerts } = t.server;
    const apiId = (await addTestnet('outage', GOOD)).data.id;
    const paper = (await t.call('apiAdd', { name: 'paper in outage', bourseId: 1, status: 1, ...keyOf(GOOD) }, { token: trader })).data.id;
    expect((await t.call('apiCheck', { apiId }, { token: trader })).data.valid).toBe(true);
    expect((await t.call('alertRuleSave', { kind: 'feed', seconds: 30 }, { token: trader })).code).toBe(200);
    context.settings.exchangeTimeoutMs = 100;
    okx.control.stopAnswering();
    try {
      const down = new Promise((resolve) => context.bus.on('exchange.health', (event) => event.down && resolve(event)));
      for (let i = 0; i < 3; i += 1) {
        const check = await t.call('apiCheck', { apiId }, { token: trader });
        expect(check.data).toMatchObject({ valid: null, error: expect.stringContaining('timed out') });
      }
      expect(await down).toEqual({ exchange: 1, down: true, since: t.clock.now() });
      expect(await listed(apiId)).toMatchObject({ exchange_down: true });
      expect(await listed(paper)).toMatchObject({ exchange_down: false });
      await context.exchanges.settled();
      expect((await findApi(context.db, apiId))!.exchange_down).toBe(1);
      expect((await findApi(context.db, paper))!.exchange_down).toBe(0);

      // nothing is sent while it is down: the call is refused, by name
      const count = okx.requests.length;
      const refused = await t.call('apiInit', { apiId }, { token: trader, lang: 'en' });
      expect(refused).toMatchObject({ code: 400, info: 'OKEx is not answering: nothing is sent until it answers again' });
      expect(okx.requests.length).toBe(count);

      await t.advance(31_000);
      await alerts.idle();
      const alerted = (await t.call('alertList', {}, { token: trader })).data.list as { kind: string; params: { exchange: number; seconds: number } }[];
      expect(alerted.filter((a) => a.kind === 'feed').map((a) => a.params.exchange)).toEqual([1]);
      expect(alerted.find((a) => a.kind === 'feed')!.params.seconds).toBeGreaterThanOrEqual(30);
      await context.exchanges.idle();
    } finally {
      okx.control.resumeAnswering();
    }

    // the next probe (its server time) is answered: the marks clear
    const up = new Promise((resolve) => context.bus.on('exchange.health', (event) => !event.down && resolve(event)));
    const probed = okx.control.nextRequest({ path: '/api/v5/public/time' });
    await t.advance(context.settings.exchangeProbeMs);
    await probed;
    await up;
    await context.exchanges.idle();
    expect(await listed(apiId)).toMatchObject({ exchange_down: false });
    expect((await findApi(context.db, apiId))!.exchange_down).toBe(0);
    expect((await t.call('apiCheck', { apiId }, { token: trader })).data.valid).toBe(true);
    context.settings.exchangeTimeoutMs = 5_000;
  });
});
