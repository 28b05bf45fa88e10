import { reachesExchange, type AccountMode, type ApiAdvanced, type ApiFees, type ApiName, type KeyCheck } from '#contract/types/api-accounts';
import type { ApiChartPoint } from '#contract/types/assets';
import type { Queryable } from './queryable';
import { isSealed, sealedKeyId, type SecretBox } from './secret-box';

/**
 * API accounts, their chart series and their manual orders. An account's apiSecret and apiToken are stored
 * sealed (server/store/secret-box.ts): only `apiCredentials` opens them, for a call to the exchange.
 */

export interface ApiRow {
  id: number;
  user_id: number;
  name: string;
  bourse_id: number;
  bourse_name: string | null;
  api_key: string;
  /** sealed ('' = none): never sent, never logged. */
  api_secret: string;
  /** sealed ('' = none). */
  api_token: string;
  status: number;
  margin_mode: string;
  leverage: number;
  fees: string;
  advanced: string;
  asset_template: number;
  /** paper (the default), testnet or live (migration 16) */
  mode: AccountMode;
  /** JSON KeyCheck; '{}' = never checked (read it with keyCheckOf) */
  key_check: string;
  /** 1 while its exchange does not answer (server/exchange/clients.ts) */
  exchange_down: number;
  /** since when its owner turned live trading on (null: off) */
  live_since: number | null;
}

/** What a key that was never checked reads. */
export const UNCHECKED: KeyCheck = { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null };
/** An account's mode (paper unless its owner chose otherwise), and whether its orders go to its exchange. */
export const accountMode = (row: Pick<ApiRow, 'mode'> | undefined): AccountMode => row?.mode ?? 'paper';
export const tradesOnExchange = (row: Pick<ApiRow, 'mode'> | undefined): boolean => reachesExchange(accountMode(row));

export const keyCheckOf = (row: Pick<ApiRow, 'key_check'>): KeyCheck => ({ ...UNCHECKED, ...(JSON.parse(row.key_check) as Partial<KeyCheck>) });

export interface NewApi {
  userId: number;
  name: string;
  bourseId: number;
  apiKey: string;
  apiSecret: string;
  apiToken: string;
  status: number;
  fees: ApiFees;
  advanced: ApiAdvanced;
  assetTemplate: number;
  createdAt: number;
  /** paper when omitted */
  mode?: Exclude<AccountMode, 'live'>;
  keyCheck?: KeyCheck;
}

/** An update; a secret left undefined keeps the stored one. */
export interface ApiChanges {
  name: string;
  bourseId: number;
  apiKey: string;
  apiSecret?: string;
  apiToken?: string;
  status: number;
  mode: AccountMode;
  keyCheck: KeyCheck;
}

/** The columns that hold secrets; each is sealed with its own name as the purpose. */
const SECRET_COLUMNS = ['api_secret', 'api_token'] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];
const purpose = (column: SecretColumn): string => `api_accounts.${column}`;
const seal = (box: SecretBox, column: SecretColumn, plain: string): string => box.seal(plain, purpose(column));

export type ChartPointRow = { at: number } & Omit<ApiChartPoint, 'dateTime'>;

const SELECT_API = `SELECT a.*, b.name AS bourse_name FROM api_accounts a LEFT JOIN bourses b ON b.id = a.bourse_id`;

/** The account if it belongs to the user (another user's account is not found). */
export const findOwnApi = (db: Queryable, apiId: number, userId: number) => db.get<ApiRow>(`${SELECT_API} WHERE a.id = ? AND a.user_id = ?`, [apiId, userId]);

export const listApis = (db: Queryable, userId: number) => db.all<ApiRow>(`${SELECT_API} WHERE a.user_id = ? ORDER BY a.id`, [userId]);

export const listApiNames = (db: Queryable, userId: number, onlyHedging: boolean) =>
  db.all<ApiName>(`SELECT id, name FROM api_accounts WHERE user_id = ? ${onlyHedging ? 'AND status = 1' : ''} ORDER BY id`, [userId]);

export async function insertApi(db: Queryable, box: SecretBox, api: NewApi): Promise<number> {
  const { lastId } = await db.run(
    `INSERT INTO api_accounts (user_id, name, bourse_id, api_key, api_secret, api_token, status, fees, advanced, asset_template, created_at, mode, key_check)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      api.userId,
      api.name,
      api.bourseId,
      api.apiKey,
      seal(box, 'api_secret', api.apiSecret),
      seal(box, 'api_token', api.apiToken),
      api.status,
      JSON.stringify(api.fees),
      JSON.stringify(api.advanced),
      api.assetTemplate,
      api.createdAt,
      api.mode ?? 'paper',
      JSON.stringify(api.keyCheck ?? {}),
    ],
  );
  return lastId;
}

export async function updateApi(db: Queryable, box: SecretBox, row: ApiRow, next: ApiChanges): Promise<void> {
  const apiSecret = next.apiSecret === undefined ? row.api_secret : seal(box, 'api_secret', next.apiSecret);
  const apiToken = next.apiToken === undefined ? row.api_token : seal(box, 'api_token', next.apiToken);
  // live stays on only while the account stays live (a key change turns it off: the handler asks for testnet then)
  const liveSince = next.mode === 'live' ? row.live_since : null;
  await db.run(
    'UPDATE api_accounts SET name = ?, bourse_id = ?, api_key = ?, api_secret = ?, api_token = ?, status = ?, mode = ?, key_check = ?, live_since = ? WHERE id = ?',
    [next.name, next.bourseId, next.apiKey, apiSecret, apiToken, next.status, next.mode, JSON.stringify(next.keyCheck), liveSince, row.id],
  );
}

export const setKeyCheck = (db: Queryable, id: number, check: KeyCheck) =>
  db.run('UPDATE api_accounts SET key_check = ? WHERE id = ?', [JSON.stringify(check), id]);

/** The live switch: live since `at`, or off (`at` null) back to `mode`. */
export const setLive = (db: Queryable, id: number, at: number | null, mode: AccountMode) =>
  db.run('UPDATE api_accounts SET mode = ?, live_since = ? WHERE id = ?', [mode, at, id]);

/** Marks (or clears) exchange_down on every account of an exchange that reaches it (not the paper ones). */
export const setExchangeDown = (db: Queryable, bourseId: number, down: boolean) =>
  db.run(`UPDATE api_accounts SET exchange_down = ? WHERE bourse_id = ? AND (mode != 'paper' OR exchange_down = 1)`, [down, bourseId]);

/** At start nothing is known to be down: the marks of the last run go. */
export const clearExchangeDown = (db: Queryable) => db.run('UPDATE api_accounts SET exchange_down = 0 WHERE exchange_down = 1');

/** The account, whoever owns it (the server's own work: the probe of an exchange that is down, the runners). */
export const findApi = (db: Queryable, apiId: number) => db.get<ApiRow>(`${SELECT_API} WHERE a.id = ?`, [apiId]);

/** The hedging legs an account trades: each child task naming it as leg A or B, with its task's params (JSON). */
export const tradedLegs = (db: Queryable, apiId: number) =>
  db.all<{ params: string; api_a: number; api_b: number }>(
    'SELECT t.params, c.api_a, c.api_b FROM task_children c JOIN task_tasks t ON t.id = c.task_id WHERE c.api_a = ? OR c.api_b = ? ORDER BY c.id',
    [apiId, apiId],
  );

/** What a call to the exchange signs with: the key and the opened secrets. */
export interface ApiCredentials {
  apiKey: string;
  apiSecret: string;
  /** the passphrase some exchanges ask for ('' = none). */
  apiToken: string;
}

/**
 * The decrypted credentials of one of the user's API accounts (undefined: no such account of theirs). The one
 * place a secret is opened: for calling the exchange, never for a reply or a log line.
 */
export async function apiCredentials(app: { db: Queryable; secrets: SecretBox }, apiId: number, userId: number): Promise<ApiCredentials | undefined> {
  const row = await app.db.get<Pick<ApiRow, 'api_key' | SecretColumn>>('SELECT api_key, api_secret, api_token FROM api_accounts WHERE id = ? AND user_id = ?', [
    apiId,
    userId,
  ]);
  if (!row) return undefined;
  return {
    apiKey: row.api_key,
    apiSecret: app.secrets.open(row.api_secret, purpose('api_secret')),
    apiToken: app.secrets.open(row.api_token, purpose('api_token')),
  };
}

/** The opened credentials of an account row (for its exchange client only). */
export const credentialsOf = (box: SecretBox, row: Pick<ApiRow, 'api_key' | SecretColumn>): ApiCredentials => ({
  apiKey: row.api_key,
  apiSecret: box.open(row.api_secret, purpose('api_secret')),
  apiToken: box.open(row.api_token, purpose('api_token')),
});

type SecretRow = { id: number } & Record<SecretColumn, string>;
const secretRows = (db: Queryable) => db.all<SecretRow>('SELECT id, api_secret, api_token FROM api_accounts ORDER BY id');

/** The ids of the keys the stored secrets are sealed with (none on a new or an old, plaintext folder). */
export async function sealedSecretKeyIds(db: Queryable): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const row of await secretRows(db)) for (const column of SECRET_COLUMNS) if (isSealed(row[column])) ids.add(sealedKeyId(row[column]));
  return ids;
}

/**
 * Rewrites every secret under `to`: plaintext ones (a folder of the versions before sealing) are sealed,
 * ones sealed under `from` are opened and sealed again. Idempotent. Returns how many values it rewrote.
 */
export async function resealSecrets(db: Queryable, to: SecretBox, from: SecretBox = to): Promise<number> {
  let rewritten = 0;
  for (const row of await secretRows(db)) {
    const next = { ...row };
    for (const column of SECRET_COLUMNS) {
      const value = row[column];
      if (value === '' || (isSealed(value) && sealedKeyId(value) === to.keyId)) continue;
      next[column] = seal(to, column, isSealed(value) ? from.open(value, purpose(column)) : value);
      rewritten += 1;
    }
    if (next.api_secret !== row.api_secret || next.api_token !== row.api_token) {
      await db.run('UPDATE api_accounts SET api_secret = ?, api_token = ? WHERE id = ?', [next.api_secret, next.api_token, row.id]);
    }
  }
  return rewritten;
}

export const deleteApi = (db: Queryable, id: number) =>
  db.batch([
    { sql: 'DELETE FROM api_chart_points WHERE api_id = ?', args: [id] },
    { sql: 'DELETE FROM api_accounts WHERE id = ?', args: [id] },
  ]);

export async function setMargin(db: Queryable, id: number, marginMode: string, leverage: number): Promise<void> {
  await db.run('UPDATE api_accounts SET margin_mode = ?, leverage = ? WHERE id = ?', [marginMode, leverage, id]);
}

/** Every account's fee config by id, whoever owns it (the task engine reads the fees of its children's accounts). */
export async function feesByApi(db: Queryable): Promise<Record<number, ApiFees>> {
  const apis = await db.all<{ id: number; fees: string }>('SELECT id, fees FROM api_accounts');
  return Object.fromEntries(apis.map((a) => [Number(a.id), JSON.parse(a.fees) as ApiFees]));
}

export async function setFees(db: Queryable, id: number, fees: ApiFees): Promise<void> {
  await db.run('UPDATE api_accounts SET fees = ? WHERE id = ?', [JSON.stringify(fees), id]);
}

export async function setAdvanced(db: Queryable, id: number, advanced: ApiAdvanced): Promise<void> {
  await db.run('UPDATE api_accounts SET advanced = ? WHERE id = ?', [JSON.stringify(advanced), id]);
}

export async function setAssetTemplate(db: Queryable, id: number, assetTemplate: number): Promise<void> {
  await db.run('UPDATE api_accounts SET asset_template = ? WHERE id = ?', [assetTemplate, id]);
}

export const lastChartPoint = (db: Queryable, apiId: number) =>
  db.get<{ equity_usdt: number; equity: number }>('SELECT equity_usdt, equity FROM api_chart_points WHERE api_id = ? ORDER BY at DESC LIMIT 1', [apiId]);

/** The last `count` points, oldest first. */
export const chartPoints = (db: Queryable, apiId: number, count: number) =>
  db.all<ChartPointRow>(
    `SELECT * FROM (SELECT at, equity_usdt, rate_usdt, equity, equity_rate_usdt FROM api_chart_points
     WHERE api_id = ? ORDER BY at DESC LIMIT ?) ORDER BY at`,
    [apiId, count],
  );

const pointStatement = (apiId: number, p: ChartPointRow) => ({
  sql: 'INSERT INTO api_chart_points (api_id, at, equity_usdt, rate_usdt, equity, equity_rate_usdt) VALUES (?, ?, ?, ?, ?, ?)',
  args: [apiId, p.at, p.equity_usdt, p.rate_usdt, p.equity, p.equity_rate_usdt],
});

export const insertChartPoints = (db: Queryable, apiId: number, points: ChartPointRow[]) => db.batch(points.map((point) => pointStatement(apiId, point)));

/** Replaces the whole series by one point. */
export const restartChart = (db: Queryable, apiId: number, point: ChartPointRow) =>
  db.batch([{ sql: 'DELETE FROM api_chart_points WHERE api_id = ?', args: [apiId] }, pointStatement(apiId, point)]);

/** A manual order as filled (§7 /manual/trading): what was asked and how it filled. */
export interface NewManualOrder {
  userId: number;
  apiId: number;
  symbol: string;
  type: number;
  /** the limit price (null: market) */
  price: number | null;
  amount: number;
  direction: number;
  way: number;
  createdAt: number;
  /** null: nothing filled yet (an exchange's order still open) */
  dealPrice: number | null;
  fee: number | null;
  instrumentId: string | null;
  otype: string;
  /** §4 status_: 3 filled at once (paper); 1 on its way to an exchange (store/manual-orders.ts follows it) */
  status: number;
  /** coins filled (null: nothing yet) */
  filled: number | null;
}

export async function insertManualOrder(db: Queryable, order: NewManualOrder): Promise<number> {
  const { lastId } = await db.run(
    `INSERT INTO manual_orders (user_id, api_id, symbol, type, price, amount, direction, way, created_at, deal_price, fee, instrument_id, otype, status, filled)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      order.userId,
      order.apiId,
      order.symbol,
      order.type,
      order.price,
      order.amount,
      order.direction,
      order.way,
      order.createdAt,
      order.dealPrice,
      order.fee,
      order.instrumentId,
      order.otype,
      order.status,
      order.filled,
    ],
  );
  return lastId;
}
