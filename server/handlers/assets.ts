import { RATIO_RANGES } from '#contract/rules/assets';
import { DEFAULTS } from '#contract/rules/constants';
import { borrowRecords, equitySeries, ledgerRecords, readSeries, valueAccount } from '../ledger/accounts';
import { bookOrderFill } from '../ledger/fills';
import { otypeOf } from '../engine/orders';
import type { Side } from '../engine/pricing';
import type { OrderRequest } from '../gateway/gateway';
import { ORDER_STATUS } from '#contract/rules/order-status';
import { manualOrdersOf } from './manual-orders';
import { marketPricer, type Pricer } from '../engine/prices';
import { sumSeries, toApiChartPoint, windowOf, LAYOUTS } from '../ledger/history';
import { awayFromLane, signedIn, type CallContext, type HandlerMap } from '../context';
import { kindOf } from '../ledger/book';
import { CODE, fail, invalid } from '../http/envelope';
import { isContractCode, isCurrency, isExchange, offers } from '../market';
import { findOwnApi, insertManualOrder, listApis, tradesOnExchange, type ApiRow } from '../store/api-accounts';
import { tradeRecords } from '../store/assets';
import { supportsContractType } from '../store/bourses';
import { formatMinute, formatSecond, MINUTE_MS } from '../clock/time';
import { has, id, idList, num, oneOf, optNum, str } from '../http/validate';
import { canContinue, FOLLOW_STATE } from '#contract/rules/unilateral';
import { findFollowTask, findUStrategy } from '../store/unilateral';
import { setFollowState, simPrice } from '../unilateral/runner';

/**
 * §7 Assets: the charts, records and snapshot of the caller's own API accounts (another user's
 * account is not found), valued at the server's market (`ctx.market`) now.
 */

/** The caller's accounts of an apiId field: one id, or ids joined by commas (§7 "a list joined as a string"). */
export async function ownApis(call: CallContext, field = 'apiId'): Promise<ApiRow[]> {
  const user = signedIn(call);
  const ids = idList(call.payload, field, { required: true });
  const rows: ApiRow[] = [];
  for (const apiId of ids) {
    const row = await findOwnApi(call.app.db, apiId, user.id);
    if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
    rows.push(row);
  }
  return rows;
}

const ownApi = async (call: CallContext): Promise<ApiRow> => {
  const user = signedIn(call);
  const row = await findOwnApi(call.app.db, id(call.payload, 'apiId'), user.id);
  if (!row) throw fail(CODE.notFound, 'err.apiNotFound');
  return row;
};

const layoutOf = (call: CallContext): number => {
  const layout = optNum(call.payload, 'layout', { integer: true }) ?? DEFAULTS.assetLayout;
  if (!LAYOUTS.includes(layout as (typeof LAYOUTS)[number])) throw invalid('err.oneOf', { field: 'layout', values: LAYOUTS.join(', ') });
  return layout;
};

const pricerOf = (call: CallContext) => marketPricer(call.app.market.prices, call.app.clock.now());

/**
 * An account's ratio curve: a paper account's from its book, ending with its equity now; a testnet or live
 * account's from the equity its exchange reported at each read (reading it from now on, if it was not).
 */
async function seriesOf(call: CallContext, api: ApiRow, layout: number, pricer: Pricer) {
  const now = call.app.clock.now();
  if (!tradesOnExchange(api)) return equitySeries(call.app.db, api, layout, pricer, now);
  await call.app.holdings.view(api, call.lang);
  return readSeries(call.app.db, api.id, layout, now);
}

/** A currency's price chart: every 10 minutes over the last day. */
const CURRENCY_CHART = { spanMs: 1440 * MINUTE_MS, stepMs: 10 * MINUTE_MS };

export const assetHandlers: HandlerMap = {
  /** One account's ratio curve over the layout's range (1 = 10 min … 5 = 1 month, default 3 = 1 day). */
  async assetImaging(call) {
    const api = await ownApi(call);
    return call.ok((await seriesOf(call, api, layoutOf(call), pricerOf(call))).map(toApiChartPoint));
  },

  /** The ratio curve of the accounts shown (ids joined), summed. */
  async assetStatistics(call) {
    const apis = await ownApis(call);
    const layout = layoutOf(call);
    const pricer = pricerOf(call);
    const series = [];
    for (const api of apis) series.push(await seriesOf(call, api, layout, pricer));
    return call.ok(sumSeries(series, windowOf(layout).step).map(toApiChartPoint));
  },

  /** A testnet or live account's: its exchange's borrowing interest, as last read. */
  async assetBorrowRecords(call) {
    const api = await ownApi(call);
    if (tradesOnExchange(api)) return call.ok((await call.app.holdings.view(api, call.lang)).borrow);
    return call.ok(await borrowRecords(call.app.db, api.id));
  },

  /** A testnet or live account's: its exchange's bills and transfers, as last read. */
  async assetLedgerLog(call) {
    const api = await ownApi(call);
    if (tradesOnExchange(api)) return call.ok((await call.app.holdings.view(api, call.lang)).ledger);
    return call.ok(await ledgerRecords(call.app.db, api.id));
  },

  /**
   * A snapshot taken now: `{time, statistics, list}`. A testnet or live account's exchange is read for it; when it
   * does not answer, the snapshot is of the last figures read, and `exchange` says when and that they are stale.
   */
  async assetManualSnapshot(call) {
    const api = await ownApi(call);
    const now = call.app.clock.now();
    if (tradesOnExchange(api)) {
      const { asset_info, exchange } = await awayFromLane(call, () => call.app.holdings.refresh(api, call.lang));
      const time = formatSecond(exchange.readAt ?? now);
      return call.ok({ apiId: api.id, time, ...asset_info, exchange });
    }
    const info = await valueAccount(call.app.db, api, pricerOf(call), now);
    return call.ok({ apiId: api.id, time: formatSecond(now), ...info });
  },

  /** Per own account: its equity now and how much it changed over each ratio range. */
  async assetChangingRate(call) {
    const user = signedIn(call);
    const pricer = pricerOf(call);
    const data = [];
    for (const api of await listApis(call.app.db, user.id)) {
      const rates: Record<string, number> = {};
      let equity: number | undefined;
      for (const range of RATIO_RANGES) {
        const last = (await seriesOf(call, api, range.layout, pricer)).at(-1);
        if (!last) break; // a testnet or live account not read from its exchange yet: no figures, not zeros
        equity = last.equity_usdt;
        rates[range.key] = Number(last.rate_usdt.toFixed(6));
      }
      if (equity !== undefined) data.push({ apiId: api.id, name: api.name, equity_usdt: Number(equity.toFixed(4)), rates });
    }
    return call.ok(data);
  },

  /** The task engine's fills on the accounts shown, newest first. */
  async assetTradeRecords(call) {
    const apis = await ownApis(call);
    const rows = await tradeRecords(
      call.app.db,
      apis.map((a) => a.id),
    );
    return call.ok(rows.map((r) => ({ ...r, time: formatSecond(Number(r.time)), type: r.otype })));
  },

  /** A currency's price over the last day on an exchange and contract type: `[{dateTime, price}]`. */
  async currencyInformation(call) {
    signedIn(call);
    const bourse = num(call.payload, 'bourse', { integer: true });
    const types = optNum(call.payload, 'types', { integer: true }) ?? 1;
    const currency = str(call.payload, 'currency', 16).toLowerCase();
    if (!isCurrency(currency)) throw invalid('err.currency', { currency });
    if (!isExchange(bourse) || !isContractCode(types) || !offers(bourse, types)) throw invalid('err.contractType', { bourse, type: types });
    const now = call.app.clock.now();
    const end = Math.floor(now / CURRENCY_CHART.stepMs) * CURRENCY_CHART.stepMs;
    const data = [];
    for (let t = end - CURRENCY_CHART.spanMs; t <= end; t += CURRENCY_CHART.stepMs) {
      data.push({ dateTime: formatMinute(t), price: Number(call.app.market.sim.mid(bourse, currency, types, t).toPrecision(8)) });
    }
    const live = marketPricer(call.app.market.prices, now)(bourse, currency, types);
    data.push({ dateTime: formatMinute(now), price: Number(live.toPrecision(8)) });
    return call.ok(data);
  },

  /**
   * §7 /manual/trading on one own account (§3 manual order: symbol, type, price, amount, direction,
   * way): placed through the account's order gateway and its fill booked like the task engine's
   * (ledger/fills.ts). Paper: filled now at the server's market, in the same transaction. Testnet / live:
   * recorded, sent to the exchange outside any transaction, and its fills booked as the exchange reports
   * them, now and later (manual-orders.ts). The asset and order sockets are pushed.
   */
  async manualTrading(call) {
    const user = signedIn(call);
    const { payload, app } = call;
    const api = await ownApi(call);
    const order = await manualOrderOf(call, api);
    const at = app.clock.now();
    const request = orderRequest(api, order, at);
    const record = {
      userId: user.id,
      apiId: api.id,
      symbol: str(payload, 'symbol', 32),
      type: order.contractType,
      price: order.limit,
      amount: order.amount,
      direction: order.direction,
      way: order.way,
      createdAt: at,
      otype: String(otypeOf(request.leg, request.side, request.reduceOnly ? 'close' : 'open')),
    };
    const orderId = tradesOnExchange(api)
      ? await awayFromLane(call, () => manualOrdersOf(app).place(api, request, record))
      : await app.db.transaction(async (tx) => {
          const placed = await app.gateway(tx, api).place({ ...request, clientId: `manual-${api.id}-${at}` });
          if (placed.state === 'rejected') throw invalid(placed.refusal.key, placed.refusal.params);
          if (placed.state !== 'filled') throw new Error(`a manual order answered ${placed.state}`);
          const { fill } = placed;
          const sign = request.side === 'buy' ? 1 : -1;
          const booked = { currency: order.currency, contractType: order.contractType, sign, price: fill.price, amount: fill.amount, fee: fill.fee } as const;
          await bookOrderFill(tx, api, booked, marketPricer(app.market.prices, at), at);
          return insertManualOrder(tx, {
            ...record,
            status: ORDER_STATUS.completed,
            filled: fill.amount,
            dealPrice: fill.price,
            fee: fill.fee,
            instrumentId: fill.instrumentId,
          });
        });
    app.bus.emit('asset.changed', { userId: user.id, apiId: api.id });
    app.bus.emit('orders.changed', { userId: user.id, apiId: api.id });
    return call.ok({ id: orderId }, 'ok.submit');
  },

  /** Resume following (one-sided accounts): acknowledged per account; the asset socket is pushed. */
  async restoreTask(call) {
    return restoreFollowing(call);
  },
  async hedgingRestoreTask(call) {
    return restoreHedging(call);
  },
};

/** §3 manual trading directions: spot buy 1 / sell 2; futures open long 1, open short 2, close long 3, close short 4. */
type ManualDirection = 1 | 2 | 3 | 4;
const MANUAL_SIDE: Record<ManualDirection, Side> = { 1: 'buy', 2: 'sell', 3: 'sell', 4: 'buy' };

interface ManualOrderRequest {
  currency: string;
  contractType: number;
  direction: ManualDirection;
  /** §3 way: 1 market, 0 limit */
  way: 0 | 1;
  /** the limit price (way 0) */
  limit: number | null;
  /** coins */
  amount: number;
}

/** A manual order as it leaves for the exchange: closing directions (3, 4) take off at most the open position. */
const orderRequest = (api: ApiRow, order: ManualOrderRequest, at: number): Omit<OrderRequest, 'clientId'> => ({
  account: api,
  leg: { exchange: api.bourse_id, currency: order.currency, contractType: order.contractType },
  side: MANUAL_SIDE[order.direction],
  amount: order.amount,
  limit: order.limit,
  reduceOnly: order.direction > 2,
  at,
});

/** The §3 manual order of a payload on an account: a currency of §9, a contract type its exchange offers. */
async function manualOrderOf(call: CallContext, api: ApiRow): Promise<ManualOrderRequest> {
  const { payload } = call;
  const currency = str(payload, 'symbol', 32).toLowerCase();
  if (!isCurrency(currency)) throw invalid('err.currency', { currency });
  const contractType = num(payload, 'type', { integer: true, positive: true });
  if (!(await supportsContractType(call.app.db, api.bourse_id, contractType)))
    throw invalid('err.contractType', { bourse: api.bourse_name ?? api.bourse_id, type: contractType });
  const direction = oneOf(payload, 'direction', [1, 2, 3, 4] as const);
  if (kindOf(contractType) === null && direction > 2) throw invalid('err.spotDirection');
  const way = oneOf(payload, 'way', [0, 1] as const);
  const amount = num(payload, 'amount', { positive: true });
  if (way === 0 && !has(payload, 'price')) throw invalid('err.priceRequired');
  const limit = way === 0 ? num(payload, 'price', { positive: true }) : null;
  return { currency, contractType, direction, way, limit, amount };
}

/**
 * Resume following (§2 恢复跟随) of one-sided accounts: each follow task the system stopped (its stop-loss, 4) or
 * left hedging (2) follows its strategy again (state 1, joining the strategy's position at the market), as its
 * 继续 button does; a task the user stopped or delayed is left alone. Answers which were resumed.
 */
async function restoreFollowing(call: CallContext) {
  const user = signedIn(call);
  const { db, clock, market } = call.app;
  const apis = await ownApis(call);
  const resumed: { id: number; name: string }[] = [];
  const strategyIds = new Set<number>();
  await db.transaction(async (tx) => {
    for (const api of apis) {
      const task = await findFollowTask(tx, api.id);
      const strategy = task && canContinue(task) ? await findUStrategy(tx, task.strategy_id) : undefined;
      if (!task || !strategy) continue;
      await setFollowState(tx, task, strategy, FOLLOW_STATE.auto, simPrice(market.sim), clock.now());
      resumed.push({ id: api.id, name: api.name });
      strategyIds.add(strategy.id);
    }
  });
  if (strategyIds.size) call.app.bus.emit('unilateral.changed', { strategyIds: [...strategyIds] });
  for (const api of apis) call.app.bus.emit('asset.changed', { userId: user.id, apiId: api.id });
  return call.ok({ apiId: apis.map((a) => a.id).join(','), resumed }, resumed.length ? 'ok.resumed' : 'ok.nothingToResume');
}

/**
 * Resume following of hedging accounts: the hedging tasks the system stopped on them run again. Nothing in the
 * reference server stops a hedging task by itself yet, so this answers that there is nothing to resume.
 */
async function restoreHedging(call: CallContext) {
  const apis = await ownApis(call);
  return call.ok({ apiId: apis.map((a) => a.id).join(','), resumed: [] }, 'ok.nothingToResume');
}
