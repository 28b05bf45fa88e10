/** What a new record starts with: an API account's fees, advanced settings and asset template; the global config. */
import { DEFAULT_TAKER_FEES } from '#contract/rules/constants';

export const DEFAULT_FEES = {
  ssHangCharges: 0.0008,
  ssEatCharges: DEFAULT_TAKER_FEES.ssEatCharges,
  fuHangCharges: 0.0002,
  fuEatCharges: DEFAULT_TAKER_FEES.fuEatCharges,
  csHangCharges: 0.0002,
  csEatCharges: DEFAULT_TAKER_FEES.csEatCharges,
  maxLoss: 500,
};
export const DEFAULT_ADVANCED = {
  is_borrow: false,
  is_auto_repayment: true,
  lever_risk_rate: 0.8,
  total_deposit_multiple: 3,
  proportion_ratio_spot: 5,
  proportion_ratio_deposit: 5,
  max_order_notional: 0,
};
export const DEFAULT_ASSET_TEMPLATE = 10000;

export const DEFAULT_GLOBAL_CONFIG = {
  depthMarket: 5,
  priceSlippage: 0.001,
  voiceIntervalTime: 60,
  messageIntervalTime: 300,
  tradingIntervalTime: 1,
  isBorrow: false,
  maxBorrowBTC: 50,
  maxBorrowLTC: 30,
  maxBorrowETH: 50,
  maxBorrowETC: 30,
  maxBorrowXRP: 20,
  maxBorrowEOS: 30,
  maxBorrowBCH: 30,
  maxBorrowBSV: 20,
  maxBorrowTRX: 20,
};
