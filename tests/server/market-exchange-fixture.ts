/**
 * A loopback HTTP server that answers the public endpoints ccxt calls for OKX, HTX and Binance with
 * replies in each exchange's documented format. It lists only some instruments, so the live market
 * must fall back to the simulation for the rest:
 * - OKX (exchange 1): BTC spot, coin and USDT perpetual, coin delivery CW/NW/CQ/NQ, USDT quarter; ETH spot.
 * - HTX (exchange 2): BTC and ETH spot; BTC coin delivery CW/NW/CQ.
 * - Binance (exchange 3): BTC spot, USDT and coin perpetual, coin and USDT quarter (no weekly contracts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expiries, type ExchangeId } from '../../server/market';

export interface ExchangeFixture {
  urls: Record<ExchangeId, Record<string, string>>;
  /** every path (with query) asked so far */
  requests: string[];
  /** makes every reply of one exchange fail with HTTP 503 */
  failing: Set<string>;
  close(): Promise<void>;
}

const yymmdd = (ms: number): string => new Date(ms).toISOString().slice(2, 10).replaceAll('-', '');
const yyyymmdd = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** The fixture's prices: a bid, an ask and sizes per instrument. */
export const FIXTURE_PRICES = {
  okx: {
    'BTC-USDT': { bid: 65000.1, ask: 65000.2, bidSz: 1.5, askSz: 2.25, last: 65000.1 },
    'ETH-USDT': { bid: 3200.11, ask: 3200.12, bidSz: 10, askSz: 12, last: 3200.12 },
    'BTC-USD-SWAP': { bid: 65010.5, ask: 65010.6, bidSz: 300, askSz: 410, last: 65010.5 },
    'BTC-USDT-SWAP': { bid: 65005.3, ask: 65005.4, bidSz: 20, askSz: 30, last: 65005.4 },
    CW: { bid: 65040.1, ask: 65040.9, bidSz: 100, askSz: 120, last: 65040.5 },
    NW: { bid: 65090.1, ask: 65090.9, bidSz: 100, askSz: 120, last: 65090.5 },
    CQ: { bid: 66000.1, ask: 66000.9, bidSz: 100, askSz: 120, last: 66000.5 },
    NQ: { bid: 67000.1, ask: 67000.9, bidSz: 100, askSz: 120, last: 67000.5 },
    'USDT-CQ': { bid: 65990.1, ask: 65990.9, bidSz: 9, askSz: 8, last: 65990.5 },
  },
  htx: {
    btcusdt: { bid: 64998.01, ask: 64998.02, bidSize: 0.8, askSize: 1.1, close: 64998.02 },
    ethusdt: { bid: 3199.5, ask: 3199.51, bidSize: 5, askSize: 6, close: 3199.5 },
    BTC_CW: { bid: 65038, ask: 65039, bidSz: 50, askSz: 60, close: 65038.5 },
    BTC_NW: { bid: 65088, ask: 65089, bidSz: 50, askSz: 60, close: 65088.5 },
    BTC_CQ: { bid: 65998, ask: 65999, bidSz: 50, askSz: 60, close: 65998.5 },
  },
  binance: {
    BTCUSDT: { bid: 65001.01, ask: 65001.02, bidQty: 3.5, askQty: 4 },
    'fapi:BTCUSDT': { bid: 65004.1, ask: 65004.2, bidQty: 12, askQty: 14 },
    'fapi:BTCUSDT_Q': { bid: 65980.1, ask: 65980.2, bidQty: 2, askQty: 3 },
    'dapi:BTCUSD_PERP': { bid: 65011.1, ask: 65011.2, bidQty: 500, askQty: 600 },
    'dapi:BTCUSD_Q': { bid: 65995.1, ask: 65995.2, bidQty: 70, askQty: 80 },
  },
} as const;

function okx(path: string, query: URLSearchParams, now: number): unknown {
  const e = expiries(now);
  const p = FIXTURE_PRICES.okx;
  const base = {
    uly: '',
    instFamily: '',
    baseCcy: '',
    quoteCcy: '',
    settleCcy: '',
    ctVal: '',
    ctMult: '',
    ctValCcy: '',
    optType: '',
    stk: '',
    listTime: '1606468572000',
    expTime: '',
    lever: '10',
    lotSz: '1',
    minSz: '1',
    ctType: '',
    alias: '',
    state: 'live',
    maxLmtSz: '100000',
    maxMktSz: '10000',
    ruleType: 'normal',
  };
  const spot = (instId: string, baseCcy: string) => ({
    ...base,
    instType: 'SPOT',
    instId,
    baseCcy,
    quoteCcy: 'USDT',
    tickSz: '0.01',
    lotSz: '0.00000001',
    minSz: '0.00001',
  });
  const contract = (instType: string, instId: string, settleCcy: string, expTime = '', alias = '') => ({
    ...base,
    instType,
    instId,
    uly: settleCcy === 'USDT' ? 'BTC-USDT' : 'BTC-USD',
    instFamily: settleCcy === 'USDT' ? 'BTC-USDT' : 'BTC-USD',
    settleCcy,
    ctVal: settleCcy === 'USDT' ? '0.01' : '100',
    ctMult: '1',
    ctValCcy: settleCcy === 'USDT' ? 'BTC' : 'USD',
    ctType: settleCcy === 'USDT' ? 'linear' : 'inverse',
    tickSz: '0.1',
    expTime,
    alias,
    lever: '100',
  });
  const futures = [
    contract('FUTURES', `BTC-USD-${yymmdd(e.CW)}`, 'BTC', String(e.CW), 'this_week'),
    contract('FUTURES', `BTC-USD-${yymmdd(e.NW)}`, 'BTC', String(e.NW), 'next_week'),
    contract('FUTURES', `BTC-USD-${yymmdd(e.CQ)}`, 'BTC', String(e.CQ), 'quarter'),
    contract('FUTURES', `BTC-USD-${yymmdd(e.NQ)}`, 'BTC', String(e.NQ), 'next_quarter'),
    contract('FUTURES', `BTC-USDT-${yymmdd(e.CQ)}`, 'USDT', String(e.CQ), 'quarter'),
  ];
  const instType = query.get('instType');
  if (path === '/api/v5/public/instruments') {
    const data =
      instType === 'SPOT'
        ? [spot('BTC-USDT', 'BTC'), spot('ETH-USDT', 'ETH')]
        : instType === 'SWAP'
          ? [contract('SWAP', 'BTC-USD-SWAP', 'BTC'), contract('SWAP', 'BTC-USDT-SWAP', 'USDT')]
          : futures;
    return { code: '0', msg: '', data };
  }
  if (path === '/api/v5/market/tickers') {
    const ticker = (instId: string, q: { bid: number; ask: number; bidSz: number; askSz: number; last: number }) => ({
      instType,
      instId,
      last: String(q.last),
      lastSz: '1',
      askPx: String(q.ask),
      askSz: String(q.askSz),
      bidPx: String(q.bid),
      bidSz: String(q.bidSz),
      open24h: String(q.last),
      high24h: String(q.ask),
      low24h: String(q.bid),
      volCcy24h: '1000',
      vol24h: '1000',
      ts: String(now - 1500),
      sodUtc0: String(q.last),
      sodUtc8: String(q.last),
    });
    const ids = futures.map((f) => f.instId);
    const data =
      instType === 'SPOT'
        ? [ticker('BTC-USDT', p['BTC-USDT']), ticker('ETH-USDT', p['ETH-USDT'])]
        : instType === 'SWAP'
          ? [ticker('BTC-USD-SWAP', p['BTC-USD-SWAP']), ticker('BTC-USDT-SWAP', p['BTC-USDT-SWAP'])]
          : [ticker(ids[0], p.CW), ticker(ids[1], p.NW), ticker(ids[2], p.CQ), ticker(ids[3], p.NQ), ticker(ids[4], p['USDT-CQ'])];
    return { code: '0', msg: '', data };
  }
  return undefined;
}

function htx(path: string, now: number): unknown {
  const e = expiries(now);
  const p = FIXTURE_PRICES.htx;
  const spot = (b: string) => ({
    'base-currency': b,
    'quote-currency': 'usdt',
    'price-precision': 2,
    'amount-precision': 6,
    'symbol-partition': 'main',
    symbol: `${b}usdt`,
    state: 'online',
    'value-precision': 8,
    'min-order-amt': 0.0001,
    'max-order-amt': 1000,
    'min-order-value': 5,
    'limit-order-min-order-amt': 0.0001,
    'limit-order-max-order-amt': 1000,
    'sell-market-min-order-amt': 0.0001,
    'sell-market-max-order-amt': 100,
    'buy-market-max-order-value': 1000000,
    'api-trading': 'enabled',
    tags: '',
  });
  const future = (expiry: number, contractType: string) => ({
    symbol: 'BTC',
    contract_code: `BTC${yymmdd(expiry)}`,
    contract_type: contractType,
    contract_size: 100,
    price_tick: 0.01,
    delivery_date: yyyymmdd(expiry),
    delivery_time: String(expiry),
    create_date: '20250101',
    contract_status: 1,
    settlement_time: String(expiry),
  });
  if (path === '/spot/v1/common/symbols') return { status: 'ok', data: [spot('btc'), spot('eth')] };
  if (path === '/contract/api/v1/contract_contract_info')
    return { status: 'ok', data: [future(e.CW, 'this_week'), future(e.NW, 'next_week'), future(e.CQ, 'quarter')], ts: now };
  if (path === '/contract/swap-api/v1/swap_contract_info')
    return {
      status: 'ok',
      data: [
        {
          symbol: 'BTC',
          contract_code: 'BTC-USD',
          contract_size: 100,
          price_tick: 0.1,
          delivery_time: '',
          create_date: '20200325',
          contract_status: 1,
          settlement_date: String(now),
        },
      ],
      ts: now,
    };
  if (path === '/spot/market/tickers')
    return {
      status: 'ok',
      ts: now - 800,
      data: (['btcusdt', 'ethusdt'] as const).map((symbol) => ({
        symbol,
        open: p[symbol].close,
        high: p[symbol].ask,
        low: p[symbol].bid,
        amount: 100,
        vol: 1000,
        count: 10,
        ...p[symbol],
      })),
    };
  if (path === '/contract/market/detail/batch_merged')
    return {
      status: 'ok',
      ts: now - 800,
      ticks: (['BTC_CW', 'BTC_NW', 'BTC_CQ'] as const).map((symbol, i) => {
        const q = p[symbol];
        return {
          id: now,
          ts: now - 800 - i,
          symbol,
          ask: [q.ask, q.askSz],
          bid: [q.bid, q.bidSz],
          open: String(q.close),
          close: String(q.close),
          low: String(q.bid),
          high: String(q.ask),
          amount: '10',
          count: 5,
          vol: '100',
        };
      }),
    };
  return undefined;
}

function binance(path: string, now: number): unknown {
  const e = expiries(now);
  const p = FIXTURE_PRICES.binance;
  const filters = [
    { filterType: 'PRICE_FILTER', minPrice: '0.01', maxPrice: '1000000', tickSize: '0.01' },
    { filterType: 'LOT_SIZE', minQty: '0.00001', maxQty: '9000', stepSize: '0.00001' },
  ];
  const derivative = (symbol: string, pair: string, contractType: string, deliveryDate: number, quoteAsset: string, marginAsset: string) => ({
    symbol,
    pair,
    contractType,
    deliveryDate,
    onboardDate: 1569398400000,
    status: 'TRADING',
    contractStatus: 'TRADING',
    contractSize: quoteAsset === 'USD' ? 100 : undefined,
    baseAsset: 'BTC',
    quoteAsset,
    marginAsset,
    pricePrecision: 1,
    quantityPrecision: 3,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    triggerProtect: '0.0500',
    filters,
    orderTypes: ['LIMIT', 'MARKET'],
    timeInForce: ['GTC'],
  });
  const quarterCode = yymmdd(e.CQ);
  const book = (symbol: string, q: { bid: number; ask: number; bidQty: number; askQty: number }, extra = {}) => ({
    symbol,
    bidPrice: String(q.bid),
    bidQty: String(q.bidQty),
    askPrice: String(q.ask),
    askQty: String(q.askQty),
    ...extra,
  });
  switch (path) {
    case '/api/v3/exchangeInfo':
      return {
        timezone: 'UTC',
        serverTime: now,
        rateLimits: [],
        symbols: [
          {
            symbol: 'BTCUSDT',
            status: 'TRADING',
            baseAsset: 'BTC',
            baseAssetPrecision: 8,
            quoteAsset: 'USDT',
            quotePrecision: 8,
            quoteAssetPrecision: 8,
            orderTypes: ['LIMIT', 'MARKET'],
            icebergAllowed: true,
            ocoAllowed: true,
            isSpotTradingAllowed: true,
            isMarginTradingAllowed: true,
            filters,
            permissions: ['SPOT'],
            permissionSets: [['SPOT']],
          },
        ],
      };
    case '/fapi/v1/exchangeInfo':
      return {
        timezone: 'UTC',
        serverTime: now,
        symbols: [
          derivative('BTCUSDT', 'BTCUSDT', 'PERPETUAL', 4133404800000, 'USDT', 'USDT'),
          derivative(`BTCUSDT_${quarterCode}`, 'BTCUSDT', 'CURRENT_QUARTER', e.CQ, 'USDT', 'USDT'),
        ],
      };
    case '/dapi/v1/exchangeInfo':
      return {
        timezone: 'UTC',
        serverTime: now,
        symbols: [
          derivative('BTCUSD_PERP', 'BTCUSD', 'PERPETUAL', 4133404800000, 'USD', 'BTC'),
          derivative(`BTCUSD_${quarterCode}`, 'BTCUSD', 'CURRENT_QUARTER', e.CQ, 'USD', 'BTC'),
        ],
      };
    case '/api/v3/ticker/bookTicker':
      return [book('BTCUSDT', p.BTCUSDT)];
    case '/fapi/v1/ticker/bookTicker':
      return [book('BTCUSDT', p['fapi:BTCUSDT'], { time: now - 300 }), book(`BTCUSDT_${quarterCode}`, p['fapi:BTCUSDT_Q'], { time: now - 300 })];
    case '/dapi/v1/ticker/bookTicker':
      return [
        book('BTCUSD_PERP', p['dapi:BTCUSD_PERP'], { pair: 'BTCUSD', time: now - 300 }),
        book(`BTCUSD_${quarterCode}`, p['dapi:BTCUSD_Q'], { pair: 'BTCUSD', time: now - 300 }),
      ];
  }
  return undefined;
}

/** Starts the fixture; `now` fixes the delivery codes it lists and the tickers' timestamps. */
export async function startExchangeFixture(now: number): Promise<ExchangeFixture> {
  const requests: string[] = [];
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const [, venue, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const reply = failing.has(venue)
      ? undefined
      : venue === 'okx'
        ? okx(path, url.searchParams, now)
        : venue === 'htx'
          ? htx(path, now)
          : venue === 'binance'
            ? binance(path, now)
            : undefined;
    res.writeHead(reply === undefined ? (failing.has(venue) ? 503 : 404) : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply ?? { error: 'not in the fixture' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: {
      1: { rest: `${base}/okx` },
      2: { spot: `${base}/htx/spot`, public: `${base}/htx/spot`, v2Public: `${base}/htx/spot`, contract: `${base}/htx/contract`, status: `${base}/htx/status` },
      3: {
        public: `${base}/binance/api/v3`,
        fapiPublic: `${base}/binance/fapi/v1`,
        fapiPublicV2: `${base}/binance/fapi/v2`,
        fapiPublicV3: `${base}/binance/fapi/v3`,
        dapiPublic: `${base}/binance/dapi/v1`,
        eapiPublic: `${base}/binance/eapi/v1`,
      },
    },
    requests,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
