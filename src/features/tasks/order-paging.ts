/**
 * Paging by order id, as /web/get/order/newest does (§7): `{number, orderId}` where orderId N asks for
 * the `number` orders just older than N (the next page) and '-N' for the ones just newer (the page
 * before). The task detail page (§2) moves so, `number` being its page-size input (§9: "the order
 * list size follows the orderNum value", default 100).
 */
import { isDigits } from '../../domain/validation';

/** Where the list stands: the cursor sent (none = the newest page) and how many pages in it is. */
export interface NewestCursor {
  orderId?: string;
  index: number;
}

export const FIRST_NEWEST_PAGE: NewestCursor = { index: 0 };

/** A move: the cursor to ask with, or the §8 message to show instead. */
export type NewestMove = { cursor: NewestCursor } | { message: 'firstPage' | 'lastPage' };

/**
 * Previous (-1) or next (+1) from the page shown (`ids`: its order ids, newest first; `orderNum`: the
 * page size asked). Before the first page: 'already the first page!'; after a page that came back
 * short of `orderNum`: 'already the last page!' (a full last page asks once more and gets none).
 */
export function moveNewest(cursor: NewestCursor, ids: readonly number[], orderNum: number, delta: -1 | 1): NewestMove {
  if (delta < 0) {
    if (cursor.index === 0 || ids.length === 0) return { message: 'firstPage' };
    return { cursor: cursor.index === 1 ? FIRST_NEWEST_PAGE : { orderId: `-${ids[0]}`, index: cursor.index - 1 } };
  }
  if (ids.length < orderNum) return { message: 'lastPage' };
  return { cursor: { orderId: String(ids[ids.length - 1]), index: cursor.index + 1 } };
}

/** The page-size input (orderNum): a whole number from 1, else undefined (the §8 'please enter a number'). */
export function parseOrderNum(text: string): number | undefined {
  const value = text.trim();
  return isDigits(value) && Number(value) > 0 ? Number(value) : undefined;
}
