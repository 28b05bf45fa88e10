/** Safety on the exchanges (issue 33): the kill switch. */
import { signedIn, type HandlerMap } from '../context';
import { CODE, fail } from '../http/envelope';
import { optNum } from '../http/validate';
import { taskRunnerOf } from '../hedging/runner';
import { findOwnApi, listApis } from '../store/api-accounts';
import { allApis } from '../store/assets';

export const exchangeHandlers: HandlerMap = {
  /**
   * {apiId?} → KillResult: stops every task trading on an exchange (testnet or live) with a leg on the accounts and
   * cancels their open orders there. apiId: that account, the caller's own (another user's is not found, whoever
   * asks); omitted: every account of the caller, and for the super user every account of everyone.
   */
  async killSwitch(call) {
    const user = signedIn(call);
    const apiId = optNum(call.payload, 'apiId', { integer: true, min: 1 });
    let ids: number[];
    if (apiId !== undefined) {
      const row = await findOwnApi(call.app.db, apiId, user.id);
      if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
      ids = [Number(row.id)];
    } else {
      ids = (user.isSuper ? await allApis(call.app.db) : await listApis(call.app.db, user.id)).map((a) => Number(a.id));
    }
    const runner = taskRunnerOf(call.app);
    const result = runner ? await runner.kill(ids, user.id) : { accounts: ids, stoppedTasks: 0, cancelledOrders: 0 };
    return call.ok(result, 'ok.killSwitch');
  },
};
