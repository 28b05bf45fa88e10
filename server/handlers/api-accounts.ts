import type { ApiAccount, ApiAdvanced, ApiChartPoint, ApiFees, ApiName, AssetTemplate } from '../../src/api/types';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../envelope';
import { DEFAULT_ADVANCED, DEFAULT_ASSET_TEMPLATE, DEFAULT_FEES } from '../seed';
import { floorMinute, formatMinute } from '../time';
import { has, id, num, oneOf, optBool, optNum, optStr, str, type Payload } from '../validate';

/** What the console shows instead of a stored secret; the secret itself never leaves the server. */
export const SECRET_MASK = '******';
const mask = (secret: string): string => (secret ? SECRET_MASK : '');

export const CHART_POINTS = 180;

interface ApiRow {
  id: number;
  user_id: number;
  name: string;
  bourse_id: number;
  bourse_name: string | null;
  api_key: string;
  api_secret: string;
  api_token: string;
  status: number;
  margin_mode: string;
  leverage: number;
  fees: string;
  advanced: string;
  asset_template: number;
}

const SELECT_API = `SELECT a.*, b.name AS bourse_name FROM api_accounts a LEFT JOIN bourses b ON b.id = a.bourse_id`;

/** The caller's own API account; another user's account is reported as not found. */
async function ownApi(call: CallContext, field = 'apiId'): Promise<ApiRow> {
  const user = signedIn(call);
  const apiId = id(call.payload, field);
  const row = await call.app.db.get<ApiRow>(`${SELECT_API} WHERE a.id = ? AND a.user_id = ?`, [apiId, user.id]);
  if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
  return row;
}

function toApiAccount(call: CallContext, row: ApiRow): ApiAccount {
  return {
    id: row.id,
    name: row.name,
    bourse_id: row.bourse_id,
    bourse_name: row.bourse_name ?? String(row.bourse_id),
    status_info: row.margin_mode ? call.t('api.status.initialised', { leverage: row.leverage }) : call.t('api.status.normal'),
    apiKey: row.api_key,
    apiSecret: mask(row.api_secret),
    apiToken: mask(row.api_token),
    status: row.status === 1 ? 1 : 4,
  };
}

async function checkBourse(call: CallContext, bourseId: number): Promise<void> {
  if (!(await call.app.db.get('SELECT id FROM bourses WHERE id = ?', [bourseId]))) {
    throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
  }
}

/** A secret field of an update: absent, empty or the mask itself means "keep the stored one". */
function newSecret(payload: Payload, field: string): string | undefined {
  const value = optStr(payload, field, 512);
  return value === undefined || value === SECRET_MASK ? undefined : value;
}

const FEE_FIELDS = Object.keys(DEFAULT_FEES) as (keyof ApiFees)[];

function readFees(row: ApiRow): ApiFees {
  return { ...DEFAULT_FEES, ...(JSON.parse(row.fees) as Partial<ApiFees>) };
}
function readAdvanced(row: ApiRow): ApiAdvanced {
  return { ...DEFAULT_ADVANCED, ...(JSON.parse(row.advanced) as Partial<ApiAdvanced>) };
}

export const apiAccountHandlers: HandlerMap = {
  async apiList(call) {
    const user = signedIn(call);
    const rows = await call.app.db.all<ApiRow>(`${SELECT_API} WHERE a.user_id = ? ORDER BY a.id`, [user.id]);
    return call.ok(rows.map((row) => toApiAccount(call, row)));
  },

  async apiNames(call) {
    const user = signedIn(call);
    // all = 0 / false lists the hedging accounts (status 1) only; anything else lists every account
    const all = call.payload.all;
    const onlyHedging = all === false || all === 0 || all === '0' || all === 'false';
    const rows = await call.app.db.all<ApiName>(
      `SELECT id, name FROM api_accounts WHERE user_id = ? ${onlyHedging ? 'AND status = 1' : ''} ORDER BY id`,
      [user.id],
    );
    return call.ok(rows);
  },

  async apiAdd(call) {
    const user = signedIn(call);
    const { payload } = call;
    const name = str(payload, 'name', 64);
    const bourseId = id(payload, 'bourseId');
    const apiKey = str(payload, 'apiKey', 512);
    const apiSecret = newSecret(payload, 'apiSecret');
    if (!apiSecret) throw invalid('err.required', { field: 'apiSecret' });
    const apiToken = newSecret(payload, 'apiToken') ?? '';
    const status = has(payload, 'status') ? oneOf(payload, 'status', [1, 4] as const) : 4;
    await checkBourse(call, bourseId);
    const { lastId } = await call.app.db.run(
      `INSERT INTO api_accounts (user_id, name, bourse_id, api_key, api_secret, api_token, status, fees, advanced, asset_template, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [user.id, name, bourseId, apiKey, apiSecret, apiToken, status, JSON.stringify(DEFAULT_FEES), JSON.stringify(DEFAULT_ADVANCED), DEFAULT_ASSET_TEMPLATE, call.app.clock.now()],
    );
    return call.ok({ id: lastId }, 'ok.add');
  },

  async apiUpdate(call) {
    const row = await ownApi(call);
    const { payload } = call;
    const bourseId = has(payload, 'bourseId') ? id(payload, 'bourseId') : row.bourse_id;
    if (bourseId !== row.bourse_id) await checkBourse(call, bourseId);
    const next = {
      name: has(payload, 'name') ? str(payload, 'name', 64) : row.name,
      apiKey: has(payload, 'apiKey') ? str(payload, 'apiKey', 512) : row.api_key,
      apiSecret: newSecret(payload, 'apiSecret') ?? row.api_secret,
      apiToken: newSecret(payload, 'apiToken') ?? row.api_token,
      status: has(payload, 'status') ? oneOf(payload, 'status', [1, 4] as const) : row.status,
    };
    await call.app.db.run(
      'UPDATE api_accounts SET name = ?, bourse_id = ?, api_key = ?, api_secret = ?, api_token = ?, status = ? WHERE id = ?',
      [next.name, bourseId, next.apiKey, next.apiSecret, next.apiToken, next.status, row.id],
    );
    return call.ok({ id: row.id }, 'ok.update');
  },

  async apiDelete(call) {
    const row = await ownApi(call);
    await call.app.db.batch([
      { sql: 'DELETE FROM api_chart_points WHERE api_id = ?', args: [row.id] },
      { sql: 'DELETE FROM api_accounts WHERE id = ?', args: [row.id] },
    ]);
    return call.ok(null, 'ok.delete');
  },

  /** Restarts the profit curve: one point now, at the current equity, with returns back to 0. */
  async apiClear(call) {
    const row = await ownApi(call);
    const { db, clock } = call.app;
    const last = await db.get<{ equity_usdt: number; equity: number }>(
      'SELECT equity_usdt, equity FROM api_chart_points WHERE api_id = ? ORDER BY at DESC LIMIT 1',
      [row.id],
    );
    await db.batch([
      { sql: 'DELETE FROM api_chart_points WHERE api_id = ?', args: [row.id] },
      {
        sql: 'INSERT INTO api_chart_points (api_id, at, equity_usdt, rate_usdt, equity, equity_rate_usdt) VALUES (?, ?, ?, 0, ?, 0)',
        args: [row.id, floorMinute(clock.now()), last?.equity_usdt ?? row.asset_template, last?.equity ?? 0],
      },
    ]);
    return call.ok(null, 'ok.generic');
  },

  /** Sets cross margin and 10x leverage on the (simulated) exchange account. */
  async apiInit(call) {
    const row = await ownApi(call);
    // a delay for realism (settings.initDelayMs), so the console's spinner can be seen
    await call.app.clock.sleep(call.app.settings.initDelayMs);
    await call.app.db.run("UPDATE api_accounts SET margin_mode = 'cross', leverage = 10 WHERE id = ?", [row.id]);
    return call.ok({ marginMode: 'cross', leverage: 10 }, 'ok.init');
  },

  async apiChargesGet(call) {
    return call.ok(readFees(await ownApi(call)));
  },

  async apiChargesUpdate(call) {
    const row = await ownApi(call);
    const fees = readFees(row);
    for (const field of FEE_FIELDS) {
      const value = optNum(call.payload, field, { nonNegative: true });
      if (value !== undefined) fees[field] = value;
    }
    await call.app.db.run('UPDATE api_accounts SET fees = ? WHERE id = ?', [JSON.stringify(fees), row.id]);
    return call.ok(fees, 'ok.config');
  },

  async apiAssetTemplateGet(call) {
    const row = await ownApi(call);
    const data: AssetTemplate = { assetTemplate: row.asset_template };
    return call.ok(data);
  },

  async apiAssetTemplateSave(call) {
    const row = await ownApi(call);
    const assetTemplate = num(call.payload, 'assetTemplate', { positive: true });
    await call.app.db.run('UPDATE api_accounts SET asset_template = ? WHERE id = ?', [assetTemplate, row.id]);
    return call.ok({ assetTemplate }, 'ok.save');
  },

  async apiAdvancedGet(call) {
    return call.ok(readAdvanced(await ownApi(call)));
  },

  async apiAdvancedUpdate(call) {
    const row = await ownApi(call);
    const { payload } = call;
    const current = readAdvanced(row);
    const next: ApiAdvanced = {
      is_borrow: optBool(payload, 'is_borrow') ?? current.is_borrow,
      is_auto_repayment: optBool(payload, 'is_auto_repayment') ?? current.is_auto_repayment,
      lever_risk_rate: optNum(payload, 'lever_risk_rate', { min: 0.2, max: 2 }) ?? current.lever_risk_rate,
      total_deposit_multiple: optNum(payload, 'total_deposit_multiple', { integer: true, min: 0, max: 20 }) ?? current.total_deposit_multiple,
      proportion_ratio_spot: optNum(payload, 'proportion_ratio_spot', { min: 0, max: 20 }) ?? current.proportion_ratio_spot,
      proportion_ratio_deposit: optNum(payload, 'proportion_ratio_deposit', { min: 1, max: 20 }) ?? current.proportion_ratio_deposit,
    };
    if (next.proportion_ratio_spot + next.proportion_ratio_deposit > 20) throw invalid('err.ratioSum');
    await call.app.db.run('UPDATE api_accounts SET advanced = ? WHERE id = ?', [JSON.stringify(next), row.id]);
    return call.ok(next, 'ok.config');
  },

  /** The last 180 points of the API's chart series, oldest first. */
  async assetImaging(call) {
    const row = await ownApi(call);
    optNum(call.payload, 'layout', { integer: true, min: 1, max: 10 });
    const rows = await call.app.db.all<{ at: number } & Omit<ApiChartPoint, 'dateTime'>>(
      `SELECT * FROM (SELECT at, equity_usdt, rate_usdt, equity, equity_rate_usdt FROM api_chart_points
       WHERE api_id = ? ORDER BY at DESC LIMIT ?) ORDER BY at`,
      [row.id, CHART_POINTS],
    );
    const data: ApiChartPoint[] = rows.map(({ at, ...point }) => ({ dateTime: formatMinute(at), ...point }));
    return call.ok(data);
  },

  async manualTrading(call) {
    const user = signedIn(call);
    const row = await ownApi(call);
    const { payload, app } = call;
    const symbol = str(payload, 'symbol', 32);
    const type = num(payload, 'type', { integer: true, positive: true });
    const supported = await app.db.get('SELECT type_id FROM transaction_types WHERE bourse_id = ? AND type_id = ?', [row.bourse_id, type]);
    if (!supported) throw invalid('err.contractType', { bourse: row.bourse_name ?? row.bourse_id, type });
    const direction = oneOf(payload, 'direction', [1, 2, 3, 4] as const);
    if (type === 1 && direction > 2) throw invalid('err.spotDirection');
    const way = oneOf(payload, 'way', [0, 1] as const);
    const amount = num(payload, 'amount', { positive: true });
    if (way === 0 && !has(payload, 'price')) throw invalid('err.priceRequired');
    const price = optNum(payload, 'price', { positive: true }) ?? null;
    const { lastId } = await app.db.run(
      `INSERT INTO manual_orders (user_id, api_id, symbol, type, price, amount, direction, way, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [user.id, row.id, symbol, type, way === 1 ? null : price, amount, direction, way, app.clock.now()],
    );
    return call.ok({ id: lastId }, 'ok.submit');
  },
};
