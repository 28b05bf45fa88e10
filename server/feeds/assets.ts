import { borrowRecords, ledgerRecords, valueAccount } from '../ledger/accounts';
import { marketPricer } from '../engine/prices';
import { subscribedIds, type FeedClient, type FeedGenerator, type FeedGenerators } from './socket-server';
import { listApis, tradesOnExchange } from '../store/api-accounts';
import { breather } from '../http/lanes';

/**
 * One message of the asset socket: `{code, data: {apiId, asset_info: {statistics, list}, ledger, borrow}}`; a testnet or
 * live account's figures are its exchange's, with when they were read (`exchange`; no asset_info until the first read).
 */
export async function assetMessages(client: FeedClient, apiIds: readonly number[]) {
  const { app, user } = client;
  const now = app.clock.now();
  const pricer = marketPricer(app.market.prices, now);
  const wanted = new Set(apiIds);
  const messages = [];
  // own accounts only: ids of other users' accounts are left out
  for (const api of (await listApis(app.db, user.id)).filter((a) => wanted.has(a.id))) {
    if (messages.length > 0 && messages.length % 20 === 0) await breather(); // many accounts: others are served between pieces
    if (tradesOnExchange(api)) {
      messages.push({ code: 200, data: { apiId: api.id, ...(await app.holdings.view(api, client.lang)) } });
      continue;
    }
    const asset_info = await valueAccount(app.db, api, pricer, now);
    const ledger = await ledgerRecords(app.db, api.id);
    const borrow = await borrowRecords(app.db, api.id);
    messages.push({ code: 200, data: { apiId: api.id, asset_info, ledger, borrow } });
  }
  return messages;
}

/** The accounts each client's last message asked for. */
const subscriptions = new WeakMap<FeedClient, Set<number>>();

/**
 * /asset/get (token in the query): every 3 s the console sends `{token, data: [apiId…]}`; each message
 * is answered with one message per own API id of it ('ok' when it names none). Pushed again when the assets of one of the
 * client's subscribed accounts change ('asset.changed': the engine's fills, manual orders, a read of its exchange).
 */
export const assetFeed: FeedGenerator = {
  async onMessage(client, text) {
    const ids = subscribedIds(text);
    subscriptions.set(client, new Set(ids));
    const messages = await assetMessages(client, ids);
    for (const message of messages) client.send(message);
    // a subscription naming none of the user's accounts is acknowledged with 'ok' (the console ignores it)
    return messages.length ? undefined : 'ok';
  },
  onClose: (client) => void subscriptions.delete(client),
  pushOn: { 'asset.changed': (client, { userId, apiId }) => client.user.id === userId && subscriptions.get(client)?.has(apiId) === true },
};

export const assetFeedGenerators: FeedGenerators = { asset: assetFeed };
