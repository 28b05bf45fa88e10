/**
 * The loopback Binance's state and what changes it: USDⓈ-M futures accounts (wallet, leverage, margin type, position
 * mode, positions), books, orders and trades, and Binance's rules for placing, filling and cancelling. No transport
 * here: binance-rest.ts and binance-ws.ts read it and call it; it tells them what changed through `events`.
 */
import { cloneBook, midPrice, normalizeBook, roundTo, take, walk, type Book, type BookInput, type Level } from './book';
import { defaultBinanceBook, defaultBinanceInstruments, type BinanceInstrument } from './binance-market';

export type BinancePositionSide = 'BOTH' | 'LONG' | 'SHORT';
export type BinanceOrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED';
/** what happened to an order, as ORDER_TRADE_UPDATE's execution type `x` says */
export type BinanceExecution = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED';

export interface BinanceAccountOptions {
  apiKey: string;
  secret: string;
  /** the USDⓈ-M wallet by asset (default 100 000 USDT) */
  balances?: Record<string, number>;
  /** the spot account's free balances by asset (default none): GET /api/v3/account answers them; the loopback trades no spot */
  spotBalances?: Record<string, number>;
  /** hedge mode: orders name positionSide LONG or SHORT. Binance opens accounts in one-way mode (false, the default) */
  dualSidePosition?: boolean;
  /** false: a read-only key (trade endpoints answer -2015); default true */
  canTrade?: boolean;
  /** every symbol's leverage until POST /fapi/v1/leverage changes it (Binance's default 20) */
  leverage?: number;
}

/** The account a loopback Binance has when none is given (one-way mode, as Binance opens accounts). */
export const BINANCE_TEST_ACCOUNT = { apiKey: 'loopback-binance-key', secret: 'loopback-binance-secret' } as const;

export interface BinanceTrade {
  apiKey: string;
  id: number;
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  positionSide: BinancePositionSide;
  price: number;
  qty: number;
  /** USDT, a charge (positive, as Binance prints it) */
  commission: number;
  commissionAsset: string;
  realizedPnl: number;
  maker: boolean;
  time: number;
}

export interface BinanceOrder {
  apiKey: string;
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  positionSide: BinancePositionSide;
  type: 'LIMIT' | 'MARKET';
  timeInForce: string;
  /** 0 for a market order */
  price: number;
  origQty: number;
  executedQty: number;
  cumQuote: number;
  reduceOnly: boolean;
  status: BinanceOrderStatus;
  time: number;
  updateTime: number;
  trades: BinanceTrade[];
  /** the order as the client sent it */
  request: Record<string, string>;
}

export interface BinancePosition {
  apiKey: string;
  symbol: string;
  positionSide: BinancePositionSide;
  /** base coins; negative for a SHORT position (hedge mode) or a short one-way position */
  amt: number;
  entryPrice: number;
  updateTime: number;
}

export interface BinanceAccount {
  options: BinanceAccountOptions;
  dualSidePosition: boolean;
  canTrade: boolean;
  /** the wallet by asset: deposits, realized profit, commissions */
  wallet: Map<string, number>;
  leverage: Map<string, number>;
  marginType: Map<string, 'cross' | 'isolated'>;
  /** by `symbol:positionSide` */
  positions: Map<string, BinancePosition>;
  /** the user-data stream's key (POST /fapi/v1/listenKey), once asked for */
  listenKey?: string;
}

/** A refusal as Binance answers it (HTTP 400 unless `status` says otherwise). */
export interface BinanceError {
  code: number;
  msg: string;
  status?: number;
}

export interface BinanceStateOptions {
  /** the listing (default: defaultBinanceInstruments(now())) */
  instruments?: BinanceInstrument[];
  /** books by symbol, replacing the default books */
  books?: Record<string, BookInput>;
  /** taker and maker commission rates (default 0.0005 and 0.0002) */
  takerFee?: number;
  makerFee?: number;
}

/** What the transports are told: an order changed (how, with the trade that changed it), a book changed (from `before`). */
export interface BinanceEvents {
  order(order: BinanceOrder, execution: BinanceExecution, trade?: BinanceTrade): void;
  book(symbol: string, before: Book): void;
}

const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;
const TIME_IN_FORCE = new Set(['GTC', 'IOC', 'FOK', 'GTX']);
const OTHER_TYPES = new Set(['STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET']);

export const isBinanceError = (value: unknown): value is BinanceError => typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;

const err = (code: number, msg: string, status?: number): BinanceError => ({ code, msg, ...(status ? { status } : {}) });

export class BinanceState {
  readonly instruments: Map<string, BinanceInstrument>;
  readonly books = new Map<string, Book>();
  /** the depth stream's update id per symbol (GET /fapi/v1/depth's lastUpdateId) */
  readonly updateIds = new Map<string, number>();
  readonly accounts = new Map<string, BinanceAccount>();
  /** every order placed (not the refused ones), in order */
  readonly orders: BinanceOrder[] = [];
  readonly trades: BinanceTrade[] = [];
  readonly lastPrice = new Map<string, number>();
  readonly takerFee: number;
  readonly makerFee: number;
  readonly startedAt: number;
  private rejections: { symbol?: string; error: BinanceError }[] = [];
  private partial: { ratio: number; rest: 'open' | 'expired' } | undefined;
  private serial = 0;

  constructor(
    readonly now: () => number,
    options: BinanceStateOptions,
    private readonly events: BinanceEvents,
  ) {
    this.startedAt = now();
    this.takerFee = options.takerFee ?? 0.0005;
    this.makerFee = options.makerFee ?? 0.0002;
    this.instruments = new Map((options.instruments ?? defaultBinanceInstruments(this.startedAt)).map((i) => [i.symbol, i]));
    for (const instrument of this.instruments.values()) {
      this.books.set(instrument.symbol, normalizeBook(options.books?.[instrument.symbol] ?? defaultBinanceBook(instrument)));
      this.updateIds.set(instrument.symbol, 1000);
    }
  }

  private nextId(): number {
    return 8_000_000_000 + ++this.serial;
  }

  addAccount(spec: BinanceAccountOptions): void {
    this.accounts.set(spec.apiKey, {
      options: spec,
      dualSidePosition: spec.dualSidePosition ?? false,
      canTrade: spec.canTrade ?? true,
      wallet: new Map(Object.entries(spec.balances ?? { USDT: 100_000 })),
      leverage: new Map(),
      marginType: new Map(),
      positions: new Map(),
    });
  }

  account(apiKey: string): BinanceAccount {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`loopback Binance has no account ${apiKey}`);
    return account;
  }

  instrument(symbol: string): BinanceInstrument {
    const instrument = this.instruments.get(symbol);
    if (!instrument) throw new Error(`loopback Binance lists no ${symbol}`);
    return instrument;
  }

  book(symbol: string): Book {
    this.instrument(symbol);
    return this.books.get(symbol) as Book;
  }

  // ---------------------------------------------------------------- accounting

  leverageOf(account: BinanceAccount, symbol: string): number {
    return account.leverage.get(symbol) ?? account.options.leverage ?? 20;
  }

  markPrice(symbol: string): number {
    return midPrice(this.book(symbol)) ?? this.lastPrice.get(symbol) ?? 0;
  }

  /** Open positions (amt ≠ 0) of one account. */
  openPositions(account: BinanceAccount): BinancePosition[] {
    return [...account.positions.values()].filter((p) => p.amt !== 0);
  }

  unrealized(position: BinancePosition): number {
    const mark = this.markPrice(position.symbol);
    return mark ? position.amt * (mark - position.entryPrice) : 0;
  }

  positionMargin(account: BinanceAccount, position: BinancePosition): number {
    return (Math.abs(position.amt) * (this.markPrice(position.symbol) || position.entryPrice)) / this.leverageOf(account, position.symbol);
  }

  remaining(order: BinanceOrder): number {
    return roundTo(order.origQty - order.executedQty, this.instrument(order.symbol).stepSize);
  }

  isOpen(order: BinanceOrder): boolean {
    return order.status === 'NEW' || order.status === 'PARTIALLY_FILLED';
  }

  openOrders(account: BinanceAccount): BinanceOrder[] {
    return this.orders.filter((o) => o.apiKey === account.options.apiKey && this.isOpen(o));
  }

  /** Whether an order takes off a position rather than adding to one. */
  private closes(account: BinanceAccount, side: string, positionSide: string, reduceOnly: boolean): boolean {
    if (!account.dualSidePosition) return reduceOnly;
    return (side === 'SELL' && positionSide === 'LONG') || (side === 'BUY' && positionSide === 'SHORT');
  }

  /** The initial margin open orders that add to positions hold back. */
  orderMargin(account: BinanceAccount): number {
    return this.openOrders(account)
      .filter((o) => !this.closes(account, o.side, o.positionSide, o.reduceOnly))
      .reduce((sum, o) => sum + (this.remaining(o) * (o.price || this.markPrice(o.symbol))) / this.leverageOf(account, o.symbol), 0);
  }

  /** Wallet, unrealized profit, position and order margin, and what is left to trade with (one asset, cross margin). */
  balanceOf(account: BinanceAccount, asset: string) {
    const wallet = account.wallet.get(asset) ?? 0;
    const positions = this.openPositions(account).filter((p) => this.instrument(p.symbol).marginAsset === asset);
    const upl = positions.reduce((sum, p) => sum + this.unrealized(p), 0);
    const positionMargin = positions.reduce((sum, p) => sum + this.positionMargin(account, p), 0);
    const orderMargin = asset === 'USDT' ? this.orderMargin(account) : 0;
    return { wallet, upl, positionMargin, orderMargin, available: wallet + upl - positionMargin - orderMargin };
  }

  // ---------------------------------------------------------------- scripted failures

  /** The next order placed (on one symbol, or any) is refused with this code and message. */
  rejectNext(error: BinanceError, symbol?: string): void {
    this.rejections.push({ symbol, error });
  }

  /** The next order placed fills at most `ratio` of its quantity; the rest stays open or expires (as an IOC's would). */
  partialFillNext(ratio: number, rest: 'open' | 'expired'): void {
    this.partial = { ratio, rest };
  }

  // ---------------------------------------------------------------- trading

  private applyFill(order: BinanceOrder, price: number, qty: number, maker: boolean): void {
    const account = this.account(order.apiKey);
    const instrument = this.instrument(order.symbol);
    const time = this.now();
    const commission = price * qty * (maker ? this.makerFee : this.takerFee);
    const realizedPnl = this.updatePosition(account, order, price, qty, time);
    const asset = instrument.marginAsset;
    account.wallet.set(asset, (account.wallet.get(asset) ?? 0) + realizedPnl - commission);
    const trade: BinanceTrade = {
      apiKey: order.apiKey,
      id: this.nextId(),
      orderId: order.orderId,
      clientOrderId: order.clientOrderId,
      symbol: order.symbol,
      side: order.side,
      positionSide: order.positionSide,
      price,
      qty,
      commission,
      commissionAsset: asset,
      realizedPnl,
      maker,
      time,
    };
    order.executedQty = roundTo(order.executedQty + qty, instrument.stepSize);
    order.cumQuote += price * qty;
    order.status = order.executedQty >= order.origQty ? 'FILLED' : 'PARTIALLY_FILLED';
    order.updateTime = time;
    order.trades.push(trade);
    this.trades.push(trade);
    this.lastPrice.set(order.symbol, price);
    this.events.order(order, 'TRADE', trade);
  }

  /** Moves a position by a fill; answers the profit it realized. */
  private updatePosition(account: BinanceAccount, order: BinanceOrder, price: number, qty: number, time: number): number {
    const key = `${order.symbol}:${order.positionSide}`;
    const position = account.positions.get(key) ?? {
      apiKey: account.options.apiKey,
      symbol: order.symbol,
      positionSide: order.positionSide,
      amt: 0,
      entryPrice: 0,
      updateTime: time,
    };
    account.positions.set(key, position);
    const signed = order.side === 'BUY' ? qty : -qty;
    const step = this.instrument(order.symbol).stepSize;
    let pnl = 0;
    if (position.amt === 0 || Math.sign(position.amt) === Math.sign(signed)) {
      const size = Math.abs(position.amt);
      position.entryPrice = (position.entryPrice * size + price * qty) / (size + qty);
    } else {
      const closing = Math.min(qty, Math.abs(position.amt));
      pnl = Math.sign(position.amt) * closing * (price - position.entryPrice);
      if (qty > closing) position.entryPrice = price; // a one-way position turned over
    }
    position.amt = roundTo(position.amt + signed, step);
    if (position.amt === 0) position.entryPrice = 0;
    position.updateTime = time;
    return pnl;
  }

  private finish(order: BinanceOrder, status: 'CANCELED' | 'EXPIRED'): void {
    order.status = status;
    order.updateTime = this.now();
    this.events.order(order, status);
  }

  /** Matches an open order against its book as far as its price allows (a maker fill: the book moved). */
  private matchResting(order: BinanceOrder): void {
    const { stepSize } = this.instrument(order.symbol);
    const book = this.book(order.symbol);
    const side = order.side === 'BUY' ? 'buy' : 'sell';
    const got = walk(book, side, this.remaining(order), stepSize, order.price);
    take(book, side, got, stepSize);
    for (const [, qty] of got) this.applyFill(order, order.price, qty, true);
  }

  /** Replaces a book; resting orders that now cross fill as makers, and subscribers get the change. */
  setBook(symbol: string, input: BookInput): void {
    const before = cloneBook(this.book(symbol));
    this.books.set(symbol, normalizeBook(input));
    for (const order of this.orders.filter((o) => o.symbol === symbol && this.isOpen(o))) this.matchResting(order);
    this.events.book(symbol, before);
  }

  /** An order by orderId, or by clientOrderId (the latest) in any account. */
  order(id: string | number): BinanceOrder | undefined {
    return this.orders.find((o) => String(o.orderId) === String(id)) ?? this.orders.findLast((o) => o.clientOrderId === id);
  }

  /** Fills an open order as a maker: all that is left, or `qty`, at its price or `price`. */
  fillOrder(id: string | number, qty?: number, price?: number): void {
    const order = this.openOrder(id);
    const size = roundTo(Math.min(qty ?? this.remaining(order), this.remaining(order)), this.instrument(order.symbol).stepSize);
    this.applyFill(order, price ?? (order.price || this.markPrice(order.symbol)), size, true);
  }

  /** The exchange ends an open order itself (EXPIRED, as Binance ends what it cancels: self-trade prevention, a liquidation…). */
  expireOrder(id: string | number): void {
    this.finish(this.openOrder(id), 'EXPIRED');
  }

  private openOrder(id: string | number): BinanceOrder {
    const order = this.order(id);
    if (!order || !this.isOpen(order)) throw new Error(`loopback Binance has no open order ${id}`);
    return order;
  }

  /** An account's order by the request's orderId or origClientOrderId on its symbol. */
  findOrder(account: BinanceAccount, params: Record<string, string>): BinanceOrder | undefined {
    const byId = params.orderId;
    const byClient = params.origClientOrderId;
    return this.orders.findLast(
      (o) => o.apiKey === account.options.apiKey && o.symbol === params.symbol && (byId ? String(o.orderId) === byId : o.clientOrderId === byClient),
    );
  }

  /** An order request as Binance reads it, or the error it refuses it with. */
  private parse(account: BinanceAccount, params: Record<string, string>) {
    const symbol = params.symbol ?? '';
    const scripted = this.rejections.find((r) => r.symbol === undefined || r.symbol === symbol);
    if (scripted) {
      this.rejections = this.rejections.filter((r) => r !== scripted);
      return scripted.error;
    }
    const instrument = this.instruments.get(symbol);
    if (!instrument) return err(-1121, 'Invalid symbol.');
    const side = params.side;
    if (side !== 'BUY' && side !== 'SELL') return err(-1117, 'Invalid side.');
    const type = params.type ?? '';
    if (OTHER_TYPES.has(type)) return err(-1116, 'Invalid orderType. (the loopback Binance takes LIMIT and MARKET orders only)');
    if (type !== 'LIMIT' && type !== 'MARKET') return err(-1116, 'Invalid orderType.');
    const clientOrderId = params.newClientOrderId ?? `loopback${this.serial + 1}`;
    if (!CLIENT_ID.test(clientOrderId)) return err(-4015, 'Client order id is not valid.');
    if (this.openOrders(account).some((o) => o.clientOrderId === clientOrderId)) return err(-4116, 'ClientOrderId is duplicated.');
    const positionSide = (params.positionSide ?? 'BOTH') as BinancePositionSide;
    if (account.dualSidePosition ? positionSide !== 'LONG' && positionSide !== 'SHORT' : positionSide !== 'BOTH')
      return err(-4061, "Order's position side does not match user's setting.");
    if (account.dualSidePosition && params.reduceOnly !== undefined) return err(-1106, "Parameter 'reduceonly' sent when not required.");
    const reduceOnly = params.reduceOnly === 'true';
    const timeInForce = type === 'LIMIT' ? (params.timeInForce ?? '') : 'GTC';
    if (!TIME_IN_FORCE.has(timeInForce)) return err(-1102, "Mandatory parameter 'timeInForce' was not sent, was empty/null, or malformed.");
    if (params.quantity === undefined) return err(-1102, "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.");
    const qty = Number(params.quantity);
    const { stepSize, tickSize } = instrument;
    if (!(qty > 0)) return err(-4003, 'Quantity less than or equal to zero.');
    if (Math.abs(roundTo(qty, stepSize) - qty) > stepSize * 1e-6) return err(-1111, 'Precision is over the maximum defined for this asset.');
    if (qty < instrument.minQty) return err(-4004, 'Quantity less than min quantity.');
    if (qty > (type === 'MARKET' ? instrument.marketMaxQty : instrument.maxQty)) return err(-4005, 'Quantity greater than max quantity.');
    const price = type === 'LIMIT' ? Number(params.price) : 0;
    if (type === 'LIMIT' && !(price > 0)) return err(-1102, "Mandatory parameter 'price' was not sent, was empty/null, or malformed.");
    if (Math.abs(roundTo(price, tickSize) - price) > tickSize * 1e-6) return err(-4014, 'Price not increased by tick size.');
    const closing = this.closes(account, side, positionSide, reduceOnly);
    if (!closing && (price || this.markPrice(symbol)) * qty < instrument.minNotional)
      return err(-4164, `Order's notional must be no smaller than ${instrument.minNotional} (unless you choose reduce only).`);
    return { instrument, symbol, side, type, clientOrderId, positionSide, reduceOnly, timeInForce, qty, price, closing } as const;
  }

  /** Places one order as POST /fapi/v1/order does: the order, or the error it is refused with. */
  place(account: BinanceAccount, params: Record<string, string>): BinanceOrder | BinanceError {
    const parsed = this.parse(account, params);
    if (isBinanceError(parsed)) return parsed;
    const { instrument, symbol, side, type, qty, price, timeInForce, closing, positionSide } = parsed;
    const book = this.book(symbol);
    const lower = side === 'BUY' ? 'buy' : 'sell';
    const limit = type === 'LIMIT' ? price : undefined;
    if (timeInForce === 'GTX' && walk(book, lower, instrument.stepSize, instrument.stepSize, limit).length > 0)
      return err(
        -5022,
        'Due to the order could not be executed as maker, the Post Only order will be rejected. The order will not be recorded in the order history',
      );
    const script = this.partial;
    this.partial = undefined;
    let got: Level[] = walk(book, lower, script ? roundTo(qty * script.ratio, instrument.stepSize, true) : qty, instrument.stepSize, limit);
    const gotQty = roundTo(
      got.reduce((sum, [, s]) => sum + s, 0),
      instrument.stepSize,
    );
    if (timeInForce === 'FOK' && gotQty < qty) got = [];
    const rests = script ? script.rest === 'open' : type === 'LIMIT' && timeInForce === 'GTC';
    const refusal = this.unaffordable(account, parsed, got, rests ? qty - gotQty : 0);
    if (refusal) return refusal;

    const time = this.now();
    const order: BinanceOrder = {
      apiKey: account.options.apiKey,
      orderId: this.nextId(),
      clientOrderId: parsed.clientOrderId,
      symbol,
      side,
      positionSide,
      type,
      timeInForce,
      price,
      origQty: qty,
      executedQty: 0,
      cumQuote: 0,
      reduceOnly: parsed.reduceOnly || (account.dualSidePosition && closing),
      status: 'NEW',
      time,
      updateTime: time,
      trades: [],
      request: { ...params },
    };
    this.orders.push(order);
    this.events.order(order, 'NEW');
    if (got.length > 0) {
      const before = cloneBook(book);
      take(book, lower, got, instrument.stepSize);
      for (const [p, s] of got) this.applyFill(order, p, s, false);
      this.events.book(symbol, before);
    }
    if (this.isOpen(order) && !rests) this.finish(order, 'EXPIRED');
    return order;
  }

  /** Why the account cannot carry the order (-2022 closing more than it holds, -2019 short of margin), if it cannot. */
  private unaffordable(
    account: BinanceAccount,
    order: { symbol: string; side: string; positionSide: BinancePositionSide; qty: number; price: number; closing: boolean },
    got: Level[],
    restQty: number,
  ): BinanceError | undefined {
    const { symbol, side, positionSide, qty, closing } = order;
    if (closing) {
      const position = account.positions.get(`${symbol}:${positionSide}`);
      const pending = this.openOrders(account)
        .filter((o) => o.symbol === symbol && o.positionSide === positionSide && o.side === side)
        .reduce((sum, o) => sum + this.remaining(o), 0);
      const held = position ? Math.abs(position.amt) : 0;
      const against = position && (side === 'SELL' ? position.amt > 0 : position.amt < 0);
      if (!against || held - pending < qty - 1e-9) return err(-2022, 'ReduceOnly Order is rejected.');
      return undefined;
    }
    const leverage = this.leverageOf(account, symbol);
    const restPrice = order.price || this.markPrice(symbol);
    const cost = (got.reduce((sum, [p, s]) => sum + p * s, 0) + restPrice * restQty) / leverage;
    if (cost > this.balanceOf(account, this.instrument(symbol).marginAsset).available + 1e-9) return err(-2019, 'Margin is insufficient.');
    return undefined;
  }

  /** Cancels one order as DELETE /fapi/v1/order does: the order as it ended, or -2011. */
  cancel(account: BinanceAccount, params: Record<string, string>): BinanceOrder | BinanceError {
    if (!params.orderId && !params.origClientOrderId) return err(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!");
    if (!this.instruments.has(params.symbol ?? '')) return err(-1121, 'Invalid symbol.');
    const order = this.findOrder(account, params);
    if (!order || !this.isOpen(order)) return err(-2011, 'Unknown order sent.');
    this.finish(order, 'CANCELED');
    return order;
  }
}
