/**
 * The loopback OKX's state and what changes it: accounts (cash, leverage, positions), books, orders and
 * fills, and OKX's rules for placing, filling and cancelling. No transport here: okx-rest.ts and okx-ws.ts
 * read it and call it; it tells them what changed through `events`.
 */
import { cloneBook, midPrice, normalizeBook, roundTo, take, walk, type Book, type BookInput, type Level } from './book';
import { defaultOkxBook, defaultOkxInstruments, type OkxInstType, type OkxInstrument } from './okx-market';

export type OkxPermission = 'read_only' | 'trade' | 'withdraw';
export type OkxMarginMode = 'cross' | 'isolated';
export type OkxOrderState = 'live' | 'partially_filled' | 'filled' | 'canceled';

export interface OkxAccountOptions {
  apiKey: string;
  secret: string;
  passphrase: string;
  /** what the key may do, as account/config's `perm` reports it (default read_only + trade) */
  perm?: OkxPermission[];
  /** the trading account's cash by currency (default 100 000 USDT, 10 BTC, 100 ETH) */
  balances?: Record<string, number>;
  /** the funding account's balances by currency (default none): GET /asset/balances, ccxt's fetchBalance({ type: 'funding' }) */
  funding?: Record<string, number>;
  /** long_short_mode (default: contract orders need posSide long/short) or net_mode */
  posMode?: 'long_short_mode' | 'net_mode';
  /** true: a demo-trading key (needs x-simulated-trading: 1); false: a live key (refuses it); unset: either */
  demo?: boolean;
  /** every instrument's leverage until set-leverage changes it (default 3) */
  lever?: number;
}

/** The account a loopback OKX has when none is given. */
export const OKX_TEST_ACCOUNT = { apiKey: 'loopback-okx-key', secret: 'loopback-okx-secret', passphrase: 'Loopback-okx-1' } as const;

export interface OkxFill {
  apiKey: string;
  tradeId: string;
  billId: string;
  ordId: string;
  clOrdId: string;
  tag: string;
  instId: string;
  instType: OkxInstType;
  side: 'buy' | 'sell';
  posSide: string;
  fillPx: number;
  fillSz: number;
  /** negative: a charge */
  fee: number;
  feeCcy: string;
  /** realized profit of a closing fill */
  fillPnl: number;
  execType: 'T' | 'M';
  ts: number;
}

/**
 * A bill of the trading account (GET /account/bills, /account/bills-archive): one per currency a fill or a transfer
 * changed. type 1 transfer (subType 11 in, 12 out), 2 trade (subType 1 buy, 2 sell, 3 open long, 4 open short, 5
 * close long, 6 close short).
 */
export interface OkxBill {
  apiKey: string;
  billId: string;
  ccy: string;
  /** the change of the trading account's cash */
  balChg: number;
  /** the cash after it */
  bal: number;
  type: '1' | '2';
  subType: string;
  instId: string;
  instType: string;
  mgnMode: string;
  ordId: string;
  clOrdId: string;
  tradeId: string;
  execType: string;
  /** negative: a charge */
  fee: number;
  pnl: number;
  sz: number;
  px: number;
  /** transfers: the account it left ('6' funding, '18' trading) and the one it reached */
  from: string;
  to: string;
  notes: string;
  ts: number;
}

export interface OkxOrder {
  apiKey: string;
  ordId: string;
  clOrdId: string;
  tag: string;
  instId: string;
  instType: OkxInstType;
  side: 'buy' | 'sell';
  /** long / short (long_short_mode), net (net_mode contracts), '' (spot) */
  posSide: string;
  tdMode: string;
  ordType: string;
  px?: number;
  sz: number;
  tgtCcy: string;
  reduceOnly: boolean;
  state: OkxOrderState;
  accFillSz: number;
  avgPx?: number;
  /** negative: a charge */
  fee: number;
  feeCcy: string;
  pnl: number;
  lever: number;
  cTime: number;
  uTime: number;
  fillTime?: number;
  /** why the exchange canceled it ('' when the owner did, or it is not canceled) */
  cancelSource: string;
  fills: OkxFill[];
  /** the order as the client sent it */
  request: Record<string, unknown>;
}

export interface OkxPosition {
  apiKey: string;
  posId: string;
  instId: string;
  instType: OkxInstType;
  mgnMode: OkxMarginMode;
  posSide: 'long' | 'short' | 'net';
  /** contracts: ≥ 0 for long/short, signed for net */
  pos: number;
  avgPx: number;
  /** profit of closing fills plus their fees */
  realizedPnl: number;
  fee: number;
  cTime: number;
  uTime: number;
  tradeId: string;
}

export interface OkxAccount {
  options: OkxAccountOptions;
  uid: string;
  perm: Set<OkxPermission>;
  posMode: 'long_short_mode' | 'net_mode';
  /** trading account cash by currency */
  cash: Map<string, number>;
  /** funding account balances by currency */
  funding: Map<string, number>;
  /** leverage by `instId:mgnMode` */
  lever: Map<string, number>;
  /** the margin mode last set per instrument (set-leverage's mgnMode, which is what ccxt's setMarginMode sends) */
  marginMode: Map<string, OkxMarginMode>;
  /** by `instId:mgnMode:posSide` */
  positions: Map<string, OkxPosition>;
  ordersByClOrdId: Map<string, OkxOrder>;
}

export interface OkxRejection {
  sCode: string;
  sMsg?: string;
}

export interface OkxStateOptions {
  /** the listing (default: defaultOkxInstruments(now())) */
  instruments?: OkxInstrument[];
  /** books by instId, replacing the default books */
  books?: Record<string, BookInput>;
  /** taker and maker fee rates (default 0.0005 and 0.0002) */
  takerFee?: number;
  makerFee?: number;
}

/** What the transports are told: an order changed (with the fill that changed it), a book changed (from `before`). */
export interface OkxEvents {
  order(order: OkxOrder, fill?: OkxFill): void;
  book(instId: string, before: Book): void;
}

/** One order's outcome as OKX's place/cancel `data` rows print it. */
export type OkxRow = Record<string, string>;

/** An order request that passed OKX's checks. */
interface Parsed {
  instrument: OkxInstrument;
  clOrdId: string;
  side: 'buy' | 'sell';
  ordType: string;
  sz: number;
  px?: number;
  tdMode: string;
  posSide: string;
  tgtCcy: string;
}

const ORDER_TYPES = new Set(['market', 'limit', 'post_only', 'fok', 'ioc', 'optimal_limit_ioc']);
const TAKES_REST = new Set(['limit', 'post_only']);
const STABLE = new Set(['USDT', 'USDC', 'USD']);
const CLORDID = /^[A-Za-z0-9]{1,32}$/;

export const str = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));

export class OkxState {
  readonly instruments: Map<string, OkxInstrument>;
  readonly books = new Map<string, Book>();
  /** the books channel's sequence number per instrument */
  readonly seqIds = new Map<string, number>();
  readonly accounts = new Map<string, OkxAccount>();
  /** every order placed (not the rejected ones), in order */
  readonly orders: OkxOrder[] = [];
  readonly fills: OkxFill[] = [];
  /** every bill of every account, oldest first */
  readonly bills: OkxBill[] = [];
  readonly lastPx = new Map<string, number>();
  readonly takerFee: number;
  readonly makerFee: number;
  /** what the exchange lists since (instruments' listTime) */
  readonly startedAt: number;
  private readonly ordersById = new Map<string, OkxOrder>();
  private rejections: { instId?: string; rejection: OkxRejection }[] = [];
  private partial: { ratio: number; rest: 'open' | 'canceled' } | undefined;
  private serial = 0;

  constructor(
    readonly now: () => number,
    options: OkxStateOptions,
    private readonly events: OkxEvents,
  ) {
    this.startedAt = now();
    this.takerFee = options.takerFee ?? 0.0005;
    this.makerFee = options.makerFee ?? 0.0002;
    this.instruments = new Map((options.instruments ?? defaultOkxInstruments(this.startedAt)).map((i) => [i.instId, i]));
    for (const instrument of this.instruments.values()) {
      this.books.set(instrument.instId, normalizeBook(options.books?.[instrument.instId] ?? defaultOkxBook(instrument)));
      this.seqIds.set(instrument.instId, 1000);
    }
  }

  private nextId(): string {
    return String(700_000_000_000_000_000n + BigInt(++this.serial));
  }

  addAccount(spec: OkxAccountOptions): void {
    this.accounts.set(spec.apiKey, {
      options: spec,
      uid: String(400_000_000_000_000n + BigInt(this.accounts.size + 1)),
      perm: new Set(spec.perm ?? ['read_only', 'trade']),
      posMode: spec.posMode ?? 'long_short_mode',
      cash: new Map(Object.entries(spec.balances ?? { USDT: 100_000, BTC: 10, ETH: 100 })),
      funding: new Map(Object.entries(spec.funding ?? {})),
      lever: new Map(),
      marginMode: new Map(),
      positions: new Map(),
      ordersByClOrdId: new Map(),
    });
  }

  account(apiKey: string): OkxAccount {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`loopback OKX has no account ${apiKey}`);
    return account;
  }

  instrument(instId: string): OkxInstrument {
    const instrument = this.instruments.get(instId);
    if (!instrument) throw new Error(`loopback OKX lists no ${instId}`);
    return instrument;
  }

  book(instId: string): Book {
    this.instrument(instId);
    return this.books.get(instId) as Book;
  }

  // ---------------------------------------------------------------- accounting

  leverOf(account: OkxAccount, instId: string, mgnMode: string): number {
    return account.lever.get(`${instId}:${mgnMode}`) ?? account.options.lever ?? 3;
  }

  /** A contract's value in its settlement currency at a price (linear: coin × price; inverse: USD ÷ price). */
  contractValue(instrument: OkxInstrument, px: number, sz: number): number {
    return instrument.ctType === 'inverse' ? (sz * instrument.ctVal) / px : sz * instrument.ctVal * px;
  }

  /** What a size is worth in USD (OKX's notionalUsd). */
  notionalUsd(instrument: OkxInstrument, px: number, sz: number): number {
    if (instrument.instType === 'SPOT') return px * sz;
    return instrument.ctType === 'inverse' ? sz * instrument.ctVal : sz * instrument.ctVal * px;
  }

  markPx(instId: string): number {
    return midPrice(this.book(instId)) ?? this.lastPx.get(instId) ?? 0;
  }

  usdPrice(ccy: string): number {
    if (STABLE.has(ccy)) return 1;
    const book = this.books.get(`${ccy}-USDT`);
    return (book && midPrice(book)) ?? 0;
  }

  private pnlOf(instrument: OkxInstrument, direction: number, avgPx: number, px: number, sz: number): number {
    const perContract = instrument.ctType === 'inverse' ? 1 / avgPx - 1 / px : px - avgPx;
    return direction * sz * instrument.ctVal * perContract;
  }

  private directionOf(position: OkxPosition): number {
    if (position.posSide === 'net') return Math.sign(position.pos);
    return position.posSide === 'short' ? -1 : 1;
  }

  upl(position: OkxPosition): number {
    const mark = this.markPx(position.instId);
    if (!mark) return 0;
    return this.pnlOf(this.instrument(position.instId), this.directionOf(position), position.avgPx, mark, Math.abs(position.pos));
  }

  positionMargin(account: OkxAccount, position: OkxPosition): number {
    const mark = this.markPx(position.instId) || position.avgPx;
    const value = this.contractValue(this.instrument(position.instId), mark, Math.abs(position.pos));
    return value / this.leverOf(account, position.instId, position.mgnMode);
  }

  remaining(order: OkxOrder): number {
    return roundTo(order.sz - order.accFillSz, this.instrument(order.instId).lotSz);
  }

  isOpen(order: OkxOrder): boolean {
    return order.state === 'live' || order.state === 'partially_filled';
  }

  openOrders(account: OkxAccount): OkxOrder[] {
    return this.orders.filter((o) => o.apiKey === account.options.apiKey && this.isOpen(o));
  }

  /** Open positions (pos ≠ 0) of one account. */
  openPositions(account: OkxAccount): OkxPosition[] {
    return [...account.positions.values()].filter((p) => p.pos !== 0);
  }

  /** Whether an order closes (part of) a position rather than opening one (long_short_mode only; net orders open). */
  private closes(account: OkxAccount, instrument: OkxInstrument, side: string, posSide: string): boolean {
    if (instrument.instType === 'SPOT' || account.posMode === 'net_mode') return false;
    return (side === 'sell' && posSide === 'long') || (side === 'buy' && posSide === 'short');
  }

  /** What an open order holds back: [currency, amount]. */
  private orderFrozen(account: OkxAccount, order: OkxOrder): [string, number] {
    const instrument = this.instrument(order.instId);
    const left = this.remaining(order);
    const px = order.px ?? this.markPx(order.instId);
    if (order.instType === 'SPOT') return order.side === 'buy' ? [instrument.quoteCcy, left * px] : [instrument.baseCcy, left];
    if (this.closes(account, instrument, order.side, order.posSide)) return [instrument.settleCcy, 0];
    return [instrument.settleCcy, this.contractValue(instrument, px, left) / order.lever];
  }

  /** What a currency's open orders (ordFrozen) and positions (imr) hold back. */
  frozen(account: OkxAccount, ccy: string): { ordFrozen: number; imr: number } {
    let ordFrozen = 0;
    for (const order of this.openOrders(account)) {
      const [c, amount] = this.orderFrozen(account, order);
      if (c === ccy) ordFrozen += amount;
    }
    let imr = 0;
    for (const position of this.openPositions(account)) if (this.instrument(position.instId).settleCcy === ccy) imr += this.positionMargin(account, position);
    return { ordFrozen, imr };
  }

  private available(account: OkxAccount, ccy: string): number {
    const f = this.frozen(account, ccy);
    return (account.cash.get(ccy) ?? 0) - f.ordFrozen - f.imr;
  }

  // ---------------------------------------------------------------- scripted failures

  /** The next order placed (on one instrument, or any) is refused with this sCode/sMsg. */
  rejectNext(rejection: OkxRejection, instId?: string): void {
    this.rejections.push({ instId, rejection });
  }

  /** The next order placed fills at most `ratio` of its size; the rest stays open or is canceled (as OKX does for market orders). */
  partialFillNext(ratio: number, rest: 'open' | 'canceled'): void {
    this.partial = { ratio, rest };
  }

  // ---------------------------------------------------------------- trading

  private applyFill(order: OkxOrder, px: number, sz: number, execType: 'T' | 'M'): void {
    const account = this.account(order.apiKey);
    const instrument = this.instrument(order.instId);
    const ts = this.now();
    const rate = execType === 'T' ? this.takerFee : this.makerFee;
    const tradeId = this.nextId();
    const billId = this.nextId();
    const bill = { order, tradeId, px, sz, execType, ts };
    const add = (ccy: string, amount: number, fee = 0, pnl = 0) => this.bookCash(account, ccy, amount, { ...bill, fee, pnl });
    let fee: number;
    let feeCcy: string;
    let fillPnl = 0;
    if (instrument.instType !== 'SPOT') {
      fee = this.contractValue(instrument, px, sz) * rate;
      feeCcy = instrument.settleCcy;
      fillPnl = this.updatePosition(account, order, { px, sz, ts, fee: -fee, tradeId });
      add(feeCcy, fillPnl - fee, -fee, fillPnl);
    } else if (order.side === 'buy') {
      fee = sz * rate;
      feeCcy = instrument.baseCcy;
      add(instrument.quoteCcy, -px * sz);
      add(instrument.baseCcy, sz - fee, -fee);
    } else {
      fee = px * sz * rate;
      feeCcy = instrument.quoteCcy;
      add(instrument.baseCcy, -sz);
      add(instrument.quoteCcy, px * sz - fee, -fee);
    }
    const { apiKey, ordId, clOrdId, tag, instId, instType, side, posSide } = order;
    const fill: OkxFill = {
      apiKey,
      tradeId,
      billId,
      ordId,
      clOrdId,
      tag,
      instId,
      instType,
      side,
      posSide,
      fillPx: px,
      fillSz: sz,
      fee: -fee,
      feeCcy,
      fillPnl,
      execType,
      ts,
    };
    const filledBefore = order.accFillSz;
    order.accFillSz = roundTo(order.accFillSz + sz, instrument.lotSz);
    order.avgPx =
      instrument.ctType === 'inverse'
        ? order.accFillSz / (filledBefore / (order.avgPx ?? px) + sz / px)
        : ((order.avgPx ?? 0) * filledBefore + px * sz) / order.accFillSz;
    order.fee -= fee;
    order.feeCcy = feeCcy;
    order.pnl += fillPnl;
    order.state = order.accFillSz >= order.sz ? 'filled' : 'partially_filled';
    order.uTime = ts;
    order.fillTime = ts;
    order.fills.push(fill);
    this.fills.push(fill);
    this.lastPx.set(order.instId, px);
    this.events.order(order, fill);
  }

  /** OKX's bill subType of a trade: spot buy 1 / sell 2; open long 3, open short 4, close long 5, close short 6 (net mode: buy 1, sell 2). */
  private tradeSubType(account: OkxAccount, order: OkxOrder): string {
    const instrument = this.instrument(order.instId);
    if (instrument.instType === 'SPOT' || order.posSide === 'net' || order.posSide === '') return order.side === 'buy' ? '1' : '2';
    const closes = this.closes(account, instrument, order.side, order.posSide);
    return closes ? (order.posSide === 'long' ? '5' : '6') : order.posSide === 'long' ? '3' : '4';
  }

  /** Moves the trading account's cash of a currency by a fill, with its bill. */
  private bookCash(
    account: OkxAccount,
    ccy: string,
    amount: number,
    fill: { order: OkxOrder; tradeId: string; px: number; sz: number; execType: string; ts: number; fee: number; pnl: number },
  ): void {
    const bal = (account.cash.get(ccy) ?? 0) + amount;
    account.cash.set(ccy, bal);
    const { order } = fill;
    this.bills.push({
      apiKey: account.options.apiKey,
      billId: this.nextId(),
      ccy,
      balChg: amount,
      bal,
      type: '2',
      subType: this.tradeSubType(account, order),
      instId: order.instId,
      instType: order.instType,
      mgnMode: order.tdMode,
      ordId: order.ordId,
      clOrdId: order.clOrdId,
      tradeId: fill.tradeId,
      execType: fill.execType,
      fee: fill.fee,
      pnl: fill.pnl,
      sz: fill.sz,
      px: fill.px,
      from: '',
      to: '',
      notes: '',
      ts: fill.ts,
    });
  }

  /** Moves funds between the funding account ('in': into the trading account) and the trading account, with its bill. */
  transfer(apiKey: string, ccy: string, amount: number, direction: 'in' | 'out'): void {
    const account = this.account(apiKey);
    const [from, to] = direction === 'in' ? [account.funding, account.cash] : [account.cash, account.funding];
    if ((from.get(ccy) ?? 0) < amount) throw new Error(`loopback OKX: ${apiKey} has less than ${amount} ${ccy} to transfer ${direction}`);
    from.set(ccy, (from.get(ccy) ?? 0) - amount);
    to.set(ccy, (to.get(ccy) ?? 0) + amount);
    const balChg = direction === 'in' ? amount : -amount;
    this.bills.push({
      apiKey,
      billId: this.nextId(),
      ccy,
      balChg,
      bal: account.cash.get(ccy) ?? 0,
      type: '1',
      subType: direction === 'in' ? '11' : '12',
      instId: '',
      instType: '',
      mgnMode: '',
      ordId: '',
      clOrdId: '',
      tradeId: '',
      execType: '',
      fee: 0,
      pnl: 0,
      sz: balChg,
      px: 0,
      from: direction === 'in' ? '6' : '18',
      to: direction === 'in' ? '18' : '6',
      notes: direction === 'in' ? 'From Funding Account' : 'To Funding Account',
      ts: this.now(),
    });
  }

  /** Moves a contract position by a fill; answers the profit it realized. */
  private updatePosition(account: OkxAccount, order: OkxOrder, fill: { px: number; sz: number; ts: number; fee: number; tradeId: string }): number {
    const { px, sz, ts } = fill;
    const instrument = this.instrument(order.instId);
    const posSide = account.posMode === 'net_mode' ? 'net' : (order.posSide as 'long' | 'short');
    const mgnMode = order.tdMode as OkxMarginMode;
    const key = `${order.instId}:${mgnMode}:${posSide}`;
    const position = account.positions.get(key) ?? {
      apiKey: account.options.apiKey,
      posId: this.nextId(),
      instId: order.instId,
      instType: order.instType,
      mgnMode,
      posSide,
      pos: 0,
      avgPx: 0,
      realizedPnl: 0,
      fee: 0,
      cTime: ts,
      uTime: ts,
      tradeId: '',
    };
    account.positions.set(key, position);
    if (position.pos === 0) position.cTime = ts;
    const adds = posSide === 'net' ? order.side === 'buy' : order.side === (posSide === 'long' ? 'buy' : 'sell');
    const signed = adds ? sz : -sz;
    const opening = posSide === 'net' ? position.pos === 0 || Math.sign(position.pos) === Math.sign(signed) : signed > 0;
    let pnl = 0;
    if (opening) {
      const size = Math.abs(position.pos);
      const total = size + sz;
      position.avgPx = instrument.ctType === 'inverse' ? total / (size / (position.avgPx || px) + sz / px) : (position.avgPx * size + px * sz) / total;
    } else {
      const closing = Math.min(sz, Math.abs(position.pos));
      pnl = this.pnlOf(instrument, this.directionOf(position), position.avgPx, px, closing);
      if (posSide === 'net' && sz > closing) position.avgPx = px; // a net position turned over
    }
    position.pos = roundTo(position.pos + signed, instrument.lotSz);
    position.fee += fill.fee;
    position.realizedPnl += pnl + fill.fee;
    position.uTime = ts;
    position.tradeId = fill.tradeId;
    return pnl;
  }

  private finish(order: OkxOrder, cancelSource = ''): void {
    order.state = 'canceled';
    order.cancelSource = cancelSource;
    order.uTime = this.now();
    this.events.order(order);
  }

  /** Matches an open order against its book as far as its price allows (a maker fill: the book moved). */
  private matchResting(order: OkxOrder): void {
    const lotSz = this.instrument(order.instId).lotSz;
    const book = this.book(order.instId);
    const got = walk(book, order.side, this.remaining(order), lotSz, order.px);
    take(book, order.side, got, lotSz);
    for (const [px, sz] of got) this.applyFill(order, order.px ?? px, sz, 'M');
  }

  /** Replaces a book; resting orders that now cross fill as makers, and subscribers get the change. */
  setBook(instId: string, input: BookInput): void {
    const before = cloneBook(this.book(instId));
    this.books.set(instId, normalizeBook(input));
    for (const order of this.orders.filter((o) => o.instId === instId && this.isOpen(o))) this.matchResting(order);
    this.events.book(instId, before);
  }

  /** An order by ordId, or by clOrdId in any account. */
  order(id: string): OkxOrder | undefined {
    return this.ordersById.get(id) ?? this.orders.find((o) => o.clOrdId === id);
  }

  /** Fills an open order as a maker: all that is left, or `sz`, at its price or `px`. */
  fillOrder(id: string, sz?: number, px?: number): void {
    const order = this.openOrder(id);
    const size = roundTo(Math.min(sz ?? this.remaining(order), this.remaining(order)), this.instrument(order.instId).lotSz);
    this.applyFill(order, px ?? order.px ?? this.markPx(order.instId), size, 'M');
  }

  /** The exchange cancels an open order itself. */
  cancelBySystem(id: string, cancelSource: string): void {
    this.finish(this.openOrder(id), cancelSource);
  }

  private openOrder(id: string): OkxOrder {
    const order = this.order(id);
    if (!order || !this.isOpen(order)) throw new Error(`loopback OKX has no open order ${id}`);
    return order;
  }

  /** An order request as OKX reads it, or the sCode and sMsg it refuses it with. */
  private parse(account: OkxAccount, entry: Record<string, unknown>): Parsed | [string, string] {
    const instId = str(entry.instId) ?? '';
    const scripted = this.rejections.find((r) => r.instId === undefined || r.instId === instId);
    if (scripted) {
      this.rejections = this.rejections.filter((r) => r !== scripted);
      return [scripted.rejection.sCode, scripted.rejection.sMsg ?? 'Order failed.'];
    }
    const instrument = this.instruments.get(instId);
    if (!instrument) return ['51001', "Instrument ID or Spread ID doesn't exist."];
    const clOrdId = str(entry.clOrdId) ?? '';
    if (clOrdId && !CLORDID.test(clOrdId)) return ['51000', 'Parameter clOrdId error'];
    if (clOrdId && account.ordersByClOrdId.has(clOrdId)) return ['51016', 'Duplicated clOrdId'];
    const side = str(entry.side);
    if (side !== 'buy' && side !== 'sell') return ['51000', 'Parameter side error'];
    const ordType = str(entry.ordType) ?? '';
    if (!ORDER_TYPES.has(ordType)) return ['51000', 'Parameter ordType error'];
    const sz = Number(entry.sz);
    if (!(sz > 0)) return ['51000', 'Parameter sz error'];
    if (sz < instrument.minSz) return ['51020', 'Your order should meet or exceed the minimum order amount.'];
    if (Math.abs(roundTo(sz, instrument.lotSz) - sz) > instrument.lotSz * 1e-6) return ['51121', 'Order quantity must be a multiple of the lot size.'];
    const limited = ordType !== 'market' && ordType !== 'optimal_limit_ioc';
    const contract = instrument.instType !== 'SPOT';
    if (!limited && sz > (contract ? 10_000 : 1_000_000)) return ['51202', 'Market order amount exceeds the maximum amount.'];
    const px = limited ? Number(entry.px) : undefined;
    if (px !== undefined && !(px > 0)) return ['51000', 'Parameter px error'];
    const tdMode = str(entry.tdMode) ?? '';
    if (!(contract ? ['cross', 'isolated'] : ['cash', 'cross', 'isolated']).includes(tdMode)) return ['51000', 'Parameter tdMode error'];
    let posSide = contract ? (str(entry.posSide) ?? '') : '';
    if (contract && account.posMode === 'net_mode') {
      if (posSide && posSide !== 'net') return ['51000', 'Parameter posSide error'];
      posSide = 'net';
    } else if (contract && posSide !== 'long' && posSide !== 'short') return ['51000', 'Parameter posSide error'];
    const tgtCcy = str(entry.tgtCcy) ?? '';
    if (tgtCcy === 'quote_ccy') return ['51000', 'Parameter tgtCcy error (the loopback exchange takes base_ccy sizes only)'];
    return { instrument, clOrdId, side, ordType, sz, px, tdMode, posSide, tgtCcy };
  }

  /** What an order would take from its book now, and whether its rest would stay on the book. */
  private plan({ instrument, side, ordType, sz, px }: Parsed): { got: Level[]; rests: boolean; restSize: number; refused: boolean } {
    const { lotSz } = instrument;
    const book = this.book(instrument.instId);
    const script = this.partial;
    this.partial = undefined;
    const refused = ordType === 'post_only' && walk(book, side, lotSz, lotSz, px).length > 0;
    let got = refused ? [] : walk(book, side, script ? roundTo(sz * script.ratio, lotSz, true) : sz, lotSz, px);
    const gotSize = roundTo(
      got.reduce((sum, [, s]) => sum + s, 0),
      lotSz,
    );
    if (ordType === 'fok' && gotSize < sz) got = [];
    const rests = (TAKES_REST.has(ordType) && !refused) || script?.rest === 'open';
    return { got, rests, refused, restSize: rests ? roundTo(sz - gotSize, lotSz) : 0 };
  }

  /** Why the account cannot carry the order (51169 closing more than it holds, 51008 short of margin or balance), if it cannot. */
  private unaffordable(account: OkxAccount, order: Parsed, { got, restSize }: { got: Level[]; restSize: number }, lever: number): [string, string] | undefined {
    const { instrument, side, posSide, tdMode, sz, px } = order;
    const instId = instrument.instId;
    const contract = instrument.instType !== 'SPOT';
    if (contract && this.closes(account, instrument, side, posSide)) {
      const position = account.positions.get(`${instId}:${tdMode}:${posSide}`);
      const pending = this.openOrders(account)
        .filter((o) => o.instId === instId && o.posSide === posSide && o.side === side)
        .reduce((sum, o) => sum + this.remaining(o), 0);
      if (!position || position.pos - pending < sz - 1e-9)
        return ['51169', "Order failed because you don't have any positions in this direction for this contract."];
      return undefined;
    }
    const costOf = (p: number, s: number) => (contract ? this.contractValue(instrument, p, s) / lever : side === 'buy' ? p * s : s);
    const restPx = px ?? this.book(instId)[side === 'buy' ? 'asks' : 'bids'].at(-1)?.[0] ?? this.markPx(instId);
    const cost = got.reduce((sum, [p, s]) => sum + costOf(p, s), 0) + costOf(restPx, restSize);
    const ccy = contract ? instrument.settleCcy : side === 'buy' ? instrument.quoteCcy : instrument.baseCcy;
    if (cost > this.available(account, ccy) + 1e-9) return ['51008', `Order failed. Insufficient ${ccy} ${contract ? 'margin' : 'balance'} in account`];
    return undefined;
  }

  /** Places one order as OKX's place-order endpoints do; answers its `data` row. */
  place(account: OkxAccount, entry: Record<string, unknown>): OkxRow {
    const tag = str(entry.tag) ?? '';
    const refuse = ([sCode, sMsg]: [string, string]): OkxRow => ({ clOrdId: str(entry.clOrdId) ?? '', ordId: '', tag, ts: String(this.now()), sCode, sMsg });
    const parsed = this.parse(account, entry);
    if (Array.isArray(parsed)) return refuse(parsed);
    const { instrument, clOrdId, side, ordType, sz, px, tdMode, posSide, tgtCcy } = parsed;
    const contract = instrument.instType !== 'SPOT';
    const plan = this.plan(parsed);
    const lever = this.leverOf(account, instrument.instId, contract ? tdMode : 'cross');
    const refusal = this.unaffordable(account, parsed, plan, lever);
    if (refusal) return refuse(refusal);

    const ts = this.now();
    const order: OkxOrder = {
      apiKey: account.options.apiKey,
      ordId: this.nextId(),
      clOrdId,
      tag,
      instId: instrument.instId,
      instType: instrument.instType,
      side,
      posSide,
      tdMode,
      ordType,
      px,
      sz,
      tgtCcy: contract ? '' : tgtCcy || 'base_ccy',
      reduceOnly: entry.reduceOnly === true || entry.reduceOnly === 'true',
      state: 'live',
      accFillSz: 0,
      fee: 0,
      feeCcy: contract ? instrument.settleCcy : side === 'buy' ? instrument.baseCcy : instrument.quoteCcy,
      pnl: 0,
      lever: contract || tdMode !== 'cash' ? lever : 0,
      cTime: ts,
      uTime: ts,
      cancelSource: '',
      fills: [],
      request: entry,
    };
    this.orders.push(order);
    this.ordersById.set(order.ordId, order);
    if (clOrdId) account.ordersByClOrdId.set(clOrdId, order);
    this.events.order(order);
    if (plan.got.length > 0) {
      const book = this.book(instrument.instId);
      const before = cloneBook(book);
      take(book, side, plan.got, instrument.lotSz);
      for (const [p, s] of plan.got) this.applyFill(order, p, s, 'T');
      this.events.book(instrument.instId, before);
    }
    // OKX's cancelSource: 13 a FOK order not filled whole, 14 the unfilled rest of an IOC (or market) order, 31 a post-only order that would take
    if (this.isOpen(order) && !plan.rests) this.finish(order, ordType === 'fok' ? '13' : plan.refused ? '31' : '14');
    return { clOrdId, ordId: order.ordId, tag, ts: String(ts), sCode: '0', sMsg: 'Order placed' };
  }

  /** An account's order by the request's ordId or clOrdId (and instId, when it names one). */
  findOrder(account: OkxAccount, entry: Record<string, unknown>): OkxOrder | undefined {
    const ordId = str(entry.ordId);
    const clOrdId = str(entry.clOrdId);
    const order = ordId ? this.ordersById.get(ordId) : clOrdId ? account.ordersByClOrdId.get(clOrdId) : undefined;
    return order && order.apiKey === account.options.apiKey && (!entry.instId || entry.instId === order.instId) ? order : undefined;
  }

  /** Cancels one order as OKX's cancel-order does; answers its `data` row. */
  cancel(account: OkxAccount, entry: Record<string, unknown>): OkxRow {
    const row = (sCode: string, sMsg: string, order?: OkxOrder) => ({
      clOrdId: order?.clOrdId ?? str(entry.clOrdId) ?? '',
      ordId: order?.ordId ?? str(entry.ordId) ?? '',
      ts: String(this.now()),
      sCode,
      sMsg,
    });
    if (!entry.ordId && !entry.clOrdId) return row('51003', 'Either client order ID or order ID is required.');
    const order = this.findOrder(account, entry);
    if (!order) return row('51400', 'Order cancellation failed as the order has been filled, canceled or does not exist.');
    if (order.state === 'canceled') return row('51401', 'Order cancellation failed as the order has been canceled.', order);
    if (order.state === 'filled') return row('51402', 'Order cancellation failed as the order has been completed.', order);
    this.finish(order);
    return row('0', '', order);
  }
}
