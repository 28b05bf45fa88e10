import type { ApiAccount, ApiAdvanced, ApiFees, AssetTemplate } from '#contract/types/api-accounts';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { DEFAULT_ADVANCED, DEFAULT_ASSET_TEMPLATE, DEFAULT_FEES } from '../store/defaults';
import { floorMinute } from '../clock/time';
import { ADVANCED_RANGES, MAX_MULTIPLE_SUM, multiplesWithinLimit } from '#contract/rules/advanced';
import type { Queryable } from '../store/queryable';
import {
  deleteApi,
  findOwnApi,
  insertApi,
  lastChartPoint,
  listApiNames,
  listApis,
  restartChart,
  setAdvanced,
  setAssetTemplate,
  setFees,
  setMargin,
  updateApi,
  type ApiRow,
} from '../store/api-accounts';
import { bourseExists } from '../store/bourses';
import { has, id, num, oneOf, optBool, optNum, optStr, str, type Payload } from '../http/validate';

/** What the console shows instead of a stored secret; the secret itself never leaves the server. */
export const SECRET_MASK = '******';
const mask = (secret: string): string => (secret ? SECRET_MASK : '');

/** The caller's own API account; another user's account is reported as not found. */
async function ownApi(call: CallContext, db: Queryable = call.app.db, field = 'apiId'): Promise<ApiRow> {
  const user = signedIn(call);
  const row = await findOwnApi(db, id(call.payload, field), user.id);
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
    mode: 'paper',
    key_check: { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null },
    exchange_down: false,
  };
}

async function checkBourse(db: Queryable, bourseId: number): Promise<void> {
  if (!(await bourseExists(db, bourseId))) throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
}

/** A slider value of the advanced settings: within its range, and a whole number when its step is whole. */
function sliderValue(payload: Payload, field: keyof typeof ADVANCED_RANGES): number | undefined {
  const { min, max, step } = ADVANCED_RANGES[field];
  return optNum(payload, field, { min, max, integer: Number.isInteger(step) });
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
    return call.ok((await listApis(call.app.db, user.id)).map((row) => toApiAccount(call, row)));
  },

  async apiNames(call) {
    const user = signedIn(call);
    // all = 0 / false lists the hedging accounts (status 1) only; anything else lists every account
    const all = call.payload.all;
    const onlyHedging = all === false || all === 0 || all === '0' || all === 'false';
    return call.ok(await listApiNames(call.app.db, user.id, onlyHedging));
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
    await checkBourse(call.app.db, bourseId);
    const apiId = await insertApi(call.app.db, call.app.secrets, {
      userId: user.id,
      name,
      bourseId,
      apiKey,
      apiSecret,
      apiToken,
      status,
      fees: DEFAULT_FEES,
      advanced: DEFAULT_ADVANCED,
      assetTemplate: DEFAULT_ASSET_TEMPLATE,
      createdAt: call.app.clock.now(),
    });
    return call.ok({ id: apiId }, 'ok.add');
  },

  async apiUpdate(call) {
    const { payload } = call;
    return call.app.db.transaction(async (tx) => {
      const row = await ownApi(call, tx);
      const bourseId = has(payload, 'bourseId') ? id(payload, 'bourseId') : row.bourse_id;
      if (bourseId !== row.bourse_id) await checkBourse(tx, bourseId);
      await updateApi(tx, call.app.secrets, row, {
        name: has(payload, 'name') ? str(payload, 'name', 64) : row.name,
        bourseId,
        apiKey: has(payload, 'apiKey') ? str(payload, 'apiKey', 512) : row.api_key,
        apiSecret: newSecret(payload, 'apiSecret'),
        apiToken: newSecret(payload, 'apiToken'),
        status: has(payload, 'status') ? oneOf(payload, 'status', [1, 4] as const) : row.status,
      });
      return call.ok({ id: row.id }, 'ok.update');
    });
  },

  async apiDelete(call) {
    const row = await ownApi(call);
    await deleteApi(call.app.db, row.id);
    return call.ok(null, 'ok.delete');
  },

  /** Restarts the profit curve: one point now, at the current equity, with returns back to 0. */
  async apiClear(call) {
    const { clock } = call.app;
    await call.app.db.transaction(async (tx) => {
      const row = await ownApi(call, tx);
      const last = await lastChartPoint(tx, row.id);
      await restartChart(tx, row.id, {
        at: floorMinute(clock.now()),
        equity_usdt: last?.equity_usdt ?? row.asset_template,
        rate_usdt: 0,
        equity: last?.equity ?? 0,
        equity_rate_usdt: 0,
      });
    });
    return call.ok(null, 'ok.generic');
  },

  /** Sets cross margin and 10x leverage on the (simulated) exchange account. */
  async apiInit(call) {
    const row = await ownApi(call);
    // a delay for realism (settings.initDelayMs), so the console's spinner can be seen
    await call.app.clock.sleep(call.app.settings.initDelayMs);
    await setMargin(call.app.db, row.id, 'cross', 10);
    return call.ok({ marginMode: 'cross', leverage: 10, instruments: [] }, 'ok.init');
  },

  async apiChargesGet(call) {
    return call.ok(readFees(await ownApi(call)));
  },

  async apiChargesUpdate(call) {
    return call.app.db.transaction(async (tx) => {
      const row = await ownApi(call, tx);
      const fees = readFees(row);
      for (const field of FEE_FIELDS) {
        const value = optNum(call.payload, field, { nonNegative: true });
        if (value !== undefined) fees[field] = value;
      }
      await setFees(tx, row.id, fees);
      return call.ok(fees, 'ok.config');
    });
  },

  async apiAssetTemplateGet(call) {
    const row = await ownApi(call);
    const data: AssetTemplate = { assetTemplate: row.asset_template };
    return call.ok(data);
  },

  async apiAssetTemplateSave(call) {
    const row = await ownApi(call);
    const assetTemplate = num(call.payload, 'assetTemplate', { positive: true });
    await setAssetTemplate(call.app.db, row.id, assetTemplate);
    return call.ok({ assetTemplate }, 'ok.save');
  },

  async apiAdvancedGet(call) {
    return call.ok(readAdvanced(await ownApi(call)));
  },

  /** The slider ranges and the spot + futures limit are the contract's (contract/rules/advanced.ts), as the console's dialog reads them. */
  async apiAdvancedUpdate(call) {
    const { payload } = call;
    return call.app.db.transaction(async (tx) => {
      const row = await ownApi(call, tx);
      const current = readAdvanced(row);
      const next: ApiAdvanced = {
        is_borrow: optBool(payload, 'is_borrow') ?? current.is_borrow,
        is_auto_repayment: optBool(payload, 'is_auto_repayment') ?? current.is_auto_repayment,
        lever_risk_rate: sliderValue(payload, 'lever_risk_rate') ?? current.lever_risk_rate,
        total_deposit_multiple: sliderValue(payload, 'total_deposit_multiple') ?? current.total_deposit_multiple,
        proportion_ratio_spot: sliderValue(payload, 'proportion_ratio_spot') ?? current.proportion_ratio_spot,
        proportion_ratio_deposit: sliderValue(payload, 'proportion_ratio_deposit') ?? current.proportion_ratio_deposit,
        max_order_notional: current.max_order_notional,
      };
      if (!multiplesWithinLimit(next)) throw invalid('err.ratioSum', { max: MAX_MULTIPLE_SUM });
      await setAdvanced(tx, row.id, next);
      return call.ok(next, 'ok.config');
    });
  },
};
