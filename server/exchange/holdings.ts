/**
 * The assets of the testnet and live accounts, read from their exchanges (issue 33): balances, positions, the
 * exchange's USDT prices, its ledger (bills), transfers and borrowing interest, through ccxt's unified methods and
 * the account's trading client (clients.ts: every request in the audit log, nothing sent while the exchange is down,
 * its limiter and back-off respected). Paper accounts are not read: their book stays the server's (ledger/).
 *
 * An account is read once someone looks at its assets (the asset socket, the asset calls: `view`), at once, then
 * every HOLDINGS_READ_MS on the server's clock, each account at its own point of that period (the accounts are spread
 * over HOLDINGS_SLOTS slots, read one after another), while it stays testnet or live with the same key. A read that
 * fails keeps the last figures read: they are shown with their read time, stale once older than HOLDINGS_STALE_MS or
 * while the exchange is marked down, never replaced by zeros. What ccxt or the exchange does not give is listed as
 * unavailable rather than made up.
 */
import type { Balances, LedgerEntry, MarketInterface, Position, TransferEntry } from 'ccxt';
import { NetworkError } from '../ccxt';
import { deliveryCode, expiries, DELIVERY_TYPES } from '#contract/rules/calendar';
import { HOLDINGS_READ_MS, HOLDINGS_RECORDS_READ_MS, HOLDINGS_STALE_MS } from '#contract/rules/exchange-trading';
import type { ExchangeReading, HoldingPart } from '#contract/types/assets';
import type { EventBus } from '../bus';
import type { Clock } from '../clock/clock';
import { clockLoop } from '../clock/loop';
import { message, type Lang, type MessageKey, type MessageParams } from '../http/messages';
import { advancedOf, writeEquityAt } from '../ledger/accounts';
import { equityOf, type AssetInfo } from '../ledger/book';
import { COIN } from '../ledger/history';
import type { ExchangeId } from '../market/instruments';
import { findApi, tradesOnExchange, type ApiRow } from '../store/api-accounts';
import { ASSET_CURRENCIES, type PositionKind } from '../store/assets';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import type { Db } from '../store/queryable';
import { auditText } from './audit';
import { refusalOf, type ExchangeClients, type TradingClient } from './clients';
import {
  emptyHeld,
  exchangeAssetInfo,
  exchangeBorrowRecords,
  exchangeLedgerRecords,
  readingState,
  RECORDS_MAX,
  type HeldCurrency,
  type HeldLedgerLine,
  type HeldPosition,
  type Reading,
} from './holdings-view';

/** The slots of the read period the accounts are spread over (a tick every HOLDINGS_READ_MS / HOLDINGS_SLOTS). */
export const HOLDINGS_SLOTS = 12;
const SLOT_MS = HOLDINGS_READ_MS / HOLDINGS_SLOTS;
const ERROR_MAX = 300;
const STABLE = new Set(['USDT', 'USDC', 'USD', 'BUSD', 'FDUSD']);

type Column = 'spot' | 'futures' | 'wallet';
/** What is read of an exchange: its balances (the first is the trading account, the others may be missing) and its positions. */
interface ReadPlan {
  balances: { column: Column; params: Record<string, unknown> }[];
  positions: Record<string, unknown>[];
  /** fetchLedger's params, one call each */
  ledger: Record<string, unknown>[];
}
const READ_PLANS: Record<ExchangeId, ReadPlan> = {
  // OKX: one trading account (spot and derivatives share its margin), and the funding account
  // (ccxt's okx asks for the bills of one market type, its default spot unless told: one call per type; the transfers,
  // which have none, come from fetchTransfers)
  1: {
    balances: [
      { column: 'spot', params: {} },
      { column: 'wallet', params: { type: 'funding' } },
    ],
    positions: [{}],
    ledger: [{ type: 'spot' }, { type: 'swap' }, { type: 'future' }],
  },
  // HTX: its spot and coin-margined futures accounts (ccxt reads no funding account of it)
  2: {
    balances: [
      { column: 'spot', params: { type: 'spot' } },
      { column: 'futures', params: { type: 'future' } },
    ],
    positions: [{ type: 'future' }],
    ledger: [{}],
  },
  // Binance: spot, USDⓈ-M and COIN-M futures, and the funding wallet
  3: {
    balances: [
      { column: 'spot', params: { type: 'spot' } },
      { column: 'futures', params: { type: 'future' } },
      { column: 'futures', params: { type: 'delivery' } },
      { column: 'wallet', params: { type: 'funding' } },
    ],
    positions: [{ subType: 'linear' }, { subType: 'inverse' }],
    ledger: [{}],
  },
};

/** Why the last read failed: a refusal of the server's (said in the reader's language) or the exchange's own text. */
type Failure = { key: MessageKey; params: MessageParams } | { text: string };

interface Watch {
  apiId: number;
  ownerId: number;
  bourseId: number;
  /** the exchange, network and key the figures are of: another one is another account */
  fingerprint: string;
  /** when it is read next (ms) */
  due: number;
  reading?: Reading;
  /** the last read failed (after `reading`, if any) */
  failure?: Failure;
}

/** What the asset socket and the asset calls send of a testnet or live account (asset_info empty until it is read). */
export interface ExchangeAssets {
  asset_info: AssetInfo;
  ledger: ReturnType<typeof exchangeLedgerRecords>;
  borrow: ReturnType<typeof exchangeBorrowRecords>;
  exchange: ExchangeReading;
}

export interface Holdings {
  /** the account's assets as last read from its exchange; starts reading it (now, then on the schedule) if it was not */
  view(api: ApiRow, lang: Lang): Promise<ExchangeAssets>;
  /** reads the account now (a snapshot), then answers as `view` */
  refresh(api: ApiRow, lang: Lang): Promise<ExchangeAssets>;
  /** resolves when the reads under way are done (tests, after moving the clock) */
  idle(): Promise<void>;
  /** stops reading (server stop) */
  stop(): void;
}

export interface HoldingsOptions {
  db: Db;
  clock: Clock;
  exchanges: ExchangeClients;
  bus: EventBus;
}

const fingerprintOf = (api: ApiRow): string => [api.bourse_id, api.mode, api.api_key].join('\n');

/** The time of `apiId`'s slot nearest to one period after `at`: an account keeps its slot, the accounts spread over the period. */
export function nextRead(apiId: number, at: number): number {
  const phase = (apiId % HOLDINGS_SLOTS) * SLOT_MS;
  return phase + Math.round((at + HOLDINGS_READ_MS - phase) / HOLDINGS_READ_MS) * HOLDINGS_READ_MS;
}

/** Equity needs no valuation inputs (they value the principal, the borrowing and its pledge). */
const NO_VALUATION = { principal: 0, leverRiskRate: 0, maxBorrow: {} };

export function createHoldings({ db, clock, exchanges, bus }: HoldingsOptions): Holdings {
  const watches = new Map<number, Watch>();
  let stopped = false;

  const store = (watch: Watch, outcome: { reading: Reading } | { failure: Failure }) => {
    if (watches.get(watch.apiId) !== watch) return; // forgotten meanwhile: another key, mode or account
    if ('reading' in outcome) {
      // a slower read of an earlier time never overwrites a later one
      if (!watch.reading || watch.reading.at <= outcome.reading.at) watch.reading = outcome.reading;
      watch.failure = undefined;
    } else watch.failure = outcome.failure;
    bus.emit('asset.changed', { userId: watch.ownerId, apiId: watch.apiId });
  };

  const readInto = async (watch: Watch, api: ApiRow, at: number) => {
    try {
      const reading = await readAccount(exchanges.clientFor(api), api.bourse_id as ExchangeId, at, watch.reading);
      store(watch, { reading });
      // the account's ratio curve: the equity its exchange reported, a point a minute
      await writeEquityAt(db, api.id, reading.at, equityOf(exchangeAssetInfo(reading, NO_VALUATION)), reading.prices[COIN] ?? 0);
    } catch (error) {
      store(watch, { failure: refusalOf(error) ?? { text: auditText(error instanceof Error ? error.message : String(error), []).slice(0, ERROR_MAX) } });
    }
  };

  /** The accounts due, one after another; an account that left testnet/live or changed its key is forgotten. */
  const readDue = async (due: Watch[], at: number) => {
    for (const watch of due) {
      if (stopped) break;
      const api = await findApi(db, watch.apiId);
      if (!api || !tradesOnExchange(api) || fingerprintOf(api) !== watch.fingerprint) {
        if (watches.get(watch.apiId) === watch) watches.delete(watch.apiId);
        continue;
      }
      watch.due = nextRead(watch.apiId, at);
      await readInto(watch, api, at);
    }
    if (watches.size === 0) loop.pause();
  };
  /** One tick: nothing at all (no promise, so the next tick is not skipped) unless some account is due. */
  const tick = (at: number): Promise<void> | undefined => {
    const due = [...watches.values()].filter((watch) => watch.due <= at).sort((a, b) => a.apiId - b.apiId);
    return due.length ? readDue(due, at) : undefined;
  };
  // it ticks only while some account is watched: an idle server has no timer pending
  const loop = clockLoop(clock, { name: 'exchange holdings', everyMs: SLOT_MS, overlap: 'skip', run: tick });

  /** The account's watch; a new one is read at once (by the loop, or by the caller: `readNow` false). */
  const watchOf = (api: ApiRow, readNow = true): Watch => {
    let watch = watches.get(api.id);
    if (watch?.fingerprint !== fingerprintOf(api)) {
      const now = clock.now();
      watch = { apiId: api.id, ownerId: api.user_id, bourseId: api.bourse_id, fingerprint: fingerprintOf(api), due: readNow ? now : nextRead(api.id, now) };
      watches.set(api.id, watch);
      if (!stopped) loop.start();
      if (!stopped && readNow) loop.runNow();
    }
    return watch;
  };

  const viewOf = async (watch: Watch, api: ApiRow, lang: Lang): Promise<ExchangeAssets> => {
    const { reading, failure } = watch;
    const stale = reading !== undefined && (clock.now() - reading.at > HOLDINGS_STALE_MS || exchanges.isDown(watch.bourseId));
    const error = failure ? ('key' in failure ? message(lang, failure.key, failure.params) : failure.text) : null;
    const exchange = readingState(reading, { stale, error });
    if (!reading) return { asset_info: { statistics: {}, list: [] }, ledger: [], borrow: [], exchange };
    const global = await readGlobalConfig(db, DEFAULT_GLOBAL_CONFIG);
    const maxBorrow = Object.fromEntries(
      ASSET_CURRENCIES.map((c) => [c, Number((global as unknown as Record<string, unknown>)[`maxBorrow${c.toUpperCase()}`] ?? 0)]),
    );
    const valuation = { principal: Number(api.asset_template) || 0, leverRiskRate: advancedOf(api).lever_risk_rate, maxBorrow };
    return { asset_info: exchangeAssetInfo(reading, valuation), ledger: exchangeLedgerRecords(reading), borrow: exchangeBorrowRecords(reading), exchange };
  };

  return {
    view: (api, lang) => viewOf(watchOf(api), api, lang),
    async refresh(api, lang) {
      const watch = watchOf(api, false);
      watch.due = nextRead(api.id, clock.now());
      await readInto(watch, api, clock.now());
      return viewOf(watch, api, lang);
    },
    idle: () => loop.idle(),
    stop() {
      stopped = true;
      loop.pause();
    },
  };
}

// ── One read ─────────────────────────────────────────────────────────────────────────

const num = (value: unknown): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/**
 * What OKX says each currency owes (its balance's `liab`, which ccxt does not map to `debt`). Its `eq` already
 * nets it: it is shown, not subtracted again.
 */
function okxLiabilities(balance: Balances): Map<string, number> {
  const details = (balance.info as { data?: { details?: { ccy?: string; liab?: string }[] }[] } | undefined)?.data?.[0]?.details;
  return new Map((Array.isArray(details) ? details : []).map((d) => [String(d.ccy ?? '').toLowerCase(), Math.abs(num(d.liab))]));
}

/** Adds one balance read into the currencies: its column net of ccxt's debt; free and used of the trading accounts. */
function addBalance(held: Map<string, HeldCurrency>, column: Column, balance: Balances): void {
  const liabilities = okxLiabilities(balance);
  for (const code of Object.keys(balance.total ?? {})) {
    const entry = balance[code] as { total?: number; free?: number; used?: number; debt?: number } | undefined;
    const currency = code.toLowerCase();
    const row = held.get(currency) ?? emptyHeld();
    const debt = num(entry?.debt);
    row[column] += num(entry?.total) - debt;
    row.borrowed += debt || (liabilities.get(currency) ?? 0);
    if (column !== 'wallet') {
      row.free += num(entry?.free);
      row.used += num(entry?.used);
    }
    held.set(currency, row);
  }
}

/** The contract kind of a delivery contract: the first of this week … next quarter expiring no earlier than it. */
function deliveryKind(expiry: number | undefined, now: number): PositionKind {
  const all = expiries(now);
  if (expiry === undefined) return 'CQ';
  const exact = DELIVERY_TYPES.find((kind) => deliveryCode(all[kind]) === deliveryCode(expiry));
  return exact ?? DELIVERY_TYPES.find((kind) => all[kind] >= expiry) ?? 'NQ';
}

/** A position in coins of its base, by kind, with its floating P/L in those coins and its margin in USDT. */
function heldPosition(position: Position, market: MarketInterface | undefined, now: number): HeldPosition | undefined {
  const contracts = num(position.contracts);
  if (!market || !(market.swap || market.future) || contracts === 0) return undefined;
  const mark = num(position.markPrice) || num(position.entryPrice);
  if (!(mark > 0)) return undefined;
  const size = contracts * num(position.contractSize ?? market.contractSize ?? 1);
  const coins = market.inverse ? size / mark : size;
  const upl = num(position.unrealizedPnl);
  return {
    currency: String(market.base).toLowerCase(),
    kind: market.swap ? 'CS' : deliveryKind(market.expiry, now),
    coins: position.side === 'short' ? -coins : coins,
    mark,
    floating: market.inverse ? upl : upl / mark,
    margin: num(position.initialMargin) * (market.inverse ? mark : 1),
  };
}

/** The exchange's USDT price of each currency held: stablecoins 1, else its /USDT spot market's mid (a position's mark where it lists none). */
async function pricesOf(client: TradingClient, currencies: Iterable<string>, positions: readonly HeldPosition[]): Promise<Record<string, number>> {
  const prices: Record<string, number> = {};
  const symbols: string[] = [];
  for (const currency of currencies) {
    const code = currency.toUpperCase();
    if (STABLE.has(code)) prices[currency] = 1;
    else if (client.markets?.[`${code}/USDT`]?.spot) symbols.push(`${code}/USDT`);
  }
  const tickers = symbols.length ? await client.fetchTickers(symbols) : {};
  for (const symbol of symbols) {
    const ticker = tickers[symbol];
    const mid = ticker?.bid && ticker.ask ? (ticker.bid + ticker.ask) / 2 : undefined;
    prices[symbol.slice(0, symbol.indexOf('/')).toLowerCase()] = num(mid ?? ticker?.last ?? ticker?.close);
  }
  for (const position of positions) prices[position.currency] ||= position.mark;
  return prices;
}

const ledgerLine = (entry: LedgerEntry): HeldLedgerLine => {
  const amount = Math.abs(num(entry.amount));
  const signed = entry.direction === 'out' ? -amount : entry.direction === 'in' ? amount : num(entry.amount);
  return {
    id: String(entry.id ?? ''),
    currency: String(entry.currency ?? '').toLowerCase(),
    amount: signed,
    type: String(entry.type ?? ''),
    time: num(entry.timestamp),
  };
};

/** A transfer into the trading accounts (+) or out of them to the funding account (−). */
const transferLine = (entry: TransferEntry): HeldLedgerLine => {
  const amount = Math.abs(num(entry.amount));
  const out = entry.toAccount === 'funding' || entry.fromAccount === 'trading';
  return {
    id: String(entry.id ?? ''),
    currency: String(entry.currency ?? '').toLowerCase(),
    amount: out ? -amount : amount,
    type: 'transfer',
    time: num(entry.timestamp),
  };
};

/**
 * Reads one account: a failure of its trading balance, or any unanswered request, fails the read; another part the
 * exchange refuses is unavailable. The records are those of the last read until HOLDINGS_RECORDS_READ_MS has passed.
 */
async function readAccount(client: TradingClient, exchange: ExchangeId, at: number, last?: Reading): Promise<Reading> {
  const plan = READ_PLANS[exchange];
  const unavailable = new Set<HoldingPart>();
  const optional = async <T>(part: HoldingPart, supported: boolean | undefined, work: () => Promise<T>): Promise<T | undefined> => {
    if (supported !== true) {
      unavailable.add(part);
      return undefined;
    }
    try {
      return await work();
    } catch (error) {
      if (error instanceof NetworkError) throw error; // not answered: the whole read failed
      unavailable.add(part);
      return undefined;
    }
  };

  const held = new Map<string, HeldCurrency>();
  for (const [i, { column, params }] of plan.balances.entries()) {
    const part: HoldingPart = column === 'wallet' ? 'wallet' : 'futures';
    const balance = i === 0 ? await client.fetchBalance(params) : await optional(part, true, () => client.fetchBalance(params));
    if (balance) addBalance(held, column, balance);
  }
  if (!plan.balances.some((b) => b.column === 'wallet')) unavailable.add('wallet');
  const positions: HeldPosition[] = [];
  for (const params of plan.positions) {
    const read = await optional('positions', client.has.fetchPositions as boolean | undefined, () => client.fetchPositions(undefined, params));
    for (const position of read ?? []) {
      const one = heldPosition(position, position.symbol ? client.markets?.[position.symbol] : undefined, at);
      if (one) positions.push(one);
    }
  }
  // BTC's price too: the ratio curve's coin unit
  const currencies = new Set([...held.keys(), ...positions.map((p) => p.currency), COIN]);
  const prices = await pricesOf(client, currencies, positions);
  const records = last && at - last.recordsAt < HOLDINGS_RECORDS_READ_MS ? lastRecords(last, unavailable) : await readRecords(client, plan, optional, at);
  return { at, balances: Object.fromEntries(held), prices, positions, ...records, unavailable: [...unavailable] };
}

type Records = Pick<Reading, 'ledger' | 'transfers' | 'borrow' | 'recordsAt'>;
const RECORD_PARTS: readonly HoldingPart[] = ['ledger', 'transfers', 'borrow'];

/** The records of the last read, and what of them was unavailable then. */
function lastRecords(last: Reading, unavailable: Set<HoldingPart>): Records {
  for (const part of last.unavailable) if (RECORD_PARTS.includes(part)) unavailable.add(part);
  return { ledger: last.ledger, transfers: last.transfers, borrow: last.borrow, recordsAt: last.recordsAt };
}

async function readRecords(
  client: TradingClient,
  plan: (typeof READ_PLANS)[ExchangeId],
  optional: <T>(part: HoldingPart, supported: boolean | undefined, work: () => Promise<T>) => Promise<T | undefined>,
  at: number,
): Promise<Records> {
  const has = client.has as Record<string, boolean | undefined>;
  const ledger: LedgerEntry[] = [];
  for (const params of plan.ledger)
    ledger.push(...((await optional('ledger', has.fetchLedger, () => client.fetchLedger(undefined, undefined, RECORDS_MAX, params))) ?? []));
  const transfers = await optional('transfers', has.fetchTransfers, () => client.fetchTransfers(undefined, undefined, RECORDS_MAX));
  const borrow = await optional('borrow', has.fetchBorrowInterest, () => client.fetchBorrowInterest(undefined, undefined, undefined, RECORDS_MAX));
  return {
    ledger: ledger.map(ledgerLine),
    transfers: (transfers ?? []).map(transferLine),
    borrow: (borrow ?? []).map((b) => ({
      currency: String(b.currency ?? '').toLowerCase(),
      amount: num(b.interest),
      balance: num(b.amountBorrowed),
      time: num(b.timestamp),
    })),
    recordsAt: at,
  };
}
