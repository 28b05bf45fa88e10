/**
 * §7 /manual/trading on a testnet or live account (assets.ts hands such an order here). The order is recorded
 * first (status_ 1, client order id `manual-<id>`) and committed, then sent through the account's order gateway
 * (server/gateway/exchange.ts: the outbox, the look-up before any resend). What the exchange says of it, at once
 * and later — a resting limit order that fills in part or whole, over watchOrders or the REST polls — is written
 * to its row (status_, filled, average price, fee: store/manual-orders.ts), and each new part of its fill is
 * booked on the account as a paper order's fill is (ledger/fills.ts). At start, the orders a previous run left
 * open are looked up by their client id; one the exchange never had ends 4 (nothing filled).
 */
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { AppContext } from '../context';
import { marketPricer } from '../engine/prices';
import type { OrderGateway, OrderRequest, OrderUpdate } from '../gateway/gateway';
import { serialWork } from '../gateway/serial';
import { invalid } from '../http/envelope';
import { exchangeFailure } from './api-accounts';
import { bookOrderFill } from '../ledger/fills';
import { findApi, insertManualOrder, tradesOnExchange, type ApiRow, type NewManualOrder } from '../store/api-accounts';
import { findManualOrder, openManualOrders, setManualClientId, updateManualFill, type ManualOrderRow } from '../store/manual-orders';

export const manualClientId = (id: number): string => `manual-${id}`;
const orderIdOf = (clientId: string): number | undefined => {
  const id = /^manual-(\d+)$/.exec(clientId)?.[1];
  return id === undefined ? undefined : Number(id);
};

/** What is recorded of a manual order before it is sent (how it fills is the exchange's to say). */
export type ManualRecord = Omit<NewManualOrder, 'status' | 'filled' | 'dealPrice' | 'fee' | 'instrumentId'>;

export interface ManualOrders {
  /** records the order, sends it, and answers its id once the exchange answered; a refusal is thrown as the reply's error */
  place(api: ApiRow, request: Omit<OrderRequest, 'clientId'>, record: ManualRecord): Promise<number>;
  /** looks up the orders a previous run left open */
  recover(): Promise<void>;
  /** resolves when every update under way is written */
  idle(): Promise<void>;
  stop(): void;
}

type Ctx = Pick<AppContext, 'db' | 'clock' | 'bus' | 'market' | 'gateway'>;
const servers = new WeakMap<Ctx, ManualOrders>();

/** The server's manual orders on the exchanges (made once per server). */
export function manualOrdersOf(ctx: Ctx): ManualOrders {
  let orders = servers.get(ctx);
  if (!orders) {
    orders = manualOrders(ctx);
    servers.set(ctx, orders);
  }
  return orders;
}

const log = (what: string, error: unknown) => console.error(`[server] manual orders: ${what}:`, error instanceof Error ? error.message : error);
const EPSILON = 1e-12;
/** §3 manual directions 1 (open long, spot buy) and 4 (close short) buy */
const signOf = (direction: number): 1 | -1 => (direction === 1 || direction === 4 ? 1 : -1);

/** The §4 status_ of an update: the exchange gateway's own; a filled one without it ended whole (3). */
function statusOf(update: OrderUpdate): number {
  if (update.status !== undefined) return update.status;
  const byState = { open: ORDER_STATUS.executing, filled: ORDER_STATUS.completed, cancelled: ORDER_STATUS.abnormalEnd, rejected: ORDER_STATUS.abnormal };
  return byState[update.state];
}

function manualOrders(ctx: Ctx): ManualOrders {
  const { db, clock, bus } = ctx;
  const subscribed = new Map<OrderGateway, () => void>();
  let stopped = false;
  let recovering: Promise<void> = Promise.resolve();
  /** updates are written one at a time: an order's fill is booked by one update at a time */
  const updates = serialWork((error) => log('update', error));

  const gatewayOf = (api: ApiRow): OrderGateway => {
    const gateway = ctx.gateway(db, api);
    if (!subscribed.has(gateway)) {
      const off = gateway.onUpdate((update) => {
        const id = orderIdOf(update.clientId);
        if (id !== undefined && !stopped) updates.post(() => apply(id, update, gateway));
      });
      subscribed.set(gateway, off);
    }
    return gateway;
  };

  /** Writes what the exchange says of the order, and books the part of its fill not booked yet, in one transaction. */
  const apply = async (id: number, told: OrderUpdate, gateway: OrderGateway): Promise<void> => {
    const row = await findManualOrder(db, id);
    if (!row || (row.status !== ORDER_STATUS.create && row.status !== ORDER_STATUS.executing)) return;
    // a cancellation after a part filled: the whole of what it filled is the gateway's answer
    const update = told.state === 'cancelled' ? ((await gateway.lookup(told.clientId)) ?? told) : told;
    const status = statusOf(update);
    const fill = update.state === 'filled' ? update.fill : undefined;
    const before = row.filled ?? 0;
    const grew = fill !== undefined && fill.amount > before * (1 + 1e-12) + EPSILON;
    if (!grew && status === row.status) return;
    const at = clock.now();
    const written = await db.transaction(async (tx) => {
      const next = grew
        ? { status, filled: fill.amount, deal_price: fill.price, fee: fill.fee, instrument_id: fill.instrumentId }
        : { status, filled: row.filled, deal_price: row.deal_price, fee: row.fee, instrument_id: row.instrument_id };
      if (!(await updateManualFill(tx, id, next, row.filled))) return false;
      const api = await findApi(tx, row.api_id);
      if (grew && api) await bookOrderFill(tx, api, newPart(row, fill), marketPricer(ctx.market.prices, at), at);
      return true;
    });
    if (!written) return;
    bus.emit('asset.changed', { userId: row.user_id, apiId: row.api_id });
    bus.emit('orders.changed', { userId: row.user_id, apiId: row.api_id });
  };

  return {
    async place(api, request, record) {
      let gateway: OrderGateway;
      try {
        gateway = gatewayOf(api);
      } catch (error) {
        throw exchangeFailure(error); // its exchange cannot be reached (no test network…): refused before anything is recorded
      }
      const id = await db.transaction(async (tx) => {
        const made = await insertManualOrder(tx, { ...record, status: ORDER_STATUS.create, filled: null, dealPrice: null, fee: null, instrumentId: null });
        await setManualClientId(tx, made, manualClientId(made));
        return made;
      });
      const clientId = manualClientId(id);
      let answer: OrderUpdate;
      try {
        answer = await gateway.place({ ...request, clientId });
        // the acknowledgement is all it answered: read once more what it did meanwhile
        if (answer.state === 'open') answer = (await gateway.lookup(clientId)) ?? answer;
      } catch (error) {
        const known = await gateway.lookup(clientId).catch(() => undefined);
        if (!known) {
          const reason = error instanceof Error ? error.message : String(error);
          answer = { clientId, state: 'rejected', refusal: { key: 'err.exchangeRefused', params: { reason: reason.slice(0, 300) } } };
        } else answer = known;
      }
      const final = answer;
      await updates.run(() => apply(id, final, gateway));
      if (final.state === 'rejected') throw invalid(final.refusal.key, final.refusal.params);
      return id;
    },

    recover() {
      recovering = lookUpLeftovers();
      return recovering;
    },

    async idle() {
      await recovering;
      await updates.idle();
    },

    stop() {
      stopped = true;
      for (const off of subscribed.values()) off();
      subscribed.clear();
    },
  };

  async function lookUpLeftovers(): Promise<void> {
    for (const row of await openManualOrders(db)) {
      const api = await findApi(db, row.api_id);
      if (!api || !tradesOnExchange(api) || stopped) continue;
      try {
        const gateway = gatewayOf(api);
        const known = await gateway.lookup(row.client_id!);
        // never sent (the server stopped between recording and sending it): it ended with nothing
        const update: OrderUpdate = known ?? { clientId: row.client_id!, state: 'cancelled', status: ORDER_STATUS.abnormalEnd };
        await updates.run(() => apply(row.id, update, gateway));
      } catch (error) {
        log(`look up ${row.client_id}`, error); // the gateway's polls report it once its exchange answers
      }
    }
  }
}

/** The part of the order's fill so far that its row has not booked yet: coins, their price, their fee. */
function newPart(row: ManualOrderRow, fill: { price: number; amount: number; fee: number }) {
  const before = row.filled ?? 0;
  const amount = fill.amount - before;
  const cost = fill.amount * fill.price - before * (row.deal_price ?? 0);
  return {
    currency: row.symbol.toLowerCase(),
    contractType: row.type,
    sign: signOf(row.direction),
    price: cost / amount,
    amount,
    fee: fill.fee - (row.fee ?? 0),
  };
}
