import type { TransactionType } from '#contract/types/market';
import type { HandlerMap } from '../context';
import { fail, CODE, invalid } from '../http/envelope';
import { checkTable, currencyTypes, deliveryCodes, distanceDays, klines, parseKlineQuery, type MarketTable } from '../market';
import { hasMessage } from '../http/messages';
import { bourseExists, contractTypes, listBourses } from '../store/bourses';
import { readMarketParams, readMarketTables, saveMarketParams, saveMarketTables } from '../store/market';
import type { Queryable } from '../store/queryable';
import { id, jsonList, jsonObject, num } from '../http/validate';
import { signedIn } from '../context';

/** At most this many tables per user (the benchmark shows 12). */
export const MAX_MARKET_TABLES = 48;
/** The params object of PUT /market/put, as JSON, at most this long. */
export const MAX_MARKET_PARAMS_CHARS = 16 * 1024;

/**
 * The board of a user who never stored tables: spot against this week and quarter on exchange 1 (the
 * task page's contract pairs), and the quarter across exchanges 1 and 2.
 */
export const DEFAULT_MARKET_TABLES: readonly MarketTable[] = [
  [1, 1, 1, 2],
  [1, 1, 1, 4],
  [1, 2, 4, 4],
];

/** The user's tables, or the default board. */
export async function userMarketTables(db: Queryable, userId: number): Promise<MarketTable[]> {
  return (await readMarketTables(db, userId)) ?? DEFAULT_MARKET_TABLES.map((table) => [...table] as MarketTable);
}

/** Checked tables without repeats (the console keys a table by its four numbers), in the order given. */
export function checkTables(list: readonly unknown[]): MarketTable[] {
  const byKey = new Map<string, MarketTable>();
  for (const value of list) {
    const table = checkTable(value);
    if (!byKey.has(table.join('/'))) byKey.set(table.join('/'), table);
  }
  if (byKey.size > MAX_MARKET_TABLES) throw invalid('err.marketTables', { max: MAX_MARKET_TABLES });
  return [...byKey.values()];
}

export const marketHandlers: HandlerMap = {
  async bourseGet(call) {
    return call.ok(await listBourses(call.app.db));
  },

  async transactionTypeGet(call) {
    const bourseId = id(call.payload, 'bourseId');
    const { db } = call.app;
    if (!(await bourseExists(db, bourseId))) throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
    const data: TransactionType[] = (await contractTypes(db, bourseId)).map((type) => {
      const key = `contract.${type}`;
      return { id: type, name: hasMessage(key) ? call.t(key) : String(type) };
    });
    return call.ok(data);
  },

  /** Stores the user's market tables ([exchange A, exchange B, type A, type B] each). */
  async marketPut2(call) {
    const user = signedIn(call);
    const tables = checkTables(jsonList(call.payload, 'params'));
    await saveMarketTables(call.app.db, user.id, tables, call.app.clock.now());
    return call.ok(null, 'ok.save');
  },

  async marketParamGet2(call) {
    return call.ok(await userMarketTables(call.app.db, signedIn(call).id));
  },

  /** Stores the user's market params: a JSON object kept as given (the spec does not show its fields). */
  async marketPut(call) {
    const user = signedIn(call);
    const params = jsonObject(call.payload, 'params');
    if (JSON.stringify(params).length > MAX_MARKET_PARAMS_CHARS) throw invalid('err.tooLong', { field: 'params', max: MAX_MARKET_PARAMS_CHARS });
    await saveMarketParams(call.app.db, user.id, params, call.app.clock.now());
    return call.ok(null, 'ok.save');
  },

  async marketParamGet(call) {
    return call.ok(await readMarketParams(call.app.db, signedIn(call).id));
  },

  currencyTypeGet(call) {
    const { payload } = call;
    return call.ok(currencyTypes(num(payload, 'aTransactionType'), num(payload, 'bTransactionType')));
  },

  /** K-lines come from the simulation, also in live mode (no history is fetched). */
  klineData(call) {
    const { market, clock } = call.app;
    const now = clock.now();
    return call.ok(klines(market.sim, parseKlineQuery(call.payload, now), now));
  },

  distanceDays(call) {
    return call.ok(distanceDays(call.payload, call.app.clock.now()));
  },

  deliveryCode(call) {
    return call.ok(deliveryCodes(call.app.clock.now()));
  },
};
