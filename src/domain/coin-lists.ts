/**
 * The /coins lists' refusals (issue 20), as keys of the coins namespace: the reference server answers
 * them (server/handlers/tools-coins.ts) in the caller's language; zh-TW is in the locale files too.
 */
export const COIN_LIST_ERRORS = {
  unknownCoin: 'coins:errors.unknownCoin',
  /** a coin added twice to the tradable range. */
  inRange: 'coins:errors.inRange',
  /** a coin added twice to the currency blacklist. */
  inBlacklist: 'coins:errors.inBlacklist',
} as const;
