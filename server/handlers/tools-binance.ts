/**
 * The Binance tool pages: /binance/trading reads the user's Binance (exchange 3) accounts with
 * their leverage and the margin their follow positions put up, and changes the leverage; /binance/currency
 * keeps the exchange-specific blacklist, one per Binance API account. Adjusting a position and the
 * independent trigger are the follow task's own calls (unilateral-follow.ts).
 */
import type { BinanceAccount, BinancePosition } from '#contract/types/binance';
import { BINANCE_BOURSE, LEVERAGE, leverageProblem, marginOf } from '#contract/rules/binance';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { id } from '../http/validate';
import { CURRENCIES } from '../market';
import { findOwnApi, listApis, setMargin, type ApiRow } from '../store/api-accounts';
import type { Queryable } from '../store/queryable';
import { findUStrategy, followTaskView } from '../store/unilateral';
import { binanceBlacklistOf, writeBinanceBlacklist } from '../store/signal-coins';
import { simPrice, type PriceAt } from '../unilateral/runner';
import { equityOf } from '../unilateral/engine';
import { coinList } from './unilateral-access';
import { positionRows } from './unilateral-views';

/** The account's leverage: the one stored on the API account (/api/init sets it too), Binance's default until set. */
const leverageOf = (api: Pick<ApiRow, 'leverage'>): number => api.leverage || LEVERAGE.initial;

/** The API account on Binance the call names, the caller's own. */
async function ownBinanceApi(call: CallContext): Promise<ApiRow> {
  const api = await findOwnApi(call.app.db, id(call.payload, 'apiId'), signedIn(call).id);
  if (!api || api.bourse_id !== BINANCE_BOURSE) throw fail(CODE.notFound, 'err.apiNotFound');
  return api;
}

/** The page's view of one account: its leverage, its follow task and the margin of that task's position. */
async function accountView(db: Queryable, api: ApiRow, priceAt: PriceAt, now: number): Promise<BinanceAccount> {
  const leverage = leverageOf(api);
  const task = await followTaskView(db, api.id);
  const strategy = task ? await findUStrategy(db, task.strategy_id) : undefined;
  if (!task || !strategy) return { apiId: api.id, name: api.name, leverage, follow: null, positions: [] };
  const price = priceAt(strategy.coin, now);
  const equity = equityOf(task, price);
  const positions: BinancePosition[] = positionRows(strategy.coin, task.qty, task.entry, price, equity).map((row) => {
    const notional = Math.abs(row.position) * price;
    return { ...row, price, notional: Number(notional.toFixed(2)), margin: Number(marginOf(notional, leverage).toFixed(2)) };
  });
  return {
    apiId: api.id,
    name: api.name,
    leverage,
    follow: { strategyId: strategy.id, strategyName: strategy.names, status: task.status, equity: Number(equity.toFixed(2)) },
    positions,
  };
}

/** The one coin of a blacklist call, lower case and known to the market. */
function oneCoin(call: CallContext): string {
  const [coin] = coinList(call.payload, 'currency', CURRENCIES);
  if (!coin) throw invalid('err.required', { field: 'currency' });
  return coin;
}

export const toolsBinanceHandlers: HandlerMap = {
  async binanceAccounts(call) {
    const { db, market, clock } = call.app;
    const apis = (await listApis(db, signedIn(call).id)).filter((api) => api.bourse_id === BINANCE_BOURSE);
    const priceAt = simPrice(market.sim);
    const now = clock.now();
    const accounts: BinanceAccount[] = [];
    for (const api of apis) accounts.push(await accountView(db, api, priceAt, now));
    return call.ok(accounts);
  },

  async binanceLeverage(call) {
    const api = await ownBinanceApi(call);
    const problem = leverageProblem(call.payload.leverage);
    if (problem) throw invalid(problem, { min: LEVERAGE.min, max: LEVERAGE.max });
    const leverage = Number(call.payload.leverage);
    await setMargin(call.app.db, api.id, api.margin_mode || 'cross', leverage);
    return call.ok({ apiId: api.id, leverage }, 'ok.update');
  },

  async binanceBlacklistGet(call) {
    const api = await ownBinanceApi(call);
    return call.ok({ coins: await binanceBlacklistOf(call.app.db, api.user_id, api.id) });
  },

  async binanceBlacklistSave(call) {
    const api = await ownBinanceApi(call);
    const coin = oneCoin(call);
    const coins = await binanceBlacklistOf(call.app.db, api.user_id, api.id);
    if (coins.includes(coin)) throw invalid('binance:blacklist.duplicate', { coin: coin.toUpperCase(), name: api.name });
    const next = [...coins, coin];
    await writeBinanceBlacklist(call.app.db, api.user_id, api.id, next);
    return call.ok({ coins: next }, 'ok.add');
  },

  async binanceBlacklistDelete(call) {
    const api = await ownBinanceApi(call);
    const coin = oneCoin(call);
    const next = (await binanceBlacklistOf(call.app.db, api.user_id, api.id)).filter((c) => c !== coin);
    await writeBinanceBlacklist(call.app.db, api.user_id, api.id, next);
    return call.ok({ coins: next }, 'ok.delete');
  },
};
