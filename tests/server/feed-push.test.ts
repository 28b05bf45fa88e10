// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import type { FeedGenerators } from '../../server/feeds/socket-server';
import { openFeed, startTestServer, type TestServer } from './helpers';

/** Feeds that answer with what they know, and push when the bus says it changed. */
let version = 0;
const generators: FeedGenerators = {
  asset: {
    onMessage: (client, text) => ({ user: client.user.username, asked: JSON.parse(text).apiId, version }),
    pushOn: { 'asset.changed': (client, { userId }) => client.user.id === userId },
  },
  market: {
    onMessage: (_client, text) => ({ coins: JSON.parse(text).data, version }),
    pushOn: { 'market.tick': true },
  },
  // no generator: answers 'ok'
  unilateral: {},
};

let t: TestServer;
let admin: string;
let trader: string;
beforeAll(async () => {
  t = await startTestServer({ feedGenerators: generators, settings: { marketPushHz: 2 } });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
});
afterAll(() => t.stop());

const parse = async (next: Promise<string>) => JSON.parse(await next) as Record<string, unknown>;

describe('feeds push when the bus fires', () => {
  it('re-sends the reply to their last message to the subscribers an event concerns, and to no one else', async () => {
    const traderFeed = await openFeed(t.url, `${feeds.asset.path}?token=${trader}`);
    const adminFeed = await openFeed(t.url, `${feeds.asset.path}?token=${admin}`);
    traderFeed.socket.send(JSON.stringify({ apiId: 7 }));
    adminFeed.socket.send(JSON.stringify({ apiId: 1 }));
    expect(await parse(traderFeed.next())).toEqual({ user: 'trader', asked: 7, version: 0 });
    expect(await parse(adminFeed.next())).toEqual({ user: 'admin', asked: 1, version: 0 });

    version = 1;
    const traderId = (await t.server.context.auth.resolve(trader))!.id;
    t.server.context.bus.emit('asset.changed', { userId: traderId, apiId: 7 });
    expect(await parse(traderFeed.next())).toEqual({ user: 'trader', asked: 7, version: 1 });

    // the admin was not concerned: the next thing on its socket is the answer to its own next message
    adminFeed.socket.send(JSON.stringify({ apiId: 2 }));
    expect(await parse(adminFeed.next())).toEqual({ user: 'admin', asked: 2, version: 1 });
    traderFeed.socket.close();
    adminFeed.socket.close();
    await Promise.all([traderFeed.closed, adminFeed.closed]);
  });

  it('coalesces the events of one turn into one push per subscriber, of the state as it is when sent', async () => {
    const first = await openFeed(t.url, `${feeds.asset.path}?token=${trader}`);
    const second = await openFeed(t.url, `${feeds.asset.path}?token=${trader}`);
    first.socket.send(JSON.stringify({ apiId: 11 }));
    second.socket.send(JSON.stringify({ apiId: 12 }));
    await first.next();
    await second.next();

    const traderId = (await t.server.context.auth.resolve(trader))!.id;
    // an engine tick touching 20 accounts of the trader: 20 events in one turn
    for (let apiId = 1; apiId <= 20; apiId += 1) {
      version = 100 + apiId;
      t.server.context.bus.emit('asset.changed', { userId: traderId, apiId });
    }
    expect(await parse(first.next())).toEqual({ user: 'trader', asked: 11, version: 120 });
    expect(await parse(second.next())).toEqual({ user: 'trader', asked: 12, version: 120 });

    // nothing else was queued: the next thing on each socket is the answer to its own next message
    first.socket.send(JSON.stringify({ apiId: 13 }));
    second.socket.send(JSON.stringify({ apiId: 14 }));
    expect(await parse(first.next())).toEqual({ user: 'trader', asked: 13, version: 120 });
    expect(await parse(second.next())).toEqual({ user: 'trader', asked: 14, version: 120 });

    // an event after the push went out is pushed again
    version = 121;
    t.server.context.bus.emit('asset.changed', { userId: traderId, apiId: 1 });
    expect(await parse(first.next())).toEqual({ user: 'trader', asked: 13, version: 121 });
    first.socket.close();
    second.socket.close();
    await Promise.all([first.closed, second.closed]);
  });

  it('pushes the market at settings.marketPushHz as the clock moves, and stops once the socket is closed', async () => {
    const market = await openFeed(t.url, `${feeds.market.path}?token=${admin}`);
    market.socket.send(JSON.stringify({ token: admin, data: ['btc'] }));
    expect(await parse(market.next())).toEqual({ coins: ['btc'], version });
    version = 2;
    await t.advance(500); // 2 Hz: a tick each half second
    expect(await parse(market.next())).toEqual({ coins: ['btc'], version: 2 });
    version = 3;
    await t.advance(500);
    expect(await parse(market.next())).toEqual({ coins: ['btc'], version: 3 });
    market.socket.close();
    await market.closed;
    await t.advance(1000);
    expect(market.messages).toEqual([]);
  });

  it('stops pushing to a subscriber whose session has ended', async () => {
    const token = await t.login('trader', 'trader123');
    const feed = await openFeed(t.url, `${feeds.asset.path}?token=${token}`);
    feed.socket.send(JSON.stringify({ apiId: 3 }));
    await feed.next();
    await t.call('logout', {}, { token });
    const user = (await t.server.context.auth.resolve(trader))!;
    t.server.context.bus.emit('asset.changed', { userId: user.id, apiId: 3 });
    expect(JSON.parse(await feed.next()).code).toBe(3);
    expect(await feed.closed).toBe(1008);
  });

  it('keeps answering ok on feeds without a generator', async () => {
    const plain = await openFeed(t.url, `${feeds.unilateral.path}?token=${admin}`);
    plain.socket.send('{}');
    expect(await plain.next()).toBe('ok');
    plain.socket.close();
    await plain.closed;
  });
});
