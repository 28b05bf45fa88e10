import { onCall, wholeList } from '../../providers/data';

/**
 * The assets of the user's API accounts (spec §2 Assets page, §7 Assets): one record per account, keyed
 * by its apiId. The list is the accounts themselves (/api/list, every account at once); what each
 * account holds — `asset_info`, `ledger`, `borrow` — has no list call of its own: the asset socket
 * (/asset/get, `resourceFeeds.assets` in src/live/resources.ts) writes it into the account's record
 * through the live provider, and the page fetches the ledger and borrow records of an account the
 * socket has not answered for yet (/asset/ledger/log/get, /asset/borrow/record/get).
 */
export const assetsResource = {
  name: 'assets',
  meta: {
    calls: {
      list: onCall('apiList', { toPayload: () => ({}), select: wholeList }),
    },
  },
};
