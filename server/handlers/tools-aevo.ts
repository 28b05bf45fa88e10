/**
 * The aevo tool page /aveo: the user's aevo fills, paged, and "sync now", which pulls the fills
 * made since the last pull and says how many were new (server/store/aevo.ts).
 */
import type { AevoTrade, AevoTradePage } from '#contract/types/aevo';
import { formatSecond } from '../clock/time';
import { signedIn, type HandlerMap } from '../context';
import { num } from '../http/validate';
import { syncAevo } from '../aevo/fills';
import { countTrades, lastSync, tradesPage, type AevoTradeRow } from '../store/aevo';

const MAX_PAGE_SIZE = 100;

const tradeView = (row: AevoTradeRow): AevoTrade => ({
  id: row.id,
  time: formatSecond(row.at),
  instrument: row.instrument,
  side: row.side,
  price: row.price,
  amount: row.amount,
  fee: row.fee,
});

export const toolsAevoHandlers: HandlerMap = {
  async aevoTradeData(call) {
    const user = signedIn(call);
    const { db } = call.app;
    const page = num(call.payload, 'page', { integer: true, positive: true });
    const pageSize = num(call.payload, 'pageSize', { integer: true, min: 1, max: MAX_PAGE_SIZE });
    const synced = await lastSync(db, user.id);
    const reply: AevoTradePage = {
      list: (await tradesPage(db, user.id, page, pageSize)).map(tradeView),
      total: await countTrades(db, user.id),
      syncedAt: synced === null ? '' : formatSecond(synced),
    };
    return call.ok(reply);
  },

  async aevoTradeUpdate(call) {
    const user = signedIn(call);
    const { db, market, clock } = call.app;
    const now = clock.now();
    const added = await db.transaction((tx) => syncAevo(tx, market.sim, user.id, now));
    return call.ok({ added, syncedAt: formatSecond(now) }, 'ok.generic');
  },
};
