import type { Queryable } from './queryable';

/**
 * The order outbox (server/gateway/exchange.ts): an order bound for an exchange is written here, state
 * `sending`, before it is sent, so a retry or a restart knows it may be on the exchange already and looks it up
 * by its client order id before sending anything. `open` once the exchange has it, `done` once it ended
 * (filled, cancelled, refused). `reported_*` is what has been told to the gateway's listeners so far (coins,
 * USDT), so a restart reports only what is new.
 */

/** The outbox migration's statements (migrations.ts; shipped with it: never change them, add a migration). */
export const OUTBOX_SCHEMA: readonly string[] = [
  `CREATE TABLE order_outbox (
    client_id TEXT PRIMARY KEY,
    exchange_client_id TEXT NOT NULL,
    api_id INTEGER NOT NULL,
    symbol TEXT NOT NULL,
    request TEXT NOT NULL,
    state TEXT NOT NULL,
    order_id TEXT,
    status INTEGER NOT NULL,
    reported_amount REAL NOT NULL DEFAULT 0,
    reported_cost REAL NOT NULL DEFAULT 0,
    reported_fee REAL NOT NULL DEFAULT 0,
    refusal TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  )`,
  `CREATE INDEX order_outbox_unsettled ON order_outbox (api_id, state) WHERE state <> 'done'`,
];

export type OutboxState = 'sending' | 'open' | 'done';

export interface OutboxRow {
  client_id: string;
  /** the client order id as the exchange has it (alphanumeric) */
  exchange_client_id: string;
  api_id: number;
  /** ccxt's unified symbol */
  symbol: string;
  /** JSON: the order as it was placed (OrderRequest, its account as an id) */
  request: string;
  state: OutboxState;
  /** the exchange's order id, once known */
  order_id: string | null;
  /** §4 status_ */
  status: number;
  reported_amount: number;
  reported_cost: number;
  reported_fee: number;
  /** JSON of the refusal (status 8) */
  refusal: string | null;
  created_at: number;
  updated_at: number;
}

export type NewOutboxRow = Pick<OutboxRow, 'client_id' | 'exchange_client_id' | 'api_id' | 'symbol' | 'request' | 'status' | 'created_at'>;

/** Writes the row (state sending); false when its client id has one already (nothing written). */
export async function insertOutbox(db: Queryable, row: NewOutboxRow): Promise<boolean> {
  const { changes } = await db.run(
    `INSERT INTO order_outbox (client_id, exchange_client_id, api_id, symbol, request, state, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'sending', ?, ?, ?) ON CONFLICT (client_id) DO NOTHING`,
    [row.client_id, row.exchange_client_id, row.api_id, row.symbol, row.request, row.status, row.created_at, row.created_at],
  );
  return changes === 1;
}

export type OutboxChange = Partial<Pick<OutboxRow, 'state' | 'order_id' | 'status' | 'reported_amount' | 'reported_cost' | 'reported_fee' | 'refusal'>>;

const CHANGEABLE = ['state', 'order_id', 'status', 'reported_amount', 'reported_cost', 'reported_fee', 'refusal'] as const;

/** An order's progress: committed without waiting for the disk (WriteOptions), as the exchange can tell it again. */
export async function updateOutbox(db: Queryable, clientId: string, change: OutboxChange, at: number): Promise<void> {
  const columns = CHANGEABLE.filter((column) => change[column] !== undefined);
  const sql = `UPDATE order_outbox SET ${columns.map((c) => `${c} = ?, `).join('')}updated_at = ? WHERE client_id = ?`;
  await db.batch([{ sql, args: [...columns.map((c) => change[c] as string | number | null), at, clientId] }], { durable: false });
}

export const outboxRow = (db: Queryable, clientId: string) => db.get<OutboxRow>('SELECT * FROM order_outbox WHERE client_id = ?', [clientId]);

/** An account's rows that have not ended (sending or open), oldest first. */
export const unsettledOutbox = (db: Queryable, apiId: number) =>
  db.all<OutboxRow>(`SELECT * FROM order_outbox WHERE api_id = ? AND state <> 'done' ORDER BY created_at, client_id`, [apiId]);

/** The accounts with rows that have not ended: at start, each one's gateway settles them (ExchangeGateway.recover). */
export const unsettledAccounts = async (db: Queryable): Promise<number[]> =>
  (await db.all<{ api_id: number }>(`SELECT DISTINCT api_id FROM order_outbox WHERE state <> 'done' ORDER BY api_id`)).map((r) => Number(r.api_id));
