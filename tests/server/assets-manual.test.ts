// @vitest-environment node
/**
 * §7 /manual/trading against the reference server: a manual order fills at the server's market as the
 * task engine's fills do (touch with the global priceSlippage, the API's taker fee) and moves the
 * account's book, so the snapshot, the asset socket and the trade records show it.
 */
import { describe, expect, it } from 'vitest';
import { STATISTIC_KEYS } from '#contract/rules/assets';
import { DEFAULT_GLOBAL_CONFIG } from '../../server/store/defaults';
import { apisById } from '../../server/store/assets';
import { readGlobalConfig } from '../../server/store/global-config';
import type { ExchangeId } from '../../server/market';
import { feeds } from '#contract/feeds';
import type { AssetFeedData } from '#contract/types/assets';
import { openFeed, signedInServer, type FeedSession } from './helpers';

const s = signedInServer();

type Row = Record<string, number | string>;
interface Snapshot {
  statistics: Row;
  list: Row[];
}

const firstApi = async (token: string) => ((await s.t.call('apiList', {}, { token })).data as { id: number; bourse_id: number }[])[0]!;
const snapshot = async (apiId: number): Promise<Snapshot> => (await s.t.call('assetManualSnapshot', { apiId }, { token: s.admin })).data;
const rowOf = (snap: Snapshot, currency: string): Row => snap.list.find((r) => r.currency === currency)!;
const spot = (snap: Snapshot, currency: string): number => Number(rowOf(snap, currency).spot);
const netAssets = (snap: Snapshot): number => snap.list.reduce((sum, r) => sum + Number(r.self_worth), 0);

/** What the engine's pricing says a taker order of the API gets now: the touch with slippage, the taker rate. */
async function marketFill(apiId: number, contractType: number, side: 'buy' | 'sell', rateKey: 'ssEatCharges' | 'fuEatCharges' | 'csEatCharges') {
  const { db, market } = s.t.server.context;
  const [api] = await apisById(db, [apiId]);
  const q = market.prices.quote(api!.bourse_id as ExchangeId, 'btc', contractType as 1, s.t.clock.now());
  const { priceSlippage } = await readGlobalConfig(db, DEFAULT_GLOBAL_CONFIG);
  const price = side === 'buy' ? q.ask * (1 + priceSlippage) : q.bid * (1 - priceSlippage);
  return { price, mid: (q.bid + q.ask) / 2, rate: (JSON.parse(api!.fees) as Record<string, number>)[rateKey]! };
}

/** The next asset socket message, read through the console's own parser. */
async function nextAsset(session: FeedSession): Promise<AssetFeedData> {
  const parsed = feeds.asset.parse(JSON.parse(await session.next()));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.message.data;
}

describe('manual trading: filled at the market and booked on the account', () => {
  it('the asset socket pushes the moved book to its subscriber', async () => {
    const api = await firstApi(s.admin);
    const session = await openFeed(s.t.url, `${feeds.asset.path}?token=${s.admin}`);
    session.socket.send(JSON.stringify({ token: s.admin, data: [api.id] }));
    const btcSpot = (data: AssetFeedData) => Number(data.asset_info.list.find((r) => r.currency === 'btc')!.spot);
    const before = btcSpot(await nextAsset(session));
    expect((await s.t.call('manualTrading', { apiId: api.id, symbol: 'BTC', type: 1, amount: 0.04, direction: 1, way: 1 }, { token: s.admin })).code).toBe(200);
    const pushed = await nextAsset(session);
    expect(pushed.apiId).toBe(api.id);
    expect(btcSpot(pushed) - before).toBeCloseTo(0.04, 8);
    session.socket.close();
    await session.closed;
  });

  it('a market buy moves BTC spot up by the amount and USDT spot down by amount × price + fee; net assets only by fee and price difference', async () => {
    const api = await firstApi(s.admin);
    const before = await snapshot(api.id);
    const amount = 0.05;
    const { price, mid, rate } = await marketFill(api.id, 1, 'buy', 'ssEatCharges');
    const fee = amount * price * rate;
    expect(fee).toBeGreaterThan(0);

    const reply = await s.t.call('manualTrading', { apiId: api.id, symbol: 'BTC', type: 1, amount, direction: 1, way: 1 }, { token: s.admin });
    expect(reply).toMatchObject({ code: 200, info: '提交成功!' });
    const after = await snapshot(api.id);
    expect(spot(after, 'btc') - spot(before, 'btc')).toBeCloseTo(amount, 8);
    expect(spot(before, 'usdt') - spot(after, 'usdt')).toBeCloseTo(amount * price + fee, 6);
    // valued at the mid: the account paid the spread and slippage above the mid, and the fee
    expect(netAssets(after) - netAssets(before)).toBeCloseTo(amount * (mid - price) - fee, 4);
    expect(Number(after.statistics[STATISTIC_KEYS.totalEquity])).toBeCloseTo(netAssets(after), 4);
    const curve = (await s.t.call('assetStatistics', { apiId: String(api.id), layout: 1 }, { token: s.admin })).data as { equity_usdt: number }[];
    expect(curve[curve.length - 1]!.equity_usdt).toBeCloseTo(netAssets(after), 3);

    const records = (await s.t.call('assetTradeRecords', { apiId: String(api.id) }, { token: s.admin })).data as Row[];
    expect(records[0]).toMatchObject({ id: `manual-${reply.data.id}`, instrument_id: 'BTC-USDT', type: 'buy', amount });
    expect(Number(records[0]!.price)).toBeCloseTo(price, 6);
    expect(Number(records[0]!.fee)).toBeCloseTo(fee, 8);
  });

  it('a sell brings in amount × price − fee', async () => {
    const api = await firstApi(s.admin);
    const before = await snapshot(api.id);
    const amount = 0.02;
    const { price, rate } = await marketFill(api.id, 1, 'sell', 'ssEatCharges');
    expect((await s.t.call('manualTrading', { apiId: api.id, symbol: 'btc', type: 1, amount, direction: 2, way: 1 }, { token: s.admin })).code).toBe(200);
    const after = await snapshot(api.id);
    expect(spot(before, 'btc') - spot(after, 'btc')).toBeCloseTo(amount, 8);
    expect(spot(after, 'usdt') - spot(before, 'usdt')).toBeCloseTo(amount * price * (1 - rate), 6);
  });

  it('a limit order fills at the market price when its limit reaches it, and is refused (book unchanged) when not', async () => {
    const api = await firstApi(s.admin);
    const { price } = await marketFill(api.id, 1, 'buy', 'ssEatCharges');
    const before = await snapshot(api.id);
    const low = { apiId: api.id, symbol: 'BTC', type: 1, amount: 0.01, direction: 1, way: 0, price: Number((price * 0.99).toFixed(2)) };
    const refused = await s.t.call('manualTrading', low, { token: s.admin });
    expect(refused.code).toBe(400);
    expect(refused.info).toContain('限价单当前无法成交');
    expect(await snapshot(api.id)).toEqual(before);

    const reply = await s.t.call('manualTrading', { ...low, price: Number((price * 1.01).toFixed(2)) }, { token: s.admin });
    expect(reply.code).toBe(200);
    const records = (await s.t.call('assetTradeRecords', { apiId: String(api.id) }, { token: s.admin })).data as Row[];
    expect(records[0]!.id).toBe(`manual-${reply.data.id}`);
    expect(Number(records[0]!.price)).toBeCloseTo(price, 6); // the market's price, not the limit
  });

  it('futures: open long moves the position; a close larger than the position is refused; closing it flattens', async () => {
    const api = await firstApi(s.admin);
    const order = { apiId: api.id, symbol: 'BTC', type: 4, amount: 0.3, way: 1 };
    const qty = async () => Number(rowOf(await snapshot(api.id), 'btc').P_CQ);
    const start = await qty();
    expect((await s.t.call('manualTrading', { ...order, direction: 1 }, { token: s.admin })).code).toBe(200);
    expect((await qty()) - start).toBeCloseTo(0.3, 8);
    const tooMuch = await s.t.call('manualTrading', { ...order, amount: start + 1, direction: 3 }, { token: s.admin });
    expect(tooMuch).toMatchObject({ code: 400 });
    expect(tooMuch.info).toContain('平仓数量超过持仓');
    expect((await s.t.call('manualTrading', { ...order, direction: 3 }, { token: s.admin })).code).toBe(200);
    expect(await qty()).toBeCloseTo(start, 8);
    const records = (await s.t.call('assetTradeRecords', { apiId: String(api.id) }, { token: s.admin })).data as Row[];
    expect(records.slice(0, 2).map((r) => r.type)).toEqual(['3', '1']);
    expect(String(records[0]!.instrument_id)).toMatch(/^BTC-USD-\d{6}$/);
  });

  it('a USDT-margined perpetual (14) is a contract: it moves the perpetual position, not spot; its fee is paid in USDT; it closes', async () => {
    const api = await firstApi(s.admin);
    const order = { apiId: api.id, symbol: 'BTC', type: 14, amount: 0.2, way: 1 };
    const before = await snapshot(api.id);
    const { price, rate } = await marketFill(api.id, 14, 'buy', 'csEatCharges');
    expect((await s.t.call('manualTrading', { ...order, direction: 1 }, { token: s.admin })).code).toBe(200);
    const opened = await snapshot(api.id);
    expect(Number(rowOf(opened, 'btc').P_CS) - Number(rowOf(before, 'btc').P_CS)).toBeCloseTo(0.2, 8);
    expect(spot(opened, 'btc')).toBeCloseTo(spot(before, 'btc'), 8);
    expect(spot(opened, 'usdt')).toBeCloseTo(spot(before, 'usdt'), 6);
    expect(Number(rowOf(before, 'usdt').futures) - Number(rowOf(opened, 'usdt').futures)).toBeCloseTo(0.2 * price * rate, 4);
    expect(Number(rowOf(opened, 'btc').futures)).toBeCloseTo(Number(rowOf(before, 'btc').futures), 8);
    expect((await s.t.call('manualTrading', { ...order, direction: 3 }, { token: s.admin })).code).toBe(200);
    expect(Number(rowOf(await snapshot(api.id), 'btc').P_CS)).toBeCloseTo(Number(rowOf(before, 'btc').P_CS), 8);
  });

  it("validates the order; another user's API is not found and its book does not move", async () => {
    const api = await firstApi(s.admin);
    const order = { apiId: api.id, symbol: 'BTC', type: 1, amount: 0.01, direction: 1, way: 1 };
    expect(await s.t.call('manualTrading', { ...order, way: 0 }, { token: s.admin })).toMatchObject({ code: 400, info: '限价单必须填写价格' });
    expect((await s.t.call('manualTrading', { ...order, amount: 0 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('manualTrading', { ...order, direction: 5 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('manualTrading', { ...order, way: 2 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('manualTrading', { ...order, direction: 3 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('manualTrading', { ...order, symbol: 'DOGE' }, { token: s.admin })).code).toBe(400);
    const huobi = ((await s.t.call('apiList', {}, { token: s.admin })).data as { id: number }[])[1]!.id;
    expect((await s.t.call('manualTrading', { ...order, apiId: huobi, type: 5 }, { token: s.admin })).code).toBe(400); // no perpetual there
    const traderApi = await firstApi(s.trader);
    const theirs = (await s.t.call('assetManualSnapshot', { apiId: traderApi.id }, { token: s.trader })).data as Snapshot;
    expect((await s.t.call('manualTrading', { ...order, apiId: traderApi.id }, { token: s.admin })).code).toBe(404);
    expect((await s.t.call('assetManualSnapshot', { apiId: traderApi.id }, { token: s.trader })).data).toEqual(theirs);
  });
});
