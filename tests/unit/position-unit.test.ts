import { describe, expect, it } from 'vitest';
import { coinToContracts, contractsToCoin, notionalToContracts, positionUnitDivisor } from '#contract/rules/position-unit';
import { STATISTIC_CURRENCIES } from '../../src/features/statistic/statistics';

describe('§9 position unit divisor', () => {
  it('is 100 for BTC and 10 for every other currency', () => {
    expect(positionUnitDivisor('btc')).toBe(100);
    expect(positionUnitDivisor('BTC')).toBe(100);
    for (const currency of STATISTIC_CURRENCIES.filter((c) => c !== 'btc')) expect(positionUnitDivisor(currency)).toBe(10);
  });

  it('turns contracts into coins and back at a price', () => {
    // 20 BTC contracts of 100 USD at 50 000 USD: 0.04 BTC; 20 ETH contracts of 10 USD at 2 000 USD: 0.1 ETH
    expect(contractsToCoin(20, 'btc', 50_000)).toBeCloseTo(0.04, 12);
    expect(contractsToCoin(20, 'eth', 2_000)).toBeCloseTo(0.1, 12);
    expect(coinToContracts(0.04, 'btc', 50_000)).toBeCloseTo(20, 9);
    expect(coinToContracts(0.1, 'eth', 2_000)).toBeCloseTo(20, 9);
  });

  it('counts a USD notional in contracts', () => {
    expect(notionalToContracts(1_000, 'btc')).toBe(10);
    expect(notionalToContracts(1_000, 'eos')).toBe(100);
  });
});
