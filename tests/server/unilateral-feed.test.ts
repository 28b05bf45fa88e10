// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import type { UnilateralFeedMessage } from '#contract/types/feeds';
import { openFeed, startTestServer, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let follower: string;
beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true } });
  admin = await t.login('admin', 'admin123');
  follower = await t.loginUnilateral('follower', 'follower123');
});
afterAll(() => t.stop());

const { path, parse } = feeds.unilateral;
const read = async (next: Promise<string>) => {
  const raw = JSON.parse(await next) as Record<string, unknown>;
  const parsed = parse(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return { raw, message: parsed.message as UnilateralFeedMessage };
};

describe('/web/all/data', () => {
  it('answers the follower with the first shape: the shown strategies and its own tasks', async () => {
    const feed = await openFeed(t.url, `${path}?token=${follower}`);
    feed.socket.send(JSON.stringify({ token: follower }));
    const { raw, message } = await read(feed.next());
    expect(raw).toMatchObject({ code: 200 });
    expect(message.strategy.length).toBe(4);
    expect((message.task as unknown[]).length).toBe(5);
    feed.socket.close();
    await feed.closed;
  });

  it('gives the admin both shapes, with the three monitoring views, and pushes again when a strategy changes', async () => {
    const feed = await openFeed(t.url, `${path}?token=${admin}`);
    feed.socket.send(JSON.stringify({ token: admin }));
    const second = await read(feed.next());
    expect(second.raw.code).toBeUndefined();
    expect(second.message.strategy.length).toBe(5);
    expect(Object.keys(second.message.monitoring ?? {})).toEqual(['strategy', 'api', 'kline']);
    const first = await read(feed.next());
    expect(first.raw.code).toBe(200);
    expect(first.message.strategy.find((s) => s.id === 2)?.target).toBe(1);

    expect((await t.call('unilateralStrategyShow', { strategyId: 2, target: 0 }, { token: admin })).code).toBe(200);
    await read(feed.next());
    const pushed = await read(feed.next());
    expect(pushed.message.strategy.find((s) => s.id === 2)?.target).toBe(0);
    feed.socket.close();
    await feed.closed;
  });

  it('pushes the bars the runner ran', async () => {
    const feed = await openFeed(t.url, `${path}?token=${follower}`);
    feed.socket.send(JSON.stringify({ token: follower }));
    const before = await read(feed.next());
    t.clock.tick(60 * 60_000);
    await t.server.unilateral.idle();
    const after = await read(feed.next());
    const changed = after.message.strategy.filter((s) => s.update_time !== before.message.strategy.find((b) => b.id === s.id)?.update_time);
    expect(changed.length).toBeGreaterThan(0);
    feed.socket.close();
    await feed.closed;
  });
});
