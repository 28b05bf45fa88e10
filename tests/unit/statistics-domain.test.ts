import {
  DEFAULT_PERIOD_MINUTES,
  groupOf,
  jumpTo,
  ORDER_COLUMNS,
  sdcPayload,
  serverToday,
  STATISTIC_CURRENCIES,
  STATISTIC_PERIODS,
  step,
  toCsv,
} from '../../src/features/statistic/statistics';
import { GROUP_FIELDS, groupFields, sumGroups } from '#contract/rules/statistics';

const group = (currency: string, minutes: number, n: number) => ({
  currency,
  minutes,
  pool: n,
  pool_accounted: n,
  more: n,
  empty: n,
  fu_more: n,
  fu_empty: n,
  ss_buy: n,
  ss_sell: n,
});

describe('statistics constants (§9)', () => {
  it('periods 1h 24h 48h, default 48h; default currencies in the spec order', () => {
    expect(STATISTIC_PERIODS.map((p) => p.minutes)).toEqual([60, 1440, 2880]);
    expect(DEFAULT_PERIOD_MINUTES).toBe(2880);
    expect(STATISTIC_CURRENCIES).toEqual(['eos', 'btc', 'etc', 'bch', 'eth', 'ltc', 'xrp', 'bsv', 'trx']);
  });
  it('group fields and order columns of §3', () => {
    expect(GROUP_FIELDS).toEqual(['pool', 'pool_accounted', 'more', 'empty', 'fu_more', 'fu_empty', 'ss_buy', 'ss_sell']);
    expect(ORDER_COLUMNS.map((c) => c.key)).toEqual([
      'client_id',
      'api_name',
      'bourse',
      'task_id',
      'instrument_id',
      'price',
      'amount',
      'type',
      'filled_amount',
      'filled_price',
      'filled_notional',
      'types',
      'fee',
      'timestamp',
      'trading_time',
      'state',
      'order_id',
    ]);
  });
});

describe('statistics sums', () => {
  it('sums every field over the groups', () => {
    expect(sumGroups([group('btc', 60, 1), group('eth', 60, 2)]).pool).toBe(3);
  });
  it('finds the group of a currency and period, zeros when absent', () => {
    const groups = [group('btc', 60, 1), group('btc', 2880, 5)];
    expect(groupOf(groups, 'btc', 2880).more).toBe(5);
    expect(groupOf(groups, 'eth', 2880).more).toBe(0);
  });
});

describe('SDC payload (§7)', () => {
  it('JSON arrays with 0 = sum or 1 = individual first; days [0, start 00:00:00, end]', () => {
    expect(sdcPayload({ mode: 1, apis: [2, 3], currencies: ['btc'], tasks: [7], range: ['2026-11-01 15:00', '2026-11-03 08:00'] })).toEqual({
      apis: '[1,2,3]',
      days: '[0,"2026-11-01 00:00:00","2026-11-03 23:59:59"]',
      currencys: '[1,"btc"]',
      tasks: '[1,7]',
    });
    expect(sdcPayload({ mode: 0, apis: [], currencies: [], tasks: [], range: ['2026-11-01', '2026-11-01'] }).apis).toBe('[0]');
  });
});

describe('paging (§8 messages)', () => {
  it('jump-to-page takes digits only', () => {
    expect(jumpTo('12')).toEqual({ page: 12 });
    expect(jumpTo(' 3 ')).toEqual({ page: 3 });
    for (const bad of ['', 'a', '1.5', '-1', '0']) expect(jumpTo(bad)).toEqual({ message: 'digitsOnly' });
  });
  it('previous before page 1 and next after the last say so', () => {
    expect(step(1, -1, 5)).toEqual({ message: 'firstPage' });
    expect(step(5, 1, 5)).toEqual({ message: 'lastPage' });
    expect(step(2, 1, 5)).toEqual({ page: 3 });
  });
});

describe('CSV', () => {
  it('quotes cells with commas, quotes or newlines', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          ['say "hi"', null],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n"say ""hi""",\r\n');
  });
});

describe('group fields from the sums of orders (the reference server)', () => {
  it('pool is all the filled notional, more/empty what was bought/sold, pool_accounted after fees', () => {
    const g = groupFields({ notional: 100, fee: 1.5, fu_buy: 30, fu_sell: 25, ss_buy: 20, ss_sell: 25 });
    expect(g).toEqual({ pool: 100, pool_accounted: 98.5, more: 50, empty: 50, fu_more: 30, fu_empty: 25, ss_buy: 20, ss_sell: 25 });
  });

  it("today is the server's (UTC+8) date, whatever the browser's zone", () => {
    expect(serverToday(Date.UTC(2026, 10, 23, 15, 59)).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(serverToday(Date.UTC(2026, 10, 23, 16, 0)).format('YYYY-MM-DD')).toBe('2026-11-24');
  });
});
