import { createHash } from 'node:crypto';
import type { Exchange, MarketInterface, Order } from 'ccxt';
import { NetworkError, OrderNotFound, RequestTimeout } from '../ccxt';
import { ORDER_STATUS, type OrderStatus } from '#contract/rules/order-status';
import { isContractCode, isCurrency } from '../market/instruments';
import { liveSymbol } from '../market/live';
import type { ApiRow } from '../store/api-accounts';
import { insertOutbox, outboxRow, unsettledOutbox, updateOutbox, type NewOutboxRow, type OutboxChange, type OutboxRow } from '../store/outbox';
import type { Queryable } from '../store/queryable';
import type { OrderGateway, OrderRefusal, OrderRequest, OrderUpdate } from './gateway';
import { isFinalStatus, orderStatusOf } from './status';

/**
 * The order gateway of one API account on a real exchange (testnet or live), through its ccxt pro client
 * (unified methods only). No order is ever sent twice: its intent is written to the outbox
 * (store/outbox.ts) before it is sent — by `place`, or by the transaction that made the order (`intend`: the task
 * runner's step, so the row commits with the order's record and the send waits on no write of its own) — and a
 * send whose outcome is unknown (timeout, network error, a duplicate client id) is first looked up on the exchange by its client order id; `recover()` at start
 * settles what a previous run left in the outbox and sends nothing.
 *
 * Updates come from `watchOrders` (the private socket); while the socket is down the open orders are
 * polled (`fetchOrder` by client id) every `pollMs` of the server's clock. `onUpdate` gets, per order, each
 * new fill as `filled` (the part filled since the last one: coins, its average price, its fee in USDT,
 * from the exchange's cumulative filled / average / fee) and, when it ends cancelled, `cancelled`; every
 * update carries its §4 status (gateway/status.ts): 2 while open, 3 / 4 / 7 / 8 once it ends. `place`
 * answers at the exchange's acknowledgement (`open`, status 2); `lookup` and `cancel` answer the whole:
 * `filled` with all that filled once it ended with a fill (3, or 7 when the rest was cancelled).
 */
/** The server's clock as the gateway uses it (server/clock/clock.ts's Clock; tests pass a ManualClock). */
export interface GatewayClock {
  now(): number;
  every(ms: number, fn: () => void): () => void;
  after(ms: number, fn: () => void): () => void;
  sleep(ms: number): Promise<void>;
}

export interface ExchangeGatewayOptions {
  /** the account's ccxt pro client (markets loaded or not; its `loadHttpProxyAgent` has run) */
  client: Exchange;
  account: ApiRow;
  /** the database itself, not a caller's transaction: an outbox row must be committed before its order is sent */
  store: Queryable;
  clock: GatewayClock;
  /** true while the account's exchange is marked down (when the ApiRow has no `exchange_down` column) */
  isDown?: () => boolean;
  /** the price an order is valued at when it has no limit (max_order_notional, inverse contracts); default: the exchange's ticker */
  priceOf?: (order: OrderRequest) => number | undefined;
  /** OKX position mode: hedged (long/short: posSide on every contract order, the default) or net */
  positionMode?: 'hedged' | 'net';
  /** ms (server clock) a send may take before it is looked up on the exchange */
  sendTimeoutMs?: number;
  /** ms between polls while the socket is down */
  pollMs?: number;
  /** ms before the socket is dialled again after it failed */
  reconnectMs?: number;
}

export interface ExchangeGateway extends OrderGateway {
  /** OrderGateway.intend: false also for an order of another account or with no instrument on the exchange */
  intend(db: Queryable, order: OrderRequest): Promise<boolean>;
  /** settles every outbox row of the account a previous run left sending or open; sends nothing. Subscribe first. */
  recover(): Promise<OrderUpdate[]>;
  /** whether the private socket is up (false: the open orders are polled) */
  socketUp(): boolean;
  onSocket(listener: (up: boolean) => void): () => void;
  /** stops polling and watching (the client is its owner's to close) */
  close(): void;
}

const DEFAULTS = { sendTimeoutMs: 10_000, pollMs: 2_000, reconnectMs: 1_000 };
const STABLE = new Set(['USDT', 'USDC', 'USD']);
const MAX_CLIENT_ID = 32;

/**
 * Our client id as the exchange's client order id (OKX: 1–32 alphanumerics), deterministic so a retry and a
 * restart send the same one: a-z and 0-9 stay, '-' becomes 'Z', any other character 'Y' and its 6 hex
 * digits. A longer result becomes 'X' and 31 hex digits of its SHA-256 (not reversible: the outbox maps it).
 */
export function exchangeClientId(clientId: string): string {
  let out = '';
  for (const ch of clientId) {
    if (/[a-z0-9]/.test(ch)) out += ch;
    else if (ch === '-') out += 'Z';
    else out += `Y${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(6, '0')}`;
  }
  if (out.length > 0 && out.length <= MAX_CLIENT_ID) return out;
  return `X${createHash('sha256')
    .update(clientId)
    .digest('hex')
    .slice(0, MAX_CLIENT_ID - 1)}`;
}

/** Our client id back from the exchange's (undefined for a hashed one). */
export function ourClientId(exchangeId: string): string | undefined {
  if (exchangeId.startsWith('X')) return undefined;
  return exchangeId.replace(/Z|Y([0-9A-F]{6})/g, (_, hex?: string) => (hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : '-'));
}

/** An order this gateway follows. Amounts in coins, cost and fee in USDT; `reported` is what listeners have been told. */
interface Tracked {
  clientId: string;
  exchangeClientId: string;
  symbol: string;
  market: MarketInterface;
  /** sending: a send in flight in this run; unsettled: sending in a previous run, or its outcome unknown; open; done */
  phase: 'sending' | 'unsettled' | 'open' | 'done';
  status: OrderStatus;
  reported: { amount: number; cost: number; fee: number };
  refusal?: OrderRefusal;
}

const contractSize = (market: MarketInterface): number => market.contractSize ?? 1;
/** coins of an amount in the exchange's unit (contracts; an inverse contract is worth contractSize USD) */
const coinsOf = (market: MarketInterface, amount: number, price: number): number =>
  !market.contract ? amount : market.inverse ? (amount * contractSize(market)) / price : amount * contractSize(market);
const unitsOf = (market: MarketInterface, coins: number, price: number): number =>
  !market.contract ? coins : market.inverse ? (coins * price) / contractSize(market) : coins / contractSize(market);

/** The order's fees in USDT: a fee in the base coin (spot buys, inverse contracts) at the fill price. */
function feeInUsdt(order: Order, market: MarketInterface, price: number): number {
  type Fee = { cost?: number; currency?: string };
  const all = (order as Order & { fees?: Fee[] }).fees;
  const fees: Fee[] = all?.length ? all : order.fee ? [order.fee as Fee] : [];
  return fees.reduce((sum, fee) => sum + (fee.cost ?? 0) * (fee.currency && !STABLE.has(fee.currency) && fee.currency === market.base ? price : 1), 0);
}

/** The exchange's words of a refusal: OKX's sCode and sMsg when the error carries them, else ccxt's message. */
function refusalOf(error: unknown): OrderRefusal {
  const text = error instanceof Error ? error.message : String(error);
  const code = /"sCode":"(\d+)"/.exec(text)?.[1];
  const message = /"sMsg":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  const reason = code && code !== '0' ? `${code} ${message ?? ''}`.trim() : text;
  return { key: 'err.exchangeRefused', params: { reason: reason.slice(0, 300) } };
}

/**
 * The exchange says our client order id is taken (OKX 51016; Binance -4116, which ccxt raises as InvalidOrder): the
 * order IS there, sent before (a retry after a lost reply), and is booked as the exchange has it, never as refused.
 */
const DUPLICATE_CLIENT_ID = /"sCode":"51016"|"code":\s*-4116\b/;
/** An error after which the order may or may not be on the exchange: look it up before anything else. */
const uncertain = (error: unknown): boolean => error instanceof NetworkError || (error instanceof Error && DUPLICATE_CLIENT_ID.test(error.message));

const maxNotional = (account: ApiRow): number => {
  try {
    return Number((JSON.parse(account.advanced) as { max_order_notional?: number }).max_order_notional) || 0;
  } catch {
    return 0;
  }
};

export function exchangeGateway(options: ExchangeGatewayOptions): ExchangeGateway {
  const { client, account, store, clock } = options;
  const { sendTimeoutMs, pollMs, reconnectMs } = { ...DEFAULTS, ...options };
  const listeners = new Set<(update: OrderUpdate) => void>();
  const socketListeners = new Set<(up: boolean) => void>();
  const tracked = new Map<string, Tracked>();
  const byExchangeId = new Map<string, Tracked>();
  let closed = false;
  let started = false;
  let up = true;
  let watching = false;
  let watchGeneration = 0;
  let polling: (() => void) | undefined;
  let pollSawGeneration = -1;
  let writes: Promise<unknown> = Promise.resolve();
  /** client ids whose rows a caller's transaction wrote this run (intend) and nobody has sent yet */
  const intended = new Set<string>();

  /** outbox writes in order, each after the one before */
  const write = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writes.then(work);
    writes = next.catch(() => undefined);
    return next;
  };
  const change = (t: Tracked, c: OutboxChange) => write(() => updateOutbox(store, t.clientId, c, clock.now()));
  const emit = (updates: OrderUpdate[]) => {
    for (const update of updates) for (const listener of listeners) listener(update);
  };

  const track = (t: Tracked): Tracked => {
    tracked.set(t.clientId, t);
    byExchangeId.set(t.exchangeClientId, t);
    return t;
  };

  const markets = async (): Promise<void> => {
    if (!client.markets || Object.keys(client.markets).length === 0) await client.loadMarkets();
  };

  /** What the order is now, as `lookup` answers it. */
  const answer = (t: Tracked): OrderUpdate => {
    const { clientId, status, reported } = t;
    if (t.refusal) return { clientId, state: 'rejected', refusal: t.refusal, status };
    if (!isFinalStatus(status)) return { clientId, state: 'open', status };
    if (reported.amount <= 0) return { clientId, state: 'cancelled', status };
    const fill = { price: reported.cost / reported.amount, amount: reported.amount, fee: reported.fee, instrumentId: t.market.id ?? t.symbol };
    return { clientId, state: 'filled', fill, status };
  };

  /**
   * Takes in what the exchange says of a followed order: its fill so far when it grew (if it did) and its end.
   * The bookkeeping is synchronous, so two reports of the same order never tell the same fill twice; the
   * updates go out once the outbox holds them.
   */
  const observe = async (t: Tracked, order: Order): Promise<void> => {
    if (t.phase === 'done') return;
    const filledUnits = order.filled ?? 0;
    const status = orderStatusOf({ status: order.status, filled: filledUnits, amount: order.amount ?? filledUnits });
    if (status === ORDER_STATUS.create) return; // an acknowledgement: nothing to tell yet
    const price = order.average ?? order.price ?? 0;
    const coins = price > 0 ? coinsOf(t.market, filledUnits, price) : 0;
    const updates: OrderUpdate[] = [];
    const before = t.reported;
    const final = isFinalStatus(status);
    if (coins > before.amount * (1 + 1e-12) + 1e-15) {
      const now = { amount: coins, cost: coins * price, fee: feeInUsdt(order, t.market, price) };
      // an update carries the order's fill so far (gateway.ts): one told twice counts once
      const fill = { price: now.cost / now.amount, amount: now.amount, fee: now.fee, instrumentId: t.market.id ?? t.symbol };
      updates.push({ clientId: t.clientId, state: 'filled', fill, status });
      t.reported = now;
    } else if (final && status === ORDER_STATUS.completed && t.status !== status) {
      // closed with nothing new: a fill of nothing marks the end
      updates.push({ clientId: t.clientId, state: 'filled', fill: { price, amount: 0, fee: 0, instrumentId: t.market.id ?? t.symbol }, status });
    }
    if (final && status !== ORDER_STATUS.completed) updates.push({ clientId: t.clientId, state: 'cancelled', status });
    const changed = updates.length > 0 || t.status !== status || (t.phase !== 'open' && !final);
    t.status = status;
    t.phase = final ? 'done' : 'open';
    if (!changed) return;
    await change(t, {
      state: t.phase,
      status,
      order_id: order.id ?? undefined,
      reported_amount: t.reported.amount,
      reported_cost: t.reported.cost,
      reported_fee: t.reported.fee,
    });
    emit(updates);
  };

  /** The order on the exchange by its client id; undefined when the exchange says there is none. */
  const find = async (t: Tracked): Promise<Order | undefined> => {
    try {
      return await client.fetchOrder('', t.symbol, { clientOrderId: t.exchangeClientId });
    } catch (error) {
      if (error instanceof OrderNotFound) return undefined;
      throw error;
    }
  };

  /** An order that is not on the exchange and will not be sent: it ended with nothing (4). */
  const endUnsent = async (t: Tracked): Promise<void> => {
    t.phase = 'done';
    t.status = ORDER_STATUS.abnormalEnd;
    await change(t, { state: 'done', status: t.status });
    emit([{ clientId: t.clientId, state: 'cancelled', status: t.status }]);
  };

  const refuse = async (t: Tracked, refusal: OrderRefusal): Promise<OrderUpdate> => {
    t.phase = 'done';
    t.status = ORDER_STATUS.abnormal;
    t.refusal = refusal;
    await change(t, { state: 'done', status: t.status, refusal: JSON.stringify(refusal) });
    return answer(t);
  };

  /** Looks an unsettled order up and settles it: followed when found, ended (4) when the exchange has none. */
  const settle = async (t: Tracked): Promise<void> => {
    const found = await find(t);
    if (found) await observe(t, found);
    else await endUnsent(t);
  };

  /** createOrder, or RequestTimeout once sendTimeoutMs of the server's clock have passed (the request may still land). */
  const createWithin = (call: SendCall): Promise<Order> =>
    new Promise<Order>((resolve, reject) => {
      const timer = clock.after(sendTimeoutMs, () => reject(new RequestTimeout(`no reply to createOrder within ${sendTimeoutMs} ms`)));
      client.createOrder(call.symbol, call.type, call.side, call.amount, call.price, call.params).then(
        (order) => {
          timer();
          resolve(order);
        },
        (error: unknown) => {
          timer();
          reject(error);
        },
      );
    });

  /** Sends an order whose outbox row is written; a send of unknown outcome is looked up before it is sent once more. */
  const send = async (t: Tracked, call: SendCall, again: boolean): Promise<OrderUpdate> => {
    let reply: Order;
    try {
      reply = await createWithin(call);
    } catch (error) {
      if (!uncertain(error)) return refuse(t, refusalOf(error));
      let found: Order | undefined;
      try {
        found = await find(t);
      } catch {
        t.phase = 'unsettled'; // neither sent for sure nor refused: the polls settle it
        startPolling();
        return answer(t);
      }
      if (found) return accepted(t, found);
      if (again) return send(t, call, false);
      await endUnsent(t);
      return answer(t);
    }
    return accepted(t, reply);
  };

  /** The exchange has the order: followed from now on, and read once in case the socket missed its start. */
  const accepted = async (t: Tracked, order: Order): Promise<OrderUpdate> => {
    t.phase = 'open';
    t.status = ORDER_STATUS.executing;
    const written = change(t, { state: 'open', status: t.status, order_id: order.id ?? undefined });
    const observed = observe(t, order); // its bookkeeping is done now: the answer is this reply's, not a later push's
    const now = answer(t);
    await written;
    await observed;
    void refresh(t);
    return now;
  };

  const refresh = async (t: Tracked): Promise<void> => {
    try {
      const found = await find(t);
      if (found) await observe(t, found);
    } catch {
      // the next poll or push will tell
    }
  };

  // ---------------------------------------------------------------- socket and polls

  const setUp = (next: boolean) => {
    if (up === next) return;
    up = next;
    for (const listener of socketListeners) listener(up);
  };

  const pollOnce = async () => {
    for (const t of [...tracked.values()]) {
      if (t.phase === 'open') await refresh(t);
      else if (t.phase === 'unsettled') await settle(t).catch(() => undefined);
    }
  };

  /**
   * Polls every pollMs while the socket is down. The socket counts as up again once a watch dialled after the
   * failure has held for a whole poll interval (or brings an update); one more poll covers what it missed meanwhile.
   */
  function startPolling(): void {
    if (polling || closed) return;
    pollSawGeneration = -1;
    polling = clock.every(pollMs, () => {
      void pollOnce();
      const unsettled = [...tracked.values()].some((t) => t.phase === 'unsettled');
      if (watching && pollSawGeneration === watchGeneration && !unsettled) {
        stopPolling();
        setUp(true);
      }
      pollSawGeneration = watching ? watchGeneration : -1;
    });
  }
  function stopPolling(): void {
    polling?.();
    polling = undefined;
  }

  const watch = async () => {
    while (!closed) {
      watching = true;
      try {
        const orders = await client.watchOrders();
        watching = false;
        setUp(true);
        for (const order of orders) {
          const t = order.clientOrderId ? byExchangeId.get(order.clientOrderId) : undefined;
          if (t && t.phase !== 'sending') await observe(t, order);
        }
      } catch {
        watching = false;
        if (closed) return;
        setUp(false);
        startPolling();
        await clock.sleep(reconnectMs);
        watchGeneration += 1;
      }
    }
  };

  const start = () => {
    if (started || closed) return;
    started = true;
    void watch();
  };

  // ---------------------------------------------------------------- the gateway

  /** The order of a client id: followed in this run, or from the outbox. */
  const trackedOf = async (clientId: string): Promise<Tracked | undefined> => {
    const known = tracked.get(clientId);
    if (known) return known;
    const row = await outboxRow(store, clientId);
    if (!row || row.api_id !== account.id) return undefined;
    await markets();
    return track(fromRow(row, client.market(row.symbol)));
  };

  const symbolOf = (order: OrderRequest): string => {
    const { currency, contractType } = order.leg;
    if (!isCurrency(currency) || !isContractCode(contractType)) throw new Error(`no exchange instrument for ${currency} type ${contractType}`);
    return liveSymbol(currency, contractType, order.at);
  };

  const down = (order: OrderRequest): boolean => Boolean(order.account.exchange_down) || (options.isDown?.() ?? false);

  const priceOf = async (order: OrderRequest, symbol: string): Promise<number> => {
    const given = order.limit ?? options.priceOf?.(order);
    if (given) return given;
    const ticker = await client.fetchTicker(symbol);
    return ticker.last ?? ticker.close ?? 0;
  };

  /** The exchange call of an order, or why it is not sent. */
  const callOf = async (order: OrderRequest, symbol: string, market: MarketInterface): Promise<SendCall | OrderRefusal> => {
    const price = await priceOf(order, symbol);
    const limit = maxNotional(order.account);
    const notional = order.amount * price;
    if (limit > 0 && notional > limit) return { key: 'err.maxNotional', params: { limit, notional: Number(notional.toFixed(2)) } };
    let amount: number;
    try {
      // the units as their decimal (0.052 BTC / 0.01 is 5.199999999999999, which ccxt would truncate to 5.19)
      amount = Number(client.amountToPrecision(symbol, Number(unitsOf(market, order.amount, price).toPrecision(12))));
    } catch (error) {
      return refusalOf(error);
    }
    const params: Record<string, unknown> = { clientOrderId: exchangeClientId(order.clientId) };
    if (market.contract) {
      params.marginMode = 'cross';
      if (order.reduceOnly) params.reduceOnly = true;
      // hedged: ccxt sets posSide (long for a buy that opens or a sell that closes) and drops reduceOnly
      if ((options.positionMode ?? 'hedged') === 'hedged') params.hedged = true;
    }
    const type = order.limit === null ? 'market' : 'limit';
    return { symbol, type, side: order.side, amount, price: order.limit ?? undefined, params };
  };

  /** An order refused before it was sent; the row this run wrote of it (`written`) ends with it. */
  const notSent = async (order: OrderRequest, written: boolean, refusal: OrderRefusal): Promise<OrderUpdate> => {
    const status = ORDER_STATUS.abnormal;
    if (written) await write(() => updateOutbox(store, order.clientId, { state: 'done', status, refusal: JSON.stringify(refusal) }, clock.now()));
    return { clientId: order.clientId, state: 'rejected', refusal, status };
  };

  /** The outbox row of an order about to be sent; undefined when it has no instrument on the exchange (never sent). */
  const intentOf = (order: OrderRequest): NewOutboxRow | undefined => {
    let symbol: string;
    try {
      symbol = symbolOf(order);
    } catch {
      return undefined;
    }
    const { clientId } = order;
    const request = JSON.stringify({ ...order, account: account.id });
    return {
      client_id: clientId,
      exchange_client_id: exchangeClientId(clientId),
      api_id: account.id,
      symbol,
      request,
      status: ORDER_STATUS.create,
      created_at: clock.now(),
    };
  };

  return {
    async intend(db, order) {
      const row = order.account.id === account.id ? intentOf(order) : undefined;
      if (!row || !(await insertOutbox(db, row))) return false;
      intended.add(order.clientId);
      return true;
    },

    async place(order, written = false) {
      start();
      if (order.account.id !== account.id) throw new Error(`order ${order.clientId} is for account ${order.account.id}, not ${account.id}`);
      // its row is this run's and unsent (intend): nothing to read or write before it is sent
      const fresh = written && intended.delete(order.clientId);
      const known = fresh ? tracked.get(order.clientId) : await trackedOf(order.clientId);
      if (known) return again(known);
      if (down(order))
        return notSent(order, fresh, { key: 'err.exchange.down', params: { bourse: account.bourse_name ?? client.name ?? String(account.bourse_id) } });
      await markets();
      const symbol = symbolOf(order);
      const market = client.market(symbol);
      const call = await callOf(order, symbol, market);
      if ('key' in call) return notSent(order, fresh, call);
      const racing = tracked.get(order.clientId); // the same id placed meanwhile: that one is the order
      if (racing) return again(racing);
      const t = track({
        clientId: order.clientId,
        exchangeClientId: exchangeClientId(order.clientId),
        symbol,
        market,
        phase: 'sending',
        status: ORDER_STATUS.create,
        reported: { amount: 0, cost: 0, fee: 0 },
      });
      if (!fresh && !(await write(() => insertOutbox(store, intentOf(order)!)))) {
        t.phase = 'unsettled'; // a row of this id appeared meanwhile: it may be on the exchange, so it is looked up
        return again(t);
      }
      return send(t, call, true);
    },

    async cancel(clientId) {
      start();
      const t = await trackedOf(clientId);
      if (!t) return undefined;
      if (t.phase === 'unsettled' || t.phase === 'sending') await settle(t);
      if (t.phase === 'open') {
        try {
          await client.cancelOrder('', t.symbol, { clientOrderId: t.exchangeClientId });
        } catch (error) {
          if (!(error instanceof OrderNotFound)) throw error; // already ended: what it ended as is read below
        }
        await refresh(t);
      }
      return answer(t);
    },

    async lookup(clientId) {
      const t = await trackedOf(clientId);
      if (!t) return undefined;
      if (t.phase === 'open') await refresh(t);
      else if (t.phase === 'unsettled') await settle(t);
      return answer(t);
    },

    onUpdate(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async recover() {
      start();
      const rows = await unsettledOutbox(store, account.id);
      if (rows.length === 0) return [];
      await markets();
      const answers: OrderUpdate[] = [];
      for (const row of rows) {
        if (intended.has(row.client_id)) continue; // this run is about to send it
        const t = tracked.get(row.client_id) ?? track(fromRow(row, client.market(row.symbol)));
        if (t.phase === 'sending') continue; // this run is sending it
        try {
          if (t.phase === 'unsettled') await settle(t);
          else await refresh(t);
        } catch {
          startPolling(); // the exchange did not answer: the polls settle it
        }
        answers.push(answer(t));
      }
      return answers;
    },

    socketUp: () => up,
    onSocket(listener) {
      socketListeners.add(listener);
      return () => socketListeners.delete(listener);
    },
    close() {
      closed = true;
      stopPolling();
    },
  };

  /** A known client id placed again: never sent twice; answered with what the order is now. */
  async function again(t: Tracked): Promise<OrderUpdate> {
    if (t.phase === 'unsettled') await settle(t).catch(() => undefined);
    else if (t.phase === 'open') await refresh(t);
    return answer(t);
  }
}

/** One createOrder call. */
interface SendCall {
  symbol: string;
  type: 'market' | 'limit';
  side: 'buy' | 'sell';
  /** the exchange's unit: contracts, or coins on spot */
  amount: number;
  price: number | undefined;
  params: Record<string, unknown>;
}

function fromRow(row: OutboxRow, market: MarketInterface): Tracked {
  const t: Tracked = {
    clientId: row.client_id,
    exchangeClientId: row.exchange_client_id,
    symbol: row.symbol,
    market,
    phase: row.state === 'sending' ? 'unsettled' : row.state,
    status: Number(row.status) as OrderStatus,
    reported: { amount: Number(row.reported_amount), cost: Number(row.reported_cost), fee: Number(row.reported_fee) },
  };
  if (row.refusal) t.refusal = JSON.parse(row.refusal) as OrderRefusal;
  return t;
}

export interface ExchangeGateways {
  /** the account's gateway: one per account and client, recovered from the outbox when first made */
  of(api: ApiRow): ExchangeGateway;
  close(): void;
}

/**
 * One exchange gateway per testnet/live account, over the client `clientFor` answers for it. A client replaced
 * (its key or mode changed) gets a new gateway; the old one stops. Each new gateway first settles what the
 * outbox holds of its account (`recover`), so a restart sends nothing twice; `listen` subscribes before that.
 */
export function exchangeGateways(
  clientFor: (api: ApiRow) => Exchange,
  options: Omit<ExchangeGatewayOptions, 'client' | 'account'> & { listen?: (api: ApiRow, gateway: ExchangeGateway) => void },
): ExchangeGateways {
  const made = new Map<number, { client: Exchange; gateway: ExchangeGateway }>();
  const { listen, ...shared } = options;
  return {
    of(api) {
      const client = clientFor(api);
      const known = made.get(api.id);
      if (known?.client === client) return known.gateway;
      known?.gateway.close();
      const gateway = exchangeGateway({ ...shared, client, account: api });
      made.set(api.id, { client, gateway });
      listen?.(api, gateway);
      void gateway.recover().catch(() => undefined); // what it cannot settle now, its polls settle
      return gateway;
    },
    close() {
      for (const { gateway } of made.values()) gateway.close();
      made.clear();
    },
  };
}
