/** API accounts (spec §3 API account, §7 API accounts): the accounts, their fees, advanced setup and manual orders. */

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
