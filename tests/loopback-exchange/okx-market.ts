/**
 * What the loopback OKX lists unless told otherwise: spot, perpetual swaps (USDT- and coin-margined) and
 * delivery futures, each with a book around a fixed price, in the shapes of OKX's v5
 * GET /api/v5/public/instruments. Delivery dates follow the project's own calendar (contract/rules/calendar.ts),
 * so the instrument a server derives for "this quarter" is the one listed here.
 */
import { deliveryCode, expiries } from '#contract/rules/calendar';
import { fmt, type BookInput } from './book';

export type OkxInstType = 'SPOT' | 'SWAP' | 'FUTURES';

export interface OkxInstrument {
  instType: OkxInstType;
  instId: string;
  baseCcy: string;
  quoteCcy: string;
  /** the margin (settlement) currency of a contract; '' for spot */
  settleCcy: string;
  /** contract value (a linear contract: in the base coin; an inverse one: in USD); 0 for spot */
  ctVal: number;
  ctValCcy: string;
  ctType: 'linear' | 'inverse' | '';
  /** BTC-USDT, BTC-USD… for contracts; '' for spot */
  instFamily: string;
  tickSz: number;
  lotSz: number;
  minSz: number;
  /** the highest leverage */
  maxLever: number;
  expTime?: number;
  alias: '' | 'this_week' | 'next_week' | 'quarter' | 'next_quarter';
}

/** Reference prices of the default books (mid, before any premium). */
export const OKX_PRICES: Record<string, number> = { BTC: 65000, ETH: 3200 };

const spot = (base: string, tickSz: number, lotSz: number, minSz: number): OkxInstrument => ({
  instType: 'SPOT',
  instId: `${base}-USDT`,
  baseCcy: base,
  quoteCcy: 'USDT',
  settleCcy: '',
  ctVal: 0,
  ctValCcy: '',
  ctType: '',
  instFamily: '',
  tickSz,
  lotSz,
  minSz,
  maxLever: 10,
  alias: '',
});

function contract(
  base: string,
  quote: 'USDT' | 'USD',
  instType: 'SWAP' | 'FUTURES',
  tickSz: number,
  expiry?: { time: number; alias: OkxInstrument['alias'] },
): OkxInstrument {
  const linear = quote === 'USDT';
  const suffix = instType === 'SWAP' ? 'SWAP' : deliveryCode(expiry!.time);
  return {
    instType,
    instId: `${base}-${quote}-${suffix}`,
    baseCcy: '',
    quoteCcy: '',
    settleCcy: linear ? 'USDT' : base,
    ctVal: linear ? (base === 'BTC' ? 0.01 : 0.1) : base === 'BTC' ? 100 : 10,
    ctValCcy: linear ? base : 'USD',
    ctType: linear ? 'linear' : 'inverse',
    instFamily: `${base}-${quote}`,
    tickSz,
    lotSz: linear ? 0.01 : 1,
    minSz: linear ? 0.01 : 1,
    maxLever: linear ? 100 : 125,
    expTime: expiry?.time,
    alias: expiry?.alias ?? '',
  };
}

/** The default listing at `now`: BTC and ETH spot and swaps (both margins), BTC coin futures CW/NW/CQ/NQ and the USDT quarter. */
export function defaultOkxInstruments(now: number): OkxInstrument[] {
  const e = expiries(now);
  return [
    spot('BTC', 0.1, 0.00000001, 0.00001),
    spot('ETH', 0.01, 0.000001, 0.0001),
    contract('BTC', 'USDT', 'SWAP', 0.1),
    contract('ETH', 'USDT', 'SWAP', 0.01),
    contract('BTC', 'USD', 'SWAP', 0.1),
    contract('ETH', 'USD', 'SWAP', 0.01),
    contract('BTC', 'USD', 'FUTURES', 0.1, { time: e.CW, alias: 'this_week' }),
    contract('BTC', 'USD', 'FUTURES', 0.1, { time: e.NW, alias: 'next_week' }),
    contract('BTC', 'USD', 'FUTURES', 0.1, { time: e.CQ, alias: 'quarter' }),
    contract('BTC', 'USD', 'FUTURES', 0.1, { time: e.NQ, alias: 'next_quarter' }),
    contract('BTC', 'USDT', 'FUTURES', 0.1, { time: e.CQ, alias: 'quarter' }),
  ];
}

/** The coin an instrument trades (BTC for BTC-USDT, BTC-USD-SWAP, BTC-USD-250328). */
export const baseOf = (instrument: OkxInstrument): string => instrument.baseCcy || instrument.instFamily.split('-')[0];

const PREMIUM: Record<OkxInstrument['alias'], number> = { '': 0, this_week: 0.0006, next_week: 0.0014, quarter: 0.015, next_quarter: 0.03 };

/** Five levels a side around the coin's reference price (futures at a premium), one tick apart at the touch. */
export function defaultOkxBook(instrument: OkxInstrument): BookInput {
  const mid = (OKX_PRICES[baseOf(instrument)] ?? 100) * (1 + PREMIUM[instrument.alias] + (instrument.instType === 'SWAP' ? 0.0001 : 0));
  const tick = instrument.tickSz;
  const touch = Math.round(mid / tick) * tick;
  const size = instrument.instType === 'SPOT' ? (baseOf(instrument) === 'BTC' ? 0.5 : 5) : instrument.ctType === 'linear' ? 50 : 500;
  const levels = [0, 1, 2, 3, 4];
  return {
    bids: levels.map((i) => [fmt(touch - tick * (1 + 5 * i), tick), fmt(size * (i + 1), instrument.lotSz)] as const),
    asks: levels.map((i) => [fmt(touch + tick * (1 + 5 * i), tick), fmt(size * (i + 1), instrument.lotSz)] as const),
  };
}

/** An instrument as GET /api/v5/public/instruments lists it. */
export function instrumentWire(instrument: OkxInstrument, listTime: number): Record<string, string> {
  const contract = instrument.instType !== 'SPOT';
  return {
    alias: instrument.alias,
    auctionEndTime: '',
    baseCcy: instrument.baseCcy,
    category: '1',
    ctMult: contract ? '1' : '',
    ctType: instrument.ctType,
    ctVal: contract ? fmt(instrument.ctVal) : '',
    ctValCcy: instrument.ctValCcy,
    expTime: instrument.expTime === undefined ? '' : String(instrument.expTime),
    instFamily: instrument.instFamily,
    instId: instrument.instId,
    instType: instrument.instType,
    lever: String(instrument.maxLever),
    listTime: String(listTime),
    lotSz: fmt(instrument.lotSz),
    maxIcebergSz: '100000000',
    maxLmtAmt: '20000000',
    maxLmtSz: '100000000',
    maxMktAmt: '1000000',
    maxMktSz: contract ? '10000' : '1000000',
    maxStopSz: '10000',
    maxTriggerSz: '100000000',
    maxTwapSz: '100000000',
    minSz: fmt(instrument.minSz),
    optType: '',
    quoteCcy: instrument.quoteCcy,
    ruleType: 'normal',
    settleCcy: instrument.settleCcy,
    state: 'live',
    stk: '',
    tickSz: fmt(instrument.tickSz),
    uly: instrument.instFamily,
  };
}

/** A currency's chains as GET /api/v5/asset/currencies lists them (one chain each). */
export function currencyWire(ccy: string): Record<string, unknown> {
  const chain = ccy === 'BTC' ? 'Bitcoin' : ccy === 'USDT' ? 'TRC20' : 'ERC20';
  return {
    burningFeeRate: '',
    canDep: true,
    canInternal: true,
    canWd: true,
    ccy,
    chain: `${ccy}-${chain}`,
    ctAddr: '',
    depEstOpenTime: '',
    depQuotaFixed: '',
    depQuoteDailyLayer2: '',
    fee: ccy === 'USDT' ? '1' : '0.0002',
    logoLink: '',
    mainNet: chain === 'Bitcoin' || (ccy === 'ETH' && chain === 'ERC20'),
    maxFee: ccy === 'USDT' ? '2' : '0.0004',
    maxFeeForCtAddr: '',
    maxWd: '1000000',
    minDep: '0.00000001',
    minDepArrivalConfirm: '1',
    minFee: ccy === 'USDT' ? '1' : '0.0002',
    minFeeForCtAddr: '',
    minInternal: '0.0001',
    minWd: '0.001',
    minWdUnlockConfirm: '2',
    name: ccy,
    needTag: false,
    usedDepQuotaFixed: '',
    usedWdQuota: '0',
    wdQuota: '10000000',
    wdTickSz: '8',
  };
}
