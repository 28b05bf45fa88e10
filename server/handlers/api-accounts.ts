import {
  reachesExchange,
  type AccountMode,
  type ApiAccount,
  type ApiAdvanced,
  type ApiFees,
  type AssetTemplate,
  type InitResult,
  type KeyCheck,
} from '#contract/types/api-accounts';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid, type CallError } from '../http/envelope';
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
  credentialsOf,
  keyCheckOf,
  UNCHECKED,
  type ApiRow,
} from '../store/api-accounts';
import type { NewAuditRow } from '../store/audit';
import { bourseNames } from '../store/bourses';
import { has, id, num, oneOf, optBool, optNum, optStr, str, type Payload } from '../http/validate';
import { refusalOf, TESTNET, type ClientTarget } from '../exchange/clients';
import { checkKey, HedgeModeRefused, initInstruments, initPositionMode, instrumentsOf, keyStatus, INIT_LEVERAGE, INIT_MARGIN_MODE } from '../exchange/accounts';
import { auditText } from '../exchange/audit';
import type { ExchangeId } from '../market/instruments';

/** What the console shows instead of a stored secret; the secret itself never leaves the server. */
export const SECRET_MASK = '******';
const mask = (secret: string): string => (secret ? SECRET_MASK : '');

/** The caller's own API account; another user's account is reported as not found. */
export async function ownApi(call: CallContext, db: Queryable = call.app.db, field = 'apiId'): Promise<ApiRow> {
  const user = signedIn(call);
  const row = await findOwnApi(db, id(call.payload, field), user.id);
  if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
  return row;
}

/** status_info (§3): a paper account's initialisation, else what the last check of its key found. */
function statusInfo(call: CallContext, row: ApiRow): string {
  if (reachesExchange(row.mode)) return call.t(...keyStatus(keyCheckOf(row)));
  return row.margin_mode ? call.t('api.status.initialised', { leverage: row.leverage }) : call.t('api.status.normal');
}

export function toApiAccount(call: CallContext, row: ApiRow): ApiAccount {
  const mode = reachesExchange(row.mode) ? row.mode : 'paper';
  return {
    id: row.id,
    name: row.name,
    bourse_id: row.bourse_id,
    bourse_name: row.bourse_name ?? String(row.bourse_id),
    status_info: statusInfo(call, row),
    apiKey: row.api_key,
    apiSecret: mask(row.api_secret),
    apiToken: mask(row.api_token),
    status: row.status === 1 ? 1 : 4,
    mode,
    key_check: keyCheckOf(row),
    exchange_down: reachesExchange(mode) && (Boolean(row.exchange_down) || call.app.exchanges.isDown(row.bourse_id)),
  };
}

/** The exchange's name; an id the server does not list is refused. */
async function bourseName(db: Queryable, bourseId: number): Promise<string> {
  const name = (await bourseNames(db))[bourseId];
  if (name === undefined) throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
  return name;
}

/** `mode` of a save: paper or testnet (live is turned on by apiLive only); undefined when absent. */
function modeOf(payload: Payload): 'paper' | 'testnet' | undefined {
  const mode = optStr(payload, 'mode', 16);
  if (mode === undefined) return undefined;
  if (mode !== 'paper' && mode !== 'testnet') throw invalid('err.oneOf', { field: 'mode', values: 'paper / testnet' });
  return mode;
}

/** A test network the exchange does not have (HTX) is refused by name. */
function refuseMissingTestnet(mode: AccountMode, bourseId: number, bourse: string): void {
  if (mode === 'testnet' && !TESTNET[bourseId as ExchangeId]) throw invalid('err.exchange.noTestnet', { bourse });
}

/** A reply for a request the server did not send (exchange down, paper, no test network), or an exchange's refusal. */
export function exchangeFailure(error: unknown): CallError {
  if (error instanceof HedgeModeRefused) return fail(CODE.badRequest, error.key, error.params);
  const refusal = refusalOf(error);
  if (refusal) return fail(CODE.badRequest, refusal.key, refusal.params);
  return fail(CODE.badRequest, 'err.exchange.failed', { error: auditText(error instanceof Error ? error.message : String(error), []).slice(0, 300) });
}

/** Checks a key as it is being saved, on the network of `mode`; a key that can withdraw is refused (nothing stored). */
async function checkBeforeSave(call: CallContext, target: ClientTarget, keep?: (row: NewAuditRow) => void): Promise<KeyCheck> {
  const user = signedIn(call);
  const { exchanges, clock } = call.app;
  const check = await exchanges.withClient(target, user.id, (client) => checkKey(client, target.bourseId as ExchangeId, () => clock.now()), keep);
  return check;
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

/** The largest notional of one order (USDT, ≥ 0; 0 = no limit); undefined when absent. Enforced where orders leave (the gateway). */
function maxOrderNotional(payload: Payload): number | undefined {
  try {
    return optNum(payload, 'max_order_notional', { nonNegative: true });
  } catch {
    throw invalid('err.maxOrderNotional'); // says what the field is for, and that 0 means no limit
  }
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
    const mode = modeOf(payload) ?? 'paper';
    const bourse = await bourseName(call.app.db, bourseId);
    refuseMissingTestnet(mode, bourseId, bourse);
    // the check's requests are logged once the account has an id (account 0 when its key is refused)
    const requests: NewAuditRow[] = [];
    let keyCheck = UNCHECKED;
    if (reachesExchange(mode)) {
      const target: ClientTarget = { apiId: 0, ownerId: user.id, bourseId, bourseName: bourse, mode, apiKey, apiSecret, apiToken };
      keyCheck = await checkBeforeSave(call, target, (row) => requests.push(row));
      if (keyCheck.canWithdraw === true) {
        call.app.exchanges.writeAudit(requests, 0);
        throw invalid('err.key.withdraw');
      }
    }
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
      mode,
      keyCheck,
    });
    call.app.exchanges.writeAudit(requests, apiId);
    return call.ok({ id: apiId }, 'ok.add');
  },

  /**
   * A testnet or live account's key is checked again (outside any transaction: it is a call to the exchange) when the
   * key, the exchange or the mode changes; a changed key turns live trading off (back to testnet).
   */
  async apiUpdate(call) {
    const { payload } = call;
    const row = await ownApi(call);
    const bourseId = has(payload, 'bourseId') ? id(payload, 'bourseId') : row.bourse_id;
    const bourse = await bourseName(call.app.db, bourseId);
    const apiKey = has(payload, 'apiKey') ? str(payload, 'apiKey', 512) : row.api_key;
    const apiSecret = newSecret(payload, 'apiSecret');
    const apiToken = newSecret(payload, 'apiToken');
    const keyChanged = apiKey !== row.api_key || apiSecret !== undefined || apiToken !== undefined || bourseId !== row.bourse_id;
    const asked = modeOf(payload);
    const mode: AccountMode = asked ?? (row.mode === 'live' && keyChanged ? 'testnet' : row.mode);
    refuseMissingTestnet(mode, bourseId, bourse);
    let keyCheck = keyCheckOf(row);
    if (reachesExchange(mode) && (keyChanged || mode !== row.mode)) {
      const stored = credentialsOf(call.app.secrets, row);
      const target: ClientTarget = {
        apiId: row.id,
        ownerId: row.user_id,
        bourseId,
        bourseName: bourse,
        mode,
        apiKey,
        apiSecret: apiSecret ?? stored.apiSecret,
        apiToken: apiToken ?? stored.apiToken,
      };
      keyCheck = await checkBeforeSave(call, target);
      if (keyCheck.canWithdraw === true) throw invalid('err.key.withdraw');
    }
    await call.app.db.transaction(async (tx) => {
      const current = await ownApi(call, tx);
      await updateApi(tx, call.app.secrets, current, {
        name: has(payload, 'name') ? str(payload, 'name', 64) : current.name,
        bourseId,
        apiKey,
        apiSecret,
        apiToken,
        status: has(payload, 'status') ? oneOf(payload, 'status', [1, 4] as const) : current.status,
        mode,
        keyCheck,
      });
    });
    if (keyChanged || mode !== row.mode) await call.app.exchanges.forget(row.id);
    return call.ok({ id: row.id }, 'ok.update');
  },

  async apiDelete(call) {
    const row = await ownApi(call);
    await deleteApi(call.app.db, row.id);
    await call.app.exchanges.forget(row.id);
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

  /**
   * Sets cross margin and 10x leverage: a paper account in the simulation; a testnet or live one on its exchange, for
   * each contract it trades (exchange/accounts.ts instrumentsOf), each answered with the exchange's result.
   */
  async apiInit(call) {
    const row = await ownApi(call);
    const user = signedIn(call);
    if (!reachesExchange(row.mode)) {
      // a delay for realism (settings.initDelayMs), so the console's spinner can be seen
      await call.app.clock.sleep(call.app.settings.initDelayMs);
      await setMargin(call.app.db, row.id, INIT_MARGIN_MODE, INIT_LEVERAGE);
      return call.ok({ marginMode: INIT_MARGIN_MODE, leverage: INIT_LEVERAGE, instruments: [] }, 'ok.init');
    }
    let instruments: InitResult[];
    if (call.app.exchanges.isDown(row.bourse_id)) throw fail(CODE.badRequest, 'err.exchange.down', { bourse: row.bourse_name ?? String(row.bourse_id) });
    try {
      const client = call.app.exchanges.clientFor(row, user.id);
      await client.loadMarkets();
      await initPositionMode(client, row.bourse_id as ExchangeId, row.bourse_name ?? String(row.bourse_id));
      const symbols = await instrumentsOf(call.app.db, row, client, call.app.clock.now());
      instruments = await initInstruments(client, row.bourse_id as ExchangeId, symbols);
    } catch (error) {
      throw exchangeFailure(error);
    }
    const failed = instruments.filter((result) => !result.ok).length;
    if (!failed) await setMargin(call.app.db, row.id, INIT_MARGIN_MODE, INIT_LEVERAGE);
    const reply = { marginMode: INIT_MARGIN_MODE, leverage: INIT_LEVERAGE, instruments };
    return call.ok(reply, failed ? 'ok.initPartial' : 'ok.init');
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
        max_order_notional: maxOrderNotional(payload) ?? current.max_order_notional,
      };
      if (!multiplesWithinLimit(next)) throw invalid('err.ratioSum', { max: MAX_MULTIPLE_SUM });
      await setAdvanced(tx, row.id, next);
      return call.ok(next, 'ok.config');
    });
  },
};
