/**
 * The loopback OKX's REST routes: the public market data and the signed account and trade endpoints that
 * ccxt's okx calls for loadMarkets, tickers, books, balance, positions, leverage and margin mode, accounts,
 * and placing, cancelling and reading orders and fills. Signed requests are checked as OKX checks them
 * (key, passphrase, demo or live, HMAC-SHA256 signature), then the key's permission.
 */
import { createHmac } from 'node:crypto';
import { fmt } from './book';
import type { RawRequest, RecordedRequest, RestReply } from './harness';
import { baseOf, currencyWire, instrumentWire } from './okx-market';
import { type OkxAccount, type OkxPermission, type OkxRow, type OkxState, str } from './okx-state';
import { balanceWire, billWire, booksWire, configWire, fillWire, fundingWire, orderWire, positionWire, tickerWire } from './okx-wire';

const ok = (data: unknown): RestReply => ({ status: 200, body: { code: '0', msg: '', data } });
const fail = (code: string, msg: string, status = 200): RestReply => ({ status, body: { code, msg, data: [] } });
const NO_INSTRUMENT = "Instrument ID or Spread ID doesn't exist.";
const DAY_MS = 86_400_000;
/** How far back each bills endpoint reaches (OKX: the last 7 days, the archive 3 months) and the most rows it answers. */
const BILLS_REACH = { recent: 7 * DAY_MS, archive: 92 * DAY_MS };
const BILLS_MAX = 100;

/** A failed REST reply in OKX's own format: 50011 for HTTP 429, a bare text for 5xx (as its gateway sends). */
export const okxFailBody = (status: number): unknown =>
  status === 429 ? { code: '50011', msg: 'Too Many Requests', data: [] } : status >= 500 ? 'Service Unavailable' : { code: '50000', msg: 'Error', data: [] };

/** Place and cancel answer a row per order; the envelope says 0 all done, 1 all failed, 2 some. */
export function batchBody(rows: OkxRow[], inTime: number, outTime: number): Record<string, unknown> {
  const failed = rows.filter((r) => r.sCode !== '0').length;
  const code = failed === 0 ? '0' : failed === rows.length ? '1' : '2';
  const msg = code === '0' ? '' : code === '1' ? 'All operations failed' : 'Bulk operation partially succeeded';
  return { code, msg, data: rows, inTime: String(inTime * 1000), outTime: String(outTime * 1000) };
}

export const okxSignature = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('base64');

type PublicHandler = (request: RecordedRequest) => RestReply;
type PrivateHandler = (request: RecordedRequest, account: OkxAccount) => RestReply;

/** Answers a REST request; what it changes, it changes in `state`. */
export function okxRest(state: OkxState): (request: RecordedRequest, raw: RawRequest) => RestReply {
  const q = (request: RecordedRequest, name: string): string | undefined => request.query[name] || undefined;
  const list = (value: string | undefined): string[] | undefined => value?.split(',').filter(Boolean);
  const body = (request: RecordedRequest) => (request.body ?? {}) as Record<string, unknown>;
  const newestFirst = <T>(rows: T[]): T[] => [...rows].reverse();
  const batch = (rows: OkxRow[], request: RecordedRequest): RestReply => ({ status: 200, body: batchBody(rows, request.time, state.now()) });
  const instruments = () => [...state.instruments.values()];

  const publicRoutes: Record<string, PublicHandler> = {
    'GET /api/v5/public/time': () => ok([{ ts: String(state.now()) }]),
    'GET /api/v5/public/instruments': (request) => {
      const instType = q(request, 'instType');
      if (!instType) return fail('50014', 'Parameter instType can not be empty.', 400);
      const family = q(request, 'instFamily') ?? q(request, 'uly');
      const instId = q(request, 'instId');
      const listed = instruments().filter((i) => i.instType === instType && (!family || i.instFamily === family) && (!instId || i.instId === instId));
      return ok(listed.map((i) => instrumentWire(i, state.startedAt - 86_400_000)));
    },
    'GET /api/v5/market/tickers': (request) => {
      const instType = q(request, 'instType');
      if (!instType) return fail('50014', 'Parameter instType can not be empty.', 400);
      return ok(
        instruments()
          .filter((i) => i.instType === instType)
          .map((i) => tickerWire(state, i)),
      );
    },
    'GET /api/v5/market/ticker': (request) => {
      const instrument = state.instruments.get(q(request, 'instId') ?? '');
      return instrument ? ok([tickerWire(state, instrument)]) : fail('51001', NO_INSTRUMENT);
    },
    'GET /api/v5/market/books': (request) => {
      const instId = q(request, 'instId') ?? '';
      if (!state.instruments.has(instId)) return fail('51001', NO_INSTRUMENT);
      return ok([booksWire(state, instId, Math.min(400, Number(q(request, 'sz') ?? 1)))]);
    },
  };

  const ordersOf = (request: RecordedRequest, account: OkxAccount) =>
    state
      .openOrders(account)
      .filter((o) => (!q(request, 'instType') || o.instType === q(request, 'instType')) && (!q(request, 'instId') || o.instId === q(request, 'instId')));
  const fillsOf = (request: RecordedRequest, account: OkxAccount) =>
    state.fills.filter(
      (f) =>
        f.apiKey === account.options.apiKey &&
        (!q(request, 'instType') || f.instType === q(request, 'instType')) &&
        (!q(request, 'instId') || f.instId === q(request, 'instId')) &&
        (!q(request, 'ordId') || f.ordId === q(request, 'ordId')),
    );

  /** An account's bills within `reach`, newest first, filtered as OKX filters them (ccy, instType, type, subType, before/after bill ids, begin/end ms). */
  const billsOf = (request: RecordedRequest, account: OkxAccount, reach: number): RestReply => {
    const limit = Number(q(request, 'limit') ?? BILLS_MAX);
    if (!(limit >= 1 && limit <= BILLS_MAX)) return fail('51000', 'Parameter limit error');
    const since = Math.max(state.now() - reach, Number(q(request, 'begin') ?? 0));
    const until = Number(q(request, 'end') ?? Number.POSITIVE_INFINITY);
    const after = q(request, 'after');
    const before = q(request, 'before');
    const rows = state.bills.filter(
      (b) =>
        b.apiKey === account.options.apiKey &&
        b.ts >= since &&
        b.ts <= until &&
        (!q(request, 'ccy') || b.ccy === q(request, 'ccy')) &&
        (!q(request, 'instType') || b.instType === q(request, 'instType')) &&
        (!q(request, 'type') || b.type === q(request, 'type')) &&
        (!q(request, 'subType') || b.subType === q(request, 'subType')) &&
        (!after || BigInt(b.billId) < BigInt(after)) &&
        (!before || BigInt(b.billId) > BigInt(before)),
    );
    return ok(newestFirst(rows).slice(0, limit).map(billWire));
  };

  const privateRoutes: Record<string, { perm: OkxPermission; handle: PrivateHandler }> = {
    'GET /api/v5/asset/currencies': {
      perm: 'read_only',
      handle: (request) => {
        const wanted = list(q(request, 'ccy'));
        const ccys = new Set(['USDT', ...instruments().flatMap((i) => [baseOf(i), i.quoteCcy, i.settleCcy])]);
        return ok([...ccys].filter((c) => c && c !== 'USD' && (!wanted || wanted.includes(c))).map(currencyWire));
      },
    },
    'GET /api/v5/account/balance': { perm: 'read_only', handle: (request, account) => ok([balanceWire(state, account, list(q(request, 'ccy')))]) },
    'GET /api/v5/account/config': { perm: 'read_only', handle: (_request, account) => ok([configWire(account)]) },
    // ccxt's fetchBalance({ type: 'funding' })
    'GET /api/v5/asset/balances': {
      perm: 'read_only',
      handle: (request, account) => {
        const wanted = list(q(request, 'ccy'));
        const held = [...account.funding].filter(([ccy, bal]) => bal !== 0 && (!wanted || wanted.includes(ccy)));
        return ok(held.map(([ccy, bal]) => fundingWire(ccy, bal)));
      },
    },
    // ccxt's fetchLedger (the last 7 days) and fetchTransfers (type 1, the last 3 months)
    'GET /api/v5/account/bills': { perm: 'read_only', handle: (request, account) => billsOf(request, account, BILLS_REACH.recent) },
    'GET /api/v5/account/bills-archive': { perm: 'read_only', handle: (request, account) => billsOf(request, account, BILLS_REACH.archive) },
    // ccxt's fetchBorrowInterest: the loopback lends nothing, so no interest ever accrues
    'GET /api/v5/account/interest-accrued': { perm: 'read_only', handle: () => ok([]) },
    'GET /api/v5/account/positions': {
      perm: 'read_only',
      handle: (request, account) => {
        const instType = q(request, 'instType');
        const instIds = list(q(request, 'instId'));
        const positions = state.openPositions(account).filter((p) => (!instType || p.instType === instType) && (!instIds || instIds.includes(p.instId)));
        return ok(positions.map((p) => positionWire(state, account, p)));
      },
    },
    'GET /api/v5/account/leverage-info': {
      perm: 'read_only',
      handle: (request, account) => {
        const mgnMode = q(request, 'mgnMode');
        const instIds = list(q(request, 'instId'));
        if (!mgnMode || !instIds) return fail('50014', 'Parameter mgnMode, instId can not be empty.');
        if (instIds.some((id) => !state.instruments.has(id))) return fail('51001', NO_INSTRUMENT);
        return ok(instIds.map((instId) => ({ ccy: '', instId, lever: String(state.leverOf(account, instId, mgnMode)), mgnMode, posSide: 'net' })));
      },
    },
    // ccxt's setLeverage and setMarginMode both send this
    'POST /api/v5/account/set-leverage': {
      perm: 'trade',
      handle: (request, account) => {
        const { instId, mgnMode, lever, posSide } = body(request);
        const instrument = state.instruments.get(str(instId) ?? '');
        if (!instrument) return fail('51001', NO_INSTRUMENT);
        if (mgnMode !== 'cross' && mgnMode !== 'isolated') return fail('51000', 'Parameter mgnMode error');
        const leverage = Number(lever);
        if (!(leverage >= 1)) return fail('51000', 'Parameter lever error');
        if (leverage > instrument.maxLever) return fail('59102', 'Leverage exceeds the maximum leverage. Adjust your leverage.');
        account.lever.set(`${instrument.instId}:${mgnMode}`, leverage);
        account.marginMode.set(instrument.instId, mgnMode);
        return ok([{ instId: instrument.instId, lever: fmt(leverage), mgnMode, posSide: str(posSide) ?? '' }]);
      },
    },
    // ccxt's createOrder sends a batch of one
    'POST /api/v5/trade/batch-orders': {
      perm: 'trade',
      handle: (request, account) => {
        const entries = Array.isArray(request.body) ? (request.body as Record<string, unknown>[]) : [];
        if (entries.length === 0) return fail('50000', 'Body for POST request cannot be empty.');
        if (entries.length > 20) return fail('51000', 'Parameter orders error');
        return batch(
          entries.map((entry) => state.place(account, entry)),
          request,
        );
      },
    },
    'POST /api/v5/trade/cancel-order': { perm: 'trade', handle: (request, account) => batch([state.cancel(account, body(request))], request) },
    'GET /api/v5/trade/order': {
      perm: 'read_only',
      handle: (request, account) => {
        if (!q(request, 'ordId') && !q(request, 'clOrdId')) return fail('51003', 'Either client order ID or order ID is required.');
        if (!state.instruments.has(q(request, 'instId') ?? '')) return fail('51001', NO_INSTRUMENT);
        const order = state.findOrder(account, request.query);
        return order ? ok([orderWire(state, order)]) : fail('51603', 'Order does not exist');
      },
    },
    'GET /api/v5/trade/orders-pending': {
      perm: 'read_only',
      handle: (request, account) => ok(newestFirst(ordersOf(request, account)).map((o) => orderWire(state, o))),
    },
    'GET /api/v5/trade/fills-history': {
      perm: 'read_only',
      handle: (request, account) => {
        if (!q(request, 'instType')) return fail('50014', 'Parameter instType can not be empty.');
        return ok(newestFirst(fillsOf(request, account)).map((f) => fillWire(state, f)));
      },
    },
  };

  const header = (raw: RawRequest, name: string): string | undefined => {
    const value = raw.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };

  /** OKX's checks of a signed request, in its order; answers the account or the error reply. */
  function authenticate(request: RecordedRequest, raw: RawRequest): OkxAccount | RestReply {
    const key = header(raw, 'OK-ACCESS-KEY');
    const sign = header(raw, 'OK-ACCESS-SIGN');
    const timestamp = header(raw, 'OK-ACCESS-TIMESTAMP');
    const passphrase = header(raw, 'OK-ACCESS-PASSPHRASE');
    if (!key) return fail('50103', 'Request header OK-ACCESS-KEY cannot be empty.', 401);
    if (!sign) return fail('50106', 'Request header OK-ACCESS-SIGN cannot be empty.', 401);
    if (!timestamp || Number.isNaN(Date.parse(timestamp))) return fail('50112', 'Invalid OK-ACCESS-TIMESTAMP', 401);
    if (!passphrase) return fail('50104', 'Request header OK-ACCESS-PASSPHRASE cannot be empty.', 401);
    const account = state.accounts.get(key);
    if (!account) return fail('50111', 'Invalid OK-ACCESS-KEY', 401);
    if (passphrase !== account.options.passphrase) return fail('50105', 'Request header OK-ACCESS-PASSPHRASE incorrect.', 401);
    const demo = header(raw, 'x-simulated-trading') === '1';
    if (account.options.demo !== undefined && account.options.demo !== demo) return fail('50101', 'APIKey does not match current environment.', 401);
    if (okxSignature(account.options.secret, timestamp + request.method + raw.url + raw.body) !== sign) return fail('50113', 'Invalid Sign', 401);
    return account;
  }

  return (request, raw) => {
    const route = `${request.method} ${request.path}`;
    const open = publicRoutes[route];
    if (open) return open(request);
    const guarded = privateRoutes[route];
    if (!guarded) return { status: 404, body: { code: '404', msg: `The loopback OKX does not serve ${route}`, data: [] } };
    const account = authenticate(request, raw);
    if (!('options' in account)) return account;
    if (!account.perm.has(guarded.perm)) return fail('50120', "API key doesn't have permission", 401);
    return guarded.handle(request, account);
  };
}
