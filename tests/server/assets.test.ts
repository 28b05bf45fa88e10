// @vitest-environment node
/** §7 Assets against the reference server: the books the task engine moves, and the numbers agree. */
import { describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { sumStatistics, usedRates, mergeCurrencyRows, netAssetsOf, splitPair } from '../../src/domain/assets';
import { STATISTIC_KEYS } from '#contract/rules/assets';
import type { AssetFeedData } from '#contract/types/assets';
import { findTask, loadState } from '../../server/store/tasks';
import { params } from './engine-fixtures';
import { openFeed, signedInServer } from './helpers';

const s = signedInServer();

const DAY = 86_400_000;
const EAGER = { CW: -0.05, NW: -0.05, CQ: -0.05, NQ: -0.05 };
// the engine fixture's task (btc spot on OKEx / quarter on Huobi), borrowing allowed, with the strategy's borrow param
const PARAMS = params({ is_borrow: true, dlt: EAGER, max_borrow_ratio: 0.3 });

const apisOf = async (token: string) => (await s.t.call('apiList', {}, { token })).data as { id: number; name: string; bourse_id: number }[];

/** One message per subscribed id from the asset socket, read through the console's own parser. */
async function assetFeed(token: string, ids: number[]): Promise<AssetFeedData[]> {
  const session = await openFeed(s.t.url, `${feeds.asset.path}?token=${token}`);
  session.socket.send(JSON.stringify({ token, data: ids }));
  const out: AssetFeedData[] = [];
  for (const _ of ids) {
    const parsed = feeds.asset.parse(JSON.parse(await session.next()));
    if (!parsed.ok) throw new Error(parsed.error);
    out.push(parsed.message.data);
  }
  session.socket.close();
  await session.closed;
  return out;
}

/** What the rows say the used amounts are (same rules as the server, from the columns alone). */
function usedFromRows(rows: Record<string, number | string | null>[], leverage = 10) {
  let futures = 0;
  let swap = 0;
  let position = 0;
  for (const row of rows) {
    for (const kind of ['CW', 'NW', 'CQ', 'NQ', 'CS']) {
      const notional = Math.abs(Number(row[`P_${kind}`])) * Number(row.price);
      position += notional;
      if (kind === 'CS') swap += notional / leverage;
      else futures += notional / leverage;
    }
  }
  return { futures, swap, position };
}

describe('assets: seeded books and history', () => {
  it('charts over a month are full; a day has a point every few minutes; 10 minutes has minute points', async () => {
    const [api] = await apisOf(s.admin);
    const month = (await s.t.call('assetImaging', { apiId: api!.id, layout: 5 }, { token: s.admin })).data as { dateTime: string; equity_usdt: number }[];
    expect(month.length).toBeGreaterThan(170);
    expect(month.length).toBeLessThanOrEqual(182);
    const span = Date.parse(`${month[month.length - 1]!.dateTime.replace(' ', 'T')}Z`) - Date.parse(`${month[0]!.dateTime.replace(' ', 'T')}Z`);
    expect(span).toBeGreaterThan(29.5 * DAY);
    const day = (await s.t.call('assetImaging', { apiId: api!.id }, { token: s.admin })).data as unknown[];
    expect(day.length).toBeGreaterThan(170);
    const tenMinutes = (await s.t.call('assetImaging', { apiId: api!.id, layout: 1 }, { token: s.admin })).data as { rate_usdt: number }[];
    expect(tenMinutes.length).toBeGreaterThanOrEqual(10);
    expect(tenMinutes[0]!.rate_usdt).toBe(0); // rates are relative to the range's first point
    expect((await s.t.call('assetImaging', { apiId: api!.id, layout: 9 }, { token: s.admin })).code).toBe(400);
  });

  it('a user sees only own accounts: another user’s id is not found, on every call and on the socket', async () => {
    const [adminApi] = await apisOf(s.admin);
    const [traderApi] = await apisOf(s.trader);
    for (const name of ['assetImaging', 'assetBorrowRecords', 'assetLedgerLog', 'assetManualSnapshot'] as const) {
      expect((await s.t.call(name, { apiId: adminApi!.id }, { token: s.trader })).code).toBe(404);
    }
    for (const name of ['assetStatistics', 'assetTradeRecords', 'restoreTask', 'hedgingRestoreTask'] as const) {
      expect((await s.t.call(name, { apiId: `${traderApi!.id},${adminApi!.id}` }, { token: s.trader })).code).toBe(404);
    }
    const messages = await assetFeed(s.trader, [traderApi!.id]);
    expect(messages.map((m) => m.apiId)).toEqual([traderApi!.id]);
  });

  it('the opening books: principal = the asset template, deposits in the ledger, no borrowing, net assets = Σ self_worth', async () => {
    const apis = await apisOf(s.admin);
    const messages = await assetFeed(
      s.admin,
      apis.map((a) => a.id),
    );
    expect(messages.map((m) => m.apiId)).toEqual(apis.map((a) => a.id));
    const [first] = messages;
    expect(splitPair(first!.asset_info.statistics[STATISTIC_KEYS.principal]).used).toBeCloseTo(10000, 4);
    expect(first!.asset_info.list.map((r) => r.currency)).toEqual(['usdt', 'btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv']);
    expect(first!.ledger.some((e) => (e as { type: string }).type === 'deposit')).toBe(true);
    expect(first!.borrow).toEqual([]);
    for (const m of messages) {
      expect(Number(m.asset_info.statistics[STATISTIC_KEYS.totalEquity])).toBeCloseTo(netAssetsOf(mergeCurrencyRows([m.asset_info.list])), 6);
    }
    const snapshot = (await s.t.call('assetManualSnapshot', { apiId: apis[0]!.id }, { token: s.admin })).data;
    expect(snapshot).toMatchObject({ apiId: apis[0]!.id, time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(snapshot.list).toHaveLength(10);
    const rates = (await s.t.call('assetChangingRate', {}, { token: s.admin })).data;
    expect(rates.map((r: { apiId: number }) => r.apiId)).toEqual(apis.map((a) => a.id));
    expect(Object.keys(rates[0].rates)).toEqual(['10m', '1h', '1d', '1w', '1M']);
    const prices = (await s.t.call('currencyInformation', { bourse: 1, types: 1, currency: 'btc' }, { token: s.admin })).data;
    expect(prices.length).toBeGreaterThan(140);
    expect(prices[0]).toEqual({ dateTime: expect.any(String), price: expect.any(Number) });
    // hedging accounts: nothing in the reference server stops a hedging task by itself, so nothing to resume
    expect(await s.t.call('hedgingRestoreTask', { apiId: apis.map((a) => a.id).join(',') }, { token: s.admin })).toMatchObject({
      info: '没有需要恢复的跟随任务',
      data: { apiId: apis.map((a) => a.id).join(','), resumed: [] },
    });
  });
});

describe('assets after simulated trading', () => {
  it('positions match the engine’s, net assets = Σ self_worth, the used-rate bars come from the rows, fills are trade records', async () => {
    const token = s.admin;
    const strategyId = ((await s.t.call('strategyHome', {}, { token })).data as { id: number; name: string }[]).find((x) => x.name === 'arbitrage 2')!.id;
    const taskId = (await s.t.call('taskAdd', { name: 'assets', strategyId, params: PARAMS }, { token })).data.id as number;
    const apis = (await s.t.call('taskAvailableApi', { taskId, status: 1 }, { token })).data as { id: number }[];
    for (const weight of [1, 2]) {
      const { data } = await s.t.call('taskChildrenAdd', { taskId, linkApiId: apis.map((a) => a.id).join(','), weight }, { token });
      await s.t.call('taskChildrenStatusUpdate', { taskChildrenId: data.task_children_id, settingStatus: 2 }, { token });
    }
    expect((await s.t.call('taskStatusUpdate', { taskId, settingStatus: 2 }, { token })).code).toBe(200);
    const before = await assetFeed(
      token,
      apis.map((a) => a.id),
    );
    for (let i = 0; i < 10; i += 1) {
      await s.t.advance(60_000);
      await s.t.server.tasks.idle();
    }

    const { db } = s.t.server.context;
    const state = await loadState(db, (await findTask(db, taskId))!);
    const [apiA, apiB] = state.children[0]!.child.link_api_id;
    // the engine's net position per leg: f is long A / short B, r short A / long B
    const net = (leg: 0 | 1) => state.children.reduce((q, c) => q + (leg === 0 ? 1 : -1) * (c.ledger.position.f[leg][1] - c.ledger.position.r[leg][1]), 0);
    expect(Math.abs(net(1))).toBeGreaterThan(0);

    const messages = await assetFeed(token, [apiA, apiB]);
    const rowOf = (apiId: number, currency: string) => messages.find((m) => m.apiId === apiId)!.asset_info.list.find((r) => r.currency === currency)!;
    // leg B is quarter futures on Huobi: its P_CQ is the children's net position
    expect(Number(rowOf(apiB, 'btc').P_CQ)).toBeCloseTo(net(1), 6);
    // leg A is spot on OKEx: the spot coins moved by the children's net position
    const spotBefore = Number(before.find((m) => m.apiId === apiA)!.asset_info.list.find((r) => r.currency === 'btc')!.spot);
    expect(Number(rowOf(apiA, 'btc').spot) - spotBefore).toBeCloseTo(net(0), 6);

    for (const m of messages) {
      const stats = m.asset_info.statistics;
      expect(Number(stats[STATISTIC_KEYS.totalEquity])).toBeCloseTo(netAssetsOf(mergeCurrencyRows([m.asset_info.list])), 6);
      const fromRows = usedFromRows(m.asset_info.list);
      expect(splitPair(stats[STATISTIC_KEYS.futures]).used).toBeCloseTo(fromRows.futures, 3);
      expect(splitPair(stats[STATISTIC_KEYS.swap]).used).toBeCloseTo(fromRows.swap, 3);
      expect(Number(stats[STATISTIC_KEYS.totalPosition])).toBeCloseTo(fromRows.position, 2);
    }
    // the summary the page shows over both: net = Σ self_worth of the merged rows; bars from those statistics
    const summary = sumStatistics(messages.map((m) => m.asset_info.statistics));
    expect(summary.netAssets).toBeCloseTo(netAssetsOf(mergeCurrencyRows(messages.map((m) => m.asset_info.list))), 4);
    const bars = usedRates(summary);
    expect(bars[0]!.percent).toBeCloseTo(((summary.pairs.futures.used + summary.pairs.borrow.used) / summary.netAssets) * 100, 6);
    expect(summary.pairs.futures.used).toBeGreaterThan(0);

    const trades = (await s.t.call('assetTradeRecords', { apiId: `${apiA},${apiB}` }, { token })).data as {
      api_id: number;
      instrument_id: string;
      amount: number;
    }[];
    const fills = await db.all<{ n: number }>('SELECT COUNT(*) AS n FROM task_fills WHERE task_id = ?', [taskId]);
    expect(trades.length).toBe(Math.min(200, Number(fills[0]!.n)));
    expect(trades[0]).toMatchObject({ instrument_id: expect.stringMatching(/^BTC-/), time: expect.any(String) });

    // a month chart still ends now, and the engine stored a point per minute of trading
    const day = (await s.t.call('assetImaging', { apiId: apiB, layout: 1 }, { token })).data as { equity_usdt: number }[];
    expect(day[day.length - 1]!.equity_usdt).toBeCloseTo(Number(messages.find((m) => m.apiId === apiB)!.asset_info.statistics[STATISTIC_KEYS.totalEquity]), 4);
    const summed = (await s.t.call('assetStatistics', { apiId: `${apiA},${apiB}`, layout: 1 }, { token })).data as { equity_usdt: number }[];
    expect(summed[summed.length - 1]!.equity_usdt).toBeCloseTo(summary.netAssets, 3);
  }, 120_000);

  it("borrow: used = the debts' value; headroom = Σ maxBorrow<COIN> percent of each coin's net assets − used, never more than that percent of the net assets", async () => {
    const token = s.admin;
    const taskId = ((await s.t.call('taskList', { pagesize: 10, page: 1 }, { token })).data.list as { id: number; name: string }[]).find(
      (x) => x.name === 'assets',
    )!.id;
    const { db } = s.t.server.context;
    const [apiA, apiB] = (await loadState(db, (await findTask(db, taskId))!)).children[0]!.child.link_api_id;
    const config = (await s.t.call('globalConfigGet', {}, { token })).data as Record<string, number>;
    for (let i = 0; i < 5; i += 1) {
      await s.t.advance(60_000);
      await s.t.server.tasks.idle();
    }
    const messages = await assetFeed(token, [apiA, apiB]);
    let debts = 0;
    for (const m of messages) {
      const rows = m.asset_info.list;
      const used = rows.reduce((sum, row) => sum + Number(row.borrowed) * Number(row.price), 0);
      debts += used;
      let limit = 0;
      let netAssets = 0;
      for (const row of rows) {
        const worth = Number(row.self_worth);
        netAssets += worth;
        const percent = config[`maxBorrow${String(row.currency).toUpperCase()}`] ?? 0;
        limit += (Math.max(0, worth) * percent) / 100;
      }
      const borrow = splitPair(m.asset_info.statistics[STATISTIC_KEYS.borrow]);
      expect(borrow.used).toBeCloseTo(used, 3);
      expect(borrow.surplus).toBeCloseTo(Math.max(0, limit - used), 3);
      expect(borrow.surplus).toBeLessThanOrEqual(limit + 1e-4);
      const widest = Math.max(
        ...Object.entries(config)
          .filter(([key]) => key.startsWith('maxBorrow'))
          .map(([, value]) => Number(value)),
      );
      expect(limit).toBeLessThanOrEqual((widest / 100) * netAssets + 1e-4);
    }
    expect(debts).toBeGreaterThan(0);
  });
});
