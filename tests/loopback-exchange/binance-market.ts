/**
 * What the loopback Binance lists unless told otherwise: USDⓈ-M perpetuals (BTCUSDT, ETHUSDT) and BTC's USDⓈ-M
 * quarterlies, each with a book around a fixed price, in the shapes of Binance's GET /fapi/v1/exchangeInfo.
 * Quarterly delivery dates follow the project's own calendar (contract/rules/calendar.ts), as the loopback OKX's do.
 */
import { deliveryCode, expiries } from '#contract/rules/calendar';
import { fmt, type BookInput } from './book';

export type BinanceContractType = 'PERPETUAL' | 'CURRENT_QUARTER' | 'NEXT_QUARTER';

export interface BinanceInstrument {
  /** BTCUSDT, BTCUSDT_261225 */
  symbol: string;
  pair: string;
  contractType: BinanceContractType;
  /** ms; a perpetual's is Binance's 4133404800000 (2100-12-25) */
  deliveryDate: number;
  baseAsset: string;
  quoteAsset: string;
  marginAsset: string;
  tickSize: number;
  stepSize: number;
  minQty: number;
  maxQty: number;
  /** the largest MARKET order (MARKET_LOT_SIZE) */
  marketMaxQty: number;
  /** the smallest order value, price × quantity (MIN_NOTIONAL), unless reduce-only */
  minNotional: number;
  /** the highest leverage (the first leverage bracket's) */
  maxLeverage: number;
}

/** Binance's delivery date of a perpetual. */
export const PERPETUAL_DELIVERY = 4133404800000;

/** Reference prices of the default books (mid, before any premium): the loopback OKX's. */
export const BINANCE_PRICES: Record<string, number> = { BTC: 65000, ETH: 3200 };

const perpetual = (base: string, tickSize: number, stepSize: number): BinanceInstrument => ({
  symbol: `${base}USDT`,
  pair: `${base}USDT`,
  contractType: 'PERPETUAL',
  deliveryDate: PERPETUAL_DELIVERY,
  baseAsset: base,
  quoteAsset: 'USDT',
  marginAsset: 'USDT',
  tickSize,
  stepSize,
  minQty: stepSize,
  maxQty: 1000,
  marketMaxQty: 120,
  minNotional: base === 'BTC' ? 100 : 20,
  maxLeverage: 125,
});

const quarterly = (base: string, contractType: 'CURRENT_QUARTER' | 'NEXT_QUARTER', deliveryDate: number): BinanceInstrument => ({
  ...perpetual(base, 0.1, 0.001),
  symbol: `${base}USDT_${deliveryCode(deliveryDate)}`,
  contractType,
  deliveryDate,
  minNotional: 5,
  maxLeverage: 50,
});

/** The default listing at `now`: BTC and ETH perpetuals, BTC's current and next quarter. */
export function defaultBinanceInstruments(now: number): BinanceInstrument[] {
  const e = expiries(now);
  return [perpetual('BTC', 0.1, 0.001), perpetual('ETH', 0.01, 0.001), quarterly('BTC', 'CURRENT_QUARTER', e.CQ), quarterly('BTC', 'NEXT_QUARTER', e.NQ)];
}

const PREMIUM: Record<BinanceContractType, number> = { PERPETUAL: 0.0001, CURRENT_QUARTER: 0.015, NEXT_QUARTER: 0.03 };

/** Five levels a side around the coin's reference price (quarterlies at a premium), one tick apart at the touch. */
export function defaultBinanceBook(instrument: BinanceInstrument): BookInput {
  const mid = (BINANCE_PRICES[instrument.baseAsset] ?? 100) * (1 + PREMIUM[instrument.contractType]);
  const tick = instrument.tickSize;
  const touch = Math.round(mid / tick) * tick;
  const size = instrument.baseAsset === 'BTC' ? 0.5 : 5;
  const levels = [0, 1, 2, 3, 4];
  return {
    bids: levels.map((i) => [fmt(touch - tick * (1 + 5 * i), tick), fmt(size * (i + 1), instrument.stepSize)] as const),
    asks: levels.map((i) => [fmt(touch + tick * (1 + 5 * i), tick), fmt(size * (i + 1), instrument.stepSize)] as const),
  };
}

const ORDER_TYPES = ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'];

/** Decimals of a step (0.001 → 3). */
const places = (step: number): number => fmt(step).split('.')[1]?.length ?? 0;

/** An instrument as GET /fapi/v1/exchangeInfo lists it. */
export function symbolWire(instrument: BinanceInstrument, onboardDate: number): Record<string, unknown> {
  const { tickSize, stepSize } = instrument;
  return {
    symbol: instrument.symbol,
    pair: instrument.pair,
    contractType: instrument.contractType,
    deliveryDate: instrument.deliveryDate,
    onboardDate,
    status: 'TRADING',
    maintMarginPercent: '2.5000',
    requiredMarginPercent: '5.0000',
    baseAsset: instrument.baseAsset,
    quoteAsset: instrument.quoteAsset,
    marginAsset: instrument.marginAsset,
    pricePrecision: places(tickSize),
    quantityPrecision: places(stepSize),
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    settlePlan: 0,
    triggerProtect: '0.0500',
    liquidationFee: '0.012500',
    marketTakeBound: '0.05',
    maxMoveOrderLimit: 10000,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: fmt(tickSize), maxPrice: '4529764', tickSize: fmt(tickSize) },
      { filterType: 'LOT_SIZE', minQty: fmt(instrument.minQty), maxQty: fmt(instrument.maxQty), stepSize: fmt(stepSize) },
      { filterType: 'MARKET_LOT_SIZE', minQty: fmt(instrument.minQty), maxQty: fmt(instrument.marketMaxQty), stepSize: fmt(stepSize) },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MAX_NUM_ALGO_ORDERS', limit: 10 },
      { filterType: 'MIN_NOTIONAL', notional: fmt(instrument.minNotional) },
      { filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' },
    ],
    orderTypes: ORDER_TYPES,
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
    permissionSet: ['GRID', 'COPY'],
  };
}

/** An asset of exchangeInfo's `assets`. */
export const assetWire = (asset: string) => ({ asset, marginAvailable: true, autoAssetExchange: asset === 'USDT' ? '-10000' : '0' });
