// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { createSimMarket, deliveryCodes, marketRows, type MarketTable } from '../../server/market';
import { DEFAULT_MARKET_TABLES } from '../../server/handlers/market';
import { defaultExpiry, instrumentId } from '../../server/engine';
import { valueAccount } from '../../server/ledger/accounts';
import { marketPricer } from '../../server/engine/prices';
import { listApis } from '../../server/store/api-accounts';
import { openFeed, settle, startTestServer, type FeedSession, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let trader: string;
beforeAll(async () => {
  t = await startTestServer({ settings: { marketPushHz: 2 } });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
});
afterAll(() => t.stop());

/** the default seed of a server: the rows a client gets are these, at the server clock's time */
const sim = createSimMarket('arbitrage');
const expectedRows = (table: MarketTable) => JSON.parse(JSON.stringify(marketRows(sim, table, t.clock.now()))) as unknown[];

/** the messages up to (not including) the reply to a marker subscription, then that reply */
async function until(session: FeedSession, marker: string): Promise<{ before: unknown[]; reply: any }> {
  const before: unknown[] = [];
  for (;;) {
    const message = JSON.parse(await session.next());
    if (JSON.stringify(message.data.map((entry: { table: unknown }) => entry.table)) === marker) return { before, reply: message };
    before.push(message);
  }
}

async function closeAndForget(session: FeedSession): Promise<void> {
  session.socket.close();
  await session.closed;
  for (let i = 0; i < 50 && t.server.context.market.openSockets.size > 0; i += 1) await settle();
}

describe('market params per user', () => {
  it('stores the tables of put2 and restores them with param/get2, for that user only', async () => {
    expect((await t.call('marketParamGet2', {}, { token: trader })).data).toEqual(DEFAULT_MARKET_TABLES);
    // spot as leg A under a delivery leg B, as the task page's contract pairs are
    const tables = [
      [1, 1, 1, 2],
      [1, 2, 4, 4],
      [3, 1, 14, 5],
    ];
    const put = await t.call('marketPut2', { params: tables }, { token: admin });
    expect(put).toMatchObject({ code: 200 });
    expect((await t.call('marketParamGet2', {}, { token: admin })).data).toEqual(tables);
    // another session of the same user (another browser) sees them; the trader still has the default
    const again = await t.login('admin', 'admin123');
    expect((await t.call('marketParamGet2', {}, { token: again })).data).toEqual(tables);
    expect((await t.call('marketParamGet2', {}, { token: trader })).data).toEqual(DEFAULT_MARKET_TABLES);
    // repeats are stored once
    await t.call(
      'marketPut2',
      {
        params: [
          [1, 1, 1, 4],
          [1, 1, 1, 4],
        ],
      },
      { token: trader },
    );
    expect((await t.call('marketParamGet2', {}, { token: trader })).data).toEqual([[1, 1, 1, 4]]);
  });

  it('refuses a table the exchanges do not offer, or with the same leg twice, with the engine’s message', async () => {
    expect(await t.call('marketPut2', { params: [[1, 1, 4, 4]] }, { token: admin })).toMatchObject({ code: 400, info: 'A、B 两边不能是同一交易所的同一合约' });
    expect(await t.call('marketPut2', { params: [[2, 1, 5, 1]] }, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'exchange 2 does not support contract type 5',
    });
    expect(await t.call('marketPut2', { params: 'nope' }, { token: admin })).toMatchObject({ code: 400 });
    expect((await t.call('marketParamGet2', {}, { token: admin })).data).toHaveLength(3);
  });

  it('stores the params object of put and restores it with param/get', async () => {
    expect((await t.call('marketParamGet', {}, { token: trader })).data).toEqual({});
    expect(await t.call('marketPut', { params: { width: 12 } }, { token: trader })).toMatchObject({ code: 200 });
    expect((await t.call('marketParamGet', {}, { token: trader })).data).toEqual({ width: 12 });
    expect((await t.call('marketParamGet', {}, { token: admin })).data).toEqual({});
    // storing params keeps the tables and the other way round
    expect((await t.call('marketParamGet2', {}, { token: trader })).data).toEqual([[1, 1, 1, 4]]);
  });
});

describe('market calls', () => {
  it('answers K-line candles whose last close is the current spread', async () => {
    const reply = await t.call('klineData', { excheng: '1,2', currencys: 'btc', types: '4,4', granularity: '1H' }, { token: trader });
    expect(reply.code).toBe(200);
    const { candles } = reply.data;
    expect(candles.length).toBeGreaterThan(100);
    const [row] = marketRows(sim, [1, 2, 4, 4], t.clock.now());
    expect(candles.at(-1).close).toBeCloseTo(Number(row!.positive.split('/')[0]), 4);
    expect(await t.call('klineData', { excheng: '3', currencys: 'btc', types: '1' }, { token: trader, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'K-lines are available for exchanges 1, 2 only, not 3',
    });
  });

  it('answers currencies, distance days and delivery codes', async () => {
    expect((await t.call('currencyTypeGet', { aTransactionType: 1, bTransactionType: 4 }, { token: trader })).data).toEqual([
      'btc',
      'eth',
      'bch',
      'eos',
      'etc',
      'xrp',
      'ltc',
      'trx',
      'bsv',
    ]);
    expect((await t.call('currencyTypeGet', { aTransactionType: 6, bTransactionType: 4 }, { token: trader })).code).toBe(400);
    const days = await t.call('distanceDays', { startTime: '2024-01-10 00:00:00', distanceDays: -3 }, { token: trader });
    expect(days.data).toEqual({ starttime: '2024-01-07 00:00:00', endtime: '2024-01-10 00:00:00' });
    expect((await t.call('deliveryCode', {}, { token: trader })).data).toEqual(deliveryCodes(t.clock.now()));
  });

  it('agrees with the engine: a table lists the currencies of currencyType/get, a delivery leg trades under the code of get_delivery_code', async () => {
    for (const table of DEFAULT_MARKET_TABLES) {
      const listed = (await t.call('currencyTypeGet', { aTransactionType: table[2], bTransactionType: table[3] }, { token: trader })).data as string[];
      expect([...listed].sort()).toEqual(
        marketRows(sim, table, t.clock.now())
          .map((row) => row.currency_type)
          .sort(),
      );
    }
    const codes = (await t.call('deliveryCode', {}, { token: trader })).data as Record<string, string>;
    const now = t.clock.now();
    for (const [contractType, key] of [
      [2, 'CW'],
      [3, 'NW'],
      [4, 'CQ'],
      [10, 'NQ'],
      [13, 'CQ'],
    ] as const) {
      const leg = { exchange: 1, currency: 'btc', contractType };
      expect(instrumentId(leg, defaultExpiry(leg, now)), `${contractType}`).toMatch(new RegExp(`-${codes[key]}$`));
    }
  });
});

describe('the delivery calendar on a running server', () => {
  it('rolls "this week" over when the server clock passes Friday 08:00 UTC (07:59 → 08:01)', async () => {
    const friday = await startTestServer();
    try {
      friday.clock.set(Date.UTC(2025, 0, 10, 7, 59));
      const token = await friday.login('trader', 'trader123');
      expect((await friday.call('deliveryCode', {}, { token })).data).toEqual({ CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' });
      await friday.advance(2 * 60_000);
      expect((await friday.call('deliveryCode', {}, { token })).data).toEqual({ CW: '250117', NW: '250124', CQ: '250328', NQ: '250627' });
    } finally {
      await friday.stop();
    }
  });
});

describe('the market feed (get2)', () => {
  it('sends the rows of the user’s tables, which the console’s parse reads, then pushes at settings.marketPushHz', async () => {
    const session = await openFeed(t.url, `${feeds.market.path}?token=${admin}`);
    session.socket.send(JSON.stringify({ token: admin })); // the console's subscription when it shows every table
    const first = JSON.parse(await session.next());
    const tables = [
      [1, 1, 1, 2],
      [1, 2, 4, 4],
      [3, 1, 14, 5],
    ] as MarketTable[];
    expect(first.data.map((entry: { table: MarketTable }) => entry.table)).toEqual(tables);
    expect(first.data[0].rows).toEqual(expectedRows(tables[0]!));
    const parsed = feeds.market.parse(first);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.message.data).toHaveLength(3);
      expect(parsed.message.data[2]!.rows.map((row: { currency_type: string }) => row.currency_type)).toEqual([
        'btc',
        'eth',
        'bch',
        'eos',
        'etc',
        'xrp',
        'ltc',
        'trx',
        'bsv',
      ]);
    }

    // 2 Hz: a push at 500 ms with the prices of that instant
    await t.advance(500);
    const pushed = JSON.parse(await session.next());
    expect(pushed.data[1].rows).toEqual(expectedRows(tables[1]!));

    // one second more, a half at a time = two pushes, then the reply to a new subscription (replies keep their order)
    await t.advance(500);
    await t.advance(500);
    session.socket.send(JSON.stringify({ token: admin, data: [[1, 1, 4, 1]] }));
    const { before, reply } = await until(session, '[[1,1,4,1]]');
    expect(before).toHaveLength(2);
    expect(reply.data[0].rows).toEqual(expectedRows([1, 1, 4, 1]));

    // pushes now follow the new subscription; 250 ms more is not yet a tick
    await t.advance(250);
    session.socket.send(JSON.stringify({ token: admin, data: [[1, 1, 1, 4]] }));
    expect((await until(session, '[[1,1,1,4]]')).before).toHaveLength(0);
    await t.advance(250);
    expect(JSON.parse(await session.next()).data[0].table).toEqual([1, 1, 1, 4]);
    await closeAndForget(session);
  });

  it('forgets a socket once it is closed: no open market socket is left', async () => {
    const { openSockets } = t.server.context.market;
    expect(openSockets.size).toBe(0);
    const one = await openFeed(t.url, `${feeds.market.path}?token=${trader}`);
    const two = await openFeed(t.url, `${feeds.market.path}?token=${admin}`);
    one.socket.send(JSON.stringify({ token: trader }));
    two.socket.send(JSON.stringify({ token: admin }));
    await one.next();
    await two.next();
    expect(openSockets.size).toBe(2);
    await closeAndForget(one);
    expect(openSockets.size).toBe(1);
    await closeAndForget(two);
    expect(openSockets.size).toBe(0);
    // the ticks go on without them
    await t.advance(1000);
    expect(openSockets.size).toBe(0);
  });
});

describe('the demand feed (/ts/req)', () => {
  it('answers "1" with a row per API account and currency, which the console’s parse reads, pushes on ticks, and answers "0" with nothing', async () => {
    const session = await openFeed(t.url, feeds.demand.path, { cookie: `token=${admin}` });
    session.socket.send('1');
    const rows = JSON.parse(await session.next());
    const parsed = feeds.demand.parse(rows);
    expect(parsed.ok).toBe(true);
    expect(rows).toHaveLength(2 * 9);
    expect(Object.keys(rows[0]).sort()).toEqual(['api_id', 'api_name', 'available', 'currency', 'demand']);
    expect(new Set(rows.map((row: { api_name: string }) => row.api_name))).toEqual(new Set(['OKEx-主账户', 'Huobi-对冲']));

    // demand = principal + max(0, −Σ positions), available = spot + wallet − borrowed: coins of the account's books
    const { market, db } = t.server.context;
    const expectedAt = async (now: number) => {
      const out = [];
      const admin = await db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', ['admin']);
      for (const api of await listApis(db, admin!.id)) {
        const { list } = await valueAccount(db, api, marketPricer(market.prices, now), now);
        for (const row of list.filter((r) => r.currency !== 'usdt')) {
          const n = (key: string) => Number(row[key]);
          const position = ['CW', 'NW', 'CQ', 'NQ', 'CS'].reduce((sum, kind) => sum + n(`P_${kind}`), 0);
          const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
          out.push({
            api_id: api.id,
            api_name: api.name,
            currency: row.currency,
            demand: round4(n('principal') + Math.max(0, -position)),
            available: round4(n('spot') + n('wallet') - n('borrowed')),
          });
        }
      }
      return out;
    };
    expect(rows).toEqual(await expectedAt(t.clock.now()));
    const btc = rows.find((row: { api_name: string; currency: string }) => row.api_name === 'OKEx-主账户' && row.currency === 'btc');
    const quote = market.prices.quote(1, 'btc', 1, t.clock.now());
    // the opening books put 60 % of the principal into the nine coins, 2/3 of it on spot (server/ledger/book.ts)
    expect(btc.demand).toBeCloseTo((10000 * 0.6) / 9 / ((quote.bid + quote.ask) / 2), 2);
    expect(btc.available).toBeCloseTo((btc.demand * 2) / 3, 3);
    await t.advance(500);
    expect(JSON.parse(await session.next())).toEqual(await expectedAt(t.clock.now()));
    // "0" gets no reply: the next messages are the reply to "1" and the push of the next tick
    const before = t.clock.now();
    session.socket.send('0');
    session.socket.send('1');
    expect(JSON.parse(await session.next())).toEqual(await expectedAt(before));
    await t.advance(500);
    expect(JSON.parse(await session.next())).toEqual(await expectedAt(t.clock.now()));
    session.socket.close();
    await session.closed;

    const traders = await openFeed(t.url, feeds.demand.path, { cookie: `token=${trader}` });
    traders.socket.send('1');
    const traderRows = JSON.parse(await traders.next());
    expect(traderRows).toHaveLength(9);
    expect(traderRows[0]).toMatchObject({ api_name: 'OKEx-trader', currency: 'btc' });
    traders.socket.close();
    await traders.closed;
  });
});
