/**
 * Payloads and replies (the `data` of the envelope) of the calls, as the console and the
 * reference server both read them. Field names are the spec's (§3, §7); the token is added by
 * the client and is not listed here.
 */

// ── Account and session ────────────────────────────────────────────────────────────
export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  success: number;
  new_captcha: boolean;
  user_id: string;
}
/** The captcha fields sent with a login, once the slider is completed. */
export interface CaptchaAnswer {
  geetest_challenge: string;
  geetest_validate: string;
  geetest_seccode: string;
}
export interface LoginRequest extends CaptchaAnswer {
  userId: string;
  username: string;
  password: string;
}
export interface LoginReply {
  token: string;
  is_super: 0 | 1;
  userName: string;
  level: number;
}
export interface UnilateralLoginRequest {
  userName: string;
  userPassword: string;
}
/** The spec shows token and pes beside code; the reference server also puts them in data. */
export interface UnilateralLoginReply {
  token: string;
  pes: number;
}
export interface RegisterRequest {
  username: string;
  password: string;
  telPhone: string;
}
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
}
/** /display/permission/data: column paths the user may open, and strategy_* action keys (§6). */
export interface PermissionData {
  columns: string[];
  strategy: string[];
  userName: string;
  is_super: 0 | 1;
  level: number;
  /** the level a unilateral login returns; 1 = the unilateral side's admin (docs/spec-coverage.md §6). */
  pes?: number;
}

// ── Exchanges ──────────────────────────────────────────────────────────────────────
export interface Bourse {
  id: number;
  name: string;
}
export interface TransactionType {
  id: number;
  name: string;
}

// ── API accounts ───────────────────────────────────────────────────────────────────
/** 1 = hedging, 4 = one-sided. */
export type StrategyType = 1 | 4;
export interface ApiAccount {
  id: number;
  name: string;
  bourse_id: number;
  bourse_name: string;
  status_info: string;
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
}
export interface AssetTemplate {
  assetTemplate: number;
}
/** /asset/imaging/get: the chart series of one API. */
export interface ApiChartPoint {
  dateTime: string;
  equity_usdt: number;
  rate_usdt: number;
  equity: number;
  equity_rate_usdt: number;
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

// ── Strategies (arbitrage) ─────────────────────────────────────────────────────────
export type ParamValue = string | number | boolean | Record<string, unknown>;
export interface ArbitrageStrategy {
  id: number;
  strategy_sole_id: string;
  name: string;
  initial_money: number;
  updatetime: string;
  /** JSON text of the default parameters. */
  default_params: string;
  main_file: string;
  rely_on_files: string[];
}
/** /strategy/params/get: the grouped sections of a strategy's (or task's) parameters. */
export interface ParamSections {
  taskBaseParams: Record<string, ParamValue>;
  debitCreditParams: Record<string, ParamValue>;
  strategyParams: Record<string, ParamValue>;
}

// ── Global config ──────────────────────────────────────────────────────────────────
export interface GlobalConfig {
  depthMarket: number;
  priceSlippage: number;
  voiceIntervalTime: number;
  messageIntervalTime: number;
  tradingIntervalTime: number;
  isBorrow: boolean;
  maxBorrowBTC: number;
  maxBorrowLTC: number;
  maxBorrowETH: number;
  maxBorrowETC: number;
  maxBorrowXRP: number;
  maxBorrowEOS: number;
  maxBorrowBCH: number;
  maxBorrowBSV: number;
  maxBorrowTRX: number;
}
