/**
 * The loopback Binance's state as Binance's USDⓈ-M futures API prints it: orders (REST and ORDER_TRADE_UPDATE),
 * trades, the depth snapshot and its diff events, account, balances, positions and leverage brackets (numbers as
 * strings where Binance prints strings, ids and times as numbers).
 */
import { diffSide, fmt, type Book, type Level } from './book';
import type { BinanceInstrument } from './binance-market';
import type { BinanceAccount, BinanceExecution, BinanceOrder, BinancePosition, BinanceState, BinanceTrade } from './binance-state';

type Row = Record<string, unknown>;

const levelWire = (instrument: BinanceInstrument, [price, qty]: Level): [string, string] => [fmt(price, instrument.tickSize), fmt(qty, instrument.stepSize)];

/** GET /fapi/v1/depth: the best `limit` levels a side and the update id they are as of. */
export function depthWire(state: BinanceState, symbol: string, limit: number): Row {
  const instrument = state.instrument(symbol);
  const book = state.book(symbol);
  const now = state.now();
  return {
    lastUpdateId: state.updateIds.get(symbol),
    E: now,
    T: now,
    bids: book.bids.slice(0, limit).map((l) => levelWire(instrument, l)),
    asks: book.asks.slice(0, limit).map((l) => levelWire(instrument, l)),
  };
}

/** A diff depth event (<symbol>@depth): the levels that changed since `before` (size 0: gone), U/u/pu chaining the ids. */
export function depthUpdateWire(state: BinanceState, symbol: string, before: Book, prevId: number): Row | undefined {
  const instrument = state.instrument(symbol);
  const after = state.book(symbol);
  const bids = diffSide(before.bids, after.bids);
  const asks = diffSide(before.asks, after.asks);
  if (bids.length === 0 && asks.length === 0) return undefined;
  const now = state.now();
  const id = prevId + 1;
  return {
    e: 'depthUpdate',
    E: now,
    T: now,
    s: symbol,
    U: id,
    u: id,
    pu: prevId,
    b: bids.map((l) => levelWire(instrument, l)),
    a: asks.map((l) => levelWire(instrument, l)),
  };
}

const avgPrice = (order: BinanceOrder) => (order.executedQty > 0 ? order.cumQuote / order.executedQty : 0);

/** An order as POST/GET/DELETE /fapi/v1/order and GET /fapi/v1/openOrders print it (`time` on reads only). */
export function orderWire(state: BinanceState, order: BinanceOrder, read: boolean): Row {
  const instrument = state.instrument(order.symbol);
  return {
    orderId: order.orderId,
    symbol: order.symbol,
    status: order.status,
    clientOrderId: order.clientOrderId,
    price: fmt(order.price, instrument.tickSize),
    avgPrice: fmt(avgPrice(order)),
    origQty: fmt(order.origQty, instrument.stepSize),
    executedQty: fmt(order.executedQty, instrument.stepSize),
    ...(read ? {} : { cumQty: fmt(order.executedQty, instrument.stepSize) }),
    cumQuote: fmt(order.cumQuote),
    timeInForce: order.timeInForce,
    type: order.type,
    reduceOnly: order.reduceOnly,
    closePosition: false,
    side: order.side,
    positionSide: order.positionSide,
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: order.type,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'EXPIRE_MAKER',
    goodTillDate: 0,
    ...(read ? { time: order.time } : {}),
    updateTime: order.updateTime,
  };
}

/** The user-data stream's ORDER_TRADE_UPDATE of an order: what happened (`x`), and the trade when one did. */
export function orderUpdateWire(state: BinanceState, order: BinanceOrder, execution: BinanceExecution, trade?: BinanceTrade): Row {
  const instrument = state.instrument(order.symbol);
  const now = state.now();
  const px = (v: number) => fmt(v, instrument.tickSize);
  const qty = (v: number) => fmt(v, instrument.stepSize);
  return {
    e: 'ORDER_TRADE_UPDATE',
    E: now,
    T: trade?.time ?? order.updateTime,
    o: {
      s: order.symbol,
      c: order.clientOrderId,
      S: order.side,
      o: order.type,
      f: order.timeInForce,
      q: qty(order.origQty),
      p: px(order.price),
      ap: fmt(avgPrice(order)),
      sp: '0',
      x: execution,
      X: order.status,
      i: order.orderId,
      l: trade ? qty(trade.qty) : '0',
      z: qty(order.executedQty),
      L: trade ? px(trade.price) : '0',
      ...(trade ? { N: trade.commissionAsset, n: fmt(trade.commission) } : {}),
      T: trade?.time ?? order.updateTime,
      t: trade?.id ?? 0,
      b: '0',
      a: '0',
      m: trade?.maker ?? false,
      R: order.reduceOnly,
      wt: 'CONTRACT_PRICE',
      ot: order.type,
      ps: order.positionSide,
      cp: false,
      rp: fmt(trade?.realizedPnl ?? 0),
      pP: false,
      si: 0,
      ss: 0,
      V: 'EXPIRE_MAKER',
      pm: 'NONE',
      gtd: 0,
    },
  };
}

/** A trade as GET /fapi/v1/userTrades prints it. */
export function tradeWire(state: BinanceState, trade: BinanceTrade): Row {
  const instrument = state.instrument(trade.symbol);
  return {
    buyer: trade.side === 'BUY',
    commission: fmt(trade.commission),
    commissionAsset: trade.commissionAsset,
    id: trade.id,
    maker: trade.maker,
    orderId: trade.orderId,
    price: fmt(trade.price, instrument.tickSize),
    qty: fmt(trade.qty, instrument.stepSize),
    quoteQty: fmt(trade.price * trade.qty),
    realizedPnl: fmt(trade.realizedPnl),
    side: trade.side,
    positionSide: trade.positionSide,
    symbol: trade.symbol,
    time: trade.time,
  };
}

/** A position as GET /fapi/v3/positionRisk prints it. */
export function positionWire(state: BinanceState, account: BinanceAccount, position: BinancePosition): Row {
  const mark = state.markPrice(position.symbol) || position.entryPrice;
  const margin = state.positionMargin(account, position);
  return {
    symbol: position.symbol,
    positionSide: position.positionSide,
    positionAmt: fmt(position.amt, state.instrument(position.symbol).stepSize),
    entryPrice: fmt(position.entryPrice),
    breakEvenPrice: fmt(position.entryPrice),
    markPrice: fmt(mark),
    unRealizedProfit: fmt(state.unrealized(position)),
    liquidationPrice: '0',
    isolatedMargin: '0',
    notional: fmt(position.amt * mark),
    marginAsset: state.instrument(position.symbol).marginAsset,
    isolatedWallet: '0',
    initialMargin: fmt(margin),
    maintMargin: fmt(margin / 10),
    positionInitialMargin: fmt(margin),
    openOrderInitialMargin: '0',
    adl: 1,
    bidNotional: '0',
    askNotional: '0',
    updateTime: position.updateTime,
  };
}

/** One asset of GET /fapi/v2/balance (`balance` rows) or of the account's `assets`. */
export function assetBalanceWire(state: BinanceState, account: BinanceAccount, asset: string): Row {
  const b = state.balanceOf(account, asset);
  const initial = b.positionMargin + b.orderMargin;
  return {
    asset,
    walletBalance: fmt(b.wallet),
    unrealizedProfit: fmt(b.upl),
    marginBalance: fmt(b.wallet + b.upl),
    maintMargin: fmt(b.positionMargin / 10),
    initialMargin: fmt(initial),
    positionInitialMargin: fmt(b.positionMargin),
    openOrderInitialMargin: fmt(b.orderMargin),
    crossWalletBalance: fmt(b.wallet),
    crossUnPnl: fmt(b.upl),
    availableBalance: fmt(b.available),
    maxWithdrawAmount: fmt(Math.max(0, Math.min(b.wallet, b.available))),
    marginAvailable: true,
    updateTime: state.now(),
  };
}

/** GET /fapi/v2/balance's rows (and v3's). */
export const balanceWire = (state: BinanceState, account: BinanceAccount): Row[] =>
  [...account.wallet.keys()].map((asset) => {
    const row = assetBalanceWire(state, account, asset);
    return {
      accountAlias: 'SgsR',
      asset,
      balance: row.walletBalance,
      crossWalletBalance: row.crossWalletBalance,
      crossUnPnl: row.crossUnPnl,
      availableBalance: row.availableBalance,
      maxWithdrawAmount: row.maxWithdrawAmount,
      marginAvailable: true,
      updateTime: row.updateTime,
    };
  });

/** GET /fapi/v3/account (single-asset mode): the USDT totals, every asset, every open position. v2 adds the key's flags. */
export function accountWire(state: BinanceState, account: BinanceAccount, v2: boolean): Row {
  const usdt = state.balanceOf(account, 'USDT');
  const positions = state.openPositions(account).map((p) => {
    const row = positionWire(state, account, p);
    return {
      symbol: row.symbol,
      positionSide: row.positionSide,
      positionAmt: row.positionAmt,
      unrealizedProfit: row.unRealizedProfit,
      isolatedMargin: '0',
      notional: row.notional,
      isolatedWallet: '0',
      initialMargin: row.initialMargin,
      maintMargin: row.maintMargin,
      updateTime: row.updateTime,
    };
  });
  return {
    ...(v2 ? { feeTier: 0, canTrade: account.canTrade, canDeposit: true, canWithdraw: false, multiAssetsMargin: false, tradeGroupId: -1 } : {}),
    totalInitialMargin: fmt(usdt.positionMargin + usdt.orderMargin),
    totalMaintMargin: fmt(usdt.positionMargin / 10),
    totalWalletBalance: fmt(usdt.wallet),
    totalUnrealizedProfit: fmt(usdt.upl),
    totalMarginBalance: fmt(usdt.wallet + usdt.upl),
    totalPositionInitialMargin: fmt(usdt.positionMargin),
    totalOpenOrderInitialMargin: fmt(usdt.orderMargin),
    totalCrossWalletBalance: fmt(usdt.wallet),
    totalCrossUnPnl: fmt(usdt.upl),
    availableBalance: fmt(usdt.available),
    maxWithdrawAmount: fmt(Math.max(0, Math.min(usdt.wallet, usdt.available))),
    assets: [...account.wallet.keys()].map((asset) => assetBalanceWire(state, account, asset)),
    positions,
  };
}

/** GET /fapi/v1/leverageBracket's row of a symbol: three notional brackets, the first at the symbol's highest leverage. */
export function bracketWire(instrument: BinanceInstrument): Row {
  const top = instrument.maxLeverage;
  const caps = [50_000, 600_000, 3_000_000];
  return {
    symbol: instrument.symbol,
    notionalCoef: 1,
    brackets: caps.map((cap, i) => ({
      bracket: i + 1,
      initialLeverage: Math.max(1, Math.floor(top / 2 ** i)),
      notionalCap: cap,
      notionalFloor: i === 0 ? 0 : caps[i - 1],
      maintMarginRatio: 0.004 * 2 ** i,
      cum: i === 0 ? 0 : caps[i - 1]! * 0.004 * (2 ** i - 2 ** (i - 1)),
    })),
  };
}

/** GET /api/v3/account: the key's spot account, its balances as the account was given them (the loopback trades no spot). */
export const spotAccountWire = (state: BinanceState, account: BinanceAccount): Row => ({
  makerCommission: 10,
  takerCommission: 10,
  buyerCommission: 0,
  sellerCommission: 0,
  commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
  canTrade: account.canTrade,
  canWithdraw: false,
  canDeposit: true,
  brokered: false,
  requireSelfTradePrevention: false,
  preventSor: false,
  updateTime: state.now(),
  accountType: 'SPOT',
  balances: Object.entries(account.options.spotBalances ?? {}).map(([asset, free]) => ({ asset, free: fmt(free), locked: '0' })),
  permissions: ['SPOT'],
  uid: 0,
});

/** GET /fapi/v1/income's rows, oldest first: each trade's commission (negative) and, when it closed some, its realized profit. */
export function incomeWire(state: BinanceState, account: BinanceAccount): Row[] {
  const rows: Row[] = [];
  for (const trade of state.trades.filter((t) => t.apiKey === account.options.apiKey)) {
    const row = (incomeType: string, income: number, n: number) => ({
      symbol: trade.symbol,
      incomeType,
      income: fmt(income),
      asset: trade.commissionAsset,
      info: '',
      time: trade.time,
      tranId: trade.id * 10 + n,
      tradeId: String(trade.id),
    });
    if (trade.realizedPnl !== 0) rows.push(row('REALIZED_PNL', trade.realizedPnl, 1));
    rows.push(row('COMMISSION', -trade.commission, 2));
  }
  return rows;
}
