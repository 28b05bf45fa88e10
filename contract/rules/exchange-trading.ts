/**
 * The bounds a hedging task on a testnet or live account trades within (issue 33), for the reference server's
 * runner (server/hedging/) and for the console to show the operator.
 *
 * - A task decides on the exchange's own order book (websocket), never on a book older than BOOK_MAX_AGE_MS
 *   by the server's clock: while either leg's book is older (or none has arrived), the task sends NOTHING —
 *   no open, no close, no re-hedge — since every order's limit price comes from that book; its open orders
 *   still settle, and an unbalanced child stays unbalanced (its alert fires) until the books are fresh again.
 * - An order the exchange has not ended ORDER_TIMEOUT_MS after it was made is cancelled; what it filled
 *   stands (status 7, partially filled; 4 when nothing filled) and the leg health and re-hedge take it from there.
 * - The assets of a testnet or live account (balances, positions, borrowing, ledger, transfers) are read from its
 *   exchange every HOLDINGS_READ_MS once someone looks at them (server/exchange/holdings.ts), the accounts spread over
 *   that period. A figure whose last successful read is older than HOLDINGS_STALE_MS (two reads missed), or whose
 *   exchange is marked down, is shown stale: the last figures read, never zeros in their place.
 */
export const BOOK_MAX_AGE_MS = 2000;
export const ORDER_TIMEOUT_MS = 10_000;
export const HOLDINGS_READ_MS = 60_000;
export const HOLDINGS_STALE_MS = 2 * HOLDINGS_READ_MS;
/**
 * The records (ledger, transfers, borrowing interest) are read again every 10 minutes, not at every read: on OKX
 * they are 5 of a read's 9 requests, and every request is a row of the audit log (the newest 10,000 kept per account).
 */
export const HOLDINGS_RECORDS_READ_MS = 10 * HOLDINGS_READ_MS;
