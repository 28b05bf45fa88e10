// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { feeds, type FeedName } from '#contract/feeds';
import { openFeed, signedInServer } from './helpers';

const s = signedInServer();

/** Opens a socket on the test server and records what it receives. */
const open = (path: string, headers: Record<string, string> = {}) => openFeed(s.t.url, path, headers);

const names = Object.keys(feeds) as FeedName[];
/** the feeds that answer 'ok' to these messages (market and demand answer their rows: market-wiring.test.ts; task: task-page.test.ts; statistics: orders.test.ts; unilateral: unilateral-feed.test.ts; alert: alerts.test.ts) */
const plain = names.filter((name) => !['market', 'demand', 'task', 'statistics', 'unilateral', 'alert'].includes(name));

describe('feeds', () => {
  it.each(names)('%s refuses a bad token with code 3, then closes', async (name) => {
    const { path, tokenInQuery } = feeds[name];
    const session = await open(tokenInQuery ? `${path}?token=${'0'.repeat(64)}` : path);
    if (!tokenInQuery) session.socket.send(JSON.stringify({ token: 'bad', data: [] }));
    const reply = JSON.parse(await session.next());
    expect(reply.code).toBe(3);
    expect(reply.info).toBeTruthy();
    expect(await session.closed).toBe(1008);
  });

  it.each(plain)('%s answers ok to a signed-in client', async (name) => {
    const { path, tokenInQuery } = feeds[name];
    const session = await open(tokenInQuery ? `${path}?token=${s.admin}` : path);
    session.socket.send(tokenInQuery ? JSON.stringify({ token: s.admin, data: [] }) : JSON.stringify({ token: s.admin, data: [1, 2] }));
    expect(await session.next()).toBe('ok');
    session.socket.send('1');
    expect(await session.next()).toBe('ok');
    session.socket.close();
    await session.closed;
  });

  it('signs in the statistics and demand feeds (no token in their messages) with the token cookie', async () => {
    for (const [name, beat] of [
      ['statistics', '{"currencys":[["btc",60]],"number":18}'],
      ['demand', '1'],
    ] as const) {
      const session = await open(feeds[name].path, { cookie: `userName=admin; token=${s.admin}; isSuper=1` });
      session.socket.send(beat);
      const reply = await session.next();
      expect(feeds[name].parse(JSON.parse(reply)).ok, name).toBe(true);
      session.socket.close();
      await session.closed;
      const anonymous = await open(feeds[name].path);
      anonymous.socket.send(beat);
      expect(JSON.parse(await anonymous.next()).code, name).toBe(3);
      expect(await anonymous.closed).toBe(1008);
    }
  });

  it('refuses a query-token feed opened without a token', async () => {
    const session = await open(feeds.market.path);
    expect(JSON.parse(await session.next()).code).toBe(3);
    expect(await session.closed).toBe(1008);
  });

  it('closes an open feed once its session has expired', async () => {
    const token = await s.t.login('trader', 'trader123');
    const session = await open(`${feeds.asset.path}?token=${token}`);
    session.socket.send('{}');
    expect(await session.next()).toBe('ok');
    await s.t.advance(2 * 24 * 60 * 60 * 1000 + 1000);
    session.socket.send('{}');
    expect(JSON.parse(await session.next()).code).toBe(3);
    expect(await session.closed).toBe(1008);
  });

  it('answers a plain HTTP GET on a feed path with an envelope', async () => {
    const reply = (await (await fetch(s.t.url + feeds.task.path)).json()) as { code: number };
    expect(reply.code).toBe(400);
  });
});
