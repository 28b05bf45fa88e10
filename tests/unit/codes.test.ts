import zhCodes from '#contract/locales/zh-CN/codes.json';
import enCodes from '#contract/locales/en/codes.json';
import {
  CONTRACT_TYPES,
  codeOfTradeType,
  contractTypeLabelKey,
  contractTypesFor,
  directionsFor,
  FUTURES_DIRECTIONS,
  isSpotContract,
  needsPrice,
  ORDER_WAY_OPTIONS,
  ORDER_WAYS,
  SPOT_DIRECTIONS,
  STRATEGY_TYPES,
  strategyTypeLabelKey,
  TRADE_TYPES,
  tradeTypeOf,
} from '#contract/rules/codes';

const lookup = (table: unknown, key: string): unknown =>
  key
    .replace(/^codes:/, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table);

describe('contract types (§3)', () => {
  it('has 1 spot, 2 this week, 3 next week, 4 quarter, 5 perpetual, 10 next quarter and USDT-margined 11-14', () => {
    expect(CONTRACT_TYPES.map((c) => c.code)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14]);
    expect(lookup(zhCodes, contractTypeLabelKey(1))).toBe('现货');
    expect(lookup(zhCodes, contractTypeLabelKey(2))).toBe('当周');
    expect(lookup(zhCodes, contractTypeLabelKey(4))).toBe('季度');
    expect(lookup(zhCodes, contractTypeLabelKey(5))).toBe('永续');
    expect(lookup(zhCodes, contractTypeLabelKey(10))).toBe('次季度');
    expect(CONTRACT_TYPES.filter((c) => c.margin === 'usdt').map((c) => c.code)).toEqual([11, 12, 13, 14]);
    expect(contractTypeLabelKey(99)).toBe('codes:contract.unknown');
  });

  it('limits exchange 2 to types 1-4', () => {
    expect(contractTypesFor(2).map((c) => c.code)).toEqual([1, 2, 3, 4]);
    expect(contractTypesFor(1)).toHaveLength(10);
    expect(contractTypesFor(3)).toHaveLength(10);
  });

  it('maps the trade-type abbreviations SS CW NW CQ CS NQ', () => {
    expect(TRADE_TYPES.map((t) => [t.abbr, t.code])).toEqual([
      ['SS', 1],
      ['CW', 2],
      ['NW', 3],
      ['CQ', 4],
      ['CS', 5],
      ['NQ', 10],
    ]);
    expect(tradeTypeOf(13)).toBe('CQ');
    expect(codeOfTradeType('NQ')).toBe(10);
  });

  it('only spot is spot', () => {
    expect(isSpotContract(1)).toBe(true);
    expect(CONTRACT_TYPES.filter((c) => c.spot).map((c) => c.code)).toEqual([1]);
    expect(isSpotContract(undefined)).toBe(false);
  });
});

describe('strategy types and manual trading (§3, §5)', () => {
  it('has strategy types 1 hedging and 4 one-sided', () => {
    expect(STRATEGY_TYPES.map((s) => s.value)).toEqual([1, 4]);
    expect(lookup(zhCodes, strategyTypeLabelKey(1))).toBe('对冲');
    expect(lookup(zhCodes, strategyTypeLabelKey(4))).toBe('单边');
  });

  it('spot buys 1 and sells 2; futures open long 1, open short 2, close long 3, close short 4', () => {
    expect(directionsFor(1)).toBe(SPOT_DIRECTIONS);
    expect(SPOT_DIRECTIONS.map((d) => [d.value, lookup(zhCodes, d.labelKey)])).toEqual([
      [1, '买入'],
      [2, '卖出'],
    ]);
    expect(directionsFor(4)).toBe(FUTURES_DIRECTIONS);
    expect(FUTURES_DIRECTIONS.map((d) => [d.value, lookup(zhCodes, d.labelKey)])).toEqual([
      [1, '开多'],
      [2, '开空'],
      [3, '平多'],
      [4, '平空'],
    ]);
  });

  it('way: market 1, limit 0; only a limit order needs a price', () => {
    expect(ORDER_WAYS).toEqual({ market: 1, limit: 0 });
    expect(ORDER_WAY_OPTIONS.map((w) => [w.value, lookup(zhCodes, w.labelKey)])).toEqual([
      [1, '市价'],
      [0, '限价'],
    ]);
    expect(needsPrice(0)).toBe(true);
    expect(needsPrice(1)).toBe(false);
  });

  it('has a zh-CN and an en label for every key it hands out', () => {
    const keys = [
      ...CONTRACT_TYPES.map((c) => c.labelKey),
      ...TRADE_TYPES.map((t) => t.labelKey),
      ...STRATEGY_TYPES.map((s) => s.labelKey),
      ...SPOT_DIRECTIONS.map((d) => d.labelKey),
      ...FUTURES_DIRECTIONS.map((d) => d.labelKey),
      ...ORDER_WAY_OPTIONS.map((w) => w.labelKey),
      'codes:contract.unknown',
      'codes:strategyType.unknown',
    ];
    for (const key of keys) {
      expect(typeof lookup(zhCodes, key), `zh-CN ${key}`).toBe('string');
      expect(typeof lookup(enCodes, key), `en ${key}`).toBe('string');
    }
  });
});
