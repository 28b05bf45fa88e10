import type { InArgs, Queryable, SqlValue } from './queryable';

/** The unilateral side's SQL (migration 8): strategies, their trades and equity rows, follow tasks, their orders and equity, the user's lists. */

export interface StrategyRow {
  id: number;
  names: string;
  status: number;
  target: number;
  coin: string;
  bar_ms: number;
  fast: number;
  slow: number;
  initial_money: number;
  cash: number;
  qty: number;
  entry: number;
  /** the time of the last bar run (ms). */
  last_bar: number;
  last_equity: number;
  update_time: number;
}
export type NewStrategy = Omit<StrategyRow, 'id'>;

export interface TradeRecord {
  id: number;
  strategy_id: number;
  at: number;
  price: number;
  qty: number;
  type: number;
  win_lost: number;
}
export interface EquityRecord {
  id: number;
  strategy_id: number;
  at: number;
  price: number;
  capital: number;
  cash: number;
  equity: number;
  pct_chg: number;
  position: number;
}
export interface FollowTaskRow {
  api_id: number;
  user_id: number;
  strategy_id: number;
  status: number;
  priority: number;
  stop_loss: number;
  archive_currency: string;
  positive_leverage: number;
  negative_leverage: number;
  is_buy: number;
  is_sell: number;
  calculate_cost: number | null;
  initial_cost: number | null;
  unit: string;
  cash: number;
  qty: number;
  entry: number;
  created_at: number;
  /** the API account's mode (paper, testnet, live), as the queries below join it; not a column of the task */
  mode?: string;
}
export interface FollowOrderRecord {
  id: number;
  api_id: number;
  strategy_id: number;
  at: number;
  instrument_id: string;
  size: number;
  price: number;
  type: number;
  /** FOLLOW_ORDER_STATE */
  state: number;
  /** coins filled so far, their average price, the fee in all (USDT): the exchange's; a paper order's are its own */
  filled_qty: number;
  price_avg: number;
  fee: number;
}

const CHUNK_ROWS = 400;

/** One multi-row INSERT (or INSERT OR REPLACE) per CHUNK_ROWS rows. */
export function insertRows(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  verb = 'INSERT',
): { sql: string; args: InArgs }[] {
  const one = `(${columns.map(() => '?').join(', ')})`;
  const out: { sql: string; args: InArgs }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    out.push({ sql: `${verb} INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => one).join(', ')}`, args: chunk.flat() });
  }
  return out;
}

// ── Strategies ────────────────────────────────────────────────────────────────────────
const STRATEGY_COLUMNS = [
  'names',
  'status',
  'target',
  'coin',
  'bar_ms',
  'fast',
  'slow',
  'initial_money',
  'cash',
  'qty',
  'entry',
  'last_bar',
  'last_equity',
  'update_time',
] as const;

export async function insertUStrategy(db: Queryable, row: NewStrategy): Promise<number> {
  const { sql, args } = insertRows('u_strategies', STRATEGY_COLUMNS, [STRATEGY_COLUMNS.map((c) => row[c])])[0]!;
  return (await db.run(sql, args)).lastId;
}

export const listUStrategies = (db: Queryable) => db.all<StrategyRow>('SELECT * FROM u_strategies ORDER BY id');
export const findUStrategy = (db: Queryable, id: number) => db.get<StrategyRow>('SELECT * FROM u_strategies WHERE id = ?', [id]);
export const runningUStrategies = (db: Queryable) => db.all<StrategyRow>('SELECT * FROM u_strategies WHERE status = 1 ORDER BY id');

/** The page after (`number` > 0) or before (< 0) the strategy with id `edge` in ascending ids; 0 = the first page. */
export async function pageUStrategies(db: Queryable, edge: number, number: number, visibleOnly: boolean) {
  const hidden = visibleOnly ? 'AND target = 1' : '';
  const rows =
    number >= 0
      ? await db.all<StrategyRow>(`SELECT * FROM u_strategies WHERE id > ? ${hidden} ORDER BY id LIMIT ?`, [edge, number])
      : (await db.all<StrategyRow>(`SELECT * FROM u_strategies WHERE id < ? ${hidden} ORDER BY id DESC LIMIT ?`, [edge, -number])).reverse();
  const total = (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM u_strategies WHERE 1 = 1 ${hidden}`))!.n;
  return { rows, total };
}

/** Starts (1) or pauses (0): a strategy that starts trades from its current bar on (the paused time is not replayed). */
export const setUStrategyState = (db: Queryable, ids: readonly number[], status: number, now: number) =>
  db.batch(
    ids.map((id) => ({
      sql: `UPDATE u_strategies SET update_time = ?,
            last_bar = CASE WHEN ? = 1 AND status = 0 THEN (CAST(? AS INTEGER) / bar_ms) * bar_ms ELSE last_bar END, status = ? WHERE id = ?`,
      args: [now, status, Math.floor(now), status, id],
    })),
  );

export const setUStrategyTarget = (db: Queryable, id: number, target: number, now: number) =>
  db.run('UPDATE u_strategies SET target = ?, update_time = ? WHERE id = ?', [target, now, id]);

export const renameUStrategy = (db: Queryable, id: number, names: string, target: number, now: number) =>
  db.run('UPDATE u_strategies SET names = ?, target = ?, update_time = ? WHERE id = ?', [names, target, now, id]);

export const saveUStrategyBook = (db: Queryable, row: Pick<StrategyRow, 'id' | 'cash' | 'qty' | 'entry' | 'last_bar' | 'last_equity' | 'update_time'>) =>
  db.run('UPDATE u_strategies SET cash = ?, qty = ?, entry = ?, last_bar = ?, last_equity = ?, update_time = ? WHERE id = ?', [
    row.cash,
    row.qty,
    row.entry,
    row.last_bar,
    row.last_equity,
    row.update_time,
    row.id,
  ]);

// ── Trades and equity rows ─────────────────────────────────────────────────────────────
export const insertTrades = (db: Queryable, strategyId: number, rows: readonly { at: number; price: number; qty: number; type: number; winLost: number }[]) =>
  db.batch(
    insertRows(
      'u_trades',
      ['strategy_id', 'at', 'price', 'qty', 'type', 'win_lost'],
      rows.map((t) => [strategyId, t.at, t.price, t.qty, t.type, t.winLost]),
    ),
  );

export const insertEquity = (
  db: Queryable,
  strategyId: number,
  rows: readonly { at: number; price: number; capital: number; cash: number; equity: number; pctChg: number; position: number }[],
) =>
  db.batch(
    insertRows(
      'u_equity',
      ['strategy_id', 'at', 'price', 'capital', 'cash', 'equity', 'pct_chg', 'position'],
      rows.map((r) => [strategyId, r.at, r.price, r.capital, r.cash, r.equity, r.pctChg, r.position]),
    ),
  );

export const tradesOf = (db: Queryable, strategyId: number, from = 0, to = Number.MAX_SAFE_INTEGER) =>
  db.all<TradeRecord>('SELECT * FROM u_trades WHERE strategy_id = ? AND at >= ? AND at <= ? ORDER BY at, id', [strategyId, from, to]);

export const equityOf = (db: Queryable, strategyId: number, from = 0, to = Number.MAX_SAFE_INTEGER) =>
  db.all<EquityRecord>('SELECT * FROM u_equity WHERE strategy_id = ? AND at >= ? AND at <= ? ORDER BY at', [strategyId, from, to]);

/** The last `count` equity values of every strategy, oldest first (the trend lines). */
export const lastEquity = (db: Queryable, strategyId: number, count: number) =>
  db.all<{ at: number; equity: number }>(
    'SELECT at, equity FROM (SELECT at, equity FROM u_equity WHERE strategy_id = ? ORDER BY at DESC LIMIT ?) ORDER BY at',
    [strategyId, count],
  );

export const lastTradeAt = async (db: Queryable, strategyId: number) =>
  (await db.get<{ at: number | null }>('SELECT MAX(at) AS at FROM u_trades WHERE strategy_id = ?', [strategyId]))?.at ?? null;

/** Trades newest first after (`number` > 0) or before (< 0) the trade `edge` (0 = the newest). */
export async function pageTrades(db: Queryable, strategyId: number, edge: number, number: number) {
  const rows =
    number >= 0
      ? await db.all<TradeRecord>('SELECT * FROM u_trades WHERE strategy_id = ? AND (? = 0 OR id < ?) ORDER BY id DESC LIMIT ?', [
          strategyId,
          edge,
          edge,
          number,
        ])
      : (await db.all<TradeRecord>('SELECT * FROM u_trades WHERE strategy_id = ? AND id > ? ORDER BY id LIMIT ?', [strategyId, edge, -number])).reverse();
  const total = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM u_trades WHERE strategy_id = ?', [strategyId]))!.n;
  return { rows, total };
}

/** Trades newest first by page (from 1). */
export const tradesPage = (db: Queryable, strategyId: number, page: number, size: number) =>
  db.all<TradeRecord>('SELECT * FROM u_trades WHERE strategy_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [strategyId, size, (page - 1) * size]);
export const tradeCount = async (db: Queryable, strategyId: number) =>
  (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM u_trades WHERE strategy_id = ?', [strategyId]))!.n;

// ── Follow tasks ──────────────────────────────────────────────────────────────────────
const TASK_COLUMNS = [
  'api_id',
  'user_id',
  'strategy_id',
  'status',
  'priority',
  'stop_loss',
  'archive_currency',
  'positive_leverage',
  'negative_leverage',
  'is_buy',
  'is_sell',
  'calculate_cost',
  'initial_cost',
  'unit',
  'cash',
  'qty',
  'entry',
  'created_at',
] as const;

export const insertFollowTasks = (db: Queryable, rows: readonly FollowTaskRow[]) =>
  db.batch(
    insertRows(
      'u_follow_tasks',
      TASK_COLUMNS,
      rows.map((row) => TASK_COLUMNS.map((c) => row[c])),
    ),
  );

/** a task with its account's mode */
const SELECT_FOLLOW_TASK = 'SELECT t.*, a.mode FROM u_follow_tasks t LEFT JOIN api_accounts a ON a.id = t.api_id';
export const findFollowTask = (db: Queryable, apiId: number) => db.get<FollowTaskRow>(`${SELECT_FOLLOW_TASK} WHERE t.api_id = ?`, [apiId]);
export const followTasksOfStrategy = (db: Queryable, strategyId: number) =>
  db.all<FollowTaskRow>(`${SELECT_FOLLOW_TASK} WHERE t.strategy_id = ? ORDER BY t.priority DESC, t.api_id`, [strategyId]);
/** Every follow task (userId null) or one user's. */
export const listFollowTasks = (db: Queryable, userId: number | null) =>
  userId === null
    ? db.all<FollowTaskRow>('SELECT * FROM u_follow_tasks ORDER BY api_id')
    : db.all<FollowTaskRow>('SELECT * FROM u_follow_tasks WHERE user_id = ? ORDER BY api_id', [userId]);

/** The form's fields of a task. */
export type FollowSettings = Pick<
  FollowTaskRow,
  | 'strategy_id'
  | 'priority'
  | 'stop_loss'
  | 'archive_currency'
  | 'positive_leverage'
  | 'negative_leverage'
  | 'is_buy'
  | 'is_sell'
  | 'calculate_cost'
  | 'initial_cost'
>;
export const updateFollowSettings = (db: Queryable, apiId: number, s: FollowSettings) =>
  db.run(
    `UPDATE u_follow_tasks SET strategy_id = ?, priority = ?, stop_loss = ?, archive_currency = ?, positive_leverage = ?, negative_leverage = ?,
       is_buy = ?, is_sell = ?, calculate_cost = ?, initial_cost = ? WHERE api_id = ?`,
    [
      s.strategy_id,
      s.priority,
      s.stop_loss,
      s.archive_currency,
      s.positive_leverage,
      s.negative_leverage,
      s.is_buy,
      s.is_sell,
      s.calculate_cost,
      s.initial_cost,
      apiId,
    ],
  );

export const saveFollowBook = (db: Queryable, row: Pick<FollowTaskRow, 'api_id' | 'status' | 'cash' | 'qty' | 'entry'>) =>
  db.run('UPDATE u_follow_tasks SET status = ?, cash = ?, qty = ?, entry = ? WHERE api_id = ?', [row.status, row.cash, row.qty, row.entry, row.api_id]);

export const deleteFollowTask = (db: Queryable, apiId: number) =>
  db.batch([
    { sql: 'DELETE FROM u_follow_tasks WHERE api_id = ?', args: [apiId] },
    { sql: 'DELETE FROM u_follow_equity WHERE api_id = ?', args: [apiId] },
  ]);

// ── Follow orders and equity ───────────────────────────────────────────────────────────
export const FOLLOW_ORDER_COLUMNS = [
  'api_id',
  'strategy_id',
  'at',
  'instrument_id',
  'size',
  'price',
  'type',
  'state',
  'filled_qty',
  'price_avg',
  'fee',
] as const;
export type NewFollowOrder = Omit<FollowOrderRecord, 'id'>;

export const insertFollowOrders = (db: Queryable, rows: readonly NewFollowOrder[]) =>
  db.batch(
    insertRows(
      'u_follow_orders',
      FOLLOW_ORDER_COLUMNS,
      rows.map((row) => FOLLOW_ORDER_COLUMNS.map((c) => row[c])),
    ),
  );

export async function insertFollowOrder(db: Queryable, row: NewFollowOrder): Promise<FollowOrderRecord> {
  const { sql, args } = insertRows('u_follow_orders', FOLLOW_ORDER_COLUMNS, [FOLLOW_ORDER_COLUMNS.map((c) => row[c])])[0]!;
  return { ...row, id: (await db.run(sql, args)).lastId };
}

const inList = (ids: readonly number[]) => ids.map(() => '?').join(', ');

/** Orders of the APIs newest first after (`number` > 0) or before (< 0) the order `edge` (0 = the newest). */
export async function pageFollowOrders(db: Queryable, apiIds: readonly number[], edge: number, number: number) {
  if (!apiIds.length) return { rows: [], total: 0 };
  const apis = inList(apiIds);
  const rows =
    number >= 0
      ? await db.all<FollowOrderRecord>(`SELECT * FROM u_follow_orders WHERE api_id IN (${apis}) AND (? = 0 OR id < ?) ORDER BY id DESC LIMIT ?`, [
          ...apiIds,
          edge,
          edge,
          number,
        ])
      : (
          await db.all<FollowOrderRecord>(`SELECT * FROM u_follow_orders WHERE api_id IN (${apis}) AND id > ? ORDER BY id LIMIT ?`, [...apiIds, edge, -number])
        ).reverse();
  const total = (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM u_follow_orders WHERE api_id IN (${apis})`, apiIds))!.n;
  return { rows, total };
}

export const followOrdersOf = (db: Queryable, apiId: number) =>
  db.all<FollowOrderRecord>('SELECT * FROM u_follow_orders WHERE api_id = ? ORDER BY id', [apiId]);

export const findFollowOrder = (db: Queryable, id: number) => db.get<FollowOrderRecord>('SELECT * FROM u_follow_orders WHERE id = ?', [id]);

/** The follow orders not ended yet (open, partly filled: only an exchange's are), oldest first. */
export const openFollowOrders = (db: Queryable) => db.all<FollowOrderRecord>('SELECT * FROM u_follow_orders WHERE state IN (0, 1) ORDER BY id');

/**
 * What the exchange says of a follow order now. Only an order not ended yet changes (the row's state 0 or 1):
 * answers whether it did, so the end of an order is taken in once however often it is told.
 */
export async function updateFollowOrder(
  db: Queryable,
  id: number,
  change: Pick<FollowOrderRecord, 'state' | 'filled_qty' | 'price_avg' | 'fee'>,
): Promise<boolean> {
  const { changes } = await db.run('UPDATE u_follow_orders SET state = ?, filled_qty = ?, price_avg = ?, fee = ? WHERE id = ? AND state IN (0, 1)', [
    change.state,
    change.filled_qty,
    change.price_avg,
    change.fee,
    id,
  ]);
  return changes > 0;
}

/** The average price of the task's latest opening order of `types` that filled something: the entry of the position it opened. */
export const lastOpeningPrice = async (db: Queryable, apiId: number, types: readonly number[]): Promise<number> =>
  (
    await db.get<{ price_avg: number }>(
      `SELECT price_avg FROM u_follow_orders WHERE api_id = ? AND type IN (${types.map(() => '?').join(', ')}) AND filled_qty > 0 ORDER BY id DESC LIMIT 1`,
      [apiId, ...types],
    )
  )?.price_avg ?? 0;

export const insertFollowEquity = (db: Queryable, rows: readonly { apiId: number; at: number; equity: number }[]) =>
  db.batch(
    insertRows(
      'u_follow_equity',
      ['api_id', 'at', 'equity'],
      rows.map((r) => [r.apiId, r.at, r.equity]),
      'INSERT OR REPLACE',
    ),
  );

export const followEquityOf = (db: Queryable, apiId: number, from: number) =>
  db.all<{ at: number; equity: number }>('SELECT at, equity FROM u_follow_equity WHERE api_id = ? AND at >= ? ORDER BY at', [apiId, from]);

// ── The user's lists ──────────────────────────────────────────────────────────────────
export async function readList<T>(db: Queryable, userId: number, name: string, fallback: T): Promise<T> {
  const row = await db.get<{ value: string }>('SELECT value FROM u_lists WHERE user_id = ? AND name = ?', [userId, name]);
  return row ? (JSON.parse(row.value) as T) : fallback;
}
export const writeList = (db: Queryable, userId: number, name: string, value: unknown) =>
  db.run('INSERT OR REPLACE INTO u_lists (user_id, name, value) VALUES (?, ?, ?)', [userId, name, JSON.stringify(value)]);

// ── Follow tasks as listed (with their API, exchange and user) ─────────────────────────
export interface FollowTaskView extends FollowTaskRow {
  api_name: string;
  bourse_name: string | null;
  username: string;
  strategy_names: string | null;
}
const SELECT_FOLLOW_VIEW = `SELECT t.*, a.mode, a.name AS api_name, b.name AS bourse_name, u.username, s.names AS strategy_names
  FROM u_follow_tasks t JOIN api_accounts a ON a.id = t.api_id LEFT JOIN bourses b ON b.id = a.bourse_id
  JOIN users u ON u.id = t.user_id LEFT JOIN u_strategies s ON s.id = t.strategy_id`;

/** Every follow task (userId null) or one user's; of one strategy when `strategyId` is given. */
export function followTaskViews(db: Queryable, userId: number | null, strategyId?: number) {
  const where: string[] = [];
  const args: SqlValue[] = [];
  if (userId !== null) {
    where.push('t.user_id = ?');
    args.push(userId);
  }
  if (strategyId !== undefined) {
    where.push('t.strategy_id = ?');
    args.push(strategyId);
  }
  return db.all<FollowTaskView>(`${SELECT_FOLLOW_VIEW} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.api_id`, args);
}
export const followTaskView = (db: Queryable, apiId: number) => db.get<FollowTaskView>(`${SELECT_FOLLOW_VIEW} WHERE t.api_id = ?`, [apiId]);

/** The data folder's secret of the signature tokens, made on first use. */
export async function signSecret(db: Queryable, fresh: () => string): Promise<string> {
  await db.run('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)', ['unilateral:sign-secret', fresh()]);
  return (await db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', ['unilateral:sign-secret']))!.value;
}
