/** Order status_ and otype (spec §4), for the console and the reference server alike; labels are i18n keys of `task`. */

/**
 * status_: 1 create order, 2 executing, 3 completed, 4 abnormal end, 5/6/7 partially filled, 8 abnormal.
 * Our reading of 5/6/7 (the spec does not tell them apart): 5 the book's depth held less than the
 * amount, 6 cut to the other leg's fill to stay hedged, 7 the exchange cancelled the rest.
 */
export const ORDER_STATUS = {
  create: 1,
  executing: 2,
  completed: 3,
  abnormalEnd: 4,
  partialDepth: 5,
  partialHedge: 6,
  partialCancelled: 7,
  abnormal: 8,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_CODES: readonly OrderStatus[] = Object.values(ORDER_STATUS);
/** The statuses an order ends in: everything after create and executing. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUS_CODES.filter((s) => s !== ORDER_STATUS.create && s !== ORDER_STATUS.executing);
export const orderStatusLabelKey = (code: number): string =>
  (ORDER_STATUS_CODES as readonly number[]).includes(code) ? `task:orderStatus.${code}` : 'task:orderStatus.unknown';

/** otype: 1 open long, 2 open short, 3 close long, 4 close short; a spot leg buys or sells. */
export const OTYPE = { openLong: 1, openShort: 2, closeLong: 3, closeShort: 4 } as const;
export type Otype = (typeof OTYPE)[keyof typeof OTYPE] | 'buy' | 'sell';
export const otypeLabelKey = (otype: number): string => ((Object.values(OTYPE) as number[]).includes(otype) ? `task:otype.${otype}` : 'task:otype.unknown');
/** Whether an order opens (otype 1, 2) or closes (3, 4) a position. */
export const opensPosition = (otype: number): boolean => otype === OTYPE.openLong || otype === OTYPE.openShort;
