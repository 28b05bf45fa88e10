import { execute, instrumentId, takerFee, type FeeConfig } from '../engine';
import { enginePrices, midPricer } from '../engine/prices';
import { ensureBook } from '../ledger/accounts';
import { kindOf } from '../ledger/book';
import type { MarketSource } from '../market';
import type { Book } from '../store/assets';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import type { Queryable } from '../store/queryable';
import type { Side } from '../engine/pricing';
import type { OrderGateway, OrderRequest, OrderUpdate } from './gateway';

/** The coins an order closing `side` may take off: a sell closes a long, a buy closes a short. */
const closable = (book: Book, currency: string, contractType: number, side: Side): number => {
  const kind = kindOf(contractType);
  const qty = (kind && book.positions[currency]?.[kind]?.qty) || 0;
  return side === 'sell' ? Math.max(0, qty) : Math.max(0, -qty);
};

/**
 * The paper venue: an order fills at once at the server's market, as the task engine fills — the touch
 * (ask to buy, bid to sell) with the global priceSlippage at unlimited depth, fee = amount × price × the
 * API's taker rate. A limit the market does not reach is rejected (nothing rests), and so is a close larger
 * than the open position of that side (read from the account's book). It works in the caller's
 * transaction `tx`, so the fill is booked in the same one; nothing is ever open, so `onUpdate` never fires.
 */
export function paperGateway(tx: Queryable, market: MarketSource): OrderGateway {
  const orders = new Map<string, OrderUpdate>();
  const engine = enginePrices(market);

  const fill = async (order: OrderRequest): Promise<OrderUpdate> => {
    const { clientId, account, leg, side, amount, limit, at } = order;
    const { priceSlippage } = await readGlobalConfig(tx, DEFAULT_GLOBAL_CONFIG);
    const quote = { ...engine.prices(leg, at), bidSize: Infinity, askSize: Infinity };
    const price = execute(side, quote, amount, { levels: 1, slippage: priceSlippage, step: 0 }).price;
    if (limit !== null && (side === 'buy' ? price > limit : price < limit)) {
      return { clientId, state: 'rejected', refusal: { key: 'err.limitNotReachable', params: { price: Number(price.toPrecision(8)) } } };
    }
    const book = await ensureBook(tx, account, midPricer(engine.prices, at), at);
    const open = closable(book, leg.currency, leg.contractType, side);
    if (order.reduceOnly && amount > open + 1e-12) {
      return { clientId, state: 'rejected', refusal: { key: 'err.closeExceedsPosition', params: { position: Number(open.toFixed(6)) } } };
    }
    const fee = amount * price * takerFee(JSON.parse(account.fees) as FeeConfig, leg);
    return { clientId, state: 'filled', fill: { price, amount, fee, instrumentId: instrumentId(leg, engine.expiry(leg, at)) } };
  };

  return {
    async place(order) {
      const update = await fill(order);
      orders.set(order.clientId, update);
      return update;
    },
    // a paper order is never open: cancelling answers what it became
    cancel: async (clientId) => orders.get(clientId),
    lookup: async (clientId) => orders.get(clientId),
    onUpdate: () => () => undefined,
  };
}
