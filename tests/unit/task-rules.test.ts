import {
  buildTaskParams,
  canSendManualTrade,
  clampCardWidth,
  contractPairOf,
  defaultStrategyName,
  formValuesOf,
  klineLegsOf,
  manualTradeCparam,
  parseFundOccupy,
  renameNeeded,
  taskListFilters,
  transactionTypesFor,
  usedRatioOf,
} from '../../src/domain/task';
import { editableTransactionTypes } from '#contract/rules/codes';
describe('transaction types in task editing (§3, §5)', () => {
  it('offers exchange 2 the 6–9 family and the others 1–5 and 10', () => {
    expect(transactionTypesFor(2).map((t) => t.code)).toEqual([6, 7, 8, 9]);
    expect(transactionTypesFor(1).map((t) => t.code)).toEqual([1, 2, 3, 4, 5, 10]);
  });
  it('lets an existing task change only a delivery type, within its family', () => {
    expect(editableTransactionTypes(3).map((t) => t.code)).toEqual([2, 3, 4, 10]);
    expect(editableTransactionTypes(8).map((t) => t.code)).toEqual([7, 8, 9]);
    expect(editableTransactionTypes(1)).toEqual([]);
    expect(editableTransactionTypes(5)).toEqual([]);
    expect(editableTransactionTypes(6)).toEqual([]);
  });
});

describe('task page filters (§2)', () => {
  it('reads the contract pair whichever leg holds which type', () => {
    expect(contractPairOf({ a_transaction_type: 4, b_transaction_type: 1 })).toBe('SS/CQ');
    expect(contractPairOf({ a_transaction_type: 7, b_transaction_type: 5 })).toBe('CW/CS');
  });
  it('asks the server for the filters chosen, nothing for all', () => {
    expect(taskListFilters({ currency: 'all', pair: 'all', strategy: undefined })).toEqual({});
    expect(taskListFilters({ currency: 'eth', pair: 'SS/CQ', strategy: 'arbitrage 2' })).toEqual({
      currency_type: 'eth',
      pair: 'SS/CQ',
      strategy_name: 'arbitrage 2',
    });
  });
  it("defaults to the strategy whose name contains 'arbitrage 2'", () => {
    expect(defaultStrategyName(['arbitrage 1 basic', 'My Arbitrage 2 pro'])).toBe('My Arbitrage 2 pro');
    expect(defaultStrategyName(['x', 'y'])).toBe('x');
    expect(defaultStrategyName([])).toBeUndefined();
  });
  it('keeps the card width within 320–500, default 440', () => {
    expect([null, 'x', 100, 900, 451.6].map(clampCardWidth)).toEqual([440, 440, 320, 500, 452]);
  });
});

describe('add task (§5)', () => {
  const base = ['currency_type', 'is_borrow', 'fund_occupy', 'price_limit', 'depth', 'dlt'];
  const values = {
    name: ' my task ',
    fund_occupy_mode: 'percent' as const,
    params: { currency_type: 'btc', is_borrow: 'true', fund_occupy: 30, price_limit: '', depth: '5', dlt: { CW: '0.1', NW: 0.2, CQ: 0.3, NQ: 0.4 } },
  };
  it('requires a name', () => {
    expect(buildTaskParams({ ...values, name: '  ' }, base)).toEqual({ ok: false, error: 'nameRequired' });
  });
  it('requires every base param, and every type of a per-type param', () => {
    expect(buildTaskParams({ ...values, params: { ...values.params, depth: '' } }, base)).toEqual({ ok: false, error: 'incompleteParams' });
    expect(buildTaskParams({ ...values, params: { ...values.params, dlt: { CW: 1, NW: '', CQ: 1, NQ: 1 } } }, base)).toEqual({
      ok: false,
      error: 'incompleteParams',
    });
  });
  it("converts is_borrow to boolean, others to numbers, blank price_limit to 'no', percent fund_occupy with '%'", () => {
    expect(buildTaskParams(values, base)).toEqual({
      ok: true,
      name: 'my task',
      params: { currency_type: 'btc', is_borrow: true, fund_occupy: '30%', price_limit: 'no', depth: 5, dlt: { CW: 0.1, NW: 0.2, CQ: 0.3, NQ: 0.4 } },
    });
    const amount = buildTaskParams({ ...values, fund_occupy_mode: 'amount', params: { ...values.params, fund_occupy: 2000, price_limit: '12' } }, base);
    expect(amount.ok && amount.params).toMatchObject({ fund_occupy: '2000', price_limit: 12 });
  });
  it('reads params back into the form', () => {
    expect(parseFundOccupy('50%')).toEqual({ mode: 'percent', value: 50 });
    expect(parseFundOccupy('2000')).toEqual({ mode: 'amount', value: 2000 });
    expect(formValuesOf({ fund_occupy: '50%', price_limit: 'no', depth: 5 })).toEqual({
      fund_occupy_mode: 'percent',
      params: { fund_occupy: 50, price_limit: undefined, depth: 5 },
    });
  });
  it('sends a rename only if the name changed', () => {
    expect(renameNeeded('a', 'a')).toBe(false);
    expect(renameNeeded('a', ' a ')).toBe(false);
    expect(renameNeeded('a', '')).toBe(false);
    expect(renameNeeded('a', 'b')).toBe(true);
  });
});

describe('manual trading (§5, §9)', () => {
  it('is sent only with a child task selected', () => {
    expect(canSendManualTrade({ childIds: [] })).toBe(false);
    expect(canSendManualTrade({ childIds: [3] })).toBe(true);
  });
  it('builds the cparam of a manual open and close', () => {
    expect(JSON.parse(manualTradeCparam({ kind: 'open', dlt: -0.01, count: 20, duration: 1, childIds: [3, 4], direct: 'r' }))).toEqual({
      dlt: -0.01,
      count: 20,
      duration: 1,
      cid: '3,4',
      change_type: 'open',
      direct: 'r',
    });
    expect(JSON.parse(manualTradeCparam({ kind: 'close', dlt: 0.5, count: 20, duration: 1, childIds: [3] }))).toEqual({
      dlt: 0.5,
      count: 20,
      duration: 1,
      cid: '3',
      change_type: 'close',
    });
  });
  it('reads the used ratio as a share of one', () => {
    expect(usedRatioOf({ pro_rate: 0.65 })).toBe(0.65);
    expect(usedRatioOf({ pro_rate: 72 })).toBe(0.72);
    expect(usedRatioOf(null)).toBeUndefined();
  });
});

describe('klineLegsOf (the market chart dialog of a task)', () => {
  it("reads each leg's task code as the market's contract code, exchange 2's 6–9 family included", () => {
    expect(klineLegsOf({ a_bourse: 1, a_transaction_type: 4, b_bourse: 2, b_transaction_type: 9 })).toEqual([
      { exchange: 1, type: 4 },
      { exchange: 2, type: 4 },
    ]);
    expect(klineLegsOf({ a_bourse: 1, a_transaction_type: 10, b_bourse: 2, b_transaction_type: 6 })).toEqual([
      { exchange: 1, type: 10 },
      { exchange: 2, type: 1 },
    ]);
  });
  it('has no legs when a code is unknown', () => {
    expect(klineLegsOf({ a_bourse: 1, a_transaction_type: 99, b_bourse: 2, b_transaction_type: 9 })).toBeUndefined();
  });
});
