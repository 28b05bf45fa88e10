import { reachesExchange, type KeyCheck, type TradingModes } from '#contract/types/api-accounts';
import { signedIn, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { has, id, optBool, optNum, optStr } from '../http/validate';
import { checkKey, keyStatus, liveReady } from '../exchange/accounts';
import { TESTNET } from '../exchange/clients';
import type { ExchangeId } from '../market/instruments';
import { credentialsOf, findOwnApi, keyCheckOf, setKeyCheck, setLive, type ApiRow } from '../store/api-accounts';
import { pageAudit, type AuditScope } from '../store/audit';
import { ownApi, toApiAccount } from './api-accounts';

/** The trading modes an account may use, its live switch, its key check, and the audit log of what was sent. */

const AUDIT_PAGE_SIZE = 20;
const AUDIT_PAGE_MAX = 100;

/** What a live account turned off goes back to: its exchange's test network, or paper where there is none. */
const offLive = (row: ApiRow): 'testnet' | 'paper' => (TESTNET[row.bourse_id as ExchangeId] ? 'testnet' : 'paper');

export const exchangeAccountHandlers: HandlerMap = {
  tradingModes(call) {
    const data: TradingModes = { live: call.app.settings.liveTrading, testnet: { ...TESTNET } };
    return call.ok(data);
  },

  /**
   * Live on: the server allows it (settings.liveTrading), `confirm` is the account's `<bourse_name>/<name>`, and the key,
   * checked again now on the exchange's live network, works, may trade and may not withdraw. Off: back to the test network.
   */
  async apiLive(call) {
    const user = signedIn(call);
    const row = await ownApi(call);
    const { app } = call;
    if (optBool(call.payload, 'enable') !== true) {
      if (row.mode === 'live') {
        await setLive(app.db, row.id, null, offLive(row));
        await app.exchanges.forget(row.id);
      }
      return call.ok(toApiAccount(call, (await findOwnApi(app.db, row.id, user.id))!), 'ok.liveOff');
    }
    if (!app.settings.liveTrading) throw invalid('err.live.off');
    const expected = `${row.bourse_name ?? row.bourse_id}/${row.name}`;
    if (optStr(call.payload, 'confirm', 200) !== expected) throw invalid('err.live.confirm', { expected });
    const target = {
      ...credentialsOf(app.secrets, row),
      apiId: row.id,
      ownerId: row.user_id,
      bourseId: row.bourse_id,
      bourseName: row.bourse_name ?? String(row.bourse_id),
      mode: 'live' as const,
    };
    const check = await app.exchanges.withClient(target, user.id, (client) => checkKey(client, row.bourse_id as ExchangeId, () => app.clock.now()));
    await setKeyCheck(app.db, row.id, check);
    if (!liveReady(check)) throw invalid('err.live.key', { status: call.t(...keyStatus(check)) });
    await setLive(app.db, row.id, app.clock.now(), 'live');
    await app.exchanges.forget(row.id);
    return call.ok(toApiAccount(call, (await findOwnApi(app.db, row.id, user.id))!), 'ok.liveOn');
  },

  /** Checks the key again on its account's network; a paper account is not checked (nothing is sent). A live key that no longer passes turns live off. */
  async apiCheck(call) {
    const user = signedIn(call);
    const row = await ownApi(call);
    const { app } = call;
    if (!reachesExchange(row.mode)) return call.ok(keyCheckOf(row));
    let check: KeyCheck;
    try {
      const client = app.exchanges.clientFor(row, user.id);
      check = await checkKey(client, row.bourse_id as ExchangeId, () => app.clock.now());
    } catch (error) {
      check = { ...keyCheckOf(row), valid: null, checkedAt: app.clock.now(), error: error instanceof Error ? error.message : String(error) };
    }
    await setKeyCheck(app.db, row.id, check);
    if (row.mode === 'live' && (check.valid === false || check.canTrade === false || check.canWithdraw === true)) {
      await setLive(app.db, row.id, null, offLive(row));
      await app.exchanges.forget(row.id);
    }
    return call.ok(check, 'ok.check');
  },

  /**
   * A page of the requests sent to the exchanges, newest first: one account's (`apiId`, the caller's own, for every
   * role), or without it the caller's accounts (the super user: every account).
   */
  async auditLog(call) {
    const user = signedIn(call);
    const { payload, app } = call;
    let scope: AuditScope;
    if (has(payload, 'apiId')) {
      const row = await findOwnApi(app.db, id(payload, 'apiId'), user.id);
      if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
      scope = { apiId: row.id };
    } else scope = user.isSuper ? 'all' : { ownerId: user.id };
    const page = optNum(payload, 'page', { integer: true, positive: true }) ?? 1;
    const pageSize = optNum(payload, 'pageSize', { integer: true, min: 1, max: AUDIT_PAGE_MAX }) ?? AUDIT_PAGE_SIZE;
    await app.exchanges.settled();
    return call.ok(await pageAudit(app.db, scope, page, pageSize));
  },
};
