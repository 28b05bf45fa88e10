/**
 * The loopback Binance's REST routes: the USDⓈ-M futures (fapi) market data and the signed account and trade
 * endpoints that ccxt's binance calls for loadMarkets, the book, balance, positions, leverage, margin type, position
 * mode, placing, cancelling and reading orders and trades, and the user-data stream's listenKey. The spot and COIN-M
 * exchangeInfo answer with no symbols (ccxt loads them beside the USDⓈ-M list). Signed requests are checked as
 * Binance checks them (X-MBX-APIKEY, timestamp, HMAC-SHA256 of the query and the body), then the key's rights.
 */
import { createHmac } from 'node:crypto';
import type { RawRequest, RecordedRequest, RestReply } from './harness';
import { assetWire, symbolWire } from './binance-market';
import { type BinanceAccount, type BinanceError, type BinanceState, isBinanceError } from './binance-state';
import { accountWire, balanceWire, bracketWire, depthWire, incomeWire, orderWire, positionWire, spotAccountWire, tradeWire } from './binance-wire';

const ok = (body: unknown): RestReply => ({ status: 200, body });
const fail = ({ code, msg, status }: BinanceError): RestReply => ({
  status: status ?? (code === -2015 || code === -2014 || code === -1022 ? 401 : 400),
  body: { code, msg },
});

/** A failed REST reply in Binance's own format: -1003 for HTTP 429, a bare text for 5xx. */
export const binanceFailBody = (status: number): unknown =>
  status === 429
    ? { code: -1003, msg: 'Too many requests; current limit of IP is 2400 requests per minute.' }
    : status >= 500
      ? 'Service Unavailable'
      : { code: -1000, msg: 'An unknown error occured while processing the request.' };

export const binanceSignature = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex');

/** Binance's valid depth limits; any other is refused. */
const DEPTH_LIMITS = new Set([5, 10, 20, 50, 100, 500, 1000]);

type Params = Record<string, string>;
type Handler = (params: Params, account: BinanceAccount) => RestReply;
/** USER_DATA reads; TRADE changes something (a read-only key is refused); KEY: the API key alone, no signature (listenKey) */
type Security = 'USER_DATA' | 'TRADE' | 'KEY';

/** Answers a REST request; what it changes, it changes in `state`. */
export function binanceRest(state: BinanceState): (request: RecordedRequest, raw: RawRequest) => RestReply {
  const exchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: state.now(),
    futuresType: 'U_MARGINED',
    rateLimits: [],
    exchangeFilters: [],
    assets: [...new Set([...state.instruments.values()].map((i) => i.marginAsset))].map(assetWire),
    symbols: [...state.instruments.values()].map((i) => symbolWire(i, state.startedAt - 86_400_000)),
  });
  const empty = () => ok({ timezone: 'UTC', serverTime: state.now(), rateLimits: [], exchangeFilters: [], symbols: [] });
  const instrumentOf = (params: Params) => state.instruments.get(params.symbol ?? '');
  const instruments = () => [...state.instruments.values()];

  const publicRoutes: Record<string, (params: Params) => RestReply> = {
    'GET /fapi/v1/ping': () => ok({}),
    'GET /fapi/v1/time': () => ok({ serverTime: state.now() }),
    'GET /fapi/v1/exchangeInfo': () => ok(exchangeInfo()),
    'GET /fapi/v1/depth': (params) => {
      if (!instrumentOf(params)) return fail({ code: -1121, msg: 'Invalid symbol.' });
      const limit = Number(params.limit ?? 500);
      if (!DEPTH_LIMITS.has(limit)) return fail({ code: -1130, msg: "Data sent for parameter 'limit' is not valid." });
      return ok(depthWire(state, params.symbol!, limit));
    },
    'GET /fapi/v1/ticker/bookTicker': (params) => {
      const rows = instruments()
        .filter((i) => !params.symbol || i.symbol === params.symbol)
        .map((i) => {
          const { bids, asks } = state.book(i.symbol);
          return {
            symbol: i.symbol,
            bidPrice: String(bids[0]?.[0] ?? 0),
            bidQty: String(bids[0]?.[1] ?? 0),
            askPrice: String(asks[0]?.[0] ?? 0),
            askQty: String(asks[0]?.[1] ?? 0),
            time: state.now(),
          };
        });
      if (params.symbol && rows.length === 0) return fail({ code: -1121, msg: 'Invalid symbol.' });
      return ok(params.symbol ? rows[0] : rows);
    },
    // what ccxt loads beside the USDⓈ-M list: the loopback lists no spot and no COIN-M symbol
    'GET /api/v3/exchangeInfo': empty,
    'GET /dapi/v1/exchangeInfo': empty,
  };

  const privateRoutes: Record<string, { security: Security; handle: Handler }> = {
    'GET /fapi/v3/account': { security: 'USER_DATA', handle: (_p, account) => ok(accountWire(state, account, false)) },
    'GET /fapi/v2/account': { security: 'USER_DATA', handle: (_p, account) => ok(accountWire(state, account, true)) },
    'GET /fapi/v2/balance': { security: 'USER_DATA', handle: (_p, account) => ok(balanceWire(state, account)) },
    // the other accounts a key has, as ccxt reads them: spot (its balances as given, nothing traded) and COIN-M (empty)
    'GET /api/v3/account': { security: 'USER_DATA', handle: (_p, account) => ok(spotAccountWire(state, account)) },
    'GET /dapi/v1/account': {
      security: 'USER_DATA',
      handle: () => ok({ assets: [], positions: [], canDeposit: true, canTrade: true, canWithdraw: false, feeTier: 0, updateTime: 0 }),
    },
    'GET /dapi/v1/positionRisk': { security: 'USER_DATA', handle: () => ok([]) },
    // the income history (ccxt's fetchLedger): each trade's commission and realized profit
    'GET /fapi/v1/income': {
      security: 'USER_DATA',
      handle: (params, account) =>
        ok(
          incomeWire(state, account)
            .filter((row) => !params.symbol || row.symbol === params.symbol)
            .slice(-(Number(params.limit) || 100)),
        ),
    },
    'GET /fapi/v3/balance': { security: 'USER_DATA', handle: (_p, account) => ok(balanceWire(state, account)) },
    'GET /fapi/v3/positionRisk': {
      security: 'USER_DATA',
      handle: (params, account) =>
        ok(
          state
            .openPositions(account)
            .filter((p) => !params.symbol || p.symbol === params.symbol)
            .map((p) => positionWire(state, account, p)),
        ),
    },
    'GET /fapi/v1/leverageBracket': {
      security: 'USER_DATA',
      handle: (params) => {
        const listed = instruments().filter((i) => !params.symbol || i.symbol === params.symbol);
        return ok(params.symbol ? bracketWire(listed[0]!) : listed.map(bracketWire));
      },
    },
    'GET /fapi/v1/positionSide/dual': { security: 'USER_DATA', handle: (_p, account) => ok({ dualSidePosition: account.dualSidePosition }) },
    'POST /fapi/v1/positionSide/dual': {
      security: 'TRADE',
      handle: (params, account) => {
        const dual = params.dualSidePosition === 'true';
        if (dual === account.dualSidePosition) return fail({ code: -4059, msg: 'No need to change position side.' });
        if (state.openPositions(account).length || state.openOrders(account).length)
          return fail({ code: -4068, msg: 'Position side cannot be changed if there exists position.' });
        account.dualSidePosition = dual;
        return ok({ code: 200, msg: 'success' });
      },
    },
    'POST /fapi/v1/leverage': {
      security: 'TRADE',
      handle: (params, account) => {
        const instrument = instrumentOf(params);
        if (!instrument) return fail({ code: -1121, msg: 'Invalid symbol.' });
        const leverage = Number(params.leverage);
        if (!Number.isInteger(leverage) || leverage < 1 || leverage > instrument.maxLeverage)
          return fail({ code: -4028, msg: `Leverage ${params.leverage} is not valid` });
        account.leverage.set(instrument.symbol, leverage);
        return ok({ leverage, maxNotionalValue: '50000', symbol: instrument.symbol });
      },
    },
    'POST /fapi/v1/marginType': {
      security: 'TRADE',
      handle: (params, account) => {
        const instrument = instrumentOf(params);
        if (!instrument) return fail({ code: -1121, msg: 'Invalid symbol.' });
        const type = params.marginType === 'CROSSED' ? 'cross' : params.marginType === 'ISOLATED' ? 'isolated' : undefined;
        if (!type) return fail({ code: -1102, msg: "Mandatory parameter 'marginType' was not sent, was empty/null, or malformed." });
        if ((account.marginType.get(instrument.symbol) ?? 'cross') === type) return fail({ code: -4046, msg: 'No need to change margin type.' });
        account.marginType.set(instrument.symbol, type);
        return ok({ code: 200, msg: 'success' });
      },
    },
    'POST /fapi/v1/order': {
      security: 'TRADE',
      handle: (params, account) => {
        const placed = state.place(account, params);
        return isBinanceError(placed) ? fail(placed) : ok(orderWire(state, placed, false));
      },
    },
    'DELETE /fapi/v1/order': {
      security: 'TRADE',
      handle: (params, account) => {
        const cancelled = state.cancel(account, params);
        return isBinanceError(cancelled) ? fail(cancelled) : ok(orderWire(state, cancelled, false));
      },
    },
    'GET /fapi/v1/order': {
      security: 'USER_DATA',
      handle: (params, account) => {
        if (!params.orderId && !params.origClientOrderId)
          return fail({ code: -1102, msg: "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!" });
        if (!instrumentOf(params)) return fail({ code: -1121, msg: 'Invalid symbol.' });
        const order = state.findOrder(account, params);
        return order ? ok(orderWire(state, order, true)) : fail({ code: -2013, msg: 'Order does not exist.' });
      },
    },
    'GET /fapi/v1/openOrders': {
      security: 'USER_DATA',
      handle: (params, account) =>
        ok(
          state
            .openOrders(account)
            .filter((o) => !params.symbol || o.symbol === params.symbol)
            .map((o) => orderWire(state, o, true)),
        ),
    },
    'GET /fapi/v1/userTrades': {
      security: 'USER_DATA',
      handle: (params, account) => {
        if (!instrumentOf(params)) return fail({ code: -1121, msg: 'Invalid symbol.' });
        const trades = state.trades.filter(
          (t) => t.apiKey === account.options.apiKey && t.symbol === params.symbol && (!params.orderId || String(t.orderId) === params.orderId),
        );
        return ok(trades.map((t) => tradeWire(state, t)));
      },
    },
    // the user-data stream's key: one per account, the same until it is closed (as Binance's POST answers the active one)
    'POST /fapi/v1/listenKey': {
      security: 'KEY',
      handle: (_p, account) => {
        account.listenKey ??= binanceSignature(account.options.secret, `listenKey:${account.options.apiKey}:${state.now()}`);
        return ok({ listenKey: account.listenKey });
      },
    },
    'PUT /fapi/v1/listenKey': {
      security: 'KEY',
      handle: (_p, account) => (account.listenKey ? ok({}) : fail({ code: -1125, msg: 'This listenKey does not exist.' })),
    },
    'DELETE /fapi/v1/listenKey': {
      security: 'KEY',
      handle: (_p, account) => {
        account.listenKey = undefined;
        return ok({});
      },
    },
  };

  /** Binance's checks of a request that carries a key, in its order; answers the account and its parameters, or the error reply. */
  function authenticate(raw: RawRequest, security: Security): { account: BinanceAccount; params: Params } | RestReply {
    const key = raw.headers['x-mbx-apikey'];
    const apiKey = Array.isArray(key) ? key[0] : key;
    if (!apiKey) return fail({ code: -2014, msg: 'API-key format invalid.' });
    const account = state.accounts.get(apiKey);
    if (!account) return fail({ code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
    const query = raw.url.includes('?') ? raw.url.slice(raw.url.indexOf('?') + 1) : '';
    const params: Params = { ...Object.fromEntries(new URLSearchParams(query)), ...Object.fromEntries(new URLSearchParams(raw.body)) };
    if (security === 'KEY') return { account, params };
    if (!params.timestamp) return fail({ code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." });
    // the signature is of the query string followed by the body, each without the signature itself
    const unsigned = (text: string) => text.replace(/(^|&)signature=[^&]*/, '');
    if (binanceSignature(account.options.secret, unsigned(query) + unsigned(raw.body)) !== params.signature)
      return fail({ code: -1022, msg: 'Signature for this request is not valid.' });
    if (security === 'TRADE' && !account.canTrade) return fail({ code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
    return { account, params };
  }

  return (request, raw) => {
    const route = `${request.method} ${request.path}`;
    const open = publicRoutes[route];
    if (open) return open(request.query);
    const guarded = privateRoutes[route];
    if (!guarded) return { status: 404, body: { code: -5000, msg: `The loopback Binance does not serve ${route}` } };
    const signed = authenticate(raw, guarded.security);
    if (!('account' in signed)) return signed;
    return guarded.handle(signed.params, signed.account);
  };
}
