// @vitest-environment node
/**
 * findings 2 and 9: one user cannot hold the server. Every call and feed message has a bounded
 * cost (lists, periods, page sizes; absurd page numbers refused or clamped, never a 500), a socket's messages
 * are rate-limited and coalesced, a user keeps a bounded number of sockets, a user's work takes turns with
 * everyone else's (server/http/lanes.ts), and the order queries read indexes, not scans. No time is asserted:
 * what bounds the cost is (bench/hostile.ts measures the latency).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { feeds } from '#contract/feeds';
import type { EndpointName } from '#contract/endpoints';
import { MAX_LIST_ITEMS, MAX_OBJECT_CHARS } from '../../server/http/validate';
import { Lane, laneOf, MAX_WAITING_CALLS } from '../../server/http/lanes';
import { CLOSE_TOO_MANY, FEED_LIMITS, messageGate } from '../../server/feeds/socket-server';
import { STATISTICS_LIMITS } from '../../server/feeds/orders';
import { ORDER_LIMITS } from '../../server/handlers/orders';
import { countSql, pageSql, perApiSql, sumSql, userCountSql } from '../../server/store/orders';
import { ManualClock } from '../../server/clock/clock';
import { openFeed, settle, startTestServer, type FeedSession, type TestServer } from './helpers';
import { startTradingTask, type DataCall } from './order-fixtures';

let t: TestServer;
let admin: string;
let trader: string;
let follower: string;

const dataCall =
  (token: string): DataCall =>
  async (name, payload = {}) => {
    const reply = await t.call(name, payload, { token });
    if (reply.code !== 200) throw new Error(`${name}: ${reply.code} ${reply.info}`);
    return reply.data;
  };

const orderCount = async () => Number((await t.server.context.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_orders'))!.n);

/** admin's orders: a trading task's own for a few simulated minutes, then copies (earlier times) up to `total`. */
async function seedOrders(total: number): Promise<number> {
  await startTradingTask(dataCall(admin), 'hostile btc', 'btc');
  for (let s = 0; s < 180; s += 1) {
    t.clock.tick(1000);
    await t.server.tasks.idle();
  }
  const { db } = t.server.context;
  for (let copy = 1; (await orderCount()) < total; copy += 1) {
    await db.run(
      `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime, user_id, manual, api_id, side, notional, fee)
       SELECT client_id || '-c' || ?, task_id, task_children_id, cparam, result, pairing_id || '-c' || ?, status_, createtime - ? * 60000, user_id, manual, api_id, side, notional, fee
       FROM task_orders WHERE client_id NOT LIKE '%-c%' ORDER BY id LIMIT ?`,
      [copy, copy, copy, total - (await orderCount())],
    );
  }
  return orderCount();
}

beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true } });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
  follower = await t.loginUnilateral('follower', 'follower123');
  await seedOrders(3000);
}, 180_000);
afterAll(() => t.stop());

/** console.error while the test ran: a 500 logs its stack there. */
let errors: ReturnType<typeof vi.spyOn>;
const watchLog = () => (errors = vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => errors?.mockRestore());

const HUGE = ['1e20', '99999999999999999999', '1e308', String(2 ** 53 + 2), String(Number.MAX_SAFE_INTEGER), '9'.repeat(400)];

describe('absurd page numbers and sizes (finding 9): refused or clamped, never a 500, nothing logged', () => {
  it('every paged call', async () => {
    const db = t.server.context.db;
    const taskId = Number((await db.get<{ id: number }>('SELECT id FROM task_tasks WHERE user_id = 1 ORDER BY id LIMIT 1'))!.id);
    const strategyId = Number((await db.get<{ id: number }>('SELECT id FROM u_strategies ORDER BY id LIMIT 1'))!.id);
    // a follow task of the admin's own (another user's is not found: finding 1)
    const apiId = Number(
      (await db.get<{ api_id: number }>(
        'SELECT f.api_id FROM u_follow_tasks f JOIN api_accounts a ON a.id = f.api_id WHERE a.user_id = 1 ORDER BY f.api_id LIMIT 1',
      ))!.api_id,
    );
    const { sign } = (await t.call('signGet', {}, { token: follower })).data as { sign: string };
    const arbitrage = ((await dataCall(admin)('strategyHome')) as { id: number; name: string }[]).find((s) => s.name === 'arbitrage 2')!.id;
    const runId = Number(((await dataCall(admin)('paperStart', { strategyId: arbitrage, params: '{}', name: 'pages' })) as { id: number }).id);
    const calls: [EndpointName, string, (v: string) => Record<string, unknown>][] = [
      ['orderPaging', admin, (v) => ({ eachPageNumber: 18, pagingNumber: v })],
      ['orderPaging', admin, (v) => ({ eachPageNumber: v, pagingNumber: 1 })],
      ['orderNewest', admin, (v) => ({ number: v })],
      ['orderNewest', admin, (v) => ({ number: 18, orderId: v })],
      ['orderNewest', admin, (v) => ({ number: 18, orderId: `-${v}` })],
      ['orderNewest', admin, (v) => ({ number: 18, taskId, orderId: v })],
      ['orderTotalData', admin, (v) => ({ number: v })],
      ['taskList', admin, (v) => ({ pagesize: 10, page: v })],
      ['taskList', admin, (v) => ({ pagesize: v, page: 1 })],
      ['changeRecords', admin, (v) => ({ task_id: taskId, bars: 10, page_num: v })],
      ['alertList', admin, (v) => ({ size: 10, page: v })],
      ['aevoTradeData', admin, (v) => ({ pageSize: 10, page: v })],
      ['simulatedData', admin, (v) => ({ pageSize: 10, page: v })],
      ['simulatedOrderDetail', admin, (v) => ({ runId, pageSize: 10, page: v })],
      ['pagesData', admin, (v) => ({ strategyId, types: 1, page: v })],
      ['pagesData', admin, (v) => ({ strategyId, types: 2, page: v })],
      ['followOrderDetail', admin, (v) => ({ api_ids: String(apiId), number: 20, recordId: v })],
      ['unilateralPageData', follower, (v) => ({ sign, ids: v, number: 20, types: 1 })],
    ];
    watchLog();
    for (const [name, token, payload] of calls) {
      for (const value of HUGE) {
        const reply = await t.call(name, payload(value), { token, lang: 'en' });
        expect([200, 400], `${name} ${JSON.stringify(payload(value))}: ${reply.code} ${reply.info}`).toContain(reply.code);
        if (reply.code === 400) expect(reply.info, name).toMatch(/must|is not|may hold/);
      }
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('an order page size past the limit is served at the limit (§9: the user chooses it); a page number past the end answers an empty page', async () => {
    const big = await t.call('orderPaging', { eachPageNumber: 5000, pagingNumber: 1 }, { token: admin });
    expect(big.code).toBe(200);
    expect(big.data.data).toHaveLength(ORDER_LIMITS.page);
    expect(big.data.total_paging).toBe(Math.ceil((await orderCount()) / ORDER_LIMITS.page));
    expect((await t.call('orderNewest', { number: 5000 }, { token: admin })).data).toHaveLength(ORDER_LIMITS.page);
    const far = await t.call('orderPaging', { eachPageNumber: 18, pagingNumber: Number.MAX_SAFE_INTEGER }, { token: admin });
    expect(far.data).toEqual({ total_paging: Math.ceil((await orderCount()) / 18), data: [] });
    const refused = await t.call('orderPaging', { eachPageNumber: 18, pagingNumber: '1e20' }, { token: admin, lang: 'en' });
    expect(refused).toMatchObject({ code: 400, info: `pagingNumber must be between 1 and ${Number.MAX_SAFE_INTEGER}` });
    expect(await t.call('alertList', { page: '1e20' }, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: `page must be between 1 and ${Number.MAX_SAFE_INTEGER}`,
    });
  });
});

describe('bounded lists and periods, refused with their message', () => {
  it('SDC lists, totalData periods, the lists and objects of other calls', async () => {
    const days = JSON.stringify([0, '2026-11-01 00:00:00', '2026-11-02 23:59:59']);
    const tasks = JSON.stringify([1, ...Array.from({ length: ORDER_LIMITS.sdcValues + 1 }, (_, i) => i + 1)]);
    expect(await t.call('orderQuerySDC', { apis: '[1]', currencys: '[1]', tasks, days }, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: `tasks may hold at most ${ORDER_LIMITS.sdcValues + 1} items`,
    });
    expect(await t.call('orderTotalData', { number: ORDER_LIMITS.periodMinutes + 1 }, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: `number must be between 1 and ${ORDER_LIMITS.periodMinutes}`,
    });
    const ids = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i + 1);
    const tooMany = (field: string) => ({ code: 400, info: `${field} 最多 ${MAX_LIST_ITEMS} 项` });
    expect(await t.call('alertRead', { ids: JSON.stringify(ids) }, { token: admin })).toMatchObject(tooMany('ids'));
    // a batch names its own bound (tests/server/task-atomicity.test.ts)
    expect(await t.call('taskStatusDetectionBatch', { taskIds: ids }, { token: admin })).toMatchObject({
      code: 400,
      info: `一次最多批量操作 ${MAX_LIST_ITEMS} 个任务（本次 ${ids.length} 个）`,
    });
    expect(await t.call('followTaskState', { apis: ids.join(','), state: 0 }, { token: follower })).toMatchObject(tooMany('apis'));
    expect(await t.call('assetStatistics', { apiId: ids.join(',') }, { token: admin })).toMatchObject(tooMany('apiId'));
    const params = JSON.stringify({ currency_type: 'btc', note: 'x'.repeat(MAX_OBJECT_CHARS) });
    expect(await t.call('taskAdd', { name: 'big', strategyId: 1, params }, { token: admin })).toMatchObject({
      code: 400,
      info: `params 不能超过 ${MAX_OBJECT_CHARS} 个字符`,
    });
    // the most an SDC query may ask (every list individual, all time) is answered, with at most sdcOrders orders and the whole total
    const all = JSON.stringify([0, '2000-01-01 00:00:00', '2099-12-31 23:59:59']);
    const most = await t.call('orderQuerySDC', { apis: '[1]', currencys: '[1]', tasks: '[1]', days: all }, { token: admin });
    expect(most.code).toBe(200);
    expect(most.data.order).toHaveLength(ORDER_LIMITS.sdcOrders);
    expect(most.total).toBe(await orderCount());
  });

  it('a statistics message past its bounds is refused in the client’s language; its order count is clamped', async () => {
    // the clock stands still here (no engine tick, no push): each socket's burst covers its messages
    const feed = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}`, 'accept-language': 'en' });
    const refusal = `currencys: at most ${STATISTICS_LIMITS.pairs} [currency, minutes] pairs and ${STATISTICS_LIMITS.periods} different periods, each of 1 to ${ORDER_LIMITS.periodMinutes} minutes`;
    const pairs = (n: number, minutes: (i: number) => number) => Array.from({ length: n }, (_, i) => [`c${i}`, minutes(i)]);
    for (const currencys of [
      pairs(STATISTICS_LIMITS.pairs + 1, () => 60),
      pairs(4, (i) => 60 * (i + 1)),
      [['btc', ORDER_LIMITS.periodMinutes + 1]],
      [['x'.repeat(17), 60]],
    ]) {
      feed.socket.send(JSON.stringify({ currencys, number: 18 }));
      expect(JSON.parse(await feed.next())).toEqual({ code: 400, info: refusal, data: null });
    }
    feed.socket.close();
    const fresh = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}` });
    fresh.socket.send(JSON.stringify({ currencys: pairs(STATISTICS_LIMITS.pairs, (i) => [60, 1440, 2880][i % 3]!), number: 100_000 }));
    const most = JSON.parse(await fresh.next());
    expect(most.code).toBe(200);
    expect(most.data.automatic).toHaveLength(STATISTICS_LIMITS.pairs);
    expect(most.data.order).toHaveLength(STATISTICS_LIMITS.orders);
    fresh.socket.close();
  });

  it('a task feed message naming more ids than a list may hold is refused with its message', async () => {
    const feed = await openFeed(t.url, feeds.task.path);
    feed.socket.send(JSON.stringify({ token: admin, data: Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i + 1) }));
    expect(JSON.parse(await feed.next())).toMatchObject({ code: 400, info: `data 最多 ${MAX_LIST_ITEMS} 项` });
    feed.socket.close();
  });
});

describe('what one socket and one user may send', () => {
  const statistics = (minutes: number) => JSON.stringify({ currencys: [['btc', minutes]], number: 18 });
  const minutesOf = (text: string) => Number(JSON.parse(text).data.automatic[0].minutes);

  it(`a user keeps at most ${FEED_LIMITS.socketsPerUser} sockets of a feed open; one more is refused with its message and closed`, async () => {
    const open: FeedSession[] = [];
    for (let i = 0; i < FEED_LIMITS.socketsPerUser; i += 1) {
      const feed = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}` });
      feed.socket.send(statistics(60));
      expect(JSON.parse(await feed.next()).code).toBe(200);
      open.push(feed);
    }
    const extra = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}` });
    extra.socket.send(statistics(60));
    expect(JSON.parse(await extra.next())).toEqual({
      code: 429,
      info: `同一账户打开的 ${feeds.statistics.path} 连接过多（最多 ${FEED_LIMITS.socketsPerUser} 个），请关闭其他页面后重试`,
      data: null,
    });
    expect(await extra.closed).toBe(CLOSE_TOO_MANY);
    // another user is not counted against it; and a closed socket frees its place
    const other = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${trader}` });
    other.socket.send(statistics(60));
    expect(JSON.parse(await other.next()).code).toBe(200);
    open[0]!.socket.close();
    await open[0]!.closed;
    await settle();
    const again = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}` });
    again.socket.send(statistics(60));
    expect(JSON.parse(await again.next()).code).toBe(200);
    for (const feed of [...open.slice(1), other, again]) feed.socket.close();
    await Promise.all([...open.slice(1), other, again].map((f) => f.closed));
  });

  it('50 messages at once: a burst is answered, the rest wait for the rate and coalesce to the newest', async () => {
    // trader: no orders, so no push comes between the answers while the clock moves
    const feed = await openFeed(t.url, feeds.statistics.path, { cookie: `token=${trader}` });
    for (let m = 1; m <= 50; m += 1) feed.socket.send(statistics(m));
    const answered: number[] = [];
    let ticks = 0;
    while (answered.at(-1) !== 50) {
      await settle(50);
      while (feed.messages.length) answered.push(minutesOf(feed.messages.shift()!));
      if (answered.at(-1) === 50) break;
      // without the clock moving, no more than the burst is answered
      expect(answered.length).toBeLessThanOrEqual(FEED_LIMITS.burst + ticks);
      await t.advance(FEED_LIMITS.intervalMs);
      ticks += 1;
      expect(ticks).toBeLessThan(50);
    }
    expect(answered[0]).toBe(1);
    expect(answered).toEqual([...answered].sort((a, b) => a - b)); // in order, the ones in between dropped
    expect(answered.length).toBeLessThanOrEqual(FEED_LIMITS.burst + ticks);
    expect(answered.length).toBeLessThan(50);
    feed.socket.close();
  });
});

describe('a hostile user’s most expensive requests leave another user answered and the engine ticking', () => {
  it('the other user’s calls are answered while the hostile work is still queued; the engine’s ticks still ran', async () => {
    const all = JSON.stringify([0, '2000-01-01 00:00:00', '2099-12-31 23:59:59']);
    const sockets: FeedSession[] = [];
    for (let i = 0; i < FEED_LIMITS.socketsPerUser; i += 1) sockets.push(await openFeed(t.url, feeds.statistics.path, { cookie: `token=${admin}` }));
    const costliest = JSON.stringify({
      currencys: Array.from({ length: STATISTICS_LIMITS.pairs }, (_, i) => [['btc', 'eth', 'eos', 'ltc'][i % 4], [60, 1440, 2880][i % 3]]),
      number: 1000,
    });
    let engineTicks = 0;
    const stopCounting = t.server.context.bus.on('task.changed', ({ userId }) => {
      if (userId === 1) engineTicks += 1;
    });
    const hostileLane = () => laneOf(t.server.context, 1).length; // admin is user 1

    let hostileAnswered = 0;
    const hostileCalls = Array.from({ length: 40 }, () =>
      t.call('orderQuerySDC', { apis: '[1]', currencys: '[1]', tasks: '[1]', days: all }, { token: admin }).then((r) => {
        hostileAnswered += 1;
        return r;
      }),
    );
    for (const feed of sockets) for (let m = 0; m < 10; m += 1) feed.socket.send(costliest);
    // the hostile work has reached the server: its lane holds a queue (each piece runs one turn of the event loop)
    let turns = 0;
    while (hostileLane() < 20 && turns < 500) {
      await settle(1);
      turns += 1;
    }
    expect(hostileLane()).toBeGreaterThanOrEqual(20);

    // the engine ticks under the load
    t.clock.tick(1000);
    const tick = t.server.tasks.idle();

    const victim = await Promise.all([
      t.call('captcha'),
      t.call('orderPaging', { eachPageNumber: 18, pagingNumber: 1 }, { token: trader }),
      t.call('taskList', { pagesize: 10, page: 1 }, { token: trader }),
    ]);
    const queuedThen = hostileLane();
    const answeredThen = hostileAnswered;
    expect(victim.map((r) => r.code)).toEqual([200, 200, 200]);
    // answered while the hostile queue was not drained
    expect(queuedThen).toBeGreaterThan(0);
    expect(answeredThen).toBeLessThan(hostileCalls.length);

    await tick;
    stopCounting();
    expect(engineTicks).toBeGreaterThan(0); // the engine's tick ran under the load (its active task changed)
    const replies = await Promise.all(hostileCalls);
    expect(replies.every((r) => r.code === 200 || (r.code === 429 && r.info.includes(String(MAX_WAITING_CALLS))))).toBe(true);
    for (const feed of sockets) expect(JSON.parse(await feed.next()).code).toBe(200);
    for (const feed of sockets) feed.socket.close();
    await Promise.all(sockets.map((f) => f.closed));
  });
});

describe('the order queries read indexes (EXPLAIN QUERY PLAN: no SCAN)', () => {
  it('sums, pages, counts and per-API counts, with and without every filter', async () => {
    const db = t.server.context.db;
    const filters = [
      { userId: 1 },
      { userId: 1, from: 0, to: 1e13 },
      { userId: 1, currencies: ['btc', 'eth'], from: 0, to: 1e13, before: 1e13 },
      { userId: 1, taskIds: [1, 2], apiIds: [1, 2], currencies: ['btc'], from: 0, to: 1e13 },
      { userId: 1, taskIds: [1] },
    ];
    const statements = [
      ...filters.flatMap((f) => [
        sumSql(f, false),
        sumSql(f, true),
        countSql(f),
        pageSql(f, { limit: 18, offset: 36 }),
        pageSql(f, { limit: 18, offset: 36, total: 40 }),
        pageSql(f, { limit: 18, before: 100 }),
        pageSql(f, { limit: 18, after: 100 }),
      ]),
      { sql: perApiSql, args: [1] },
    ];
    for (const { sql, args } of statements) {
      const plan = (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, args)).map((row) => row.detail);
      expect(
        plan.filter((step) => /^SCAN/.test(step) && !/^SCAN \(subquery-\d+\)$/.test(step)), // the sums' parts, read once as they come
        `${sql}\n${plan.join('\n')}`,
      ).toEqual([]);
      expect(
        plan.some((step) => /^SEARCH (s|task_orders) USING COVERING INDEX/.test(step)),
        `${sql}\n${plan.join('\n')}`,
      ).toBe(true);
    }
  });
});

describe('the paged list’s page count (issue 35: a million orders)', () => {
  it('is each user’s kept count (migration 21), equal to counting their orders, read by its key', async () => {
    const db = t.server.context.db;
    const users = await db.all<{ user_id: number; n: number }>('SELECT user_id, COUNT(*) AS n FROM task_orders WHERE user_id IS NOT NULL GROUP BY user_id');
    expect(users.length).toBeGreaterThan(0);
    for (const { user_id, n } of users) expect(await db.get(userCountSql, [user_id])).toEqual({ n });
    const plan = (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${userCountSql}`, [1])).map((row) => row.detail);
    expect(plan).toEqual([expect.stringMatching(/^SEARCH order_counts USING INTEGER PRIMARY KEY/)]);
  });
});

describe('a user’s lane and a socket’s gate (their bounds, without a server)', () => {
  it('a lane runs one piece at a time, others served between two; one more than MAX_WAITING_CALLS waiting is refused', async () => {
    const lane = new Lane();
    const order: string[] = [];
    let release!: () => void;
    const first = lane.run(() => new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('first')));
    const queued = Array.from({ length: MAX_WAITING_CALLS }, (_, i) => lane.run(() => void order.push(`q${i}`), MAX_WAITING_CALLS));
    await expect(lane.run(() => undefined, MAX_WAITING_CALLS)).rejects.toMatchObject({ code: 429, key: 'err.busy', params: { max: MAX_WAITING_CALLS } });
    expect(lane.length).toBe(MAX_WAITING_CALLS + 1);
    release();
    // between two pieces the event loop turns: an immediate set now runs before the last queued pieces
    await first;
    setImmediate(() => order.push('turn'));
    await Promise.all(queued);
    expect(order.indexOf('turn')).toBeLessThan(4);
    expect(order.filter((o) => o !== 'turn')).toEqual(['first', ...Array.from({ length: MAX_WAITING_CALLS }, (_, i) => `q${i}`)]);
    expect(lane.length).toBe(0);
  });

  it('a piece waiting on an exchange (away) leaves the lane to the next, continues in turn after it, and keeps the lane', async () => {
    let idle = 0;
    const lane = new Lane(() => idle++);
    const order: string[] = [];
    let reply!: (value: string) => void;
    const outside = new Promise<string>((resolve) => (reply = resolve));
    const manual = lane.run(async () => {
      order.push('manual sent');
      order.push(await lane.away(() => outside));
      order.push('manual written');
    });
    // the user's next call runs while the exchange has not answered
    await lane.run(() => void order.push('list'));
    expect(order).toEqual(['manual sent', 'list']);
    expect(idle).toBe(0); // not idle (and so not dropped) while a piece is away
    const during = lane.run(() => new Promise<void>((resolve) => setImmediate(() => resolve(void order.push('slow call')))));
    reply('manual answered');
    await Promise.all([manual, during]);
    // back in turn: after the piece that held the lane when the reply came
    expect(order).toEqual(['manual sent', 'list', 'slow call', 'manual answered', 'manual written']);
    expect(lane.length).toBe(0);
    expect(idle).toBe(1);
  });

  it('a gate handles one message at a time, keeps the newest waiting, and follows the rate on the clock', async () => {
    const clock = new ManualClock(0);
    const handled: string[] = [];
    const done: (() => void)[] = [];
    const gate = messageGate(
      clock,
      (text) =>
        new Promise<void>((resolve) => {
          handled.push(text);
          done.push(resolve);
        }),
      { burst: 2, intervalMs: 500 },
    );
    for (const text of ['a', 'b', 'c', 'd']) gate.offer(text);
    expect(handled).toEqual(['a']); // one at a time; b and c were dropped for d
    done.shift()!();
    await settle();
    expect(handled).toEqual(['a', 'd']);
    done.shift()!();
    gate.offer('e');
    await settle();
    expect(handled).toEqual(['a', 'd']); // the burst is spent: e waits for the clock
    clock.tick(499);
    expect(handled).toEqual(['a', 'd']);
    clock.tick(1);
    expect(handled).toEqual(['a', 'd', 'e']);
    gate.close();
  });
});
