import { describe, expect, it } from 'vitest';
import { FIRST_NEWEST_PAGE, moveNewest, parseOrderNum } from '../../src/features/tasks/order-paging';

describe('paging by order id (/web/get/order/newest, the task detail)', () => {
  it("refuses to go before the first page: 'already the first page!'", () => {
    expect(moveNewest(FIRST_NEWEST_PAGE, [9, 8, 7], 3, -1)).toEqual({ message: 'firstPage' });
  });

  it('asks for the orders older than the last one shown, then back with the - prefix', () => {
    const next = moveNewest(FIRST_NEWEST_PAGE, [9, 8, 7], 3, 1);
    expect(next).toEqual({ cursor: { orderId: '7', index: 1 } });
    const third = moveNewest({ orderId: '7', index: 1 }, [6, 5, 4], 3, 1);
    expect(third).toEqual({ cursor: { orderId: '4', index: 2 } });
    expect(moveNewest({ orderId: '4', index: 2 }, [3, 2, 1], 3, -1)).toEqual({ cursor: { orderId: '-3', index: 1 } });
    // back on the first page: the newest page itself, without a cursor
    expect(moveNewest({ orderId: '7', index: 1 }, [6, 5, 4], 3, -1)).toEqual({ cursor: FIRST_NEWEST_PAGE });
  });

  it("after a page shorter than orderNum: 'already the last page!'", () => {
    expect(moveNewest({ orderId: '4', index: 2 }, [3, 2], 3, 1)).toEqual({ message: 'lastPage' });
    expect(moveNewest(FIRST_NEWEST_PAGE, [], 100, 1)).toEqual({ message: 'lastPage' });
  });

  it('reads the page-size input: whole numbers from 1 only', () => {
    expect(parseOrderNum('100')).toBe(100);
    expect(parseOrderNum(' 20 ')).toBe(20);
    for (const bad of ['', '0', 'x', '1.5', '-3']) expect(parseOrderNum(bad)).toBeUndefined();
  });
});
