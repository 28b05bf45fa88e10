import { BORROW_COINS, GLOBAL_CONFIG_FIELDS, MAX_BORROW_FIELDS, checkConfigNumber, toGlobalConfigPayload } from '#contract/rules/global-config-rules';

describe('global config fields', () => {
  it('has one percent field per coin of the spec, in its order', () => {
    expect(BORROW_COINS).toEqual(['BTC', 'LTC', 'ETH', 'ETC', 'XRP', 'EOS', 'BCH', 'BSV', 'TRX']);
    expect(MAX_BORROW_FIELDS.map((f) => f.name)).toEqual(BORROW_COINS.map((coin) => `maxBorrow${coin}`));
    expect(MAX_BORROW_FIELDS.every((f) => f.kind === 'percent')).toBe(true);
  });

  it('lists every field of the config exactly once', () => {
    expect([...GLOBAL_CONFIG_FIELDS].sort()).toEqual(
      [
        'depthMarket',
        'priceSlippage',
        'voiceIntervalTime',
        'messageIntervalTime',
        'tradingIntervalTime',
        'isBorrow',
        ...BORROW_COINS.map((coin) => `maxBorrow${coin}`),
      ].sort(),
    );
  });
});

describe('checkConfigNumber', () => {
  it('asks for a value when there is none', () => {
    for (const empty of [undefined, null, '', '  ']) expect(checkConfigNumber('whole', empty)).toBe('required');
  });

  it('refuses what is not a number', () => {
    expect(checkConfigNumber('amount', 'abc')).toBe('notNumber');
    expect(checkConfigNumber('amount', Number.NaN)).toBe('notNumber');
    expect(checkConfigNumber('amount', Number.POSITIVE_INFINITY)).toBe('notNumber');
  });

  it('refuses negatives', () => {
    expect(checkConfigNumber('whole', -1)).toBe('negative');
    expect(checkConfigNumber('amount', -0.001)).toBe('negative');
    expect(checkConfigNumber('amount', '-2')).toBe('negative');
  });

  it('wants whole numbers for whole fields only', () => {
    expect(checkConfigNumber('whole', 2.5)).toBe('notWhole');
    expect(checkConfigNumber('whole', 0)).toBeNull();
    expect(checkConfigNumber('whole', '12')).toBeNull();
    expect(checkConfigNumber('amount', 0.0025)).toBeNull();
  });

  it('keeps percents within 0–100, bounds included', () => {
    expect(checkConfigNumber('percent', 0)).toBeNull();
    expect(checkConfigNumber('percent', 100)).toBeNull();
    expect(checkConfigNumber('percent', 62.5)).toBeNull();
    expect(checkConfigNumber('percent', 100.01)).toBe('percentRange');
    expect(checkConfigNumber('percent', -1)).toBe('percentRange');
  });
});

describe('toGlobalConfigPayload', () => {
  it('sends every field, numbers as numbers and isBorrow as a boolean', () => {
    const values: Record<string, unknown> = {
      depthMarket: '5',
      priceSlippage: 0.001,
      voiceIntervalTime: 60,
      messageIntervalTime: '300',
      tradingIntervalTime: 1,
      isBorrow: 'true',
    };
    BORROW_COINS.forEach((coin, i) => {
      values[`maxBorrow${coin}`] = String(i * 10);
    });
    const payload = toGlobalConfigPayload(values);
    expect(Object.keys(payload).sort()).toEqual([...GLOBAL_CONFIG_FIELDS].sort());
    expect(payload).toMatchObject({ depthMarket: 5, messageIntervalTime: 300, isBorrow: true, maxBorrowBTC: 0, maxBorrowTRX: 80 });
    for (const [key, value] of Object.entries(payload)) expect(typeof value).toBe(key === 'isBorrow' ? 'boolean' : 'number');
  });

  it('treats a missing or false switch as not borrowing', () => {
    expect(toGlobalConfigPayload({}).isBorrow).toBe(false);
    expect(toGlobalConfigPayload({ isBorrow: false }).isBorrow).toBe(false);
    expect(toGlobalConfigPayload({ isBorrow: true }).isBorrow).toBe(true);
  });
});
