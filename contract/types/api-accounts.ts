/** API accounts (spec §3 API account, §7 API accounts): the accounts, their fees, advanced setup and manual orders. */

/** 1 = hedging, 4 = one-sided. */
export type StrategyType = 1 | 4;

/**
 * Where an account's orders go. paper: the reference server's simulation (the default); testnet: the exchange's
 * demo or test network through ccxt's sandbox mode (OKX demo trading, Binance testnet; HTX has none); live: real
 * money, only once the server's operator allows it (TradingModes.live) and the owner turned it on (apiLive).
 */
export type AccountMode = 'paper' | 'testnet' | 'live';
export const ACCOUNT_MODES: readonly AccountMode[] = ['paper', 'testnet', 'live'];
/** Whether a mode's orders go to the exchange (testnet or live) rather than the simulation (paper). */
export const reachesExchange = (mode: string | undefined): mode is 'testnet' | 'live' => mode === 'testnet' || mode === 'live';

/** What the server found when it last checked the key on its exchange: a balance call and the key's permissions. */
export interface KeyCheck {
  /** the balance call succeeded; null: never checked (a paper account is not) */
  valid: boolean | null;
  /** the key may trade; null: unknown */
  canTrade: boolean | null;
  /** the key may withdraw (such a key is refused); null: the exchange does not report it, the check could not be made */
  canWithdraw: boolean | null;
  /** ms; null: never */
  checkedAt: number | null;
  /** the exchange's last error, as it said it; null: none */
  error: string | null;
}

export interface ApiAccount {
  id: number;
  name: string;
  bourse_id: number;
  bourse_name: string;
  /** a one-line summary of `key_check` in the caller's language (§3 status_info) */
  status_info: string;
  mode: AccountMode;
  key_check: KeyCheck;
  /** the exchange stopped answering this account's requests (fires the feed-down alert); nothing is sent meanwhile */
  exchange_down: boolean;
  apiKey: string;
  /** never the secret itself: the server sends a mask ('' when none is stored). */
  apiSecret: string;
  apiToken?: string;
  status: StrategyType;
}
export interface ApiAccountSave {
  apiId?: number;
  name: string;
  bourseId: number;
  apiKey: string;
  /** omitted on update when the user did not type a new one. */
  apiSecret?: string;
  apiToken?: string;
  status: StrategyType;
  /** paper when omitted on add, unchanged when omitted on update; live is turned on by apiLive only */
  mode?: Exclude<AccountMode, 'live'>;
}
/** apiLive: turns live trading on (enable, with `confirm` equal to the account's `<bourse_name>/<name>`) or off (back to testnet). */
export interface LiveSwitch {
  apiId: number;
  enable: boolean;
  confirm?: string;
}
/** What the server allows: live trading (the operator's switch, off by default) and, per exchange id, whether it has a test network. */
export interface TradingModes {
  live: boolean;
  testnet: Record<number, boolean>;
}
/** /api/init's result per instrument the account trades. */
export interface InitResult {
  /** the exchange's instrument, e.g. BTC-USDT-SWAP */
  instrument: string;
  ok: boolean;
  /** the exchange's error when not ok */
  error?: string;
}
export interface ApiName {
  id: number;
  name: string;
}
export interface ApiFees {
  ssHangCharges: number;
  ssEatCharges: number;
  fuHangCharges: number;
  fuEatCharges: number;
  csHangCharges: number;
  csEatCharges: number;
  maxLoss: number;
}
export interface ApiAdvanced {
  is_borrow: boolean;
  is_auto_repayment: boolean;
  lever_risk_rate: number;
  total_deposit_multiple: number;
  proportion_ratio_spot: number;
  proportion_ratio_deposit: number;
  /** USDT: the largest notional one order may have on this account, enforced on the server; 0 = no limit */
  max_order_notional: number;
}
export interface AssetTemplate {
  assetTemplate: number;
}
/** /manual/trading. direction: spot buy 1 / sell 2; futures open long 1, open short 2, close long 3, close short 4. */
export interface ManualOrder {
  apiId: number;
  symbol: string;
  /** contract type code (§3). */
  type: number;
  price?: number;
  amount: number;
  direction: 1 | 2 | 3 | 4;
  /** 1 market, 0 limit. */
  way: 0 | 1;
}

/** The kill switch (kill: one account, or every account the caller may act on when apiId is omitted). */
export interface KillResult {
  /** the accounts it acted on */
  accounts: number[];
  /** live and testnet tasks it stopped */
  stoppedTasks: number;
  /** open orders it cancelled on the exchanges */
  cancelledOrders: number;
}

/** One request the server sent to an exchange (the audit log). */
export interface AuditEntry {
  id: number;
  /** ms */
  at: number;
  /** who caused it (the account's owner, the super user, or 0: the server's own runner) */
  userId: number;
  apiId: number;
  bourse_name: string;
  /** the ccxt method, e.g. createOrder */
  method: string;
  /** its arguments as JSON, without secrets */
  request: string;
  ok: boolean;
  /** the exchange's reply or error, shortened */
  reply: string;
}
export interface AuditPage {
  total: number;
  list: AuditEntry[];
}
