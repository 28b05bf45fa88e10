import type { FeedClient, FeedGenerator, FeedGenerators } from './feeds';
import { checkTables, userMarketTables } from './handlers/market';
import { CURRENCIES, isExchange, marketRows, MarketError, type MarketTable } from './market';
import { lastChartPoint, listApis } from './store/api-accounts';
import { CallError } from './envelope';

/** The tables a get2 message subscribes to (`{token, data: [table…]}`); undefined = the user's tables. */
function subscribedTables(text: string): MarketTable[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const data = parsed && typeof parsed === 'object' ? (parsed as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return undefined;
  try {
    return checkTables(data);
  } catch (error) {
    if (error instanceof MarketError || error instanceof CallError) return undefined;
    throw error;
  }
}

/**
 * get2: `{code: 200, data: [{table, rows}]}` — the rows (§3 "Market row", one per currency) of the
 * tables the message subscribes to, or of the user's stored tables when it names none (or names an
 * invalid one). Pushed again at every 'market.tick' (settings.marketPushHz).
 */
export const marketFeed: FeedGenerator = {
  onOpen: (client) => void client.app.market.openSockets.add(client),
  onClose: (client) => void client.app.market.openSockets.delete(client),
  async onMessage(client: FeedClient, text: string) {
    const { app, user } = client;
    const tables = subscribedTables(text) ?? (await userMarketTables(app.db, user.id));
    const now = app.clock.now();
    return { code: 200, data: tables.map((table) => ({ table, rows: marketRows(app.market.prices, table, now) })) };
  },
  pushOn: { 'market.tick': true },
};

export interface DemandRow {
  api_id: number;
  api_name: string;
  currency: string;
  demand: number;
  available: number;
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

/**
 * The funding demand of one user: per API account and currency (§9's nine), in coins at the spot
 * mid price p of the account's exchange —
 *   demand    = principal / 9 / p   (principal: the account's asset template, USDT, split evenly)
 *   available = balance / 9 / p     (balance: the account's simulated equity, its last chart point's
 *                                     equity_usdt, or the principal before the first point)
 * Open positions do not enter yet (no task engine trades).
 */
export async function demandRows(client: FeedClient): Promise<DemandRow[]> {
  const { app, user } = client;
  const now = app.clock.now();
  const rows: DemandRow[] = [];
  for (const api of await listApis(app.db, user.id)) {
    const principal = api.asset_template;
    const balance = (await lastChartPoint(app.db, api.id))?.equity_usdt ?? principal;
    const exchange = isExchange(api.bourse_id) ? api.bourse_id : 1;
    for (const currency of CURRENCIES) {
      const spot = app.market.prices.quote(exchange, currency, 1, now);
      const price = (spot.bid + spot.ask) / 2;
      const share = 1 / CURRENCIES.length / price;
      rows.push({ api_id: api.id, api_name: api.name, currency, demand: round4(principal * share), available: round4(balance * share) });
    }
  }
  return rows;
}

/** /ts/req: "1" (every 1300 ms) is answered with the demand rows, "0" (on close) with nothing. */
export const demandFeed: FeedGenerator = {
  onMessage: (client, text) => (text.trim() === '0' ? undefined : demandRows(client)),
  pushOn: { 'market.tick': true },
};

export const marketFeedGenerators: FeedGenerators = { market: marketFeed, demand: demandFeed };
