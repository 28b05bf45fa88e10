/**
 * Where a follow task's orders leave for its API account and come back as the rows the task records: every
 * order of the one-sided runner and of the follow-task actions is made by `sendFollowOrder`, the one place that
 * says what the account's venue answers now.
 * - Paper (the default): the order fills at once, at the price it was sent at, without fee.
 * - Testnet or live: the order is recorded open (0), the task's book moved as if it will fill at that price;
 *   once the transaction that made it has committed, `followExchange` sends it through the account's order
 *   gateway (server/gateway/exchange.ts: the client id `follow-<row id>`, the outbox, the look-up before any
 *   resend) at the market, and takes in what the exchange says: the state (FOLLOW_ORDER_STATE), the filled
 *   size, the average price and the fee of its fills. When the order ends, the task's book is moved from what it
 *   assumed to what the exchange filled (engine.ts `settleFollowFill`).
 *   Nothing is sent on stale data: an order older than FOLLOW_ORDER_MAX_AGE_MS when its turn comes (bars caught
 *   up after a stop, a send a stopped server never made) or whose account's exchange is marked down is not sent
 *   and ends failed (-2), its move of the book taken back; the feed-down alert names the exchange.
 */
import { FOLLOW_ORDER_STATE, isBuySignal, isOpening, SIGNAL } from '#contract/rules/unilateral';
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { AppContext } from '../context';
import type { OrderGateway, OrderRequest, OrderUpdate } from '../gateway/gateway';
import { isFinalStatus } from '../gateway/status';
import { serialWork } from '../gateway/serial';
import { reachesExchange } from '#contract/types/api-accounts';
import { findApi, tradesOnExchange, type ApiRow } from '../store/api-accounts';
import {
  findFollowOrder,
  findFollowTask,
  lastOpeningPrice,
  openFollowOrders,
  saveFollowBook,
  updateFollowOrder,
  type FollowOrderRecord,
  type FollowTaskRow,
  type NewFollowOrder,
} from '../store/unilateral';
import { settleFollowFill, type FollowOrderRow } from './engine';

export const instrumentOf = (coin: string): string => `${coin.toUpperCase()}-USDT-SWAP`;
const coinOf = (instrumentId: string): string => instrumentId.split('-')[0]!.toLowerCase();

/** The USDT-margined perpetual (contract type 14) a follow order trades. */
const FOLLOW_CONTRACT = 14;

/**
 * ms: the oldest a follow order may be when it is sent. The runner writes a bar's orders within a minute of the
 * bar (RUN_EVERY_MS); anything older was decided on prices the market has left.
 */
export const FOLLOW_ORDER_MAX_AGE_MS = 120_000;

export const followClientId = (orderId: number): string => `follow-${orderId}`;
const orderIdOf = (clientId: string): number | undefined => {
  const id = /^follow-(\d+)$/.exec(clientId)?.[1];
  return id === undefined ? undefined : Number(id);
};

/** The row of a follow order as its account's venue answers it now: filled (paper) or open (an exchange). */
export const sendFollowOrder = (task: FollowTaskRow, coin: string, order: FollowOrderRow): NewFollowOrder => {
  const paper = !reachesExchange(task.mode);
  return {
    api_id: task.api_id,
    strategy_id: task.strategy_id,
    at: order.at,
    instrument_id: instrumentOf(coin),
    size: order.qty,
    price: order.price,
    type: order.type,
    state: paper ? FOLLOW_ORDER_STATE.filled : FOLLOW_ORDER_STATE.open,
    filled_qty: paper ? order.qty : 0,
    price_avg: paper ? order.price : 0,
    fee: 0,
  };
};

/** What an update of the gateway makes of a follow order: its state and its fill so far (undefined: as recorded). */
function followStateOf(update: OrderUpdate): { state: number; fill?: { filled: number; priceAvg: number; fee: number } } {
  switch (update.state) {
    case 'rejected':
      return { state: FOLLOW_ORDER_STATE.failed, fill: { filled: 0, priceAvg: 0, fee: 0 } };
    case 'cancelled':
      return { state: FOLLOW_ORDER_STATE.cancelled };
    case 'open':
      return { state: FOLLOW_ORDER_STATE.open };
    case 'filled': {
      const fill = { filled: update.fill.amount, priceAvg: update.fill.price, fee: update.fill.fee };
      if (update.status !== undefined && !isFinalStatus(update.status)) return { state: FOLLOW_ORDER_STATE.partlyFilled, fill };
      // ended with part filled, the rest cancelled (7): cancelled, as the exchange says, with what it filled
      return { state: update.status === ORDER_STATUS.partialCancelled ? FOLLOW_ORDER_STATE.cancelled : FOLLOW_ORDER_STATE.filled, fill };
    }
  }
}

const ended = (state: number): boolean => state !== FOLLOW_ORDER_STATE.open && state !== FOLLOW_ORDER_STATE.partlyFilled;

export interface FollowExchange {
  /**
   * Takes in every follow order not ended that this run has not taken yet: sends the ones never sent (or ends
   * them failed when stale), and looks up the ones a previous run sent. Called after each commit that may have
   * made orders ('unilateral.changed') and at start.
   */
  sync(): void;
  /** resolves when every send, look-up and update under way is written */
  idle(): Promise<void>;
  stop(): void;
}

const log = (what: string, error: unknown) => console.error(`[server] follow orders: ${what}:`, error instanceof Error ? error.message : error);

export function followExchange(ctx: Pick<AppContext, 'db' | 'clock' | 'bus' | 'gateway' | 'exchanges'>): FollowExchange {
  const { db, clock, bus } = ctx;
  /** the orders taken in by this run (sent, or followed) */
  const taken = new Set<number>();
  const subscribed = new Map<OrderGateway, () => void>();
  let stopped = false;
  /** orders of this sync too old to send */
  let stale = 0;

  /** the work on follow orders, one piece at a time: a task's book is moved by one order's end at a time */
  const work = serialWork((error) => log('update', error));

  const gatewayOf = (account: ApiRow): OrderGateway => {
    const gateway = ctx.gateway(db, account);
    if (!subscribed.has(gateway)) {
      subscribed.set(
        gateway,
        gateway.onUpdate((update) => {
          const id = orderIdOf(update.clientId);
          if (id !== undefined && !stopped) work.post(() => updated(id, update, gateway));
        }),
      );
    }
    return gateway;
  };

  const changed = (order: FollowOrderRecord) => bus.emit('unilateral.changed', { strategyIds: [order.strategy_id] });

  /**
   * Writes what the exchange says of the order; when it ended, moves the task's book to the fill, in the same
   * transaction (once: only an order not ended yet changes).
   */
  const apply = async (order: FollowOrderRecord, update: OrderUpdate): Promise<void> => {
    const { state, fill } = followStateOf(update);
    const now = fill ?? { filled: order.filled_qty, priceAvg: order.price_avg, fee: order.fee };
    const row = { state, filled_qty: now.filled, price_avg: now.priceAvg, fee: now.fee };
    if (!ended(state)) {
      if (state === order.state && now.filled === order.filled_qty) return;
      await updateFollowOrder(db, order.id, row);
      return changed(order);
    }
    const moved = await db.transaction(async (tx) => {
      if (!(await updateFollowOrder(tx, order.id, row))) return false;
      const task = await findFollowTask(tx, order.api_id);
      if (!task) return true;
      const book = { cash: task.cash, qty: task.qty, entry: task.entry };
      settleFollowFill(book, order, now);
      if (book.qty !== 0) {
        // the position left is the one the latest opening order of its side opened
        const side = Math.sign(book.qty) as 1 | -1;
        book.entry = (await lastOpeningPrice(tx, order.api_id, [side === 1 ? SIGNAL.longOpen : SIGNAL.shortOpen])) || book.entry;
      }
      await saveFollowBook(tx, { api_id: task.api_id, status: task.status, ...book });
      return true;
    });
    taken.delete(order.id); // ended: no sync lists it again
    if (moved) changed(order);
  };

  /** Ends an order that was never sent: failed, the book's move taken back. */
  const fail = (order: FollowOrderRecord, reason: string, quiet = false) => {
    if (!quiet) log(`order ${order.id} not sent`, reason);
    return apply(order, { clientId: followClientId(order.id), state: 'rejected', refusal: { key: 'err.exchangeRefused', params: { reason } } });
  };

  const updated = async (id: number, update: OrderUpdate, gateway: OrderGateway): Promise<void> => {
    const order = await findFollowOrder(db, id);
    if (!order || ended(order.state)) return;
    // a cancellation after a part filled: the whole of what it filled is the gateway's answer
    const whole = update.state === 'cancelled' ? ((await gateway.lookup(update.clientId)) ?? update) : update;
    await apply(order, whole);
  };

  const requestOf = (order: FollowOrderRecord, account: ApiRow): OrderRequest => ({
    clientId: followClientId(order.id),
    // the accounts' marks are written a moment after the exchange stopped answering: the clients know at once
    account: { ...account, exchange_down: account.exchange_down || ctx.exchanges.isDown(account.bourse_id) ? 1 : 0 },
    leg: { exchange: account.bourse_id, currency: coinOf(order.instrument_id), contractType: FOLLOW_CONTRACT },
    side: isBuySignal(order.type) ? 'buy' : 'sell',
    amount: order.size,
    limit: null,
    reduceOnly: !isOpening(order.type),
    at: clock.now(),
  });

  /** One order not ended that this run had not taken: looked up by its client id first, sent only when the exchange never had it. */
  const takeIn = async (order: FollowOrderRecord): Promise<void> => {
    const account = await findApi(db, order.api_id);
    if (!account || !tradesOnExchange(account)) return fail(order, 'the account does not trade on an exchange');
    let gateway: OrderGateway;
    try {
      gateway = gatewayOf(account);
    } catch (error) {
      return fail(order, error instanceof Error ? error.message : String(error));
    }
    const clientId = followClientId(order.id);
    const known = await gateway.lookup(clientId);
    if (known) return apply(order, known);
    if (clock.now() - order.at > FOLLOW_ORDER_MAX_AGE_MS) {
      stale += 1;
      return fail(order, 'stale', true);
    }
    let answer: OrderUpdate | undefined;
    try {
      answer = await gateway.place(requestOf(order, account));
    } catch (error) {
      // sent or not: the gateway's outbox says (an order it has is settled by its polls and reported)
      log(`order ${order.id} place`, error);
      answer = await gateway.lookup(clientId).catch(() => undefined);
      if (!answer) return fail(order, error instanceof Error ? error.message : String(error));
    }
    if (answer.state === 'rejected')
      log(`order ${order.id} refused`, answer.refusal.key === 'err.exchangeRefused' ? answer.refusal.params.reason : answer.refusal.key);
    await apply((await findFollowOrder(db, order.id)) ?? order, answer);
  };

  return {
    sync() {
      if (stopped) return;
      work.post(async () => {
        stale = 0;
        for (const order of await openFollowOrders(db)) {
          if (taken.has(order.id) || stopped) continue;
          taken.add(order.id);
          await takeIn(order).catch((error) => log(`order ${order.id}`, error));
        }
        if (stale) log('not sent', `${stale} orders decided more than ${FOLLOW_ORDER_MAX_AGE_MS / 1000} s ago (bars caught up after a stop)`);
      });
    },
    idle: () => work.idle(),
    stop() {
      stopped = true;
      for (const off of subscribed.values()) off();
      subscribed.clear();
    },
  };
}
