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

  it('gives the admin the second shape only, with the three monitoring views, and pushes what changed', async () => {
    const feed = await openFeed(t.url, `${path}?token=${admin}`);
    feed.socket.send(JSON.stringify({ token: admin }));
    const whole = await read(feed.next());
    expect(whole.raw.code).toBeUndefined();
    expect(whole.message.partial).toBeUndefined();
    expect(whole.message.strategy.length).toBe(5);
    expect(whole.message.strategy.find((s) => s.id === 2)).toMatchObject({ target: 1, chart_data: expect.any(String) });
    expect(Object.keys(whole.message.monitoring ?? {})).toEqual(['strategy', 'api', 'kline']);

    expect((await t.call('unilateralStrategyShow', { strategyId: 2, target: 0 }, { token: admin })).code).toBe(200);
    const pushed = await read(feed.next());
    expect(pushed.raw.code).toBeUndefined();
    expect(pushed.message.partial).toBe(true);
    expect(pushed.message.strategy.map((s) => s.id)).toEqual([2]);
    expect(pushed.message.strategy[0]).toMatchObject({ target: 0 });
    expect(pushed.message.strategy[0]).not.toHaveProperty('chart_data');
    expect(pushed.message.monitoring).toEqual({ strategy: [], api: [], kline: [] }); // no dot changed
    expect(feed.messages).toEqual([]); // one message a push
    feed.socket.close();
    await feed.closed;
  });

  it('sends the follower, after one strategy is renamed, that strategy with its new name and its follow tasks only', async () => {
    const feed = await openFeed(t.url, `${path}?token=${follower}`);
    feed.socket.send(JSON.stringify({ token: follower }));
    const whole = await read(feed.next());
    const renamed = whole.message.strategy[0]!;
    expect((await t.call('unilateralStrategyUpdate', { strategyId: renamed.id, names: 'renamed', target: 1 }, { token: admin })).code).toBe(200);
    const pushed = await read(feed.next());
    expect(pushed.raw).toMatchObject({ code: 200, partial: true });
    expect(pushed.message.strategy).toEqual([
      { id: renamed.id, names: 'renamed', ...(pushed.message.strategy[0]!.update_time ? { update_time: expect.any(String) } : {}) },
    ]);
    const tasks = pushed.message.task as { strategy_id: number; names: string }[];
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((task) => task.strategy_id === renamed.id && task.names === 'renamed')).toBe(true);
    expect(tasks.length).toBeLessThan((whole.message.task as unknown[]).length);
    feed.socket.close();
    await feed.closed;
  });

  it('pushes the bars the runner ran as new points of the trends', async () => {
    const feed = await openFeed(t.url, `${path}?token=${follower}`);
    feed.socket.send(JSON.stringify({ token: follower }));
    const before = await read(feed.next());
    t.clock.tick(60 * 60_000);
    await t.server.unilateral.idle();
    const after = await read(feed.next());
    expect(after.message.partial).toBe(true);
    const changed = after.message.strategy.filter((s) => s.update_time !== undefined);
    expect(changed.length).toBeGreaterThan(0);
    // each changed strategy's trend grows by the bars it ran, after the last point it was sent
    for (const s of changed) {
      const sent = JSON.parse(before.message.strategy.find((b) => b.id === s.id)!.chart_data as string) as { date: string[] };
      const append = s.chart_append as { date: string[]; value: number[] };
      expect(s).not.toHaveProperty('chart_data');
      expect(append.date.length).toBeGreaterThan(0);
      expect(append.value).toHaveLength(append.date.length);
      expect(append.date[0]! > sent.date.at(-1)!).toBe(true);
    }
    feed.socket.close();
    await feed.closed;
  });
});
