import {
  ASSET_COLUMNS,
  assetView,
  borrowLine,
  isDangerRate,
  isTextInside,
  joinApiIds,
  ledgerRecords,
  mergeCurrencyRows,
  netAssetsOf,
  ratioSeries,
  splitPair,
  sumStatistics,
  usedRates,
} from '../../src/domain/assets';
import type { AssetRow } from '#contract/types/assets';
import { formatNumber } from '../../src/domain/format';

const stats = (equity: number, pairs: Partial<Record<string, string>> = {}) => ({
  'total_equity(USDT)': equity,
  'principal/surplus(USDT)': `${equity / 2}/${equity / 2}`,
  total_position: 3,
  ...pairs,
});

describe('assets: summary sums', () => {
  it('splits "used/surplus" and reads a bare number as used', () => {
    expect(splitPair('12.5/7.5')).toEqual({ used: 12.5, surplus: 7.5 });
    expect(splitPair(4)).toEqual({ used: 4, surplus: 0 });
    expect(splitPair('x')).toEqual({ used: 0, surplus: 0 });
  });

  it('adds net assets, principal, position and every used/surplus pair across APIs', () => {
    const summary = sumStatistics([
      stats(1000, { 'futures_used/surplus(USDT)': '100/400', 'borrow_used/surplus(USDT)': '50/50' }),
      stats(500, { 'futures_used/surplus(USDT)': '200/300' }),
    ]);
    expect(summary.netAssets).toBe(1500);
    expect(summary.principal).toBe(750);
    expect(summary.totalPosition).toBe(6);
    expect(summary.pairs.futures).toEqual({ used: 300, surplus: 700 });
    expect(summary.pairs.borrow).toEqual({ used: 50, surplus: 50 });
  });

  it('computes the six used rates in the spec order; futures + borrow is over net assets', () => {
    const summary = sumStatistics([
      stats(1000, {
        'total_used/surplus(USDT)': '600/400',
        'futures_used/surplus(USDT)': '300/700',
        'swap_used/surplus(USDT)': '70/30',
        'borrow_pledge_used/surplus(USDT)': '0/0',
        'borrow_used/surplus(USDT)': '100/100',
      }),
    ]);
    const rates = usedRates(summary);
    expect(rates.map((r) => r.key)).toEqual(['futuresBorrowOverNet', 'net', 'futures', 'swap', 'borrowPledge', 'borrow']);
    expect(rates.map((r) => r.percent)).toEqual([40, 60, 30, 70, 0, 50]);
  });

  it('red from 60 %, text inside from 70 %', () => {
    expect([59.99, 60, 100].map(isDangerRate)).toEqual([false, true, true]);
    expect([69.99, 70].map(isTextInside)).toEqual([false, true]);
  });
});

describe('assets: per-currency rows', () => {
  const rowsA: AssetRow[] = [
    { currency: 'btc', spot: 1, P_CW: 2, self_worth: 300, price: 100 },
    { currency: 'eth', spot: 2, self_worth: 100, price: 10 },
  ];
  const rowsB: AssetRow[] = [{ currency: 'btc', spot: 0.5, P_CW: 1, self_worth: 600, price: 100 }];

  it('has the 19 columns after currency in the spec order', () => {
    expect(ASSET_COLUMNS.map((c) => c.key)).toEqual([
      'spot',
      'futures',
      'P_CW',
      'P_NW',
      'P_CQ',
      'P_NQ',
      'P_CS',
      'F_CW',
      'F_NW',
      'F_CQ',
      'F_NQ',
      'F_CS',
      'wallet',
      'transfer',
      'self_worth',
      'price',
      'principal',
      'principal_usdt',
      'proportion',
    ]);
  });

  it('adds amounts and positions per currency, keeps the price, recomputes the proportion', () => {
    const rows = mergeCurrencyRows([rowsA, rowsB]);
    const btc = rows.find((r) => r.currency === 'btc')!;
    expect(btc).toMatchObject({ spot: 1.5, P_CW: 3, self_worth: 900, price: 100, proportion: 90 });
    expect(rows.find((r) => r.currency === 'eth')!.proportion).toBe(10);
    expect(netAssetsOf(rows)).toBe(1000);
  });

  it('prices a coin two APIs quote differently at the held-weighted mean, so Σ|P_*| × price is their summed position value', () => {
    const okx: AssetRow[] = [{ currency: 'btc', P_CQ: 2, price: 100 }];
    const binance: AssetRow[] = [
      { currency: 'btc', P_CW: -1, price: 130 },
      { currency: 'eth', P_CS: 0, price: 7 },
    ];
    const rows = mergeCurrencyRows([okx, binance]);
    const btc = rows.find((r) => r.currency === 'btc')!;
    expect(Math.abs(Number(btc.P_CQ)) * Number(btc.price) + Math.abs(Number(btc.P_CW)) * Number(btc.price)).toBeCloseTo(2 * 100 + 1 * 130, 9);
    expect(rows.find((r) => r.currency === 'eth')!.price).toBe(7); // nothing held: the quoted price
  });

  it('decimals of §9: 4 for amounts and prices, 6 for position quantities, 2 for the proportion', () => {
    const kind = (key: string) => ASSET_COLUMNS.find((c) => c.key === key)!.decimals;
    expect(formatNumber(1.23456789, kind('spot'))).toBe('1.2346');
    expect(formatNumber(1.23456789, kind('price'))).toBe('1.2346');
    expect(formatNumber(1.23456789, kind('F_CS'))).toBe('1.234568');
    expect(formatNumber(12.3456, kind('proportion'))).toBe('12.35');
  });

  it('assetView: summary, rows, ledger and borrow of every message', () => {
    const view = assetView([
      { apiId: 1, asset_info: { statistics: stats(10), list: rowsA }, ledger: [{ currency: 'btc', amount: 1, type: 'in', time: 't1' }], borrow: ['b1'] },
      { apiId: 2, asset_info: { statistics: stats(20), list: rowsB }, ledger: [], borrow: [{ currency: 'eth', amount: 2 }] },
    ]);
    expect(view.summary.netAssets).toBe(30);
    expect(view.rows).toHaveLength(2);
    expect(ledgerRecords(view.ledger)).toEqual([{ key: '1-0', currency: 'btc', amount: 1, type: 'in', time: 't1' }]);
    expect(view.borrow.map(borrowLine)).toEqual(['b1', 'currency: eth, amount: 2']);
  });

  it('assetView: each part counts once it has arrived (records fetched before the numbers, numbers before the records)', () => {
    const view = assetView([
      { apiId: 1, ledger: [{ currency: 'btc', amount: 1, type: 'in', time: 't1' }] },
      { apiId: 2, asset_info: { statistics: stats(20), list: rowsB } },
    ]);
    expect(view.summary.netAssets).toBe(20);
    expect(view.rows).toHaveLength(1);
    expect(ledgerRecords(view.ledger)).toEqual([{ key: '1-0', currency: 'btc', amount: 1, type: 'in', time: 't1' }]);
    expect(view.borrow).toEqual([]);
  });
});

describe('assets: chart series and ids', () => {
  const point = { dateTime: '2026-01-01 00:00', equity_usdt: 10, rate_usdt: 0.1, equity: 2, equity_rate_usdt: 0.2 };
  it('USDT draws equity_usdt / rate_usdt, coin draws equity / equity_rate_usdt', () => {
    expect(ratioSeries([point], 'usdt')).toEqual([{ time: point.dateTime, equity: 10, ratio: 0.1 }]);
    expect(ratioSeries([point], 'coin')).toEqual([{ time: point.dateTime, equity: 2, ratio: 0.2 }]);
  });
  it('joins api ids as a string', () => expect(joinApiIds([1, 3])).toBe('1,3'));
});

describe('borrow records of the reference server', () => {
  it('reads {currency, type, amount, balance, time}; anything else is left to borrowLine', async () => {
    const { borrowRecord } = await import('../../src/domain/assets');
    expect(borrowRecord({ currency: 'btc', type: 'borrow', amount: 0.5, balance: 0.5, time: '2024-01-02 03:04:05' })).toEqual({
      currency: 'btc',
      type: 'borrow',
      amount: 0.5,
      balance: 0.5,
      time: '2024-01-02 03:04:05',
    });
    expect(borrowRecord('borrowed 1 btc')).toBeUndefined();
    expect(borrowRecord({ currency: 'btc', type: 'borrow', amount: 'x', balance: 0, time: 't' })).toBeUndefined();
  });
});
