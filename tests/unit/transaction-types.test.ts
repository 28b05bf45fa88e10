import { CONTRACT_TYPES, TRANSACTION_TYPES, transactionType } from '#contract/rules/codes';
import { transactionTypesFor } from '../../src/domain/task';
import { editableTransactionTypes } from '#contract/rules/codes';
import { contractOf, tradeTypeOf } from '../../server/engine/calendar';

const codes = (list: readonly { code: number }[]) => list.map((t) => t.code).sort((a, b) => a - b);

describe('the transaction type → contract type → trade type table (§3)', () => {
  it('reads the contract types as §3 lists them: 1 spot, 2 this week, 3 next week, 4 quarter, 5 perpetual, 10 next quarter', () => {
    const spec: Record<number, string> = { 1: 'SS', 2: 'CW', 3: 'NW', 4: 'CQ', 5: 'CS', 10: 'NQ' };
    for (const [code, abbr] of Object.entries(spec)) {
      expect(transactionType(Number(code))).toMatchObject({ contract: Number(code), tradeType: abbr });
    }
  });

  it('has the delivery codes §3 names editable: exchange-1-like 2, 3, 4, 10; exchange-2-like 7, 8, 9', () => {
    expect(codes(editableTransactionTypes(2))).toEqual([2, 3, 4, 10]);
    expect(codes(editableTransactionTypes(7))).toEqual([7, 8, 9]);
  });

  it('keeps 6, 1 and 5 (spot and perpetual) not editable', () => {
    for (const code of [6, 1, 5]) {
      expect(['SS', 'CS']).toContain(transactionType(code)!.tradeType);
      expect(editableTransactionTypes(code)).toEqual([]);
    }
  });

  it('reads 6-9 as exchange 2 spot, this week, next week, quarter (contract types 1-4, all exchange 2 supports)', () => {
    expect([6, 7, 8, 9].map((c) => transactionType(c)!.contract)).toEqual([1, 2, 3, 4]);
    expect(codes(transactionTypesFor(2))).toEqual([6, 7, 8, 9]);
  });

  it('reads 11-14 as the USDT-margined contract types 11-14, a family of their own the add dialog does not offer', () => {
    expect([11, 12, 13, 14].map((c) => transactionType(c)!.contract)).toEqual([11, 12, 13, 14]);
    expect([11, 12, 13, 14].map((c) => CONTRACT_TYPES.find((t) => t.code === transactionType(c)!.contract)!.margin)).toEqual(['usdt', 'usdt', 'usdt', 'usdt']);
    expect(codes(editableTransactionTypes(13))).toEqual([11, 12, 13]);
    expect(codes(transactionTypesFor(1))).toEqual([1, 2, 3, 4, 5, 10]);
  });

  it('takes each trade type from the contract type it names, so the two tables cannot disagree', () => {
    for (const t of TRANSACTION_TYPES) expect(t.tradeType).toBe(CONTRACT_TYPES.find((c) => c.code === t.contract)!.tradeType);
  });

  it('is what the reference server engine reads', () => {
    for (const t of TRANSACTION_TYPES) {
      expect(contractOf(t.code)).toBe(t.contract);
      expect(tradeTypeOf(contractOf(t.code))).toBe(t.tradeType);
    }
  });
});
