/** A scrypt cost (server/http/auth.ts): a password hash carries the one it was made with. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/** OWASP's guidance for scrypt (N=2^17, r=8, p=1): 128 MiB of memory per hash. New hashes use it; older ones are re-hashed at the next sign-in. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** Delays that exist for realism, and push rates: real values by default, short ones in tests. */
export interface ServerSettings {
  /** how long /api/init takes (the console shows its spinner meanwhile). */
  initDelayMs: number;
  /** how long a task takes to move from one status to the next (used by the task engine). */
  statusChangeDelayMs: number;
  /** market pushes per second ('market.tick' on the bus); 0 = none. */
  marketPushHz: number;
  /** seed the demo tasks with a day of history on a data folder's first start (tests turn it off). */
  demoTasks: boolean;
  /** seed the unilateral demo (strategies with months of history, one-sided accounts, follow tasks in every state) on a first start (server tests turn it off unless they read it). */
  unilateralDemo: boolean;
  /**
   * the task engine's settings over its defaults (EngineSettings by name, server/engine DEFAULT_SETTINGS), for the demo seed and
   * the runner alike: tests make the failure modes certain (e.g. legPartialRate 1) or absent. Not a call.
   */
  engine?: Readonly<Record<string, number>>;
  /**
   * the scrypt cost of new password hashes (server/http/auth.ts PASSWORD_COST, OWASP's guidance); a cheaper stored
   * hash is re-hashed at its next sign-in. Tests use a cheap one (a hash at the default costs ~0.3 s and 128 MiB). Not a call.
   */
  passwordCost: ScryptCost;
  /** strategy uploads under way at once for one user, and for the whole server; one more is refused (server/http/uploads.ts). */
  uploadsPerUser: number;
  uploadsInAll: number;
  /** leading zero bits the sign-in slider's proof of work must find (contract/rules/captcha.ts): 2^N hashes on average. */
  captchaDifficulty: number;
  /**
   * the operator's switch for real money (LIVE_TRADING=1; off by default): only then may an account's owner turn live
   * trading on (apiLive). Paper stays the default of every account; testnet needs no switch.
   */
  liveTrading: boolean;
  /**
   * per exchange id (1 OKX, 2 HTX, 3 Binance), what replaces entries of its ccxt `urls` (EXCHANGE_URLS, JSON): merged into
   * `urls.api`, `urls.test` (sandbox mode) and `urls.demo` alike, so a proxy or the tests' loopback exchange is used in every
   * mode — OKX: `{"rest": "...", "ws": "..."}`; Binance: its api names (`public`, `private`, `fapiPublic`, …, and `ws` as an
   * object of its own names).
   */
  exchangeUrls: Partial<Record<1 | 2 | 3, Record<string, string | Record<string, string>>>>;
  /** ccxt's request timeout for the trading clients (ms; wall clock, ccxt's own timer). */
  exchangeTimeoutMs: number;
  /** ccxt's request throttling on the trading clients (on; the tests turn it off: its waits are wall-clock). */
  exchangeRateLimit: boolean;
  /** consecutive requests an exchange leaves unanswered (timeout, unavailable, network) before its accounts are marked down. */
  exchangeDownAfter: number;
  /** while an exchange is down, how often one probe (its server time) asks whether it answers again (ms, on the clock). */
  exchangeProbeMs: number;
  /** audit log rows kept per API account (the newest). */
  auditKeep: number;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  initDelayMs: 1000,
  statusChangeDelayMs: 2000,
  marketPushHz: 1,
  demoTasks: true,
  unilateralDemo: true,
  passwordCost: PASSWORD_COST,
  uploadsPerUser: 2,
  uploadsInAll: 4,
  captchaDifficulty: 16,
  liveTrading: false,
  exchangeUrls: {},
  exchangeTimeoutMs: 10_000,
  exchangeRateLimit: true,
  exchangeDownAfter: 3,
  exchangeProbeMs: 5_000,
  auditKeep: 10_000,
};

export const resolveSettings = (overrides: Partial<ServerSettings> = {}): ServerSettings => ({ ...DEFAULT_SETTINGS, ...overrides });
