/**
 * /coins: the user's tradable coin range (coin_range) and currency blacklist
 * (currency/blacklist). A save adds or removes ONE coin (friendlier to two tabs editing at once than
 * saving the whole list): an unknown coin and a coin already listed are refused with their message,
 * removing a coin that is not listed changes nothing. The runner opens no new position in a
 * blacklisted coin nor outside a non-empty range (server/store/signal-coins.ts `followGate`).
 */
import type { CoinListChange } from '#contract/types/signal-coins';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { invalid } from '../http/envelope';
import { str } from '../http/validate';
import { CURRENCIES } from '../market';
import { COIN_LISTS, readCoinList, writeCoinList, type CoinListName } from '../store/signal-coins';

const OPS: readonly CoinListChange['op'][] = ['add', 'remove'];

/** The lists' refusals, as keys of the coins namespace: answered in the caller's language (http/messages.ts). */
const COIN_LIST_ERRORS = {
  unknownCoin: 'coins:errors.unknownCoin',
  /** a coin added twice to the tradable range. */
  inRange: 'coins:errors.inRange',
  /** a coin added twice to the currency blacklist. */
  inBlacklist: 'coins:errors.inBlacklist',
} as const;

/** The message of a coin already in the list, per list. */
const LISTED = { [COIN_LISTS.range]: COIN_LIST_ERRORS.inRange, [COIN_LISTS.blacklist]: COIN_LIST_ERRORS.inBlacklist } as const;

async function readCoins(call: CallContext, name: CoinListName) {
  return call.ok({ coins: await readCoinList(call.app.db, signedIn(call).id, name) });
}

async function changeCoins(call: CallContext, name: CoinListName) {
  const user = signedIn(call);
  const coin = str(call.payload, 'coin', 16).toLowerCase();
  const op = str(call.payload, 'op', 8) as CoinListChange['op'];
  if (!OPS.includes(op)) throw invalid('err.oneOf', { field: 'op', values: OPS.join(' / ') });
  if (!(CURRENCIES as readonly string[]).includes(coin)) throw invalid(COIN_LIST_ERRORS.unknownCoin, { coin: coin.toUpperCase() });
  const coins = await call.app.db.transaction(async (tx) => {
    const listed = await readCoinList(tx, user.id, name);
    if (op === 'add' && listed.includes(coin)) throw invalid(LISTED[name], { coin: coin.toUpperCase() });
    const next = op === 'add' ? [...listed, coin] : listed.filter((c) => c !== coin);
    if (next.length !== listed.length) await writeCoinList(tx, user.id, name, next);
    return next;
  });
  return call.ok({ coins }, op === 'add' ? 'ok.add' : 'ok.delete');
}

export const toolsCoinsHandlers: HandlerMap = {
  coinRangeGet: (call) => readCoins(call, COIN_LISTS.range),
  coinRangeSave: (call) => changeCoins(call, COIN_LISTS.range),
  currencyBlacklistGet: (call) => readCoins(call, COIN_LISTS.blacklist),
  currencyBlacklistSave: (call) => changeCoins(call, COIN_LISTS.blacklist),
};
