import { PAGING } from '#contract/rules/constants';
import { CODE, invalid } from '../http/envelope';
import { message } from '../http/messages';
import type { FeedClient, FeedGenerator, FeedGenerators } from './socket-server';
import { ORDER_LIMITS, periodStatistics } from '../handlers/orders';

/**
 * What one statistics message may ask for: [currency, minutes] pairs (the console sends its nine
 * currencies with one of §9's three periods), different periods, and the newest orders (more are served at
 * the limit, as a page size is).
 */
export const STATISTICS_LIMITS = { pairs: 32, periods: 3, orders: 100 } as const;

const tooMany = () => invalid('err.statisticsPairs', { max: STATISTICS_LIMITS.pairs, periods: STATISTICS_LIMITS.periods, minutes: ORDER_LIMITS.periodMinutes });

/**
 * `{currencys: [[currency, minutes]…], number}` (§7), or undefined when it is not such a message. Past
 * STATISTICS_LIMITS (pairs, periods, minutes of a period, a currency name longer than 16) it throws the
 * refusal (err.statisticsPairs), which the socket sends back in the client's language.
 */
export function statisticsSubscription(text: string): { pairs: [string, number][]; number: number } | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { currencys?: unknown }).currencys)) return undefined;
  const { currencys, number } = raw as { currencys: unknown[]; number?: unknown };
  if (currencys.length > STATISTICS_LIMITS.pairs) throw tooMany();
  const pairs: [string, number][] = [];
  for (const pair of currencys) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string') return undefined;
    const minutes = Number(pair[1]);
    if (!Number.isInteger(minutes) || minutes <= 0) return undefined;
    if (minutes > ORDER_LIMITS.periodMinutes || pair[0].length > 16) throw tooMany();
    pairs.push([pair[0].toLowerCase(), minutes]);
  }
  if (new Set(pairs.map(([, m]) => m)).size > STATISTICS_LIMITS.periods) throw tooMany();
  const count = number === undefined ? PAGING.orderPageSize : Number(number);
  if (!Number.isInteger(count) || count < 0) return undefined;
  return { pairs, number: Math.min(count, STATISTICS_LIMITS.orders) };
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
