// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSimMarket, distanceDays, klines, MarketError, parseKlineQuery, type KlineQuery } from '../../server/market';

const market = createSimMarket('kline');
const now = Date.UTC(2025, 4, 20, 13, 14, 15, 500);

const query = (payload: Record<string, unknown>): KlineQuery => parseKlineQuery(payload, now);
const errorOf = (payload: Record<string, unknown>): { key: string; params: Record<string, unknown> } => {
  try {
    query(payload);
  } catch (error) {
    if (error instanceof MarketError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('no error');
};

describe('K-lines: continuity with the live price', () => {
  it.each(['1T', '30T', '1H', '2H', '4H', 'D', '1W'])('the last %s candle closes at the current quote', (granularity) => {
    const reply = klines(market, query({ excheng: '1', currencys: 'btc', types: '4', granularity }), now);
    const last = reply.candles.at(-1)!;
    expect(last.close).toBe(market.quote(1, 'btc', 4, now).last);
    expect(last.ts).toBeLessThanOrEqual(now);
    for (let i = 1; i < reply.candles.length; i++) expect(reply.candles[i].open).toBe(reply.candles[i - 1].close);
    for (const c of reply.candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
  });

  it('serves the default windows of §9 (1T one day, 4H 24 days, W 24 weeks)', () => {
    expect(klines(market, query({ excheng: '2', currencys: 'eth', types: '1', granularity: '1T' }), now).candles).toHaveLength(1441);
    expect(klines(market, query({ excheng: '2', currencys: 'eth', types: '1', granularity: '4H' }), now).candles).toHaveLength(24 * 6 + 1);
    expect(klines(market, query({ excheng: '2', currencys: 'eth', types: '1', granularity: 'W' }), now).candles.length).toBeGreaterThanOrEqual(24);
    expect(query({ excheng: '1', currencys: 'btc', types: '1' }).granularity).toBe('1T');
  });

  it('agrees across granularities: a 1H candle spans its 60 1T candles (high ≥ every 1T close, same open and close)', () => {
    const window = { excheng: '1', currencys: 'eth', types: '5', starttime: '2025-05-19 10:00:00', endtime: '2025-05-19 13:00:00' };
    const hours = klines(market, query({ ...window, granularity: '1H' }), now).candles;
    const minutes = klines(market, query({ ...window, granularity: '1T' }), now).candles;
    expect(hours).toHaveLength(3);
    expect(minutes).toHaveLength(180);
    hours.forEach((h, i) => {
      const part = minutes.slice(i * 60, i * 60 + 60);
      expect(part[0].ts).toBe(h.ts);
      expect(h.open).toBe(part[0].open);
      expect(h.close).toBe(part[59].close);
      expect(h.high).toBeGreaterThanOrEqual(Math.max(...part.map((m) => m.close)));
      expect(h.low).toBeLessThanOrEqual(Math.min(...part.map((m) => m.close)));
    });
  });

  it('reaches back to December 2018', () => {
    const reply = klines(market, query({ excheng: '2', currencys: 'btc', types: '4', granularity: 'D', starttime: '2018-12-01', endtime: '2019-01-01' }), now);
    expect(reply.candles).toHaveLength(31);
    expect(reply.candles[0].time).toBe('2018-12-01 00:00:00');
    expect(reply.candles[0].open).toBeGreaterThan(0);
  });

  it('shifts exchange-1 times by 8 hours; exchange 2 stays in UTC', () => {
    const one = klines(
      market,
      query({ excheng: '1', currencys: 'btc', types: '1', granularity: '1D', starttime: '2025-05-01 00:00:00', endtime: '2025-05-02 00:00:00' }),
      now,
    );
    const two = klines(
      market,
      query({ excheng: '2', currencys: 'btc', types: '1', granularity: '1D', starttime: '2025-05-01 00:00:00', endtime: '2025-05-02 00:00:00' }),
      now,
    );
    expect(one.timezone).toBe('UTC+8');
    expect(two.timezone).toBe('UTC');
    expect(one.candles[0].time).toBe('2025-05-01 00:00:00');
    expect(two.candles[0].time).toBe('2025-05-01 00:00:00');
    expect(two.candles[0].ts - one.candles[0].ts).toBe(8 * 3600_000);
    expect(new Date(two.candles[0].ts).toISOString()).toBe('2025-05-01T00:00:00.000Z');
  });

  it('draws the spread of two legs, ending at the row formula (A bid − B ask / A ask − B bid)', () => {
    const legs = { excheng: '1,2', currencys: 'btc', types: '4,1', granularity: '1T' };
    const a = market.quote(1, 'btc', 4, now);
    const b = market.quote(2, 'btc', 1, now);
    expect(klines(market, query(legs), now).candles.at(-1)!.close).toBeCloseTo(a.bid - b.ask, 6);
    expect(klines(market, query({ ...legs, field: 'negative' }), now).candles.at(-1)!.close).toBeCloseTo(a.ask - b.bid, 6);
  });
});

describe('K-lines: query validation', () => {
  const base = { excheng: '1', currencys: 'btc', types: '4', granularity: '1H' };
  it.each([
    [{ ...base, excheng: '3' }, 'err.kline.exchange'],
    [{ ...base, excheng: '' }, 'err.kline.legs'],
    [{ ...base, excheng: '1,2' }, 'err.kline.legs'],
    [{ ...base, excheng: '2', types: '5' }, 'err.market.contractType'],
    [{ ...base, currencys: 'doge' }, 'err.market.currency'],
    [{ ...base, granularity: '5T' }, 'err.kline.granularity'],
    [{ ...base, field: 'positive' }, 'err.kline.field'],
    [{ ...base, starttime: 'yesterday' }, 'err.kline.time'],
    [{ ...base, starttime: '2025-02-30 00:00:00' }, 'err.kline.time'],
    [{ ...base, starttime: '2018-11-30 00:00:00' }, 'err.kline.earliest'],
    [{ ...base, starttime: '2025-05-19 10:00:00', endtime: '2025-05-19 09:00:00' }, 'err.kline.order'],
    [{ ...base, starttime: '2026-01-01 00:00:00' }, 'err.kline.future'],
    [{ ...base, granularity: '1T', starttime: '2025-05-10 00:00:00' }, 'err.kline.tooMany'],
  ])('rejects %o with %s', (payload, key) => {
    expect(errorOf(payload).key).toBe(key);
  });

  it('names the supported exchanges and granularities in the error', () => {
    expect(errorOf({ ...base, excheng: '3' }).params).toEqual({ exchange: '3', supported: '1, 2' });
    expect(errorOf({ ...base, granularity: 'x' }).params.values).toBe('1T, 30T, 1H, 2H, 4H, 1D, 1W, D, W');
  });

  it('accepts times in milliseconds and clamps the end to now', () => {
    const q = query({ ...base, starttime: String(now - 3 * 3600_000), endtime: String(now + 3600_000) });
    expect(q.end).toBe(now);
    expect(q.start).toBe(now - 3 * 3600_000);
  });
});

describe('distance days', () => {
  it('answers the window of distanceDays days from startTime, clamped to [December 2018, now]', () => {
    expect(distanceDays({ startTime: '2025-01-01 00:00:00', distanceDays: '24' }, now)).toEqual({
      starttime: '2025-01-01 00:00:00',
      endtime: '2025-01-25 00:00:00',
    });
    expect(distanceDays({ startTime: '2025-05-19 00:00:00', distanceDays: 6 }, now).endtime).toBe('2025-05-20 21:14:15');
    expect(distanceDays({ startTime: '2019-01-01 00:00:00', distanceDays: -144 }, now)).toEqual({
      starttime: '2018-12-01 08:00:00',
      endtime: '2019-01-01 00:00:00',
    });
    expect(() => distanceDays({ startTime: '2025-01-01', distanceDays: '1.5' }, now)).toThrow(MarketError);
  });
});
