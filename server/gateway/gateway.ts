import type { Leg } from '../engine';
import type { Side } from '../engine/pricing';
import type { ApiRow } from '../store/api-accounts';
import type { Queryable } from '../store/queryable';
import type { OrderStatus } from '#contract/rules/order-status';

/**
 * Where orders leave for an exchange and fills come back. Whoever trades (manual orders today; the task
 * engine's orders reach it through a Venue, server/engine/venue.ts) hands an order with its client order id (spec §3 `client_id`) to an OrderGateway and books the fill it answers
 * (ledger/fills.ts); it never knows which venue is behind it. `paper.ts` is the simulated venue (fills at
 * once at the server's market); a real exchange's implementation answers 'open' and sends its fills later
 * through `onUpdate`.
 */
export interface OrderRequest {
  /** the caller's id of this order: the one key it is looked up and cancelled by */
  clientId: string;
  /** the API account it trades on */
  account: ApiRow;
  /** exchange, currency, contract type (1 spot) */
  leg: Leg;
  side: Side;
  /** coins */
  amount: number;
  /** the worst price it may fill at; null: at the market */
  limit: number | null;
  /** it closes a position: it may take off at most what is open */
  reduceOnly: boolean;
  /** ms: when it is placed */
  at: number;
}

export interface OrderFill {
  price: number;
  /** coins */
  amount: number;
  /** USDT */
  fee: number;
  /** the instrument as the exchange names it */
  instrumentId: string;
}

/** Why a venue refused an order, as a reply text key (server/http/messages.ts) and its values. */
export type OrderRefusal =
  | { key: 'err.limitNotReachable'; params: { price: number } }
  | { key: 'err.closeExceedsPosition'; params: { position: number } }
  /** above the account's max_order_notional (USDT); never sent */
  | { key: 'err.maxNotional'; params: { limit: number; notional: number } }
  /** the exchange refused it: its code and message */
  | { key: 'err.exchangeRefused'; params: { reason: string } }
  /** the account's exchange is marked down: nothing is sent */
  | { key: 'err.exchange.down'; params: { bourse: string } };

/**
 * `status`: the §4 status_ the venue maps the order's state to (gateway/status.ts); an exchange's venue always
 * sets it, the paper venue (which fills or refuses at once) leaves it out.
 */
/**
 * What an order is now. `filled` carries the order's fill SO FAR (all the coins filled, their average price, the
 * fee in all), never one trade: an update told twice (the socket and a REST poll) counts once.
 */
export type OrderUpdate = (
  | { clientId: string; state: 'open' }
  | { clientId: string; state: 'filled'; fill: OrderFill }
  | { clientId: string; state: 'cancelled' }
  | { clientId: string; state: 'rejected'; refusal: OrderRefusal }
) & { status?: OrderStatus };

export interface OrderGateway {
  /**
   * Optional (a venue with an outbox, gateway/exchange.ts): writes the order's intent in the caller's transaction, so
   * it commits with whatever made the order; false when its client id has a row already. `place(order, true)` then
   * sends it without writing or reading first. The caller must not place it so unless that transaction committed.
   */
  intend?(db: Queryable, order: OrderRequest): Promise<boolean>;
  /** places the order; answers what the venue says of it now (filled, open, or rejected). `intended`: see `intend` */
  place(order: OrderRequest, intended?: boolean): Promise<OrderUpdate>;
  /** cancels what is left of an open order; undefined when no order has this client id */
  cancel(clientId: string): Promise<OrderUpdate | undefined>;
  /** the order's state now; undefined when no order has this client id */
  lookup(clientId: string): Promise<OrderUpdate | undefined>;
  /** every later change of an order (fills of an open order, cancellations); returns the unsubscribe */
  onUpdate(listener: (update: OrderUpdate) => void): () => void;
}
