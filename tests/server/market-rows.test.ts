// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkTable, createSimMarket, currencyTypes, MarketError, marketRows, typesForB, validTables, type MarketTable } from '../../server/market';

const market = createSimMarket('rows');
const now = Date.UTC(2025, 4, 20, 13, 14, 15);
const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof MarketError) return error.key;
    throw error;
  }
  return 'none';
};
const split = (value: string): [number, number] => {
  const [a, b] = value.split('/');
  return [Number(a), Number(b.replace('%', ''))];
};

describe('market tables', () => {
  it('accepts only legs the exchanges offer and two different legs, in either order (spot as leg A too)', () => {
    expect(checkTable([1, 1, 4, 1])).toEqual([1, 1, 4, 1]);
    expect(checkTable(['1', '2', '5', '1'])).toEqual([1, 2, 5, 1]);
    expect(checkTable([1, 2, 4, 4])).toEqual([1, 2, 4, 4]);
    expect(checkTable([1, 1, 1, 4])).toEqual([1, 1, 1, 4]);
    expect(checkTable([1, 1, 1, 2])).toEqual([1, 1, 1, 2]);
    expect(checkTable([2, 1, 1, 1])).toEqual([2, 1, 1, 1]);
    expect(keyOf(() => checkTable([2, 1, 5, 1]))).toBe('err.market.contractType');
    expect(keyOf(() => checkTable([1, 1, 4, 4]))).toBe('err.market.sameLeg');
    expect(keyOf(() => checkTable([4, 1, 4, 1]))).toBe('err.market.exchange');
    expect(keyOf(() => checkTable([1, 1, 4]))).toBe('err.market.table');
  });

  it('lists every valid combination, and the B types the console offers after A is chosen', () => {
    const tables = validTables();
    expect(tables.every((t) => checkTable(t))).toBe(true);
    expect(tables.some(([ea, eb, a, b]) => (ea === 2 && a > 4) || (eb === 2 && b > 4))).toBe(false);
    expect(tables).toContainEqual([1, 1, 1, 2]);
    // every ordered pair of offered legs (exchanges 1 and 3: ten types, 2: four) but a leg with itself
    expect(tables).toHaveLength((10 + 4 + 10) ** 2 - (10 + 4 + 10));
    expect(typesForB(1, 1, 4)).toEqual([1, 2, 3, 5, 10, 11, 12, 13, 14]);
    expect(typesForB(1, 2, 5)).toEqual([1, 2, 3, 4]);
    expect(typesForB(2, 2, 1)).toEqual([2, 3, 4]);
    expect(typesForB(2, 1, 1)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14]);
  });

  it('answers every currency for a pair of types', () => {
    expect(currencyTypes(4, 1)).toEqual(['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv']);
    expect(keyOf(() => currencyTypes(6, 1))).toBe('err.market.contractType');
  });
});

describe('market rows', () => {
  it('gives one row per currency with the §3 fields as the documented formulas', () => {
    const table: MarketTable = [1, 2, 4, 1];
    const rows = marketRows(market, table, now);
    expect(rows.map((r) => r.currency_type)).toEqual(['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv']);
    const btc = rows[0];
    const a = market.quote(1, 'btc', 4, now);
    const b = market.quote(2, 'btc', 1, now);
    expect(btc.a_buy).toBe(`${a.bid.toFixed(4)}/${a.bidSize.toFixed(4)}`);
    expect(btc.b_sell).toBe(`${b.ask.toFixed(4)}/${b.askSize.toFixed(4)}`);
    expect(split(btc.positive)[0]).toBeCloseTo(a.bid - b.ask, 4);
    expect(split(btc.positive)[1]).toBeCloseTo(((a.bid - b.ask) / b.ask) * 100, 3);
    expect(split(btc.negative)[0]).toBeCloseTo(a.ask - b.bid, 4);
    expect(btc.negative).toMatch(/^-?\d+\.\d{4}\/-?\d+\.\d{4}%$/);
    expect(btc.a_validity).toBe(a.validity);
    expect(btc.a_source).toBe('sim');
    // quarter over spot: a premium, so positive > 0 most of the time and negative ≥ positive
    expect(split(btc.positive)[0]).toBeGreaterThan(0);
    expect(split(btc.negative)[0]).toBeGreaterThan(split(btc.positive)[0]);
  });

  it('reads every spread as leg A − leg B, also with spot as leg A', () => {
    const [btc] = marketRows(market, [1, 2, 1, 4], now);
    const a = market.quote(1, 'btc', 1, now);
    const b = market.quote(2, 'btc', 4, now);
    expect(split(btc.positive)[0]).toBeCloseTo(a.bid - b.ask, 4);
    expect(split(btc.negative)[0]).toBeCloseTo(a.ask - b.bid, 4);
    // spot under the quarter's premium: both sides negative
    expect(split(btc.positive)[0]).toBeLessThan(0);
  });

  it('spreads open and close: a pair’s spread crosses its mean several times over a day', () => {
    for (const table of [
      [1, 2, 5, 5],
      [1, 1, 4, 2],
      [3, 1, 1, 1],
    ] as MarketTable[]) {
      const series: number[] = [];
      for (let minute = 0; minute < 1440; minute++) series.push(split(marketRows(market, table, now + minute * 60_000)[0].positive)[0]);
      const mean = series.reduce((s, v) => s + v, 0) / series.length;
      let crossings = 0;
      for (let i = 1; i < series.length; i++) if (series[i - 1] - mean < 0 !== series[i] - mean < 0) crossings++;
      expect(crossings, `table ${table.join(',')}`).toBeGreaterThanOrEqual(6);
      expect(Math.max(...series) - Math.min(...series)).toBeGreaterThan(0);
    }
  });

  it('marks a stale leg with its validity in seconds', () => {
    let seen = 0;
    for (let s = 0; s < 3600; s++) {
      const row = marketRows(market, [1, 3, 1, 1], now + s * 1000)[0];
      if (row.a_validity >= 1) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });
});
