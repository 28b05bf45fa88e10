import {
  defaultUpDownScheme,
  formatMarketField,
  formatMarketNumber,
  klineQuery,
  readMarketMessage,
  readMarketTables,
  sortTables,
  tableSpan,
} from '../../src/domain/market';
import { isValidTable, typesForA, typesForB, validTables } from '#contract/rules/market';
import { checkTable } from '../../server/market';

describe('market rules (contract/rules/market.ts, src/domain/market.ts)', () => {
  it('offers exactly the tables the server accepts', () => {
    const tables = validTables();
    expect(tables.length).toBeGreaterThan(100);
    for (const table of tables) expect(checkTable(table)).toEqual(table);
    expect(isValidTable([1, 2, 4, 1])).toBe(true);
    expect(isValidTable([1, 1, 1, 4])).toBe(true); // spot as leg A, quarter as leg B: any two offered legs
    expect(isValidTable([2, 1, 5, 1])).toBe(false); // exchange 2 has no perpetual
    expect(isValidTable([1, 1, 4, 4])).toBe(false); // the same leg twice
    expect(typesForA(2, 2)).toEqual([1, 2, 3, 4]);
    expect(typesForB(2, 2, 4)).toEqual([1, 2, 3]);
  });

  it('orders tables by the spread order CQ, NW, CW, CS, SS', () => {
    expect(
      sortTables([
        [1, 1, 5, 1],
        [1, 1, 2, 1],
        [1, 2, 4, 1],
        [1, 1, 3, 2],
        [1, 1, 10, 4],
      ]),
    ).toEqual([
      [1, 1, 10, 4],
      [1, 2, 4, 1],
      [1, 1, 3, 2],
      [1, 1, 2, 1],
      [1, 1, 5, 1],
    ]);
  });

  it('restores only valid, distinct tables from /market/param/get2', () => {
    expect(readMarketTables([[1, 2, 4, 1], ['1', '2', '4', '1'], [2, 2, 5, 1], 'x'])).toEqual([[1, 2, 4, 1]]);
    expect(readMarketTables({ params: [[1, 3, 5, 1]] })).toEqual([[1, 3, 5, 1]]);
    expect(readMarketTables(null)).toEqual([]);
  });

  it('shows prices and amounts with 4 decimals (§9), keeping a finer tick', () => {
    expect(formatMarketField('60000.1/2')).toBe('60000.1000/2.0000');
    expect(formatMarketField('-3.5/-0.0058%')).toBe('-3.5000/-0.0058%');
    expect(formatMarketField('0.12345/100')).toBe('0.12345/100.0000');
    expect(formatMarketNumber('-0.00001', 4)).toBe('-0.00001');
    expect(formatMarketNumber('-0.00', 4)).toBe('0.0000');
    expect(formatMarketField(undefined)).toBe('-');
  });

  it('reads feed messages by table, or by position', () => {
    const rows = [{ currency_type: 'btc' }];
    expect(readMarketMessage({ data: [{ table: [1, 2, 4, 1], rows }] }, []).get('1-2-4-1')).toBe(rows);
    expect(readMarketMessage({ data: [rows] }, [[1, 3, 5, 1]]).get('1-3-5-1')).toBe(rows);
    expect(readMarketMessage('ok', []).size).toBe(0);
  });

  it('asks each frame for its §9 window', () => {
    const now = Date.UTC(2025, 0, 10);
    const day = 86_400_000;
    const legs = [
      { exchange: 1, type: 4 },
      { exchange: 2, type: 1 },
    ];
    expect(klineQuery(legs, 'btc', '4H', now)).toEqual({
      excheng: '1,2',
      types: '4,1',
      currencys: 'btc',
      granularity: '4H',
      field: 'positive',
      starttime: String(now - 24 * day),
      endtime: String(now),
    });
    expect(klineQuery([legs[0]], 'eth', '1W', now).field).toBe('price');
    // never before December 2018
    expect(klineQuery(legs, 'btc', '1D', Date.UTC(2019, 0, 1)).starttime).toBe(String(Date.UTC(2018, 11, 1)));
  });

  it('lays tables out by width, and colours by language', () => {
    expect([375, 899, 900, 1499, 1500, 1899, 1900].map((w) => tableSpan(w))).toEqual([24, 24, 12, 12, 12, 12, 8]);
    expect(tableSpan(1000, 8)).toBe(8);
    expect(tableSpan(800, 8)).toBe(24);
    expect(defaultUpDownScheme('zh-CN')).toBe('redUp');
    expect(defaultUpDownScheme('en')).toBe('greenUp');
  });
});
