// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '#contract/endpoints';
import type { Indicators, StrategyAssetRow, StrategyTrade } from '#contract/types/unilateral';
import type { FollowOrder } from '#contract/types/follow-tasks';
import { MAX_SIGNAL_POINTS, isOpening, signalSide } from '#contract/rules/unilateral';
import { equityOf, findUStrategy, insertUStrategy, tradesOf } from '../../server/store/unilateral';
import { formatSecond, parseSecond } from '../../server/clock/time';
import { startTestServer, type TestServer } from './helpers';

const DAY = 86_400_000;
const BAR = 5 * 60_000;
const INITIAL = 10_000;

let t: TestServer;
let admin: string;
let follower: string;
let manager: string;
let sign: string;

async function unilateralLogin(userName: string, userPassword: string) {
  return t.call('unilateralLogin', { userName, userPassword });
}

beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true } });
  admin = await t.login('admin', 'admin123');
  follower = (await unilateralLogin('follower', 'follower123')).data.token;
  manager = (await unilateralLogin('manager', 'manager123')).data.token;
  sign = (await t.call('signGet', {}, { token: follower })).data.sign;
});
afterAll(() => t.stop());

describe('/validation/user', () => {
  it('signs in the unilateral accounts: the follower with pes 2, the manager with pes 1', async () => {
    const a = await unilateralLogin('follower', 'follower123');
    expect(a).toMatchObject({ code: 200, pes: 2, data: { pes: 2 } });
    const b = await unilateralLogin('manager', 'manager123');
    expect(b).toMatchObject({ code: 200, pes: 1, data: { pes: 1 } });
  });

  it("refuses the console's own accounts whatever the password (it cannot confirm one) as it refuses a wrong password or an unknown name", async () => {
    for (const [user, password] of [
      ['admin', 'admin123'],
      ['trader', 'trader123'],
      ['admin', 'not-the-password'],
      ['follower', 'nope'],
      ['ghost', 'admin123'],
    ]) {
      const reply = await unilateralLogin(user!, password!);
      expect(reply.code).toBe(400);
      expect(reply.info).toBe('用户名或密码错误');
    }
  });
});

describe('every unilateral call answers', () => {
  const names = Object.keys(endpoints) as EndpointName[];
  const unilateral = names.slice(names.indexOf('unilateralStrategyList'));
  it.each(unilateral)('%s is implemented (no 501) for the admin', async (name) => {
    const reply = await t.call(name, {}, { token: admin });
    expect(reply.code, `${name}: ${reply.info}`).not.toBe(501);
    expect(reply.code, `${name}: ${reply.info}`).not.toBe(500);
  });
});

describe('strategies', () => {
  it('lists the demo strategies: running, paused and (for the admin only) a hidden one, with trend and position', async () => {
    const all = (await t.call('unilateralStrategyList', {}, { token: admin })).data as {
      id: number;
      status: number;
      target: number;
      chart_data: string;
      total_eq: number;
    }[];
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.some((s) => s.status === 0)).toBe(true);
    expect(all.some((s) => s.status === 1)).toBe(true);
    expect(all.some((s) => s.target === 0)).toBe(true);
    const trend = JSON.parse(all[0]!.chart_data);
    expect(trend.date).toHaveLength(180);
    expect(trend.value.at(-1)).toBeCloseTo(all[0]!.total_eq, 2);
    const seen = (await t.call('unilateralStrategyList', {}, { token: follower })).data as { target: number }[];
    expect(seen.every((s) => s.target === 1)).toBe(true);
    expect(seen.length).toBe(all.length - 1);
  });

  it('refuses hide and start without their keys (the follower), and does them for the admin', async () => {
    const hide = await t.call('unilateralStrategyShow', { strategyId: 1, target: 0 }, { token: follower });
    expect(hide.code).toBe(403);
    const start = await t.call('unilateralStrategyState', { strategyIds: [3], state: 1 }, { token: follower });
    expect(start.code).toBe(403);
    expect((await t.call('unilateralStrategyShow', { strategyId: 1, target: 0 }, { token: admin })).code).toBe(200);
    expect((await t.call('unilateralStrategyReproduction', { strategyId: 1 }, { token: admin })).data.target).toBe(0);
    expect((await t.call('unilateralRetreatIndicators', { strategyId: 1 }, { token: follower })).code).toBe(404);
    expect((await t.call('unilateralStrategyShow', { strategyId: 1, target: 1 }, { token: manager })).code).toBe(200);
    const state = await t.call('unilateralStrategyState', { strategyIds: [3, 5], state: 0 }, { token: admin });
    expect(state.code).toBe(200);
    expect((await t.call('unilateralStrategyState', { strategyIds: '3,5', state: 1 }, { token: manager })).code).toBe(200);
  });

  it('checks the signature token on the calls that carry sign', async () => {
    expect((await t.call('unilateralAllData', {}, { token: follower })).info).toBe('签名无效或已过期，请重新获取');
    expect((await t.call('unilateralAllData', { sign: 'f'.repeat(64) }, { token: follower })).code).toBe(400);
    // another session's sign does not fit
    const adminSign = (await t.call('signGet2', {}, { token: admin })).data.sign;
    expect((await t.call('unilateralChartData', { sign: adminSign }, { token: follower })).code).toBe(400);
    const all = await t.call('unilateralAllData', { sign }, { token: follower });
    expect(all.code).toBe(200);
    expect(all.data.task.length).toBe(5);
    expect(all.data.task.map((task: { status: number }) => task.status).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('pages the list with the ±20 id cursor', async () => {
    const first = await t.call('unilateralPageData', { sign, ids: 0, number: 20, types: 1 }, { token: follower });
    expect(first.code).toBe(200);
    const ids = first.data.list.map((s: { id: number }) => s.id);
    expect(first.data.total).toBe(ids.length);
    const after = await t.call('unilateralPageData', { sign, ids: ids[0], number: 20, types: 1 }, { token: follower });
    expect(after.data.list.map((s: { id: number }) => s.id)).toEqual(ids.slice(1));
    const before = await t.call('unilateralPageData', { sign, ids: ids.at(-1), number: -20, types: 1 }, { token: follower });
    expect(before.data.list.map((s: { id: number }) => s.id)).toEqual(ids.slice(0, -1));
  });

  it('shows monitoring dots in all three colours', async () => {
    const statuses = new Set<number>();
    for (const target of [1, 2, 3]) {
      const reply = await t.call('unilateralMonitoringDetail', { target }, { token: admin });
      expect(reply.code).toBe(200);
      for (const entry of reply.data) statuses.add(entry.status);
    }
    expect([...statuses].sort()).toEqual([0, 1, 2]);
  });

  it('answers a signal chart for every cycle within its default window, with every trade as a marker', async () => {
    for (const cycle of ['1T', '10T', '1H', '1D']) {
      const reply = await t.call('unilateralTransactionIdentifier', { strategyId: 2, cycle }, { token: follower });
      expect(reply.code, cycle).toBe(200);
      expect(reply.data.market.length, cycle).toBeGreaterThan(20);
      for (const mark of reply.data.up_direction) expect([1, 2]).toContain(mark.type);
      for (const mark of reply.data.down_direction) expect([-1, -2]).toContain(mark.type);
    }
    const month = await t.call('unilateralTransactionIdentifier', { strategyId: 2, cycle: '1D' }, { token: follower });
    const trades = await t.call('pagesData', { strategyId: 2, types: 2, page: 1 }, { token: follower });
    const newest = trades.data.list[0] as StrategyTrade;
    const marks = [...month.data.up_direction, ...month.data.down_direction].map((m: { createtime: string }) => m.createtime);
    expect(marks).toContain(newest.create_time);
  });

  it('answers more than MAX_SIGNAL_POINTS of 1T (31 days) with every trade as a marker and each run of points by its lowest and highest price', async () => {
    const now = t.clock.now();
    const window = { startTime: formatSecond(now - 31 * DAY), endTime: formatSecond(now) };
    const month = await t.call('unilateralTransactionIdentifier', { strategyId: 2, cycle: '1T', ...window }, { token: follower });
    expect(month.code).toBe(200);
    const market = month.data.market as { createtime: string; price: number }[];
    expect(market.length).toBeLessThanOrEqual(MAX_SIGNAL_POINTS);
    expect(market.length).toBeGreaterThan((31 * 1440) / 3);
    const times = market.map((p) => parseSecond(p.createtime));
    expect(times.every((at, i) => i === 0 || at > times[i - 1]!)).toBe(true);
    const trades = await tradesOf(t.server.context.db, 2, now - 31 * DAY, now);
    expect(trades.length).toBeGreaterThan(0);
    expect(month.data.up_direction.length + month.data.down_direction.length).toBe(trades.length);
    // the first run of 3 minutes (44,640 points in runs of 3): its lowest and highest, as 1T over those minutes has them
    const run = await t.call(
      'unilateralTransactionIdentifier',
      { strategyId: 2, cycle: '1T', startTime: market[0]!.createtime, endTime: formatSecond(times[0]! + 2 * 60_000) },
      { token: follower },
    );
    const prices = (run.data.market as { price: number }[]).map((p) => p.price);
    expect(run.data.market).toHaveLength(3);
    expect(
      market
        .slice(0, 2)
        .map((p) => p.price)
        .sort(),
    ).toEqual([Math.min(...prices), Math.max(...prices)].sort());
    // a window past a year (MAX_SIGNAL_WINDOW_POINTS of 1T) is refused
    const longer = { startTime: formatSecond(now - 367 * DAY), endTime: formatSecond(now) };
    expect((await t.call('unilateralTransactionIdentifier', { strategyId: 2, cycle: '1T', ...longer }, { token: follower })).code).toBe(400);
  });
});

describe('follow tasks', () => {
  it('refuses a form with the console’s own messages', async () => {
    const base = { apiId: 4, strategyId: 1, stopLoss: 10, positiveLeverage: 1, negativeLeverage: 1, isBuy: 1, isSell: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, apiId: '' }, 'API不能为空！'],
      [{ ...base, positiveLeverage: '' }, '杠杆倍数不能为空!'],
      [{ ...base, stopLoss: '' }, '止损百分数不能为空!'],
      [{ ...base, stopLoss: 101 }, '值大小在0~100之间!'],
      [{ ...base, isBuy: '' }, '是否做多必选！'],
      [{ ...base, isSell: '' }, '是否开空必选！'],
    ];
    for (const [payload, info] of cases) expect((await t.call('followTaskUpdate', payload, { token: follower })).info).toBe(info);
    // the priority is the manager's (level 1) field
    expect((await t.call('followTaskUpdate', { ...base, apiId: 9 }, { token: manager })).info).toBe('优先级不能为空!');
    expect((await t.call('followTaskUpdate', { ...base, apiId: 9, priority: 6 }, { token: manager })).info).toBe('值大小在0~5之间!');
  });
});

describe('one-click follow', () => {
  it('follows a strategy with every own one-sided API that has none, joining its position at once', async () => {
    const api = await t.call(
      'apiAdd',
      { name: 'one click', bourseId: 3, apiKey: 'k'.repeat(16), apiSecret: 's'.repeat(24), apiToken: '', status: 4 },
      { token: admin },
    );
    const hedging = await t.call(
      'apiAdd',
      { name: 'hedging', bourseId: 1, apiKey: 'k'.repeat(16), apiSecret: 's'.repeat(24), apiToken: '', status: 1 },
      { token: admin },
    );
    const reply = await t.call('unilateralOneClickFollow', { strategyId: 2, type: 1 }, { token: admin });
    expect(reply).toMatchObject({ code: 200, info: '跟随成功', data: { apiIds: [api.data.id] } });
    expect((await t.call('followTaskDetail', { apiId: hedging.data.id }, { token: admin })).code).toBe(404);
    const strategy = ((await t.call('unilateralStrategyList', {}, { token: admin })).data as { id: number; position: { position: number }[] }[]).find(
      (s) => s.id === 2,
    )!;
    const data = (await t.call('apiData', { apiId: api.data.id }, { token: admin })).data;
    expect(data.status).toBe(1);
    expect(Math.sign(data.position[0]?.position ?? 0)).toBe(Math.sign(strategy.position[0]?.position ?? 0));
    // a second click finds no free API
    expect((await t.call('unilateralOneClickFollow', { strategyId: 2, type: 1 }, { token: admin })).data.apiIds).toEqual([]);
    expect((await t.call('followTaskState', { apis: [api.data.id], state: 0 }, { token: admin })).code).toBe(200);
    expect((await t.call('followTaskDelete', { apiId: api.data.id }, { token: admin })).code).toBe(200);
  });
});

describe('simulated trading on the injected clock', () => {
  let strategyId: number;
  let plain: number;
  let tight: number;
  let adminSign: string;

  async function newApi(name: string): Promise<number> {
    const reply = await t.call('apiAdd', { name, bourseId: 3, apiKey: 'k'.repeat(16), apiSecret: 's'.repeat(24), apiToken: '', status: 4 }, { token: admin });
    expect(reply.code, reply.info).toBe(200);
    return reply.data.id;
  }

  beforeAll(async () => {
    adminSign = (await t.call('signGet', {}, { token: admin })).data.sign;
    const now = t.clock.now();
    const start = Math.floor(now / BAR) * BAR;
    strategyId = await insertUStrategy(t.server.context.db, {
      names: 'test MA 3/12',
      status: 1,
      target: 1,
      coin: 'btc',
      bar_ms: BAR,
      fast: 3,
      slow: 12,
      initial_money: INITIAL,
      cash: INITIAL,
      qty: 0,
      entry: 0,
      last_bar: start,
      last_equity: INITIAL,
      update_time: now,
    });
    plain = await newApi('follow plain');
    tight = await newApi('follow tight');
    const form = { strategyId, stopLoss: 0, positiveLeverage: 2, negativeLeverage: 1, isBuy: 1, isSell: 1, initialCost: 5000 };
    const added = await t.call('followTaskAdd', { ...form, apiId: plain, priority: 3 }, { token: admin });
    expect(added.code, added.info).toBe(200);
    expect(
      (await t.call('followTaskAdd', { ...form, apiId: tight, priority: 3, stopLoss: 0.5, positiveLeverage: 5, negativeLeverage: 5 }, { token: admin })).code,
    ).toBe(200);
    expect((await t.call('followTaskState', { apis: [plain, tight], state: 1 }, { token: admin })).code).toBe(200);
    t.clock.tick(1.5 * DAY);
    // the sessions last 2 days: the admin's is still valid
    await t.server.unilateral.idle();
  });

  async function allTrades(): Promise<StrategyTrade[]> {
    const trades: StrategyTrade[] = [];
    let edge = 0;
    for (;;) {
      const page = await t.call('unilateralPageData', { sign: adminSign, ids: edge, number: 20, types: 3, strategyId }, { token: admin });
      if (!page.data.list.length) return trades.reverse();
      trades.push(...page.data.list);
      edge = page.data.list.at(-1).id;
    }
  }

  async function allOrders(apiId: number): Promise<FollowOrder[]> {
    const orders: FollowOrder[] = [];
    let recordId = 0;
    for (;;) {
      const page = (await t.call('followOrderDetail', { api_ids: [apiId], recordId, number: 20 }, { token: admin })).data as FollowOrder[];
      if (!page.length) return orders.reverse();
      orders.push(...page);
      recordId = page.at(-1)!.id;
    }
  }

  it('trades, and its equity rows, trades and indicators agree like a ledger', async () => {
    const trades = await allTrades();
    expect(trades.length).toBeGreaterThan(10);
    const stats = await t.call('strategyData', { strategyId, startTime: '2000-01-01 00:00:00', endTime: '2100-01-01 00:00:00' }, { token: admin });
    const rows = stats.data.assets as StrategyAssetRow[];
    expect(rows.length).toBe(Math.floor((1.5 * DAY) / BAR));
    expect(stats.data.trade_len).toBe(trades.length);
    const ind = (await t.call('unilateralRetreatIndicators', { strategyId }, { token: admin })).data as Indicators;
    const last = rows.at(-1)!;

    // accumulated earnings = final equity − initial money; the final equity is the realised P/L plus the open position's
    expect(ind.equity).toBeCloseTo(last.equity, 1);
    expect(ind.accumulated_earnings).toBeCloseTo(last.equity - INITIAL, 1);
    const realised = trades.reduce((s, tr) => s + tr.win_lost, 0);
    const position = stats.data.position as { position: number; cost: number }[];
    const price = (await t.call('pagesData', { strategyId, types: 1, page: 1 }, { token: admin })).data.list;
    expect(price).toEqual(position);
    const open = position[0];
    const openTrade = trades.at(-1)!;
    // the last row's price: its capital is |position| × price
    const unrealised = open ? open.position * (last.capital / Math.abs(open.position) - open.cost) : 0;
    expect(realised + unrealised).toBeCloseTo(last.equity - INITIAL, -1);
    if (open) expect(isOpening(openTrade.type) && signalSide(openTrade.type) === Math.sign(open.position)).toBe(true);

    // max drawdown from the equity series
    let peak = 0;
    let drawdown = 0;
    for (const row of rows) {
      peak = Math.max(peak, row.equity);
      drawdown = Math.max(drawdown, ((peak - row.equity) / peak) * 100);
    }
    expect(ind.max_drawdown).toBeCloseTo(drawdown, 2);

    // win rate and win/lose rate from the closed trades
    const closed = trades.filter((tr) => !isOpening(tr.type));
    const wins = closed.filter((tr) => tr.win_lost > 0);
    const losses = closed.filter((tr) => tr.win_lost < 0);
    // the server rounds it to two decimals: compare with the same rounding (17/32 = 53.125 sits on the edge of any closeness at 2)
    expect(ind.win_rate).toBe(Number(((wins.length / closed.length) * 100).toFixed(2)));
    const avg = (list: StrategyTrade[]) => list.reduce((s, tr) => s + tr.win_lost, 0) / list.length;
    expect(ind.win_lose_rate).toBeCloseTo(avg(wins) / Math.abs(avg(losses)), 2);

    // days from the first trade to the last row
    const days = Math.floor((parseSecond(last.time) - parseSecond(trades[0]!.create_time)) / DAY);
    expect(ind.len_days).toBe(days);
    expect(ind.last_trading_time).toBe(openTrade.create_time);
  });

  it("a follow task's orders are its strategy's signals scaled by its leverage", async () => {
    const trades = await allTrades();
    const orders = await allOrders(plain);
    expect(orders.length).toBeGreaterThan(5);
    const signals = new Set(trades.map((tr) => `${tr.create_time} ${tr.type}`));
    // the first order may join the strategy's position at once ("start now"); every later one is a signal of the strategy
    for (const order of orders.slice(1)) expect(signals.has(`${order.createtime} ${order.type}`), `${order.createtime} ${order.type}`).toBe(true);
    // replayed from its orders: each opening order is the task's equity × its side's leverage (long 2, short 1)
    let cash = 5000;
    let qty = 0;
    for (const order of orders) {
      const side = signalSide(order.type);
      if (isOpening(order.type)) {
        expect(qty).toBe(0);
        const leverage = side === 1 ? 2 : 1;
        expect(order.size * order.price).toBeCloseTo(cash * leverage, -1);
        cash -= side * order.size * order.price;
        qty = side * order.size;
      } else {
        expect(Math.abs(qty)).toBeCloseTo(order.size, 5);
        cash += qty * order.price;
        qty = 0;
      }
    }
    const data = (await t.call('apiData', { apiId: plain }, { token: admin })).data;
    expect(data.status).toBe(1);
    expect(data.position[0]?.position ?? 0).toBeCloseTo(qty, 5);
  });

  it('a task whose stop-loss is reached closes its position and stops (4)', async () => {
    const orders = await allOrders(tight);
    const detail = (await t.call('unilateralApiList', {}, { token: admin })).data.find((task: { id: number }) => task.id === tight);
    expect(detail.status).toBe(4);
    const [open, close] = orders.slice(-2) as [FollowOrder, FollowOrder];
    expect(isOpening(open.type) && !isOpening(close.type)).toBe(true);
    const side = signalSide(open.type);
    const loss = ((open.price - close.price) / open.price) * side * 5 * 100;
    expect(loss).toBeGreaterThanOrEqual(0.5);
    // nothing after the stop: the strategy traded on, the task did not
    const trades = await allTrades();
    expect(parseSecond(trades.at(-1)!.create_time)).toBeGreaterThan(parseSecond(close.createtime));
  });

  it('start now, delay, stop and delete a follow task', async () => {
    expect((await t.call('followTaskDelete', { apiId: plain }, { token: admin })).info).toBe('跟随任务运行中，请先停止');
    expect((await t.call('followTaskState', { apis: `${plain}`, state: 3 }, { token: admin })).code).toBe(200);
    expect((await t.call('followTaskState', { apis: [plain], state: 0 }, { token: admin })).code).toBe(200);
    const data = (await t.call('apiData', { apiId: plain }, { token: admin })).data;
    expect(data).toMatchObject({ status: 0, position: [] });
    expect((await t.call('followTaskDelete', { apiId: plain }, { token: admin })).code).toBe(200);
    expect((await t.call('followTaskDetail', { apiId: plain }, { token: admin })).code).toBe(404);
  });
});

describe('resume following (/restore/task)', () => {
  it('resumes the follow tasks the system stopped (stop-loss) or left hedging, names them, and leaves the ones the user stopped or delayed', async () => {
    type Row = { id: number; name: string; status: number };
    const rows = async () => (await t.call('unilateralApiList', {}, { token: admin })).data as Row[];
    const before = await rows();
    const bySystem = before.filter((r) => r.status === 4 || r.status === 2);
    const byUser = before.filter((r) => r.status === 0 || r.status === 3);
    expect(bySystem.length).toBeGreaterThan(0);
    expect(byUser.length).toBeGreaterThan(0);

    const reply = await t.call('restoreTask', { apiId: before.map((r) => r.id).join(',') }, { token: admin });
    expect(reply.info).toBe('已恢复跟随');
    expect(reply.data.resumed.map((r: { id: number }) => r.id).sort()).toEqual(bySystem.map((r) => r.id).sort());
    const after = new Map((await rows()).map((r) => [r.id, r.status]));
    for (const r of bySystem) expect(after.get(r.id)).toBe(1);
    for (const r of byUser) expect(after.get(r.id)).toBe(r.status);

    const again = await t.call('restoreTask', { apiId: before.map((r) => r.id).join(',') }, { token: admin });
    expect(again.info).toBe('没有需要恢复的跟随任务');
    expect(again.data.resumed).toEqual([]);
  });
});

describe('adding a strategy (/add/strategy)', () => {
  it('the super user adds a paused strategy that trades once started; each rule has its message; a follower is refused', async () => {
    const form = { names: 'ma-eth', coin: 'eth', initialMoney: 5000, barMinutes: 5, fast: 3, slow: 8 };
    for (const [bad, info] of [
      [{ names: ' ' }, '策略名称不能为空，且不超过64个字'],
      [{ coin: 'doge' }, '请选择币种'],
      [{ initialMoney: 10 }, '初始资金在100~100000000之间!'],
      [{ barMinutes: 1.5 }, 'K线周期为1~1440之间的整数!'],
      [{ slow: 3 }, '慢均线周期必须大于快均线周期!'],
    ] as const) {
      expect(await t.call('unilateralStrategyAdd', { ...form, ...bad }, { token: admin })).toMatchObject({ code: 400, info });
    }
    const follower = await unilateralLogin('follower', 'follower123');
    expect((await t.call('unilateralStrategyAdd', form, { token: follower.data.token })).code).toBe(403);

    const reply = await t.call('unilateralStrategyAdd', form, { token: admin });
    expect(reply).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    const id = reply.data.id as number;
    expect(await t.call('unilateralStrategyReproduction', { strategyId: id }, { token: admin })).toMatchObject({ data: { names: 'ma-eth', target: 1 } });
    expect((await t.call('unilateralStrategyState', { strategyIds: [id], state: 1 }, { token: admin })).code).toBe(200);
    const { db } = t.server.context;
    const before = (await findUStrategy(db, id))!;
    expect(before).toMatchObject({ status: 1, coin: 'eth', bar_ms: 5 * 60_000, fast: 3, slow: 8, cash: 5000, qty: 0 });
    await t.advance(DAY);
    const after = (await findUStrategy(db, id))!;
    // a day of 5-minute bars ran on the engine: the book moved and equity was written bar by bar
    expect(after.last_bar - before.last_bar).toBe(DAY);
    expect((await equityOf(db, id)).length).toBeGreaterThan(250);
  });
});
