import { FINAL_ORDER_STATUSES, ORDER_STATUS, ORDER_STATUS_CODES, opensPosition, orderStatusLabelKey, OTYPE, otypeLabelKey } from '#contract/rules/order-status';

describe('order status_ (§4)', () => {
  it('is 1 create order, 2 executing, 3 completed, 4 abnormal end, 5/6/7 partially filled, 8 abnormal', () => {
    expect([ORDER_STATUS.create, ORDER_STATUS.executing, ORDER_STATUS.completed, ORDER_STATUS.abnormalEnd, ORDER_STATUS.abnormal]).toEqual([1, 2, 3, 4, 8]);
    expect([ORDER_STATUS.partialDepth, ORDER_STATUS.partialHedge, ORDER_STATUS.partialCancelled]).toEqual([5, 6, 7]);
    expect(ORDER_STATUS_CODES).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(FINAL_ORDER_STATUSES).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('labels every order status_ and an unknown one', () => {
    expect(ORDER_STATUS_CODES.map(orderStatusLabelKey)).toEqual(ORDER_STATUS_CODES.map((c) => `task:orderStatus.${c}`));
    expect(orderStatusLabelKey(9)).toBe('task:orderStatus.unknown');
  });
});

describe('otype (§4)', () => {
  it('is 1 open long, 2 open short, 3 close long, 4 close short', () => {
    expect(OTYPE).toEqual({ openLong: 1, openShort: 2, closeLong: 3, closeShort: 4 });
    expect([1, 2, 3, 4].map(opensPosition)).toEqual([true, true, false, false]);
    expect(otypeLabelKey(3)).toBe('task:otype.3');
    expect(otypeLabelKey(5)).toBe('task:otype.unknown');
  });
});
