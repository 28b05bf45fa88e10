import { PAGING } from '../../src/domain/constants';
import { CODE } from '../http/envelope';
import { message } from '../http/messages';
import type { FeedClient, FeedGenerator, FeedGenerators } from './socket-server';
import { periodStatistics } from '../handlers/orders';

/** The most [currency, minutes] pairs and newest orders one statistics message may ask for. */
const MAX_PAIRS = 64;
const MAX_ORDERS = 1000;

/** `{currencys: [[currency, minutes]…], number}` (§7), or undefined when it is not such a message. */
export function statisticsSubscription(text: string): { pairs: [string, number][]; number: number } | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { currencys?: unknown }).currencys)) return undefined;
  const { currencys, number } = raw as { currencys: unknown[]; number?: unknown };
  const pairs: [string, number][] = [];
  for (const pair of currencys.slice(0, MAX_PAIRS)) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string') return undefined;
    const minutes = Number(pair[1]);
    if (!Number.isInteger(minutes) || minutes <= 0) return undefined;
    pairs.push([pair[0].toLowerCase(), minutes]);
  }
  const count = number === undefined ? PAGING.orderPageSize : Number(number);
  if (!Number.isInteger(count) || count < 0) return undefined;
  return { pairs, number: Math.min(count, MAX_ORDERS) };
}

/**
 * /web/get/order/total: every 2 s the console sends its [currency, minutes] pairs and 18; the reply is
 * `{code: 200, data: {automatic, manual, order}}` (a group per pair, periods ending now, and the newest
 * orders). Pushed again when orders of one of the user's accounts were written ('orders.changed': the
 * engine's tick, manual orders).
 */
export const statisticsFeed: FeedGenerator = {
  async onMessage(client: FeedClient, text: string) {
    const subscription = statisticsSubscription(text);
    if (!subscription) return { code: CODE.badRequest, info: message(client.lang, 'err.jsonList', { field: 'currencys' }) };
    const { app, user } = client;
    return { code: 200, data: await periodStatistics(app.db, user.id, subscription.pairs, subscription.number, app.clock.now()) };
  },
  pushOn: { 'orders.changed': (client, event) => event.userId === client.user.id },
};

export const orderFeedGenerators: FeedGenerators = { statistics: statisticsFeed };
