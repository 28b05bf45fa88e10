import type { FeedClient, FeedGenerator, FeedGenerators } from './socket-server';
import { checkTables, userMarketTables } from '../handlers/market';
import { valueAccount } from '../ledger/accounts';
import { marketPricer } from '../engine/prices';
import { POSITION_KINDS } from '../store/assets';
import { CURRENCIES, marketRows, MarketError, type MarketTable } from '../market';
import { listApis } from '../store/api-accounts';
import { CallError } from '../http/envelope';
import { breather } from '../http/lanes';

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
 * The funding demand of one user, per API account and currency (§9's nine), in coins, from the
 * account's simulated books (server/ledger/book.ts) valued at the server's market now:
 *   demand    = principal + max(0, −Σ positions)   (the coins paid in, plus what open short futures
 *                                                    positions need to be covered)
 *   available = spot + wallet − borrowed             (the coins the account holds, net of debt)
 * coins rounded to 4 decimals.
 */
export async function demandRows(client: FeedClient): Promise<DemandRow[]> {
  const { app, user } = client;
  const now = app.clock.now();
  const pricer = marketPricer(app.market.prices, now);
  const rows: DemandRow[] = [];
  for (const [i, api] of (await listApis(app.db, user.id)).entries()) {
    if (i > 0 && i % 20 === 0) await breather(); // a user with many accounts: others are served between pieces
    const { list } = await valueAccount(app.db, api, pricer, now);
    for (const currency of CURRENCIES) {
      const row = list.find((r) => r.currency === currency);
      if (!row) continue;
      const n = (key: string) => Number(row[key] ?? 0);
      const position = POSITION_KINDS.reduce((sum, kind) => sum + n(`P_${kind}`), 0);
      rows.push({
        api_id: api.id,
        api_name: api.name,
        currency,
        demand: round4(n('principal') + Math.max(0, -position)),
        available: round4(n('spot') + n('wallet') - n('borrowed')),
      });
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
