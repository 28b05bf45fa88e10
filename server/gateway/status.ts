import { ORDER_STATUS, type OrderStatus } from '#contract/rules/order-status';

/** What an exchange says of an order, in ccxt's unified words (the one input of the §4 status). */
export interface ExchangeOrderState {
  /** ccxt's order status: open, closed, canceled, expired, rejected; undefined: sent, not acknowledged yet */
  status: string | undefined;
  /** what has filled, in the exchange's unit (contracts or coins) */
  filled: number;
  /** what was asked, in the same unit */
  amount: number;
}

/** filled counts as the whole amount up to rounding of the exchange's decimal strings */
const whole = (filled: number, amount: number): boolean => filled >= amount * (1 - 1e-9);

/**
 * The §4 status_ (contract/rules/order-status.ts) of an order on an exchange: sent and not yet acknowledged 1
 * (create); open 2 (executing), whatever has filled so far; closed in full 3 (completed); ended (cancelled,
 * expired, or closed) with nothing filled 4 (abnormal end), with part filled 7 (the exchange cancelled the rest);
 * refused by the exchange (or by the server before sending) 8 (abnormal).
 */
export function orderStatusOf({ status, filled, amount }: ExchangeOrderState): OrderStatus {
  switch (status) {
    case undefined:
      return ORDER_STATUS.create;
    case 'open':
      return ORDER_STATUS.executing;
    case 'rejected':
      return ORDER_STATUS.abnormal;
    case 'closed':
    case 'canceled':
    case 'expired':
      if (filled <= 0) return ORDER_STATUS.abnormalEnd;
      return whole(filled, amount) ? ORDER_STATUS.completed : ORDER_STATUS.partialCancelled;
    default:
      // a status ccxt does not unify: treated as still on its way
      return ORDER_STATUS.create;
  }
}

/** Whether the status is one an order ends in (nothing more will change on the exchange). */
export const isFinalStatus = (status: OrderStatus): boolean => status !== ORDER_STATUS.create && status !== ORDER_STATUS.executing;
