// @vitest-environment node
/** The books of an API account (server/ledger/book.ts): fills, borrowing, valuation. */
import { describe, expect, it } from 'vitest';
import { applyBookFill, assetInfo, fillSign, openingBook, type Marks } from '../../server/ledger/book';
import { splitPair } from '../../src/domain/assets';
import { STATISTIC_KEYS } from '#contract/rules/assets';

const PRICES: Record<string, number> = { btc: 40000, eth: 2000, bch: 300, eos: 1, etc: 20, xrp: 0.5, ltc: 80, trx: 0.1, bsv: 50 };
const marks = (contract = 1): Marks => ({ spot: (c) => (c === 'usdt' ? 1 : PRICES[c]!), contract: (c) => PRICES[c]! * contract });
const inputs = (m: Marks = marks()) => ({ marks: m, ledger: {}, leverage: 10, leverRiskRate: 0.8, maxBorrow: { btc: 1 } });

describe('asset books', () => {
  it('opens an account worth its principal, 40 % USDT and 60 % in the nine coins', () => {
    const { book, deposits } = openingBook(9000, (c) => PRICES[c]!);
    const info = assetInfo(book, inputs());
    expect(Number(info.statistics[STATISTIC_KEYS.totalEquity])).toBeCloseTo(9000, 6);
    expect(deposits.reduce((sum, d) => sum + d.valueUsdt, 0)).toBeCloseTo(9000, 6);
    expect(info.list.find((r) => r.currency === 'btc')!.self_worth).toBeCloseTo(600, 6);
  });

  it('f opens long A, short B; r the opposite; closing trades against the side', () => {
    expect([fillSign('f', 0, 'open'), fillSign('f', 1, 'open'), fillSign('r', 0, 'open'), fillSign('r', 1, 'open')]).toEqual([1, -1, -1, 1]);
    expect([fillSign('f', 0, 'close'), fillSign('f', 1, 'close')]).toEqual([-1, 1]);
  });

  it('a spot sale beyond the holdings is borrowed only when the task allows; a later purchase repays it', () => {
    const { book } = openingBook(9000, (c) => PRICES[c]!);
    const coins = book.balances.btc!.spot;
    const sell = { currency: 'btc', contractType: 1, sign: -1 as const, price: 40000, amount: coins + 0.01, fee: 1 };
    const borrowed = applyBookFill(book, sell, { mayBorrow: true, autoRepay: true });
    expect(borrowed).toEqual([{ currency: 'btc', type: 'borrow', amount: expect.closeTo(0.01, 9), balance: expect.closeTo(0.01, 9) }]);
    expect(book.balances.btc!.spot).toBe(0);
    const info = assetInfo(book, inputs());
    expect(splitPair(info.statistics[STATISTIC_KEYS.borrow]).used).toBeCloseTo(400, 4);
    expect(splitPair(info.statistics[STATISTIC_KEYS.borrowPledge]).used).toBeCloseTo(500, 4);
    const repaid = applyBookFill(book, { ...sell, sign: 1, amount: 0.02 }, { mayBorrow: true, autoRepay: true });
    expect(repaid).toEqual([{ currency: 'btc', type: 'repay', amount: expect.closeTo(0.01, 9), balance: 0 }]);

    const { book: strict } = openingBook(9000, (c) => PRICES[c]!);
    expect(applyBookFill(strict, sell, { mayBorrow: false, autoRepay: true })).toEqual([]);
    expect(strict.balances.btc!.spot).toBeCloseTo(-0.01, 9); // shown as it is
  });

  it('futures: a short opens, the mark moves, the close realises into the futures account; fees paid in coin', () => {
    const { book } = openingBook(9000, (c) => PRICES[c]!);
    const before = book.balances.btc!.futures;
    applyBookFill(book, { currency: 'btc', contractType: 4, sign: -1, price: 40000, amount: 0.1, fee: 2 }, { mayBorrow: false, autoRepay: true });
    expect(book.positions.btc!.CQ).toEqual({ qty: -0.1, entry: 40000 });
    const row = assetInfo(book, inputs(marks(0.99))).list.find((r) => r.currency === 'btc')!;
    expect(row.P_CQ).toBe(-0.1);
    expect(Number(row.F_CQ)).toBeCloseTo((-0.1 * (39600 - 40000)) / 39600, 8);
    applyBookFill(book, { currency: 'btc', contractType: 4, sign: 1, price: 39600, amount: 0.1, fee: 2 }, { mayBorrow: false, autoRepay: true });
    expect(book.positions.btc!.CQ!.qty).toBe(0);
    expect(book.balances.btc!.futures - before).toBeCloseTo(-2 / 40000 + (40 - 2) / 39600, 10);
  });
});
