import type { Queryable } from './queryable';

/**
 * Manual orders (§7 /manual/trading; inserted by api-accounts.ts `insertManualOrder`) on a testnet or live account
 * as their exchange fills them: `status` the §4 status_ (1 on its way, 2 open, 3 completed, 4 ended with nothing,
 * 7 part filled and the rest cancelled, 8 refused), `filled` the coins filled so far, `deal_price` their average
 * price, `fee` the fee in all (USDT). Such an order is sent with the client order id `manual-<id>`.
 */
export interface ManualOrderRow {
  id: number;
  user_id: number;
  api_id: number;
  symbol: string;
  type: number;
  price: number | null;
  amount: number;
  direction: number;
  way: number;
  status: number;
  created_at: number;
  deal_price: number | null;
  fee: number | null;
  instrument_id: string | null;
  otype: string | null;
  client_id: string | null;
  filled: number | null;
}

export const findManualOrder = (db: Queryable, id: number) => db.get<ManualOrderRow>('SELECT * FROM manual_orders WHERE id = ?', [id]);

export const setManualClientId = (db: Queryable, id: number, clientId: string) => db.run('UPDATE manual_orders SET client_id = ? WHERE id = ?', [clientId, id]);

/** The orders sent to an exchange that have not ended (1, 2), oldest first: a restart looks each one up. */
export const openManualOrders = (db: Queryable) =>
  db.all<ManualOrderRow>('SELECT * FROM manual_orders WHERE status IN (1, 2) AND client_id IS NOT NULL ORDER BY id');

export type ManualFill = Pick<ManualOrderRow, 'status' | 'filled' | 'deal_price' | 'fee' | 'instrument_id'>;

/**
 * What the exchange says of the order now, written only while it has not ended and its `filled` is still
 * `filledBefore` (what the caller booked against): answers whether it was, so no fill is booked twice.
 */
export async function updateManualFill(db: Queryable, id: number, fill: ManualFill, filledBefore: number | null): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE manual_orders SET status = ?, filled = ?, deal_price = ?, fee = ?, instrument_id = ?
     WHERE id = ? AND status IN (1, 2) AND filled IS ?`,
    [fill.status, fill.filled, fill.deal_price, fill.fee, fill.instrument_id, id, filledBefore],
  );
  return changes > 0;
}
