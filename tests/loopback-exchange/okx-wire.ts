/**
 * The loopback OKX's state as OKX v5 prints it: the `data` rows of orders, fills, tickers, books, balances,
 * positions and account config (numbers as strings, '' for what does not apply). Fields are those of
 * OKX's docs that apply to spot, swaps and futures; option, spread and algo fields are left out.
 */
import { fmt, okxChecksum, type Level } from './book';
import type { OkxInstrument } from './okx-market';
import type { OkxAccount, OkxBill, OkxFill, OkxOrder, OkxPosition, OkxState } from './okx-state';

type Row = Record<string, unknown>;

export const levelWire = (instrument: OkxInstrument, [px, sz]: Level): string[] => [
  fmt(px, instrument.tickSz),
  fmt(sz, instrument.lotSz),
  '0',
  sz > 0 ? '1' : '0',
];

/** The best `depth` levels a side, as GET /market/books and the books channels print them. */
export function booksWire(state: OkxState, instId: string, depth: number): Row {
  const instrument = state.instrument(instId);
  const book = state.book(instId);
  return {
    asks: book.asks.slice(0, depth).map((l) => levelWire(instrument, l)),
    bids: book.bids.slice(0, depth).map((l) => levelWire(instrument, l)),
    ts: String(state.now()),
  };
}

/** The CRC-32 of the book's best 25 levels a side, as the books channel sends it. */
export function checksumOf(state: OkxState, instId: string): number {
  const instrument = state.instrument(instId);
  const book = state.book(instId);
  const print = (levels: Level[]) => levels.slice(0, 25).map(([p, s]) => [fmt(p, instrument.tickSz), fmt(s, instrument.lotSz)] as [string, string]);
  return okxChecksum(print(book.bids), print(book.asks));
}

export function tickerWire(state: OkxState, instrument: OkxInstrument): Row {
  const book = state.book(instrument.instId);
  const p = (v: number) => fmt(v, instrument.tickSz);
  const last = p(state.lastPx.get(instrument.instId) ?? state.markPx(instrument.instId));
  const [ask, bid] = [book.asks[0], book.bids[0]];
  return {
    instType: instrument.instType,
    instId: instrument.instId,
    last,
    lastSz: fmt(instrument.lotSz),
    askPx: ask ? p(ask[0]) : '',
    askSz: ask ? fmt(ask[1], instrument.lotSz) : '',
    bidPx: bid ? p(bid[0]) : '',
    bidSz: bid ? fmt(bid[1], instrument.lotSz) : '',
    open24h: last,
    high24h: last,
    low24h: last,
    volCcy24h: '0',
    vol24h: '0',
    ts: String(state.now()),
    sodUtc0: last,
    sodUtc8: last,
  };
}

/** An order as GET /trade/order, /trade/orders-pending and the orders channel print it. */
export function orderWire(state: OkxState, order: OkxOrder): Row {
  const instrument = state.instrument(order.instId);
  const last = order.fills.at(-1);
  return {
    accFillSz: fmt(order.accFillSz, instrument.lotSz),
    avgPx: order.avgPx === undefined ? '' : fmt(order.avgPx),
    cTime: String(order.cTime),
    cancelSource: order.cancelSource,
    cancelSourceReason: order.cancelSource === '1' ? 'Order canceled by system' : '',
    category: 'normal',
    ccy: '',
    clOrdId: order.clOrdId,
    fee: fmt(order.fee),
    feeCcy: order.feeCcy,
    fillPx: last ? fmt(last.fillPx, instrument.tickSz) : '',
    fillSz: last ? fmt(last.fillSz, instrument.lotSz) : '0',
    fillTime: order.fillTime === undefined ? '' : String(order.fillTime),
    instId: order.instId,
    instType: order.instType,
    lever: order.lever ? String(order.lever) : '',
    ordId: order.ordId,
    ordType: order.ordType,
    pnl: fmt(order.pnl),
    posSide: order.posSide,
    px: order.px === undefined ? '' : fmt(order.px, instrument.tickSz),
    rebate: '0',
    rebateCcy: instrument.settleCcy || instrument.quoteCcy,
    reduceOnly: String(order.reduceOnly),
    side: order.side,
    source: '',
    state: order.state,
    stpMode: 'cancel_maker',
    sz: fmt(order.sz, instrument.lotSz),
    tag: order.tag,
    tdMode: order.tdMode,
    tgtCcy: order.tgtCcy,
    tradeId: last?.tradeId ?? '',
    uTime: String(order.uTime),
  };
}

/** An order on the private `orders` channel: the order, and the fill that changed it if one did. */
export function orderPushWire(state: OkxState, order: OkxOrder, fill?: OkxFill): Row {
  const instrument = state.instrument(order.instId);
  const mark = state.markPx(order.instId);
  return {
    ...orderWire(state, order),
    amendResult: '',
    code: '0',
    msg: '',
    reqId: '',
    execType: fill?.execType ?? '',
    fillFee: fill ? fmt(fill.fee) : '0',
    fillFeeCcy: fill?.feeCcy ?? '',
    fillPnl: fill ? fmt(fill.fillPnl) : '0',
    fillNotionalUsd: fill ? fmt(state.notionalUsd(instrument, fill.fillPx, fill.fillSz)) : '',
    fillPx: fill ? fmt(fill.fillPx, instrument.tickSz) : '',
    fillSz: fill ? fmt(fill.fillSz, instrument.lotSz) : '0',
    fillTime: fill ? String(fill.ts) : '',
    tradeId: fill?.tradeId ?? '',
    fillMarkPx: fill ? fmt(mark) : '',
    lastPx: fmt(state.lastPx.get(order.instId) ?? mark),
    notionalUsd: fmt(state.notionalUsd(instrument, order.px ?? mark, order.sz)),
  };
}

/** A fill as GET /trade/fills-history prints it. */
export function fillWire(state: OkxState, fill: OkxFill): Row {
  const instrument = state.instrument(fill.instId);
  return {
    instType: fill.instType,
    instId: fill.instId,
    tradeId: fill.tradeId,
    ordId: fill.ordId,
    clOrdId: fill.clOrdId,
    billId: fill.billId,
    tag: fill.tag,
    fillPx: fmt(fill.fillPx, instrument.tickSz),
    fillSz: fmt(fill.fillSz, instrument.lotSz),
    fillPnl: fmt(fill.fillPnl),
    fillMarkPx: fmt(state.markPx(fill.instId)),
    side: fill.side,
    posSide: fill.posSide,
    execType: fill.execType,
    feeCcy: fill.feeCcy,
    fee: fmt(fill.fee),
    feeRate: fmt(fill.execType === 'T' ? -state.takerFee : -state.makerFee),
    subType: fill.side === 'buy' ? '1' : '2',
    fillTime: String(fill.ts),
    ts: String(fill.ts),
  };
}

/** GET /account/balance's one row: each currency's cash, what orders and positions hold, its equity and the USD totals. */
export function balanceWire(state: OkxState, account: OkxAccount, ccys?: string[]): Row {
  const ts = String(state.now());
  const positions = state.openPositions(account);
  const settles = (ccy: string) => positions.filter((p) => state.instrument(p.instId).settleCcy === ccy);
  const wanted = new Set(ccys ?? [...account.cash.keys(), ...positions.map((p) => state.instrument(p.instId).settleCcy)]);
  const total = { eq: 0, imr: 0, ord: 0, upl: 0 };
  const details = [...wanted].map((ccy) => {
    const cash = account.cash.get(ccy) ?? 0;
    const { ordFrozen, imr } = state.frozen(account, ccy);
    const upl = settles(ccy).reduce((sum, p) => sum + state.upl(p), 0);
    const eq = cash + upl;
    const usd = state.usdPrice(ccy);
    total.eq += eq * usd;
    total.imr += imr * usd;
    total.ord += ordFrozen * usd;
    total.upl += upl * usd;
    return {
      availBal: fmt(cash - ordFrozen - imr),
      availEq: fmt(eq - ordFrozen - imr),
      cashBal: fmt(cash),
      ccy,
      crossLiab: '0',
      disEq: fmt(eq * usd),
      eq: fmt(eq),
      eqUsd: fmt(eq * usd),
      frozenBal: fmt(ordFrozen + imr),
      imr: fmt(imr),
      interest: '0',
      isoEq: '0',
      liab: '0',
      maxLoan: '0',
      mgnRatio: '',
      mmr: fmt(imr / 10),
      ordFrozen: fmt(ordFrozen),
      uTime: ts,
      upl: fmt(upl),
    };
  });
  return {
    adjEq: fmt(total.eq),
    availEq: fmt(total.eq - total.imr - total.ord),
    details,
    imr: fmt(total.imr),
    isoEq: '0',
    mgnRatio: '',
    mmr: fmt(total.imr / 10),
    notionalUsd: '0',
    ordFroz: fmt(total.ord),
    totalEq: fmt(total.eq),
    uTime: ts,
    upl: fmt(total.upl),
  };
}

/** A position as GET /account/positions prints it. */
export function positionWire(state: OkxState, account: OkxAccount, position: OkxPosition): Row {
  const instrument = state.instrument(position.instId);
  const mark = state.markPx(position.instId) || position.avgPx;
  const size = Math.abs(position.pos);
  const margin = state.positionMargin(account, position);
  const upl = fmt(state.upl(position));
  const uplRatio = margin ? fmt(state.upl(position) / margin) : '0';
  return {
    adl: '1',
    availPos: fmt(size, instrument.lotSz),
    avgPx: fmt(position.avgPx),
    bePx: fmt(position.avgPx),
    cTime: String(position.cTime),
    ccy: instrument.settleCcy,
    fee: fmt(position.fee),
    fundingFee: '0',
    idxPx: fmt(mark),
    imr: position.mgnMode === 'cross' ? fmt(margin) : '',
    instId: position.instId,
    instType: position.instType,
    last: fmt(state.lastPx.get(position.instId) ?? mark),
    lever: String(state.leverOf(account, position.instId, position.mgnMode)),
    liqPenalty: '0',
    liqPx: '',
    margin: position.mgnMode === 'isolated' ? fmt(margin) : '',
    markPx: fmt(mark),
    mgnMode: position.mgnMode,
    mgnRatio: '',
    mmr: fmt(margin / 10),
    notionalUsd: fmt(state.notionalUsd(instrument, mark, size)),
    pnl: fmt(position.realizedPnl - position.fee),
    pos: fmt(position.pos, instrument.lotSz),
    posCcy: '',
    posId: position.posId,
    posSide: position.posSide,
    realizedPnl: fmt(position.realizedPnl),
    tradeId: position.tradeId,
    uTime: String(position.uTime),
    upl,
    uplLastPx: upl,
    uplRatio,
    uplRatioLastPx: uplRatio,
  };
}

/** GET /account/config's one row: `perm` says what the key may do (read_only, trade, withdraw). */
export const configWire = (account: OkxAccount): Row => ({
  acctLv: '2',
  acctStpMode: 'cancel_maker',
  autoLoan: false,
  ctIsoMode: 'automatic',
  greeksType: 'PA',
  ip: '',
  kycLv: '2',
  label: 'loopback',
  level: 'Lv1',
  mainUid: account.uid,
  mgnIsoMode: 'automatic',
  perm: [...account.perm].join(','),
  posMode: account.posMode,
  roleType: '0',
  spotRoleType: '0',
  type: '0',
  uid: account.uid,
});

/** A bill as GET /account/bills and /account/bills-archive print it. */
export const billWire = (bill: OkxBill): Row => ({
  bal: fmt(bill.bal),
  balChg: fmt(bill.balChg),
  billId: bill.billId,
  ccy: bill.ccy,
  clOrdId: bill.clOrdId,
  execType: bill.execType,
  fee: fmt(bill.fee),
  fillTime: bill.type === '2' ? String(bill.ts) : '',
  from: bill.from,
  instId: bill.instId,
  instType: bill.instType,
  interest: '0',
  mgnMode: bill.mgnMode,
  notes: bill.notes,
  ordId: bill.ordId,
  pnl: fmt(bill.pnl),
  posBal: '0',
  posBalChg: '0',
  px: bill.px ? fmt(bill.px) : '',
  subType: bill.subType,
  sz: fmt(bill.sz),
  tag: '',
  to: bill.to,
  tradeId: bill.tradeId,
  ts: String(bill.ts),
  type: bill.type,
});

/** A funding account's row as GET /asset/balances prints it. */
export const fundingWire = (ccy: string, bal: number): Row => ({ availBal: fmt(bal), bal: fmt(bal), ccy, frozenBal: '0' });
